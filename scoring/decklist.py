"""Plain-text decklist parser: one card a line, `[N ]Name[ (SET/NUMBER)]` (pure Python)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from scoring.cards import CHAMPION_TYPES, Card, CardIndex, normalize_card_id, normalize_name
from scoring.deckformat import GROUP_PLURALS, Problem, problem

# Message templates: %(name)s placeholders so the Django side can wrap them with gettext.
MSG_UNKNOWN_CARD = 'Line %(line)s: unknown card "%(name)s". Closest matches: %(suggestions)s.'
MSG_UNKNOWN_CARD_NO_MATCH = 'Line %(line)s: unknown card "%(name)s" (no similar name).'
MSG_UNKNOWN_NUMBER = "Line %(line)s: no card has the number %(card_id)s."
MSG_PLACEHOLDER = "Line %(line)s: %(card_id)s is not a card (placeholder: %(note)s)"
MSG_NUMBER_MISMATCH = 'Line %(line)s: %(card_id)s is "%(card_name)s", not "%(name)s".'
MSG_NUMBER_MISMATCH_HINT = (
    'Line %(line)s: %(card_id)s is "%(card_name)s", not "%(name)s" (printed as %(printings)s).'
)
MSG_AMBIGUOUS = (
    'Line %(line)s: "%(name)s" is ambiguous: %(options)s. '
    "Add the number or put it under a type heading."
)
MSG_BAD_COUNT = "Line %(line)s: the count must be at least 1."
MSG_UNKNOWN_SECTION = 'Line %(line)s: "%(header)s" is not a card type heading.'

_COUNT_RE = re.compile(
    r"^(?P<count>\d+)\s*(?:[xX\u00d7]\s*)?\s(?P<rest>.*)$|^(?P<c2>\d+)[xX\u00d7](?P<r2>.*)$"
)
_PAREN_RE = re.compile(r"^(?P<name>.*?)\s*\((?P<id>[^()]*)\)\s*$")
_HEADER_COUNT_RE = re.compile(r"\s*(?:\(\s*\d+\s*\)|\d+)\s*$")

SIDEBOARD = "sideboard"
MAIN = "main"


def _section_names() -> dict[str, frozenset[str] | str]:
    """Normalized heading → the card types it holds (or SIDEBOARD / MAIN)."""
    types = {t for t in GROUP_PLURALS if t != "Champion"} | set(CHAMPION_TYPES)
    names: dict[str, frozenset[str] | str] = {}
    for card_type in types:
        names[normalize_name(card_type)] = frozenset({card_type})
        names[normalize_name(card_type) + "s"] = frozenset({card_type})
    for group, plural in GROUP_PLURALS.items():
        group_types = CHAMPION_TYPES if group == "Champion" else frozenset({group})
        names[normalize_name(plural)] = frozenset(group_types)
    extra = {
        "champion": CHAMPION_TYPES,
        "champions": CHAMPION_TYPES,
        "avatar": CHAMPION_TYPES,
        "avatars": CHAMPION_TYPES,
        "thieves": {"Thief"},
        "allies": {"Ally"},
        "rules": {"Rule"},
        "magicitems": {"Magical Item"},
        "spells": {"Wizard Spell", "Cleric Spell"},
        "thiefskills": {"Thief Ability"},
        "thiefskill": {"Thief Ability"},
        "bloodabilities": {"Blood Ability"},
        "psionicpowers": {"Psionic Power"},
        "unarmedcombat": {"Unarmed Combat"},
        "unarmedcombats": {"Unarmed Combat"},
    }
    names.update({k: frozenset(v) for k, v in extra.items()})
    names.update({normalize_name(k): frozenset(v) for k, v in PORTUGUESE_HEADINGS.items()})
    names.update({"sideboard": SIDEBOARD, "deck": MAIN, "maindeck": MAIN, "main": MAIN})
    names.update({"cartasreservas": SIDEBOARD, "reservas": SIDEBOARD})
    names.update({"baralho": MAIN, "baralhoprincipal": MAIN})
    return names


# Brazilian players paste lists with the headings of Regra 5.0 (003), e.g. "Reinos:".
PORTUGUESE_HEADINGS: dict[str, set[str]] = {
    "Reino": {"Realm"},
    "Reinos": {"Realm"},
    "Fortalezas": {"Holding"},
    "Campeões": set(CHAMPION_TYPES),
    "Heróis": {"Hero"},
    "Magos": {"Wizard"},
    "Clérigos": {"Cleric"},
    "Monstros": {"Monster"},
    "Psionicistas": {"Psionicist"},
    "Regentes": {"Regent"},
    "Ladrões": {"Thief"},
    "Aliados": {"Ally"},
    "Artefatos": {"Artifact"},
    "Itens mágicos": {"Magical Item"},
    "Eventos": {"Event"},
    "Cartas regra": {"Rule"},
    "Regras": {"Rule"},
    "Feitiços de mago": {"Wizard Spell"},
    "Feitiços arcanos": {"Wizard Spell"},
    "Feitiços de clérigo": {"Cleric Spell"},
    "Feitiços": {"Wizard Spell", "Cleric Spell"},
    "Poderes psiônicos": {"Psionic Power"},
    "Habilidades de sangue": {"Blood Ability"},
    "Habilidades de ladrão": {"Thief Ability"},
    "Combate desarmado": {"Unarmed Combat"},
    "Masmorra": {"Dungeon"},
    "Masmorras": {"Dungeon"},
}


SECTION_NAMES = _section_names()


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """A resolved decklist line: `count` copies of `card`."""

    card: Card
    count: int = 1
    line: int | None = None
    explicit_number: bool = True
    # Other printings the line may mean when it gave no number (No-Xs needs them).
    alternatives: tuple[Card, ...] = ()
    sideboard: bool = False


@dataclass(frozen=True, slots=True)
class ParsedDeck:
    """Parser result: main deck, sideboard and the problems of unresolved lines."""

    entries: tuple[DeckEntry, ...]
    sideboard: tuple[DeckEntry, ...]
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        """True when every line resolved to a card."""
        return not self.problems


def _split_count(text: str) -> tuple[int, str]:
    """Leading `N`, `Nx` or `N x` count (default 1) and the rest of the line."""
    match = _COUNT_RE.match(text)
    if not match:
        return 1, text
    if match["count"] is not None:
        return int(match["count"]), match["rest"].strip()
    return int(match["c2"]), match["r2"].strip()


def _split_number(text: str) -> tuple[str, str | None]:
    """Name and the `(SET/NUMBER)` part when it parses as a card id."""
    match = _PAREN_RE.match(text)
    if match and normalize_card_id(match["id"]):
        return match["name"].strip(), match["id"].strip()
    return text, None


def _header(text: str) -> tuple[str, frozenset[str] | str | None] | None:
    """(heading, its section) for a line ending with ':', else None."""
    if not text.endswith(":"):
        return None
    heading = _HEADER_COUNT_RE.sub("", text[:-1]).strip()
    return heading, SECTION_NAMES.get(normalize_name(heading))


def _describe(index: CardIndex, key: str) -> str:
    card = index.representative(key)
    return f"{card.name} ({card.type}, {card.card_id})"


class _Parser:
    """Line-by-line state: current section and sideboard flag."""

    def __init__(self, index: CardIndex) -> None:
        self.index = index
        self.types: frozenset[str] | None = None
        self.sideboard = False
        self.entries: list[DeckEntry] = []
        self.side: list[DeckEntry] = []
        self.problems: list[Problem] = []

    def feed(self, line_no: int, raw: str) -> None:
        text = raw.strip()
        if not text or text.startswith("#"):
            return
        header = _header(text)
        if header is not None:
            self._set_section(line_no, *header)
            return
        count, rest = _split_count(text)
        if count < 1:
            self.problems.append(problem("bad_count", MSG_BAD_COUNT, line=line_no))
            return
        name, card_id = _split_number(rest)
        entry = self._resolve(line_no, name, card_id, count)
        if entry is not None:
            (self.side if self.sideboard else self.entries).append(entry)

    def _set_section(self, line_no: int, heading: str, section: object) -> None:
        if section is None:
            self.problems.append(
                problem("unknown_section", MSG_UNKNOWN_SECTION, line=line_no, header=heading)
            )
        elif section == SIDEBOARD:
            self.sideboard, self.types = True, None
        elif section == MAIN:
            self.sideboard, self.types = False, None
        else:
            self.types = section  # type: ignore[assignment]

    def _resolve(self, line: int, name: str, card_id: str | None, count: int) -> DeckEntry | None:
        if card_id is not None:
            return self._resolve_number(line, name, card_id, count)
        keys = self.index.identity_keys_for_name(name)
        if len(keys) > 1 and self.types:
            # A type heading settles same-name cards of different types (Mind Flayer).
            keys = tuple(k for k in keys if k.split("|", 1)[0] in self.types) or keys
        if not keys:
            self._unknown_name(line, name)
            return None
        if len(keys) > 1:
            options = ", ".join(_describe(self.index, k) for k in keys)
            self.problems.append(
                problem("ambiguous_card", MSG_AMBIGUOUS, line=line, name=name, options=options)
            )
            return None
        card = self.index.representative(keys[0])
        others = tuple(c for c in self.index.printings(keys[0]) if c is not card)
        return DeckEntry(card, count, line, False, others, self.sideboard)

    def _resolve_number(self, line: int, name: str, card_id: str, count: int) -> DeckEntry | None:
        card = self.index.by_id(card_id)
        if card is None:
            hole = self.index.placeholder(card_id)
            if hole is not None:
                self.problems.append(
                    problem(
                        "placeholder",
                        MSG_PLACEHOLDER,
                        line=line,
                        card_id=hole.card_id,
                        note=hole.note,
                    )
                )
            else:
                self.problems.append(
                    problem("unknown_number", MSG_UNKNOWN_NUMBER, line=line, card_id=card_id)
                )
            return None
        if name and not self.index.name_matches(name, card, card_id):
            self._mismatch(line, name, card)
            return None
        return DeckEntry(card, count, line, True, (), self.sideboard)

    def _mismatch(self, line: int, name: str, card: Card) -> None:
        params = {"card_id": card.card_id, "card_name": card.name, "name": name}
        printings = [
            c.card_id
            for k in self.index.identity_keys_for_name(name)
            for c in self.index.printings(k)
        ]
        if printings:
            template = MSG_NUMBER_MISMATCH_HINT
            params["printings"] = ", ".join(printings[:8])
        else:
            template = MSG_NUMBER_MISMATCH
        self.problems.append(problem("number_mismatch", template, line=line, **params))

    def _unknown_name(self, line: int, name: str) -> None:
        close = self.index.suggestions(name)
        if close:
            self.problems.append(
                problem(
                    "unknown_card",
                    MSG_UNKNOWN_CARD,
                    line=line,
                    name=name,
                    suggestions=", ".join(close),
                )
            )
        else:
            self.problems.append(
                problem("unknown_card", MSG_UNKNOWN_CARD_NO_MATCH, line=line, name=name)
            )


def parse_decklist(text: str, index: CardIndex) -> ParsedDeck:
    """Parse a pasted decklist; every unresolved line becomes a Problem with its line number."""
    parser = _Parser(index)
    for line_no, raw in enumerate(text.splitlines(), start=1):
        parser.feed(line_no, raw)
    return ParsedDeck(tuple(parser.entries), tuple(parser.side), tuple(parser.problems))
