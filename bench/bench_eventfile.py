"""Checking a large event file: parse + every rule, advancement included (prints figures).

Builds, for each N, a file of N players played to the final (every bracket won 2-0 by its
first seat; the next round seats the players `advance` picks) and times `read_event` on
its JSON text. Run: ``.venv/bin/python -m bench.bench_eventfile [N ...]``.
"""

from __future__ import annotations

import datetime as dt
import json
import sys
import time

from scoring.advancement import advance
from scoring.brackets import bracket_sizes
from scoring.eventfile import event_to_dict, parse_event, read_event
from scoring.model import Bracket, EventRecord, Format, Game, Official, PlayerRef, Round


def _two_nil(table: int, players: list[str]) -> Bracket:
    counts = {p: 6 if i == 0 else 5 - i for i, p in enumerate(players)}
    game = Game(players[0], "victory", counts)
    return Bracket(table, players, (game, game))


def played_event(n: int) -> EventRecord:
    """N players, every round seated by the advancement rules, up to the final."""
    players = tuple(PlayerRef(f"p{i}", f"Player {i}", str(10000 + i)) for i in range(1, n + 1))
    coordinator = Official("Bench Organiser", "C-1", False, "coordinator")
    event = EventRecord(Format(), "Bench Open", dt.date(2026, 1, 1), "X", coordinator, (), players)
    seated = [p.id for p in players]
    while True:
        brackets, start = [], 0
        sizes = bracket_sizes(len(seated))
        for table, size in enumerate(sizes, start=1):
            brackets.append(_two_nil(table, seated[start : start + size]))
            start += size
        number = len(event.rounds) + 1
        event = EventRecord(
            **{**_fields(event), "rounds": (*event.rounds, Round(number, brackets))}
        )
        if len(sizes) == 1:
            return event
        seated = list(advance(event).advancing)


def _fields(event: EventRecord) -> dict:
    return {name: getattr(event, name) for name in EventRecord.__dataclass_fields__}


def main(sizes: list[int]) -> None:
    print(f"{'players':>8} {'rounds':>6} {'issues':>6} {'read_event':>11}")
    for n in sizes:
        text = json.dumps(event_to_dict(played_event(n)))
        start = time.perf_counter()
        record, issues = read_event(text)
        seconds = time.perf_counter() - start
        assert record is not None and parse_event(text) == record
        print(f"{n:>8} {len(record.rounds):>6} {len(issues):>6} {seconds * 1000:>8.0f} ms")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [100, 1000, 3000])
