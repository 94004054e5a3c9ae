"""Every state of an event, round, bracket, match and entry × every action, against
docs/states.md: its tables are the specification, read here. Each cell is tried on fresh
data (a test per row and state): "yes" when the service does it, "no" when it refuses with
a ValidationError."""

import uuid
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError

from tests.support.events import add_players
from tests.support.players import make_player
from tournament.events.models import Event, Registration, Round
from tournament.events.services import registration as reg
from tournament.results import services as results
from tournament.results.models import EntryStatus, GameEntry
from tournament.results.services import GameData
from tournament.rounds.services import rounds, swiss

DOC = Path(__file__).resolve().parents[2] / "docs" / "states.md"


def doc_table(heading: str) -> dict[str, dict[str, bool]]:
    """The table under ``## heading``: action → state → yes/no."""
    section = DOC.read_text(encoding="utf-8").split(f"## {heading}\n", 1)[1].split("\n## ")[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    states = [c.strip() for c in rows[0].strip("|").split("|")][1:]
    return {
        cells[0]: {s: {"yes": True, "no": False}[c] for s, c in zip(states, cells[1:], strict=True)}
        for cells in ([c.strip() for c in row.strip("|").split("|")] for row in rows[2:])
    }


def done(action) -> bool:
    try:
        action()
    except ValidationError:
        return False
    return True


def cells(heading: str):
    return [(a, s) for a, by_state in doc_table(heading).items() for s in by_state]


def players_of(bracket):
    return [s.registration.player for s in bracket.seats.order_by("position")]


def win_game(bracket, winner, judge, second_judge, number):
    players = players_of(bracket)
    others = [p for p in players if p != winner]
    counts = {winner: 6} | {p: 2 + i for i, p in enumerate(others)}
    data = GameData(winner.pk, "victory", {str(p.pk): n for p, n in counts.items()})
    entry = results.submit_entry(bracket, data, judge, uuid.uuid4(), number=number).entry
    results.confirm_entry(entry, second_judge)


def next_game(bracket, judge, number):
    players = players_of(bracket)
    counts = dict(zip(players, (6, 3, 2), strict=False))
    data = GameData(players[0].pk, "victory", {str(p.pk): n for p, n in counts.items()})
    return lambda: results.submit_entry(bracket, data, judge, uuid.uuid4(), number=number)


# --- event ----------------------------------------------------------------------------------


def put_event_in(event: Event, status: str) -> Round | None:
    """The event in ``status`` with nine players; running: round 1 seated."""
    add_players(event, 9)
    rnd = None
    if status in ("running", "finished"):
        rnd = rounds.seat_next_round(event, seed=7)
    Event.objects.filter(pk=event.pk).update(status=status)
    event.refresh_from_db()
    return rnd


def event_action(action: str, event: Event, status: str, judge):
    if action == "go back to draft":
        Event.objects.filter(pk=event.pk).update(status=status)
        return lambda: reg.set_status(event, "draft")  # no one registered yet
    if action == "open registration":
        Event.objects.filter(pk=event.pk).update(status=status)
        return lambda: reg.set_status(event, "registration")
    if action == "enter a game":
        add_players(event, 9)
        rnd = rounds.seat_next_round(event, seed=7)
        Event.objects.filter(pk=event.pk).update(status=status)
        bracket = rnd.brackets.order_by("table").first()
        bracket.round.event.status = status
        return next_game(bracket, judge, 1)
    put_event_in(event, status)
    someone = Registration.objects.filter(event=event).first()
    return {
        "register a player": lambda: reg.register(event, make_player("newcomer")),
        "check a player in": lambda: reg.set_checked_in(someone, True, by=judge),
        "seat the next round": lambda: rounds.seat_next_round(event, seed=3),
        "drop a player": lambda: rounds.drop_player(someone),
    }[action]


@pytest.mark.parametrize(("action", "status"), cells("Event"))
def test_event_states(action, status, event, judge):
    expected = doc_table("Event")[action][status]
    assert done(event_action(action, event, status, judge)) is expected


# --- round ----------------------------------------------------------------------------------


def play_round_out(rnd: Round, judge, second_judge) -> None:
    for bracket in rnd.brackets.all():
        winner = players_of(bracket)[0]
        win_game(bracket, winner, judge, second_judge, 1)
        win_game(bracket, winner, judge, second_judge, 2)


@pytest.mark.parametrize(("action", "state"), cells("Round"))
def test_round_states(action, state, event, registered_players, judge, second_judge):
    expected = doc_table("Round")[action][state]
    event.players_report_results = True
    event.save(update_fields=["players_report_results"])
    rnd = rounds.seat_next_round(event, seed=7)
    rounds.publish_round(rnd)
    play_round_out(rnd, judge, second_judge)
    if state == "closed":
        rnd = rounds.close_round(rnd)
    rnd.refresh_from_db()
    if action == "a player reports a game":
        # A bracket whose game 1 is still open: a fresh round 1 of its own, stored state.
        bracket = rnd.brackets.order_by("table").first()
        GameEntry.objects.filter(bracket=bracket).delete()
        bracket.games.all().delete()
        reporter = players_of(bracket)[0]
        counts = dict(zip(players_of(bracket), (6, 3, 2), strict=True))
        data = GameData(reporter.pk, "victory", {str(p.pk): n for p, n in counts.items()})
        bracket.round.state = rnd.state
        action_run = lambda: results.report_result(  # noqa: E731
            bracket, data, reporter, uuid.uuid4(), number=1
        )
    else:
        action_run = {
            "close it": lambda: rounds.close_round(rnd),
            "reopen it": lambda: rounds.reopen_round(rnd),
            "seat the next round": lambda: rounds.seat_next_round(event, seed=3),
        }[action]
    assert done(action_run) is expected


# --- bracket and match ----------------------------------------------------------------------


def bracket_in(bracket, state: str, judge, second_judge) -> int:
    """Play the bracket to ``state``; the number of the next game."""
    winner = players_of(bracket)[0]
    games = {"waiting": 0, "in progress": 1, "complete": 2}[state]
    for number in range(1, games + 1):
        win_game(bracket, winner, judge, second_judge, number)
    return games + 1


@pytest.mark.parametrize(("action", "state"), cells("Bracket"))
def test_bracket_states(action, state, event, registered_players, judge, second_judge):
    expected = doc_table("Bracket")[action][state]
    rnd = rounds.seat_next_round(event, seed=7)
    rounds.publish_round(rnd)
    bracket = rnd.brackets.order_by("table").first()
    number = bracket_in(bracket, state, judge, second_judge)
    if action == "enter the next game":
        run = next_game(bracket, judge, number)
    else:  # correct game 1
        players = players_of(bracket)
        data = GameData(players[0].pk, "victory", {str(p.pk): 6 - i for i, p in enumerate(players)})
        run = lambda: results.submit_entry(  # noqa: E731
            bracket, data, judge, uuid.uuid4(), number=1, correction=True, reason="count"
        )
    assert done(run) is expected


@pytest.mark.parametrize(("action", "state"), cells("Match"))
def test_match_states(action, state, event, judge, second_judge):
    expected = doc_table("Match")[action][state]
    event.structure, event.best_of = "one-on-one", 3
    event.save()
    add_players(event, 4)
    rnd = swiss.pair_round(event, seed=5)
    match = rnd.brackets.order_by("table").first()
    number = bracket_in(match, state, judge, second_judge)
    if action == "enter the next game":
        a, b = players_of(match)
        data = GameData(a.pk, "victory", {str(a.pk): 6, str(b.pk): 2})
        run = lambda: results.submit_entry(  # noqa: E731
            match, data, judge, uuid.uuid4(), number=number
        )
    else:
        absent = match.seats.order_by("position").first().registration
        run = lambda: swiss.record_no_show(match, absent)  # noqa: E731
    assert done(run) is expected


# --- entry ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("action", "state"), cells("Entry"))
def test_entry_states(action, state, event, registered_players, judge, second_judge, organizer):
    expected = doc_table("Entry")[action][state]
    rnd = rounds.seat_next_round(event, seed=7)
    rounds.publish_round(rnd)
    bracket = rnd.brackets.order_by("table").first()
    entry = next_game(bracket, judge, 1)().entry
    if state == "confirmed":
        results.confirm_entry(entry, second_judge)
    elif state == "rejected":
        results.reject_entry(entry, second_judge)
    elif state == "superseded":
        results.confirm_entry(entry, second_judge)
        players = players_of(bracket)
        data = GameData(players[0].pk, "victory", {str(p.pk): 6 - i for i, p in enumerate(players)})
        fix = results.submit_entry(
            bracket, data, judge, uuid.uuid4(), number=1, correction=True, reason="count"
        ).entry
        results.confirm_entry(fix, second_judge)
    entry.refresh_from_db()
    assert (
        entry.status
        == {
            "unconfirmed": EntryStatus.UNCONFIRMED,
            "confirmed": EntryStatus.CONFIRMED,
            "superseded": EntryStatus.SUPERSEDED,
            "rejected": EntryStatus.REJECTED,
        }[state]
    )
    before = entry.status
    if action == "confirm it":
        run = lambda: results.confirm_entry(entry, organizer)  # noqa: E731
    else:
        run = lambda: results.reject_entry(entry, organizer)  # noqa: E731
    did = done(run)
    entry.refresh_from_db()
    changed = entry.status != before
    assert (did and changed) is expected
