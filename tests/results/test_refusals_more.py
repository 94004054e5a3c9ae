"""Refusals of the results services that a planted one-line bug once got past (SPEC §5
"Results entry"), each with the state left as it was."""

import uuid

import pytest
from django.core.exceptions import ValidationError

from tests.results.test_refusals import confirmed_game, data, enter, tied_bracket
from tests.support.results import seated as players_of
from tournament.results import services
from tournament.results.models import EntryStatus, Game, GameEntry
from tournament.rounds.services.rounds import close_round


def test_a_confirmed_entry_cannot_be_rejected(judge, second_judge, bracket, seated):
    # SPEC §5: an accepted result changes only through a correction, which keeps its history.
    entry = confirmed_game(bracket, seated, judge, second_judge, seated[0])
    with pytest.raises(ValidationError, match="Only an unconfirmed entry can be rejected"):
        services.reject_entry(entry, judge)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.CONFIRMED
    assert Game.objects.get(bracket=bracket, number=1).winner_id == seated[0].pk


def test_a_tiebreak_decision_names_no_more_groups_than_are_tied(
    judge, second_judge, bracket, seated
):
    # SPEC §6: B and C are tied for 2nd (6 realms each, no game won, best game 3) and a
    # judge's decision orders them; A won the bracket and is tied with no one. A decision
    # that adds a second "group" holding A is refused as a whole (SPEC §5: a clear message,
    # nothing saved), and the bracket still waits for its decision.
    a, b, c = tied_bracket(bracket, seated, judge, second_judge)
    with pytest.raises(ValidationError, match="exactly one place"):
        services.decide_tiebreak(bracket, [[str(c.pk), str(b.pk)], [str(a.pk)]], judge)
    bracket.refresh_from_db()
    assert bracket.tiebreak_order is None
    assert bracket.tiebreak_decided_by is None


def test_single_entry_does_not_store_a_game_ahead_of_a_waiting_report(
    event, single_entry, judge, bracket, seated
):
    # SPEC §5: in a single-entry event a judge's entry is confirmed at once; a player's report
    # waits for a judge. With game 1 only reported, a judge's game 2 would be stored ahead of
    # it, and game 1 could then be neither confirmed nor entered: the judge is told to
    # confirm game 1 first, and nothing of game 2 is saved. Once game 1 is confirmed, game 2
    # is recorded.
    event.players_report_results = True
    event.save(update_fields=["players_report_results"])
    a, _b, _c = seated
    report = services.report_result(
        bracket, data(seated, [6, 3, 2], a), a, uuid.uuid4(), number=1
    ).entry
    with pytest.raises(ValidationError, match="Confirm the earlier games first"):
        enter(bracket, seated, [6, 3, 2], a, judge, number=2)
    assert not GameEntry.objects.filter(bracket=bracket, number=2).exists()
    assert not Game.objects.filter(bracket=bracket).exists()
    services.confirm_entry(report, judge)
    enter(bracket, seated, [6, 3, 2], a, judge, number=2)
    assert list(Game.objects.filter(bracket=bracket).values_list("number", flat=True)) == [1, 2]


def test_a_correction_in_a_closed_round_cannot_change_the_bracket_winner(judge, played_round):
    # SPEC §6 "Advancement": closing round 1 records who advances, the bracket winners. A
    # correction that would give a bracket of the closed round another winner (here the last
    # game, which gave the winner his second win, won instead by another player) would leave
    # the recorded advancing players wrong: it is refused with a message, nothing stored, and
    # the bracket keeps its winner.
    close_round(played_round)
    bracket = played_round.brackets.order_by("table").first()
    winner = bracket.winner
    last = Game.objects.filter(bracket=bracket).order_by("number").last()
    other = next(p for p in players_of(bracket) if p != winner)
    players = [other, *(p for p in players_of(bracket) if p != other)]
    with pytest.raises(ValidationError, match="changes the bracket winner"):
        enter(
            bracket,
            players,
            [6, 3, 2],
            other,
            judge,
            number=last.number,
            correction=True,
            reason="wrong winner",
        )
    assert not GameEntry.objects.filter(bracket=bracket, number=last.number).exists()
    bracket.refresh_from_db()
    assert bracket.winner == winner
