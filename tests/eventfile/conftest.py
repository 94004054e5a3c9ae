"""Helpers of the event-file tests: sample files, running the commands, a played site event."""

from __future__ import annotations

import copy
import datetime
import io
import json
import random
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.accounts.models import Player
from tournament.events.models import Event, Registration
from tournament.events.simulate import run_event

DATA = Path(__file__).resolve().parent.parent / "scoring" / "data"
VALID = [*sorted(p.name for p in DATA.glob("valid_*.json")), "spec_example.json"]
INVALID = sorted(p.name for p in DATA.glob("invalid_*.json"))


def sample(name: str) -> dict:
    """A sample event file of tests/scoring/data, decoded."""
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def run(command: str, *args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    """Run a management command in-process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    extra = {} if stdin is None else {"stdin": io.TextIOWrapper(io.BytesIO(stdin), "utf-8")}
    try:
        call_command(command, *args, stdout=out, stderr=err, **extra)
    except CommandError as error:
        return error.returncode, out.getvalue(), err.getvalue() + str(error)
    return 0, out.getvalue(), err.getvalue()


def write(tmp_path: Path, data: dict | str, name: str = "event.json") -> str:
    """Write an event file (a dict as JSON, or raw text) and return its path."""
    path = tmp_path / name
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    return str(path)


def _game(winner: str, counts: dict[str, int]) -> dict:
    return {"winner": winner, "ended_by": "victory", "unrazed": counts}


def _two_nil(players: list[str]) -> list[dict]:
    first, second, third = players
    counts = {first: 6, second: 4, third: 3}
    return [_game(first, counts), _game(first, counts)]


def worked_example() -> dict:
    """SPEC §6's worked example as the final (round 5) of a 6-player file, last-bracket points.

    Rounds 1-4 are two brackets each (so none is a final); round 5 is Mike, John and Jim.
    """
    data = copy.deepcopy(sample("spec_example.json"))
    data["points_mode"] = "last-bracket"
    data["players"] += [
        {"id": f"p{i}", "name": name, "player_number": str(1000 + i)}
        for i, name in ((4, "Ann"), (5, "Bea"), (6, "Cy"))
    ]
    early = [
        {
            "number": n,
            "brackets": [
                {"table": 1, "players": ["p1", "p2", "p3"], "games": _two_nil(["p1", "p2", "p3"])},
                {"table": 2, "players": ["p4", "p5", "p6"], "games": _two_nil(["p4", "p5", "p6"])},
            ],
        }
        for n in range(1, 5)
    ]
    mike, jim, john = "p1", "p2", "p3"
    games = [
        _game(mike, {mike: 6, jim: 4, john: 4}),
        _game(john, {mike: 5, jim: 3, john: 6}),
        _game(jim, {mike: 4, jim: 6, john: 4}),
        _game(mike, {mike: 6, jim: 5, john: 5}),
    ]
    final = {"number": 5, "brackets": [{"table": 1, "players": [mike, jim, john], "games": games}]}
    data["rounds"] = [*early, final]
    return data


def build_site_event(organizer: Player, judges: list[Player], n: int, seed: int) -> Event:
    """An event created in the site with n players (no accounts), played to the finish."""
    event = Event.objects.create(
        name=f"Site Open {n}",
        date=datetime.date(2026, 5, 2),
        venue="Lisboa — Café",
        organizer=organizer,
        status="registration",
    )
    event.judges.set(judges)
    start = Player.objects.count()
    players = Player.objects.bulk_create(
        Player(player_number=f"S{start + i:05d}", name=f"Jogador {i % 7} Ç{i:02d}")
        for i in range(n)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in players
    )
    run_event(event, random.Random(seed))
    event.refresh_from_db()
    return event


@pytest.fixture
def officials(organizer, judge, second_judge) -> tuple[Player, list[Player]]:
    return organizer, [judge, second_judge]
