"""Benchmark one-on-one Swiss pairing: `.venv/bin/python -m bench.bench_swiss [N ...]`.

For each event size it plays four Swiss rounds (each paired by the engine itself from the
standing, best of 3, results drawn at random with some drawn matches, a few drops), then
times pairing round 5: `pair_next_round` (the standing with its tie-breakers, then the
matching) and `pair_round` alone. It also times the standings (`score_swiss_event`) and
reading the event file (`read_any_event`). Target: round 5 of 1,000 players paired in
under one second.
"""

from __future__ import annotations

import datetime as dt
import random
import sys
import time

from scoring.eventfile import read_any_event
from scoring.model import EndedBy, Format, Game, Official, PlayerRef, Role
from scoring.swiss.eventfile import serialize_swiss_event
from scoring.swiss.model import Match, SwissEvent, SwissRound
from scoring.swiss.pairing import Pairing, PairingPlayer, pair_next_round, pair_round
from scoring.swiss.standings import figures, score_swiss_event, swiss_standing

SIZES = (100, 1000)
EARLIER_ROUNDS = 4


def _game(winner: str | None, a: str, b: str) -> Game:
    if winner is None:
        return Game(None, EndedBy.TIME, {a: 3, b: 3}, razed={a: 1, b: 1}, holdings={a: 0, b: 0})
    loser = b if winner == a else a
    return Game(winner, EndedBy.VICTORY, {winner: 6, loser: 2})


def _match(table: int, a: str, b: str, rng: random.Random) -> Match:
    roll = rng.random()
    if roll < 0.08:  # 1-1, then a game drawn by time: a drawn match
        return Match(table, (a, b), (_game(a, a, b), _game(b, a, b), _game(None, a, b)))
    winner, loser = (a, b) if roll < 0.54 else (b, a)
    games = [_game(winner, a, b), _game(winner, a, b)]
    if rng.random() < 0.4:
        games.insert(0, _game(loser, a, b))
    return Match(table, (a, b), tuple(games))


def _event(n: int, rounds: int, rng: random.Random) -> SwissEvent:
    event = SwissEvent(
        Format(time_limit_minutes=50, scored=False),
        f"Bench {n}",
        dt.date(2026, 11, 21),
        "Bench",
        Official("Organizer", role=Role.COORDINATOR),
        players=tuple(PlayerRef(f"p{i:05d}", f"Player {i}") for i in range(n)),
        best_of=3,
        swiss_rounds=rounds + 1,
    )
    for number in range(1, rounds + 1):
        pairing = pair_next_round(event, seed=1000 + number)
        matches = tuple(_match(m.table, *m.players, rng) for m in pairing.matches)
        byes = (pairing.bye,) if pairing.bye else ()
        paired = [p for m in matches for p in m.players]
        dropped = tuple(rng.sample(paired, max(0, n // 200)))
        rnd = SwissRound(number, matches, byes, dropped)
        event = SwissEvent(
            event.format,
            event.name,
            event.date,
            event.venue,
            event.coordinator,
            players=event.players,
            best_of=event.best_of,
            swiss_rounds=event.swiss_rounds,
            rounds=(*event.rounds, rnd),
        )
    return event


def _timed(function, *args, **kwargs):
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - start


def main(sizes: tuple[int, ...] = SIZES) -> None:
    """Print timing and quality figures for every size."""
    rng = random.Random(2026)
    print(f"{'case':<30}{'N':>7}{'seconds':>10}{'repeats':>9}{'pair-downs':>12}{'solved':>9}")
    for n in sizes:
        event = _event(n, EARLIER_ROUNDS, rng)
        pairing, seconds = _timed(pair_next_round, event, seed=7)
        _line(f"round {EARLIER_ROUNDS + 1}: pair_next_round", n, seconds, pairing)
        table = figures(event)
        dropped = {p for r in event.rounds for p in r.dropped}
        standing = [p for p in swiss_standing(event, table=table) if p not in dropped]
        players = [PairingPlayer(p, table[p].match_points) for p in standing]
        met = [(p, o) for p in standing for o in table[p].opponents]
        had_bye = [p for p in standing if table[p].byes]
        pairing, seconds = _timed(pair_round, players, met=met, had_bye=had_bye, seed=7)
        _line(f"round {EARLIER_ROUNDS + 1}: pair_round only", n, seconds, pairing)
        _, seconds = _timed(score_swiss_event, event)
        print(f"{'standings (score_swiss_event)':<30}{n:>7}{seconds:>10.3f}")
        text = serialize_swiss_event(event)
        (record, issues), seconds = _timed(read_any_event, text)
        assert record == event and not issues
        print(f"{'read_any_event (validated)':<30}{n:>7}{seconds:>10.3f}")


def _line(case: str, n: int, seconds: float, pairing: Pairing) -> None:
    solved = pairing.method
    print(
        f"{case:<30}{n:>7}{seconds:>10.3f}{pairing.repeat_pairs:>9}"
        f"{pairing.pair_downs:>12}{solved:>9}"
    )


if __name__ == "__main__":
    main(tuple(int(a) for a in sys.argv[1:]) or SIZES)
