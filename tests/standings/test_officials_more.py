"""What the standings pipeline stores about an event's officials, and what it tells the review
after a finished event changes, that a planted one-line bug once got past. Values worked out
by hand from SPEC §6 "Coordinator and judges" (nine participants: the coordinator 9 points,
each additional judge 9 // 2 = 4) and SPEC §9 (a correction to an accepted event re-opens
its review)."""

from tests.support.ranking import accept_for_ranking
from tournament.events.services.registration import set_judges
from tournament.review.models import ReviewState
from tournament.review.services import review_of
from tournament.standings.models import EventScoring


def officials_list(event) -> dict[int, tuple[str, int]]:
    """The stored officials' list of the event: player id → (name, points)."""
    rows = EventScoring.objects.get(event=event).officials
    return {row["player_id"]: (row["name"], row["points"]) for row in rows}


def test_a_renamed_judge_is_renamed_in_the_officials_list_and_no_one_else(
    finished_event, organizer, judge, second_judge
):
    """The officials' list copies each official's name: the judge's new name replaces his
    own old one, and the coordinator and the other judge keep theirs (and every one his
    points: 9, 4, 4)."""
    assert officials_list(finished_event) == {
        organizer.pk: ("Ann Organiser", 9),
        judge.pk: ("Bob Judge", 4),
        second_judge.pk: ("Cy Judge", 4),
    }
    judge.name = "Bob Umpire"
    judge.save()
    assert officials_list(finished_event) == {
        organizer.pk: ("Ann Organiser", 9),
        judge.pk: ("Bob Umpire", 4),
        second_judge.pk: ("Cy Judge", 4),
    }


def test_a_judge_removed_from_an_accepted_event_reopens_its_review(
    finished_event, organizer, judge, second_judge
):
    """After acceptance the organizer removes the second judge: he no longer earns his
    4 points, so the figures the ranking accepted changed and the review re-opens (SPEC §9);
    the list now holds the coordinator's 9 and the one judge's 4."""
    accept_for_ranking(finished_event)
    assert review_of(finished_event).state == ReviewState.ACCEPTED
    set_judges(finished_event, [judge])
    assert officials_list(finished_event) == {
        organizer.pk: ("Ann Organiser", 9),
        judge.pk: ("Bob Judge", 4),
    }
    assert review_of(finished_event).state == ReviewState.REOPENED
