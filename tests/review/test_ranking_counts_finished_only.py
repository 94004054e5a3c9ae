"""Only a finished event's points enter the ranking (SPEC §9: the ranking counts accepted
scoring forms, and a scoring form is sent once the event is finished). An event whose
figures are stored but which is running again, or never finished, gives the ranking
nothing, whatever its eligibility."""

import pytest

from tournament.events.choices import Status
from tournament.events.models import Event
from tournament.ranking.services import counts_in_ranking, ranked_figures

pytestmark = pytest.mark.django_db


def test_the_finished_event_counts_with_one_row_per_player(finished_event):
    assert counts_in_ranking(finished_event)
    players = {row.player_id for row in ranked_figures(finished_event)}
    # the shared event's nine players, each with a stored place, plus its officials
    assert len(players) >= 9


def test_the_same_figures_of_an_event_not_finished_count_for_nothing(finished_event):
    Event.objects.filter(pk=finished_event.pk).update(status=Status.RUNNING)
    assert not counts_in_ranking(finished_event)
    assert ranked_figures(finished_event) == []
