"""A re-accepted event re-totals the players it no longer lists (SPEC §9: the ranking
moves when a correction is accepted): a player removed from the event keeps none of its
points."""

from tests.support.ranking import accept_for_ranking
from tournament.ranking.models import RankedScore, RankingTotal
from tournament.ranking.services import store_ranked_figures
from tournament.standings.models import EventStanding


def test_a_player_removed_from_a_re_accepted_event_loses_its_points(finished_event):
    accept_for_ranking(finished_event)
    standing = (
        EventStanding.objects.filter(event=finished_event, points__gt=0).order_by("pk").first()
    )
    removed = standing.player_id
    assert RankingTotal.objects.get(player_id=removed, year=0).playing_points == standing.points
    # The corrected event no longer lists him; its figures are accepted again.
    standing.delete()
    store_ranked_figures(finished_event)
    assert not RankedScore.objects.filter(event=finished_event, player_id=removed).exists()
    assert not RankingTotal.objects.filter(player_id=removed).exists()
