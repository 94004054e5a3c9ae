"""Every refusal of the results services (SPEC §5 "Results entry", §4 drops), each checked
with the state left as it was. Values are the spec's: a bracket of three, Standard victory
(6 unrazed realms wins, SPEC §2), game numbers in order, a second official confirms."""

import uuid

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tournament.events.models import Event, Round, Seat
from tournament.results import services
from tournament.results.models import EntryStatus, Game, GameEntry
from tournament.results.services import GameData


def data(players, counts, winner) -> GameData:
    return GameData(
        winner=winner.pk if winner else None,
        ended_by="victory",
        unrazed={str(p.pk): n for p, n in zip(players, counts, strict=True)},
    )


def enter(bracket, players, counts, winner, by, number=1, **options):
    return services.submit_entry(
        bracket, data(players, counts, winner), by, uuid.uuid4(), number=number, **options
    )


def confirmed_game(bracket, seated, judge, second_judge, winner, number=1):
    """Game ``number`` won by ``winner`` with 6 realms to 3 and 2, confirmed."""
    others = [p for p in seated if p != winner]
    players = [winner, *others]
    outcome = enter(bracket, players, [6, 3, 2], winner, judge, number=number)
    services.confirm_entry(outcome.entry, second_judge)
    return outcome.entry


def stored_entry(bracket, players, counts, winner, *, by, **fields) -> GameEntry:
    """A waiting second version of game 1 written straight to the table (as an import or an
    older release could leave it), past the services' checks."""
    return GameEntry.objects.create(
        bracket=bracket,
        number=1,
        version=2,
        winner_id=winner.pk,
        ended_by="victory",
        unrazed={str(p.pk): n for p, n in zip(players, counts, strict=True)},
        submitted_by=by,
        idempotency_key=uuid.uuid4(),
        **fields,
    )


@pytest.fixture
def reporting(event):
    """Players report their games and may confirm each other's reports (SPEC §5 decision)."""
    event.players_report_results = True
    event.players_confirm_reports = True
    event.save(update_fields=["players_report_results", "players_confirm_reports"])
    return event


def report(bracket, players, counts, winner, by, number=1):
    return services.report_result(
        bracket, data(players, counts, winner), by, uuid.uuid4(), number=number
    )


# --- who confirms ---------------------------------------------------------------------------


def test_someone_who_is_not_an_official_cannot_confirm_an_entry(judge, stranger, bracket, seated):
    entry = enter(bracket, seated, [6, 3, 2], seated[0], judge).entry
    for outsider in (stranger, seated[1]):
        with pytest.raises(PermissionDenied):
            services.confirm_entry(entry, outsider)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.UNCONFIRMED and not Game.objects.exists()


def test_an_official_confirms_an_entry(judge, second_judge, bracket, seated):
    entry = enter(bracket, seated, [6, 3, 2], seated[0], judge).entry
    outcome = services.confirm_entry(entry, second_judge)
    assert outcome.created and outcome.entry.status == EntryStatus.CONFIRMED
    assert Game.objects.get().winner_id == seated[0].pk


def test_a_player_cannot_confirm_an_officials_entry_even_where_players_confirm(
    reporting, bracket, seated
):
    # An official who also plays at the table (SPEC §6: he keeps only his playing points):
    # his entry is an official's, which only another official confirms.
    playing_judge = seated[0]
    reporting.judges.add(playing_judge)
    entry = enter(bracket, seated, [6, 3, 2], seated[0], playing_judge).entry
    with pytest.raises(PermissionDenied):
        services.confirm_entry(entry, seated[1])
    assert not Game.objects.exists()


def test_a_player_confirms_another_players_report(reporting, bracket, seated):
    a, b, _c = seated
    entry = report(bracket, seated, [6, 3, 2], a, a).entry
    outcome = services.confirm_entry(entry, b)
    assert outcome.entry.status == EntryStatus.CONFIRMED and Game.objects.count() == 1


def test_a_player_cannot_confirm_a_correction(reporting, judge, second_judge, bracket, seated):
    a, b, _c = seated
    confirmed_game(bracket, seated, judge, second_judge, a)
    # A correction submitted by a seated player (say, imported): only officials confirm it.
    correction = stored_entry(bracket, seated, [6, 4, 2], a, by=a, is_correction=True)
    with pytest.raises(PermissionDenied):
        services.confirm_entry(correction, b)
    correction.refresh_from_db()
    assert correction.status == EntryStatus.UNCONFIRMED
    assert Game.objects.get().unrazed[str(b.pk)] == 3


def test_a_dropped_player_cannot_confirm_a_report(reporting, bracket, seated):
    a, b, _c = seated
    entry = report(bracket, seated, [6, 3, 2], a, a).entry
    Seat.objects.filter(bracket=bracket, registration__player=b).update(dropped=True)
    with pytest.raises(PermissionDenied):
        services.confirm_entry(entry, b)
    assert not Game.objects.exists()


def test_the_submitter_cannot_confirm_his_own_entry(judge, bracket, seated):
    entry = enter(bracket, seated, [6, 3, 2], seated[0], judge).entry
    with pytest.raises(PermissionDenied):
        services.confirm_entry(entry, judge)
    assert not Game.objects.exists()


# --- what can be confirmed ------------------------------------------------------------------


def test_a_game_with_a_confirmed_result_cannot_be_confirmed_again(
    judge, second_judge, organizer, bracket, seated
):
    a, b, _c = seated
    confirmed_game(bracket, seated, judge, second_judge, a)
    # A second waiting entry of game 1 (left behind, e.g. by an import): game 1 is settled.
    stale = stored_entry(bracket, seated, [2, 6, 3], b, by=judge)
    with pytest.raises(ValidationError, match="already has a confirmed result"):
        services.confirm_entry(stale, organizer)
    assert Game.objects.get().winner_id == a.pk


def test_game_2_cannot_be_confirmed_before_game_1(judge, second_judge, bracket, seated):
    a, b, c = seated
    first = enter(bracket, seated, [6, 3, 2], a, judge).entry
    second = enter(bracket, [b, a, c], [6, 3, 2], b, judge, number=2).entry
    with pytest.raises(ValidationError, match="Confirm the earlier games first"):
        services.confirm_entry(second, second_judge)
    assert not Game.objects.exists()
    services.confirm_entry(first, second_judge)
    services.confirm_entry(second, second_judge)
    assert list(Game.objects.order_by("number").values_list("winner_id", flat=True)) == [
        a.pk,
        b.pk,
    ]


def test_a_rejected_entry_cannot_be_confirmed(judge, second_judge, bracket, seated):
    entry = enter(bracket, seated, [6, 3, 2], seated[0], judge).entry
    services.reject_entry(entry, second_judge)
    with pytest.raises(ValidationError, match="can no longer be confirmed"):
        services.confirm_entry(entry, second_judge)
    assert not Game.objects.exists()


# --- when results are taken -----------------------------------------------------------------


@pytest.mark.parametrize("status", ["registration", "finished"])
def test_entries_are_taken_only_while_the_event_runs(status, judge, bracket, seated):
    Event.objects.filter(pk=bracket.round.event_id).update(status=status)
    bracket.round.event.status = status
    with pytest.raises(ValidationError, match="only while the event is running"):
        enter(bracket, seated, [6, 3, 2], seated[0], judge)
    assert not GameEntry.objects.exists()


def test_players_cannot_report_once_the_round_is_closed(reporting, bracket, seated):
    Round.objects.filter(pk=bracket.round_id).update(state=Round.State.CLOSED)
    bracket.round.state = Round.State.CLOSED
    with pytest.raises(ValidationError, match="This round is closed"):
        report(bracket, seated, [6, 3, 2], seated[0], seated[0])
    assert not GameEntry.objects.exists()


def test_a_player_of_another_table_cannot_report(reporting, round1, bracket, seated):
    elsewhere = round1.brackets.exclude(pk=bracket.pk).first()
    outsider = elsewhere.seats.first().registration.player
    with pytest.raises(PermissionDenied):
        report(bracket, seated, [6, 3, 2], seated[0], outsider)
    assert not GameEntry.objects.exists()


def test_reports_are_refused_where_the_event_does_not_take_them(bracket, seated):
    with pytest.raises(PermissionDenied):
        report(bracket, seated, [6, 3, 2], seated[0], seated[0])


def test_a_non_official_cannot_enter_a_result(stranger, bracket, seated):
    with pytest.raises(PermissionDenied):
        enter(bracket, seated, [6, 3, 2], seated[0], stranger)
    with pytest.raises(PermissionDenied):
        enter(bracket, seated, [6, 3, 2], seated[0], seated[0])
    assert not GameEntry.objects.exists()


# --- corrections ----------------------------------------------------------------------------


def test_a_game_without_a_result_cannot_be_corrected(judge, bracket, seated):
    with pytest.raises(ValidationError, match="no accepted result to correct"):
        enter(bracket, seated, [6, 3, 2], seated[0], judge, correction=True, reason="typo")
    assert not GameEntry.objects.exists()


def test_a_correction_identical_to_the_result_is_refused(judge, second_judge, bracket, seated):
    a, b, c = seated
    confirmed_game(bracket, seated, judge, second_judge, a)
    with pytest.raises(ValidationError, match="nothing to correct"):
        enter(bracket, [a, b, c], [6, 3, 2], a, judge, correction=True, reason="same")
    assert GameEntry.objects.count() == 1


def test_a_correction_moves_through_waiting_to_confirmed(judge, second_judge, bracket, seated):
    a, b, c = seated
    original = confirmed_game(bracket, seated, judge, second_judge, a)
    fix = enter(bracket, [a, b, c], [6, 4, 2], a, judge, correction=True, reason="b had 4")
    assert fix.entry.status == EntryStatus.UNCONFIRMED
    assert Game.objects.get().unrazed[str(b.pk)] == 3  # still the accepted one
    services.confirm_entry(fix.entry, second_judge)
    original.refresh_from_db()
    assert original.status == EntryStatus.SUPERSEDED
    assert Game.objects.get().unrazed[str(b.pk)] == 4


def test_a_game_after_the_bracket_is_won_is_refused(judge, second_judge, bracket, seated):
    """SPEC §5: a player who already won two games ends the bracket."""
    a, _b, _c = seated
    confirmed_game(bracket, seated, judge, second_judge, a, number=1)
    confirmed_game(bracket, seated, judge, second_judge, a, number=2)
    with pytest.raises(ValidationError):
        enter(bracket, seated, [6, 3, 2], a, judge, number=3)
    assert Game.objects.count() == 2


# --- which bracket --------------------------------------------------------------------------


def test_a_bracket_is_not_found_through_another_events_url(
    client_as, judge, organizer, bracket, seated
):
    other = Event.objects.create(
        name="Other Open", date=bracket.round.event.date, venue="Elsewhere", organizer=organizer
    )
    assert services.lock_bracket(bracket.pk, event_id=other.pk) is None
    assert services.lock_bracket(bracket.pk, event_id=bracket.round.event_id) is not None
    url = reverse("results:bracket", args=[other.pk, bracket.pk])
    assert client_as(judge).get(url).status_code == 404
    assert client_as(organizer).get(url).status_code == 404


# --- repeated entries, differing entries, tie-breaks ------------------------------------------


def test_the_same_judge_entering_the_same_result_again_keeps_one_entry(judge, bracket, seated):
    first = enter(bracket, seated, [6, 3, 2], seated[0], judge)
    again = enter(bracket, seated, [6, 3, 2], seated[0], judge)  # a new key: not a double tap
    assert first.created and not again.created and again.entry.pk == first.entry.pk
    assert GameEntry.objects.get().status == EntryStatus.UNCONFIRMED


def test_no_later_game_while_an_earlier_one_has_entries_that_differ(
    judge, second_judge, organizer, bracket, seated
):
    a, b, c = seated
    enter(bracket, seated, [6, 3, 2], a, judge)
    enter(bracket, [b, a, c], [6, 3, 2], b, second_judge)
    with pytest.raises(ValidationError, match="entries that differ"):
        enter(bracket, seated, [6, 3, 2], a, organizer, number=2)
    assert GameEntry.objects.filter(number=2).count() == 0


def tied_bracket(bracket, seated, judge, second_judge):
    """A wins both games 6–3–3: B and C have 6 realms each, no game won, best game 3 — tied
    for 2nd (SPEC §6: then a judge's recorded decision)."""
    a, b, c = seated
    for number in (1, 2):
        outcome = enter(bracket, seated, [6, 3, 3], a, judge, number=number)
        services.confirm_entry(outcome.entry, second_judge)
    return a, b, c


def test_a_tiebreak_must_order_exactly_the_tied_players(judge, second_judge, bracket, seated):
    a, b, c = tied_bracket(bracket, seated, judge, second_judge)
    with pytest.raises(ValidationError, match="exactly one place"):
        services.decide_tiebreak(bracket, [[str(b.pk), str(a.pk)]], judge)  # A is not tied
    with pytest.raises(ValidationError, match="exactly one place"):
        services.decide_tiebreak(bracket, [[str(b.pk)]], judge)
    decided = services.decide_tiebreak(bracket, [[str(c.pk), str(b.pk)]], judge)
    assert decided.tiebreak_order[-2:] == [str(c.pk), str(b.pk)]
    with pytest.raises(ValidationError, match="needs no tie-break"):
        services.decide_tiebreak(bracket, [[str(b.pk), str(c.pk)]], judge)


def test_only_an_official_decides_a_tiebreak(judge, second_judge, bracket, seated):
    a, b, c = tied_bracket(bracket, seated, judge, second_judge)
    with pytest.raises(PermissionDenied):
        services.decide_tiebreak(bracket, [[str(c.pk), str(b.pk)]], a)
