"""The ranking over time, stored with the ranking (SPEC §9: accepted events only): a step per
player and accepted event, the table's movement, and the chart on the player page. The step
arithmetic is worked out by hand in tests/scoring/test_ranking_history.py; here the stored
steps must agree with the stored totals."""

import datetime

from django.urls import reverse

from tests.support.events import build_event
from tests.support.ranking import accept_for_ranking
from tournament.ranking.models import RankedScore, RankingStep, RankingTotal

ALL = RankingTotal.ALL_YEARS


def test_each_accepted_event_adds_a_step_and_the_last_one_is_the_ranking(client, organizer):
    first = build_event(organizer, 9, seed=3, name="March Open", date=datetime.date(2026, 3, 1))
    second = build_event(organizer, 9, seed=5, name="April Open", date=datetime.date(2026, 4, 1))
    accept_for_ranking(first)
    assert RankingStep.objects.filter(year=ALL).count() == RankedScore.objects.count()
    assert set(RankingTotal.objects.filter(year=ALL).values_list("previous_rank", flat=True)) == {0}
    accept_for_ranking(second)
    steps = RankingStep.objects.filter(year=ALL)
    assert steps.count() == RankedScore.objects.count()
    assert set(steps.filter(event=first).values_list("order", flat=True)) == {1}
    assert set(steps.filter(event=second).values_list("order", flat=True)) == {2}
    for step in steps.filter(event=second):  # the latest event: its steps are the ranking
        total = RankingTotal.objects.get(year=ALL, player=step.player)
        assert (step.total, step.rank) == (total.ranking_points, total.rank)
    # Movement: the ranks after the first event, kept as "before the latest".
    for step in steps.filter(event=first).exclude(total=0):
        total = RankingTotal.objects.filter(year=ALL, player=step.player).first()
        if total is not None:
            assert total.previous_rank == step.rank
    someone = steps.filter(event=second).exclude(player=organizer).first().player
    page = client.get(reverse("standings:player", args=[someone.player_number]))
    assert page.context["rank_chart"] is None  # one event of his only: nothing to draw


def test_the_player_page_draws_his_rank_after_each_event(client, organizer):
    events = [
        build_event(organizer, 9, seed=s, name=f"Open {s}", date=datetime.date(2026, s, 1))
        for s in (3, 5)
    ]
    accept_for_ranking(*events)
    # The organizer coordinated both: a step after each.
    page = client.get(reverse("standings:player", args=[organizer.player_number]))
    chart = page.context["rank_chart"]
    assert chart is not None and len(chart.points) == 2
    assert "<polyline" in page.content.decode()
    steps = list(RankingStep.objects.filter(year=ALL, player=organizer).order_by("order"))
    assert [p.rank for p in chart.points] == [s.rank for s in steps]


def test_the_ranking_table_shows_each_players_move_since_the_last_event(client, organizer):
    from tournament.ranking.tables import movement

    # By hand: rank 3 before, 1 now → up 2; 1 → 4: down 3; unchanged; first time ranked.
    assert movement(1, 3) == '<span class="move up">▲2</span>'
    assert movement(4, 1) == '<span class="move down">▼3</span>'
    assert movement(2, 2) == "=" and movement(5, 0) == "new"
    assert movement(5, None) == ""  # a filtered selection ranks within itself
    first = build_event(organizer, 9, seed=3, name="March Open", date=datetime.date(2026, 3, 1))
    second = build_event(organizer, 9, seed=5, name="April Open", date=datetime.date(2026, 4, 1))
    accept_for_ranking(first, second)
    page = client.get(reverse("ranking:ranking")).content.decode()
    assert "Since the last event" in page
    # The 9 players of the April event are new to the ranking; March's players and the
    # organizer (who coordinated both) were ranked before it.
    assert page.count(">new</td>") == 9
