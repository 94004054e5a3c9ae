"""What the result services announce (`core/happenings.py`). Each carries the objects the
service holds (the bracket with its round, event and seats loaded), so a subscriber reads
nothing of them again."""

from __future__ import annotations

from dataclasses import dataclass

from tournament.core.happenings import Happening
from tournament.events.models import Bracket, Event
from tournament.results.models import Game, GameEntry


@dataclass(frozen=True)
class EntryWaiting(Happening):
    """A new entry waits for a confirmation: a judge's (a second official confirms it) or,
    `reported`, a seated player's report (a judge confirms it); `differing`: other entries
    of the same game wait too, with another result (an agreeing one would have confirmed)."""

    event: Event
    bracket: Bracket
    entry: GameEntry
    reported: bool
    differing: bool


@dataclass(frozen=True)
class GamesConfirmed(Happening):
    """Entries became the accepted result of their games (`entries`, in game order);
    `games` are all the bracket's accepted games now, in game order."""

    event: Event
    bracket: Bracket
    games: tuple[Game, ...]
    entries: tuple[GameEntry, ...]


@dataclass(frozen=True)
class EntryCorrected(Happening):
    """A confirmed correction replaced the accepted result of a game: `before` is the entry
    it replaced (None when the game was stored without one: an import, a simulation)."""

    event: Event
    bracket: Bracket
    before: GameEntry | None
    after: GameEntry


@dataclass(frozen=True)
class TiebreakDecided(Happening):
    """A judge ordered a bracket's tied players."""

    event: Event
    bracket: Bracket
