"""Decklist rules for the site, one module per idea: `checking` (reading and validating a
list), `visibility` (who may see and change it, which lists are public), `saving` (drafts,
the lock, judges' changes, stored statuses), `display` (a list shaped for pages and the
printed sheet), `swaps` (sideboard swaps between games) and `deck_checks`.

Callers import from those modules; the metagame (`decks/metagame.py`, `leagues/metagame.py`)
and the printed decklist (`printing/documents.py`) still read the few names below from the
package."""

from tournament.decks.services.checking import (
    card_data_token,
    check_decklist,
    deck_format_of,
    format_key,
)
from tournament.decks.services.display import decklist_for_print
from tournament.decks.services.visibility import public_registrations

__all__ = [
    "card_data_token",
    "check_decklist",
    "deck_format_of",
    "decklist_for_print",
    "format_key",
    "public_registrations",
]
