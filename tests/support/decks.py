"""Decklist texts: the sample decklists of tests/scoring/decks."""

from pathlib import Path

DECKS = Path(__file__).resolve().parents[1] / "scoring" / "decks"


def deck_text(name: str) -> str:
    return (DECKS / name).read_text(encoding="utf-8")


# The sideboard variant's sample lists: legal_community_55.txt holds Shadowdale (1st/004) and
# 1st/102; sideboard_7.txt holds Sword Coast (1st/017).
LEGAL = deck_text("legal_community_55.txt")
SIDEBOARD7 = deck_text("sideboard_7.txt").strip()
OUT, IN = "1st/004", "1st/017"


def round_one_table(event, registration, other_registration):
    """Round 1 of `event` seated at one table: the two registrations, then a third player."""
    from tests.support.players import make_player
    from tournament.events.models import Bracket, Registration, Round, Seat

    third = Registration.objects.create(event=event, player=make_player("third", "Tia Third"))
    rnd = Round.objects.create(event=event, number=1, seed=1)
    bracket = Bracket.objects.create(round=rnd, table=1)
    for position, reg in enumerate((registration, other_registration, third), start=1):
        Seat.objects.create(bracket=bracket, registration=reg, position=position)
    return bracket
