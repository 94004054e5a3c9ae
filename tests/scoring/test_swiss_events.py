"""Whole one-on-one events played by the engine (SPEC §11): Swiss rounds, then the top cut.

Each event is paired round by round by ``pair_next_round`` and ``pair_next_cut_round``,
with random results (drawn games and matches, no-shows, drops), and must stay a valid
event file whose standings keep the §11 invariants.
"""

from __future__ import annotations

import datetime as dt
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.eventfile import read_any_event
from scoring.model import EndedBy, Format, Game, Official, PlayerRef, Role
from scoring.standings import standings_json
from scoring.swiss.eventfile import serialize_swiss_event
from scoring.swiss.model import Match, SwissEvent, SwissRound
from scoring.swiss.pairing import pair_next_cut_round, pair_next_round
from scoring.swiss.standings import swiss_standing
from scoring.swiss.validation import validate_swiss_event


def _with_round(event: SwissEvent, rnd: SwissRound) -> SwissEvent:
    return SwissEvent(
        event.format,
        event.name,
        event.date,
        event.venue,
        event.coordinator,
        players=event.players,
        best_of=event.best_of,
        swiss_rounds=event.swiss_rounds,
        top_cut=event.top_cut,
        rounds=(*event.rounds, rnd),
    )


def _win(winner: str, loser: str) -> Game:
    return Game(winner, EndedBy.VICTORY, {winner: 6, loser: 2})


def _drawn(a: str, b: str) -> Game:
    return Game(None, EndedBy.TIME, {a: 3, b: 3}, razed={a: 1, b: 1}, holdings={a: 0, b: 0})


def _match(table: int, a: str, b: str, best_of: int, cut: bool, rng: random.Random) -> Match:
    if not cut and rng.random() < 0.05:
        return Match(table, (a, b), (), no_show=rng.choice((a, b)))
    need = best_of // 2 + 1
    wins = {a: 0, b: 0}
    games: list[Game] = []
    while max(wins.values()) < need:
        roll = rng.random()
        if roll < 0.1:  # time is called: a drawn game ends a Swiss match, not a cut match
            games.append(_drawn(a, b))
            if not cut:
                break
            continue
        winner = a if roll < 0.55 else b
        wins[winner] += 1
        games.append(_win(winner, b if winner == a else a))
    return Match(table, (a, b), tuple(games))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(8, 20),
    st.sampled_from([1, 3]),
    st.integers(2, 4),
    st.sampled_from([0, 2, 4, 8]),
    st.integers(0, 2**32),
)
def test_played_events_are_valid_and_keep_the_invariants(n, best_of, rounds, cut, seed):
    rng = random.Random(seed)
    event = SwissEvent(
        Format(deck_size=25, scored=False),
        "Blitz",
        dt.date(2026, 3, 1),
        "Kaunas",
        Official("Organizer", role=Role.COORDINATOR),
        players=tuple(PlayerRef(f"b{i:02d}", f"Blitz {i}") for i in range(n)),
        best_of=best_of,
        swiss_rounds=rounds,
        top_cut=cut,
    )
    for number in range(1, rounds + 1):
        pairing = pair_next_round(event, seed=rng.randrange(2**32))
        matches = tuple(_match(m.table, *m.players, best_of, False, rng) for m in pairing.matches)
        paired = [p for m in matches for p in m.players]
        dropped = (rng.choice(paired),) if number < rounds and rng.random() < 0.2 else ()
        byes = (pairing.bye,) if pairing.bye else ()
        event = _with_round(event, SwissRound(number, matches, byes, dropped))
        assert validate_swiss_event(event) == []
    standing = swiss_standing(event)
    seeded = [p for p in standing if p not in {d for r in event.rounds for d in r.dropped}]
    if len(seeded) < cut:
        cut = 0  # too many drops: no cut can be paired
    number = rounds
    while cut_matches := pair_next_cut_round(event):
        number += 1
        matches = tuple(_match(m.table, *m.players, best_of, True, rng) for m in cut_matches)
        event = _with_round(event, SwissRound(number, matches, cut=True))
        assert validate_swiss_event(event) == []
    assert len(event.cut) == {0: 0, 2: 1, 4: 2, 8: 3}[cut]

    again, issues = read_any_event(serialize_swiss_event(event))
    assert issues == [] and again == event
    result = standings_json(event)
    rows = result["players"]
    assert [r["place"] for r in rows] == list(range(1, n + 1))
    assert sorted(r["id"] for r in rows) == sorted(p.id for p in event.players)
    # A declared cut that too many drops make impossible leaves the event without a winner.
    assert result["winner"] == (rows[0]["id"] if cut == event.top_cut else None)
    assert {r["id"] for r in rows[:cut]} == set(seeded[:cut])
    assert [r["id"] for r in rows[cut:]] == [p for p in standing if p not in set(seeded[:cut])]
    for row in rows:
        wins, losses, draws = map(int, row["record"].split("-"))
        assert 0 <= row["omw"] <= 1 and 1 / 3 - 1e-4 <= row["gw"] <= 1
        assert wins + losses + draws >= 1
    if cut:  # the winner won every cut round
        winner = rows[0]
        assert int(winner["record"].split("-")[0]) >= len(event.cut)
