"""Who judges an event is read once per event instance (a write asks in the view and again
in the service) and read again after the judges change through it or it is refreshed."""

from tests.support.players import make_player
from tournament.events.models import Event
from tournament.events.permissions import EventRole, player_role


def test_the_judges_are_read_once(event, judge, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert player_role(event, judge) == EventRole.JUDGE
        assert player_role(event, judge) == EventRole.JUDGE


def test_a_judge_added_through_the_instance_counts_at_once(event, db):
    newcomer = make_player("judge3", "Dee Judge")
    assert player_role(event, newcomer) == EventRole.PLAYER
    event.judges.add(newcomer)
    assert player_role(event, newcomer) == EventRole.JUDGE
    event.judges.remove(newcomer)
    assert player_role(event, newcomer) == EventRole.PLAYER


def test_a_judge_removed_elsewhere_counts_after_a_refresh(event, judge):
    assert player_role(event, judge) == EventRole.JUDGE
    Event.objects.get(pk=event.pk).judges.remove(judge)  # another request's instance
    event.refresh_from_db()
    assert player_role(event, judge) == EventRole.PLAYER


def test_another_request_reads_the_judges_from_the_cache(event, judge, django_assert_num_queries):
    assert player_role(event, judge) == EventRole.JUDGE
    again = Event.objects.get(pk=event.pk)
    with django_assert_num_queries(0):
        assert player_role(again, judge) == EventRole.JUDGE


def test_a_judge_removed_from_the_players_side_counts_at_once(event, judge):
    assert player_role(event, judge) == EventRole.JUDGE
    judge.judged_events.remove(event)
    assert player_role(Event.objects.get(pk=event.pk), judge) == EventRole.PLAYER


def test_a_players_judged_events_cleared_count_at_once(event, judge):
    assert player_role(event, judge) == EventRole.JUDGE
    judge.judged_events.clear()
    assert player_role(Event.objects.get(pk=event.pk), judge) == EventRole.PLAYER
