"""One-on-one events: the shared event made one-on-one, its matches played through the
services the pages call (a judge enters, a second judge confirms)."""

import uuid

from tests.support.events import add_players
from tests.support.results import seated
from tournament.events.models import Bracket, Event
from tournament.results.services import GameData, confirm_entry, submit_entry

VICTORY = "victory"
TIME = "time"


def one_on_one(event: Event, players: int, **fields) -> Event:
    """The shared `event` made one-on-one with `players` checked-in players."""
    event.structure = "one-on-one"
    event.best_of = fields.pop("best_of", 1)
    for name, value in fields.items():
        setattr(event, name, value)
    event.save()
    add_players(event, players)
    return event


def play_game(
    bracket: Bracket, winner, realms: dict, judge, second_judge, *, ended_by=VICTORY, **counts
):
    """One game of a match: `realms` maps each player to his unrazed realms; `razed` and
    `holdings` (same shape) when a game ended by time needs them."""
    number = bracket.games.count() + 1
    data = GameData(
        winner=winner.pk if winner else None,
        ended_by=ended_by,
        unrazed={str(p.pk): n for p, n in realms.items()},
        **{name: {str(p.pk): n for p, n in value.items()} for name, value in counts.items()},
    )
    outcome = submit_entry(bracket, data, judge, uuid.uuid4(), number=number)
    confirm_entry(outcome.entry, second_judge)


def win(bracket: Bracket, winner, judge, second_judge, *, best_of: int = 1) -> None:
    """The winner takes the match: 6 unrazed realms to 2 in each game he needs."""
    loser = next(p for p in seated(bracket) if p != winner)
    for _ in range(best_of // 2 + 1):
        play_game(bracket, winner, {winner: 6, loser: 2}, judge, second_judge)
