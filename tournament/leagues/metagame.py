"""A league's metagame reads: the public lists that count in a league (season).

The statistics and the reading of lists are the metagame's (`decks/metagame.py`); a league
narrows them to its scope, the one its table counts (`services.counts_q`).
"""

from __future__ import annotations

from tournament.decks.metagame import Format, in_format, public_lists
from tournament.decks.services.visibility import public_registrations
from tournament.leagues.models import League
from tournament.leagues.services import counts_q


def league_public(league: League):
    """The public lists that count in a league: of its events accepted for the ranking (the
    ones its table counts) and its countries' players."""
    return public_registrations().filter(counts_q(league), event__scoring__ranked=True)


def league_lists(public, fmt: Format | None = None):
    """A league's public lists (`league_public`), of one format when given, in the pages'
    order."""
    return public_lists(in_format(public, fmt) if fmt else public)
