"""What a drop during a round records on the seats, that a planted one-line bug once got
past (SPEC §4: "A player may drop at any time: an entire bracket still plays on, the dropped
player ranks last in it"; "A bracket winner who drops after winning keeps his place")."""

from tests.support.results import record, seated, victory
from tournament.events.models import Bracket, Seat
from tournament.rounds.services.rounds import drop_player


def test_a_drop_marks_the_seat_of_an_unfinished_bracket_and_not_of_a_finished_one(
    round1, judge, second_judge
):
    # Round 1 of nine players: three brackets of 3. At the first table A has won game 1 (6
    # realms to 3 and 2): the bracket plays on, so C, who drops now, takes no part in the
    # games after game 1 and ranks last there. At the second table D has won twice: that
    # bracket is over, and E, who drops now, keeps the place he earned there.
    first, second = round1.brackets.order_by("table")[:2]
    a, b, c = seated(first)
    record(first, 1, victory(a, {a: 6, b: 3, c: 2}), judge, second_judge)
    d, e, f = seated(second)
    for number in (1, 2):
        record(second, number, victory(d, {d: 6, e: 3, f: 2}), judge, second_judge)
    second.refresh_from_db()
    assert second.state == Bracket.State.COMPLETE

    drop_player(c.registrations.get(event=round1.event))
    drop_player(e.registrations.get(event=round1.event))

    dropping = Seat.objects.get(bracket=first, registration__player=c)
    assert (dropping.dropped, dropping.dropped_after_games) == (True, 1)
    kept = Seat.objects.get(bracket=second, registration__player=e)
    assert (kept.dropped, kept.dropped_after_games) == (False, None)
