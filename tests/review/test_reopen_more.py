"""When an accepted event's review re-opens, and what the officer is shown changing, that
planted one-line bugs once got past (SPEC §9: "A correction to an accepted event re-opens its
review"; SPEC §2: a scored event needs at least 9 participants to count)."""

from tests.support.events import build_event
from tests.support.ranking import accept_for_ranking
from tournament.events.services.editing import save_event
from tournament.ranking.models import RankedScore
from tournament.review.models import ReviewState
from tournament.review.services import ranking_changes, review_of, submit


def test_an_accepted_event_set_running_again_reopens_even_when_it_counted_no_points(organizer):
    # Six participants: fewer than nine, so the accepted event put no figures in the
    # ranking. Set running again it is no longer the event the officer accepted: its
    # review re-opens, whatever figures it stores (none before, none now).
    event = build_event(organizer, 6)
    accept_for_ranking(event)
    assert review_of(event).state == ReviewState.ACCEPTED
    assert not RankedScore.objects.filter(event=event).exists()
    event.status = "running"
    save_event(event, {"status"})
    assert review_of(event).state == ReviewState.REOPENED


def test_a_first_submission_lists_no_ranking_changes(finished_event, organizer):
    # The officer's list of what acceptance would change compares a correction with the
    # figures accepted before (SPEC §9: the ranking changes only when the correction is
    # accepted). A form submitted for the first time was never accepted: nothing to compare,
    # the list is empty (its figures are the form itself).
    submit(finished_event, organizer.user)
    assert review_of(finished_event).state == ReviewState.SUBMITTED
    assert ranking_changes(finished_event) == []
