"""Benchmark the seating generator: `.venv/bin/python -m bench.bench_seating`.

For each round size it builds a realistic history (several earlier rounds of the same
players, each seated by the generator itself), then times seating the next round, and a
round 1 with clubs spread and ranking seeding. Prints one line per case.
"""

from __future__ import annotations

import random
import time

from scoring.seating import (
    Seating,
    SeatingPlayer,
    history_from_brackets,
    seat_players,
)

SIZES = (27, 100, 1000, 10_000)
EARLIER_ROUNDS = 4


def _players(n: int, rng: random.Random) -> list[SeatingPlayer]:
    clubs = max(3, n // 30)  # clubs of about 30 players
    return [
        SeatingPlayer(
            id=f"p{i:05d}",
            club=f"club {rng.randrange(clubs)}",
            ranking=rng.choice([None, round(rng.uniform(0, 500), 1)]),
        )
        for i in range(n)
    ]


def _timed(players: list[SeatingPlayer], **options) -> tuple[Seating, float]:
    start = time.perf_counter()
    seating = seat_players(players, **options)
    return seating, time.perf_counter() - start


def _history(players: list[SeatingPlayer], rounds: int) -> dict[frozenset[str], int]:
    brackets: list[tuple[str, ...]] = []
    for r in range(rounds):
        history = history_from_brackets(brackets)
        seating = seat_players(players, history=history, seed=1000 + r)
        brackets.extend(b.players for b in seating.brackets)
    return history_from_brackets(brackets)


def main() -> None:
    """Print timing and quality figures for every benchmark case."""
    rng = random.Random(2026)
    print(
        f"{'case':<28}{'N':>7}{'history pairs':>15}{'seconds':>10}{'repeats':>9}{'club pairs':>12}"
    )
    for n in SIZES:
        players = _players(n, rng)
        history = _history(players, EARLIER_ROUNDS)
        seating, seconds = _timed(players, history=history, seed=7)
        _line(f"round {EARLIER_ROUNDS + 1} (history)", n, len(history), seconds, seating)
        seating, seconds = _timed(players, seed=7, spread_clubs=True, seed_by_ranking=True)
        _line("round 1 (clubs + ranking)", n, 0, seconds, seating)


def _line(case: str, n: int, pairs: int, seconds: float, seating: Seating) -> None:
    print(
        f"{case:<28}{n:>7}{pairs:>15}{seconds:>10.3f}"
        f"{seating.repeat_pairs:>9}{seating.club_pairs:>12}"
    )


if __name__ == "__main__":
    main()
