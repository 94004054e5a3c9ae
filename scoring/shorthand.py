"""The event shorthand of the community rules (000 *SHORTHAND SPECIFICATIONS*).

`SPELLFIRE: <Tournament Name> (<Variants, comma separated>)—<Victory> [<deck size>]`,
the parenthesised part only when variants are used.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass

# Printed names are game terms; they stay as the rules print them in every language.
TOURNAMENT_NAMES: dict[str, str] = {
    "championship": "Championship",
    "conquerors-game": "Conqueror's Game",
    "kings-decree": "King's Decree",
    "sealed-deck": "Sealed Deck",
    "masters-strategy": "Master's Strategy",
    "no-xs": "No-{digit}s",
    "the-grind": "The Grind",
    "rule-lawyers-delight": "Rule Lawyer's Delight",
    "shattered-land": "Shattered Land",
    "team-spirit": "Team Spirit",
    "warriors-rule": "Warrior's Rule",
    "wizards-challenge": "Wizard's Challenge",
    "world-war": "World War!",
    "card-heart-attack": "Infarte no Coração das Cartas",
}
VARIANT_NAMES: dict[str, str] = {
    "allies": "Allies",
    "destroyed-worlds": "Destroyed Worlds",
    "fear-of-undead": "Fear of Undead",
    "dungeon-discard": "The Dungeon Discard",
    "melon-rule": "Melon Rule",
    "questing": "Questing",
    "sideboard": "Sideboard",
}
VICTORY_NAMES: dict[str, str] = {
    "standard": "Standard",
    "enhanced": "Enhanced",
    "barbaric": "Barbaric",
    "barbaric-newbie": "Barbaric Newbie",
}
DECK_SIZES = (25, 55, 75, 110)


@dataclass(frozen=True, slots=True)
class ShorthandFormat:
    tournament_type: str
    victory: str
    deck_size: int
    variants: tuple[str, ...] = ()
    digit: int | None = None


class ShorthandError(ValueError):
    """A shorthand that does not name a known format."""


def tournament_name(tournament_type: str, digit: int | None = None) -> str:
    """The printed name of a tournament type (No-Xs shows its digit)."""
    name = TOURNAMENT_NAMES[tournament_type]
    return name.format(digit="X" if digit is None else digit)


def shorthand(
    tournament_type: str,
    victory: str,
    deck_size: int,
    variants: Sequence[str] = (),
    digit: int | None = None,
) -> str:
    """Build the shorthand, e.g. ``SPELLFIRE: King's Decree (Questing)—Enhanced [75]``."""
    text = f"SPELLFIRE: {tournament_name(tournament_type, digit)}"
    if variants:
        text += " (" + ", ".join(VARIANT_NAMES[v] for v in variants) + ")"
    return f"{text}—{VICTORY_NAMES[victory]} [{deck_size}]"


_SHORTHAND = re.compile(
    r"^\s*SPELLFIRE:\s*(?P<name>.+?)\s*(?:\((?P<variants>[^)]*)\))?\s*[—–-]+\s*"
    r"(?P<victory>[A-Za-z ]+?)\s*\[(?P<size>\d+)\]\s*$"
)


def _lookup(table: dict[str, str], printed: str, what: str) -> str:
    for identifier, name in table.items():
        if name.casefold() == printed.strip().casefold():
            return identifier
    raise ShorthandError(f"Unknown {what}: {printed.strip()!r}")


def _parse_tournament(printed: str) -> tuple[str, int | None]:
    no_xs = re.fullmatch(r"No-(\d)s", printed.strip(), flags=re.IGNORECASE)
    if no_xs:
        return "no-xs", int(no_xs.group(1))
    return _lookup(TOURNAMENT_NAMES, printed, "tournament type"), None


def parse_shorthand(text: str) -> ShorthandFormat:
    """Read a shorthand back into its format; raises ShorthandError naming what is wrong."""
    match = _SHORTHAND.match(text)
    if not match:
        raise ShorthandError(
            "A shorthand looks like: SPELLFIRE: King's Decree (Questing)—Enhanced [75]"
        )
    tournament_type, digit = _parse_tournament(match["name"])
    variants = tuple(
        _lookup(VARIANT_NAMES, name, "variant")
        for name in (match["variants"] or "").split(",")
        if name.strip()
    )
    size = int(match["size"])
    if size not in DECK_SIZES:
        raise ShorthandError(f"Unknown deck size: {size} (one of 25, 55, 75, 110)")
    victory = _lookup(VICTORY_NAMES, match["victory"], "victory condition")
    return ShorthandFormat(tournament_type, victory, size, variants, digit)
