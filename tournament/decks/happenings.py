"""What the decklist services announce (`core/happenings.py`)."""

from __future__ import annotations

from dataclasses import dataclass

from tournament.core.happenings import Happening
from tournament.decks.models import DecklistChange


@dataclass(frozen=True)
class DecklistChanged(Happening):
    """A decklist's text changed (`change`: before and after, who, why, whether the list was
    locked, its status now)."""

    change: DecklistChange
