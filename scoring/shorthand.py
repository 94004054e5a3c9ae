"""The event shorthand (000 *SHORTHAND SPECIFICATIONS*, 003 *Formas de Especificação*).

English: `SPELLFIRE: <Tournament Name> (<Variants, comma separated>)—<Victory> [<deck size>]`,
the parenthesised part only when variants are used. Portuguese (003, Regra 5.0):
`Spellfire: Decreto do Rei (Adivinha) – Ampliadas [75]`.

Parsing accepts every form the seeds print (SPEC §2): `SPELLFIRE®`, `SPELLFIRE<sup>Æ</sup>`,
`Spellfire:` in any case, with or without the colon, an em or en dash or ` – ` (or a plain
hyphen), a deck size with or without a space before it, names in English or Portuguese,
and an event title in place of a type name: a title that names no type is a Championship
(000's "SPELLFIRE® Regional Championship—Barbaric [55]") and the title is kept.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from scoring.model import DECK_SIZES, TournamentType, Variant, Victory

__all__ = [
    "Language",
    "ShorthandError",
    "ShorthandFormat",
    "parse_shorthand",
    "shorthand",
    "tournament_name",
]


class Language(StrEnum):
    """Languages the shorthand is printed in."""

    EN = "en"
    PT = "pt"


# Printed names are game terms; they stay as the rules texts print them.
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
# 003 *Tipos de campeonato*, as printed there (Portuguese capitalisation of titles).
TOURNAMENT_NAMES_PT: dict[str, str] = {
    "championship": "Campeonato",
    "conquerors-game": "Jogo dos Conquistadores",
    "kings-decree": "Decreto do Rei",
    "sealed-deck": "Baralho Lacrado",
    "masters-strategy": "Estratégias do Mestre",
    "no-xs": "Sem {digit}",
    "the-grind": "Moer",
    "rule-lawyers-delight": "Regra Lawyer's Delight",
    "shattered-land": "Terras Divididas",
    "team-spirit": "Espírito de Equipe",
    "warriors-rule": "Regra dos Guerreiros",
    "wizards-challenge": "Desafio dos Magos",
    "world-war": "Guerra Mundial",
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
# 003 *Variantes*; its shorthand example pairs "Adivinha" with 000's Questing.
VARIANT_NAMES_PT: dict[str, str] = {
    "allies": "Aliados",
    "destroyed-worlds": "Mundos Destruídos",
    "fear-of-undead": "Medo dos Mortos-Vivos",
    "dungeon-discard": "O Descarte da Carta Masmorra",
    "melon-rule": "Regra do Melão",
    "questing": "Adivinha",
    "sideboard": "Cartas Reservas",
}
VICTORY_NAMES: dict[str, str] = {
    "standard": "Standard",
    "enhanced": "Enhanced",
    "barbaric": "Barbaric",
    "barbaric-newbie": "Barbaric Newbie",
}
# 003 *Condições de Vitória* (Padrão, Ampliadas, Bárbaras); 003 has no Barbaric Newbie
# (004 only): its name is this project's choice.
VICTORY_NAMES_PT: dict[str, str] = {
    "standard": "Padrão",
    "enhanced": "Ampliadas",
    "barbaric": "Bárbaras",
    "barbaric-newbie": "Bárbaras Iniciante",
}
_NAMES: Mapping[Language, tuple[dict[str, str], dict[str, str], dict[str, str]]] = {
    Language.EN: (TOURNAMENT_NAMES, VARIANT_NAMES, VICTORY_NAMES),
    Language.PT: (TOURNAMENT_NAMES_PT, VARIANT_NAMES_PT, VICTORY_NAMES_PT),
}
_PREFIX = {Language.EN: "SPELLFIRE:", Language.PT: "Spellfire:"}
_DASH = {Language.EN: "—", Language.PT: " – "}
_NO_XS = {Language.EN: r"no-(\d)s", Language.PT: r"sem (\d)"}


@dataclass(frozen=True, slots=True)
class ShorthandFormat:
    """A parsed shorthand; ``title`` is the event title printed in place of a type name."""

    tournament_type: str
    victory: str
    deck_size: int
    variants: tuple[str, ...] = ()
    digit: int | None = None
    title: str | None = None


class ShorthandError(ValueError):
    """A shorthand that does not name a known format; ``code`` says which part is wrong."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


def tournament_name(
    tournament_type: str, digit: int | None = None, language: Language | str = Language.EN
) -> str:
    """The printed name of a tournament type (No-Xs shows its digit)."""
    name = _NAMES[Language(language)][0][tournament_type]
    return name.format(digit="X" if digit is None else digit)


def shorthand(
    tournament_type: str,
    victory: str,
    deck_size: int,
    variants: Sequence[str] = (),
    digit: int | None = None,
    language: Language | str = Language.EN,
) -> str:
    """Build the shorthand, e.g. ``SPELLFIRE: King's Decree (Questing)—Enhanced [75]``.

    In Portuguese: ``Spellfire: Decreto do Rei (Adivinha) – Ampliadas [75]`` (003).
    """
    language = Language(language)
    _types, variant_names, victory_names = _NAMES[language]
    text = f"{_PREFIX[language]} {tournament_name(tournament_type, digit, language)}"
    if variants:
        text += " (" + ", ".join(variant_names[v] for v in variants) + ")"
    return f"{text}{_DASH[language]}{victory_names[victory]} [{deck_size}]"


_SPELLFIRE = re.compile(r"^\s*spellfire\s*(?:®|<sup>\s*Æ\s*</sup>|Æ)?\s*:?\s*", re.IGNORECASE)
_SIZE = re.compile(r"\[\s*(\d+)\s*\]\s*$")
_DASHES = "—–-"
_EXAMPLE = "A shorthand looks like: SPELLFIRE: King's Decree (Questing)—Enhanced [75]"


def _fold(text: str) -> str:
    """Compare names ignoring case, spacing and the apostrophe's shape."""
    return " ".join(text.replace("’", "'").replace("''", "'").split()).casefold()


def _lookup(kind: int, printed: str) -> str | None:
    wanted = _fold(printed)
    for names in _NAMES.values():
        for identifier, name in names[kind].items():
            if _fold(name) == wanted:
                return identifier
    return None


def _parse_tournament(printed: str) -> tuple[str, int | None, str | None]:
    """Type, No-Xs digit and kept title of the name part."""
    folded = _fold(printed)
    for pattern in _NO_XS.values():
        match = re.fullmatch(pattern, folded)
        if match:
            return TournamentType.NO_XS, int(match.group(1)), None
    if folded in ("no-xs", "sem x"):
        raise ShorthandError("no-xs-digit", "A No-Xs tournament names its digit, e.g. No-9s")
    identifier = _lookup(0, printed)
    if identifier is not None:
        return identifier, None, None
    # An event title: the one type it names, else a Championship (000's first example).
    named = {
        identifier
        for names in _NAMES.values()
        for identifier, name in names[0].items()
        if identifier not in (TournamentType.CHAMPIONSHIP, TournamentType.NO_XS)
        and _fold(name) in folded
    }
    kind = named.pop() if len(named) == 1 else TournamentType.CHAMPIONSHIP
    return str(kind), None, " ".join(printed.split())


def _split_variants(head: str) -> tuple[str, str]:
    """The name part and the text inside a trailing pair of parentheses ('' if none)."""
    head = head.rstrip()
    if not head.endswith(")") or "(" not in head:
        return head, ""
    opening = head.rindex("(")
    return head[:opening].rstrip(), head[opening + 1 : -1]


def _parse_variants(text: str) -> tuple[str, ...]:
    variants: list[str] = []
    for printed in (part.strip() for part in text.split(",")):
        if not printed:
            continue
        identifier = _lookup(1, printed)
        if identifier is None:
            raise ShorthandError("unknown-variant", f"Unknown variant: {printed!r}")
        if identifier in variants:
            raise ShorthandError("variant-twice", f"Variant listed twice: {printed!r}")
        variants.append(identifier)
    return tuple(variants)


def parse_shorthand(text: str) -> ShorthandFormat:
    """Read a shorthand back into its format; raises ShorthandError naming what is wrong."""
    prefix = _SPELLFIRE.match(text)
    size_match = _SIZE.search(text)
    if prefix is None or size_match is None:
        raise ShorthandError("form", _EXAMPLE)
    body = text[prefix.end() : size_match.start()].rstrip()
    cut = max(body.rfind(dash) for dash in _DASHES)
    if cut <= 0:
        raise ShorthandError("form", _EXAMPLE)
    head, printed_victory = body[:cut], body[cut + 1 :].strip()
    name, variant_text = _split_variants(head)
    if not name:
        raise ShorthandError("form", _EXAMPLE)
    tournament_type, digit, title = _parse_tournament(name)
    variants = _parse_variants(variant_text)
    size = int(size_match.group(1))
    if size not in DECK_SIZES:
        sizes = ", ".join(map(str, DECK_SIZES))
        raise ShorthandError("deck-size", f"Unknown deck size: {size} (one of {sizes})")
    victory = _lookup(2, printed_victory)
    if victory is None:
        raise ShorthandError("unknown-victory", f"Unknown victory condition: {printed_victory!r}")
    return ShorthandFormat(
        str(TournamentType(tournament_type)),
        str(Victory(victory)),
        size,
        tuple(str(Variant(v)) for v in variants),
        digit,
        title,
    )
