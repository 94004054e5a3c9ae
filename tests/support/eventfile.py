"""Event files: the sample files of tests/scoring/data, SPEC §6's worked example as a file,
an event played in the site."""

from __future__ import annotations

import copy
import datetime
import json
import random
from pathlib import Path

from scoring.advancement import advance
from scoring.brackets import bracket_sizes
from scoring.eventfile import parse_event
from tournament.accounts.models import Player
from tournament.events.models import Event, Registration
from tournament.rounds.simulate import run_event

DATA = Path(__file__).resolve().parent.parent / "scoring" / "data"
VALID = [*sorted(p.name for p in DATA.glob("valid_*.json")), "spec_example.json"]
INVALID = sorted(p.name for p in DATA.glob("invalid_*.json"))


def sample(name: str) -> dict:
    """A sample event file of tests/scoring/data, decoded."""
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def write(tmp_path: Path, data: dict | str, name: str = "event.json") -> str:
    """Write an event file (a dict as JSON, or raw text) and return its path."""
    path = tmp_path / name
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    return str(path)


def _game(winner: str, counts: dict[str, int]) -> dict:
    return {"winner": winner, "ended_by": "victory", "unrazed": counts}


def _two_nil(players: list[str]) -> list[dict]:
    counts = {p: 6 if i == 0 else 5 - i for i, p in enumerate(players)}
    return [_game(players[0], counts), _game(players[0], counts)]


def worked_example() -> dict:
    """SPEC §6's worked example as the final (round 5) of a file, last-bracket points.

    Reaching round 5 by the advancement rules (SPEC §6) takes 135 players: 45 brackets,
    then 15, then 5 (5 winners and a wildcard), then 2 (2 winners and a wildcard), then
    the final. Every bracket before the final is won 2-0 by its first seat; the final's
    three players are renamed Mike, Jim and John and play 000's four games.
    """
    data = copy.deepcopy(sample("spec_example.json"))
    data["points_mode"] = "last-bracket"
    data["players"] = [
        {"id": f"p{i}", "name": f"Player {i}", "player_number": str(1000 + i)}
        for i in range(1, 136)
    ]
    data["rounds"] = []
    seated = [p["id"] for p in data["players"]]
    for number in range(1, 5):
        brackets, start = [], 0
        for table, size in enumerate(bracket_sizes(len(seated)), start=1):
            players = seated[start : start + size]
            brackets.append({"table": table, "players": players, "games": _two_nil(players)})
            start += size
        data["rounds"].append({"number": number, "brackets": brackets})
        seated = list(advance(parse_event(data)).advancing)
    mike, jim, john = seated
    names = {mike: "Mike", jim: "Jim", john: "John"}
    for player in data["players"]:
        player["name"] = names.get(player["id"], player["name"])
    games = [
        _game(mike, {mike: 6, jim: 4, john: 4}),
        _game(john, {mike: 5, jim: 3, john: 6}),
        _game(jim, {mike: 4, jim: 6, john: 4}),
        _game(mike, {mike: 6, jim: 5, john: 5}),
    ]
    final = {"number": 5, "brackets": [{"table": 1, "players": [mike, jim, john], "games": games}]}
    data["rounds"].append(final)
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
