"""Plain-text decklist parser: one card a line, `[N ]Name[ (SET/NUMBER)]` (pure Python)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from scoring.cards import CHAMPION_TYPES, Card, CardIndex, normalize_card_id, normalize_name
from scoring.deckformat import DECK_SIZES, GROUP_PLURALS, MessageTemplate, Problem, problem

# Hostile input is refused before any work that grows with it: the whole text, the number
# of lines, one line's length and a line's count are capped (a 110-card list is ~5,000
# characters and ~150 lines). Counts are never expanded into one item per card.
MAX_DECKLIST_CHARS = 20_000
MAX_DECKLIST_LINES = 400
MAX_LINE_CHARS = 200
MAX_LINE_COUNT = max(DECK_SIZES)
# Closest-name suggestions cost ~30 ms a line: only the first unknown lines get them.
MAX_SUGGESTED_LINES = 10
_MAX_COUNT_DIGITS = len(str(MAX_LINE_COUNT))

# Message templates: %(name)s placeholders so the Django side can wrap them with gettext.
MSG_UNKNOWN_CARD = MessageTemplate(
    "unknown-card",
    'Line %(line)s: unknown card "%(name)s". Closest matches: %(suggestions)s.',
)
MSG_UNKNOWN_CARD_NO_MATCH = MessageTemplate(
    "unknown-card-no-match", 'Line %(line)s: unknown card "%(name)s" (no similar name).'
)
MSG_UNKNOWN_CARD_UNSUGGESTED = MessageTemplate(
    "unknown-card-unsuggested",
    'Line %(line)s: unknown card "%(name)s" (too many unknown lines to suggest names).',
)
MSG_UNKNOWN_NUMBER = MessageTemplate(
    "unknown-number", "Line %(line)s: no card has the number %(card_id)s."
)
MSG_PLACEHOLDER = MessageTemplate(
    "placeholder",
    "Line %(line)s: %(card_id)s is not a card (placeholder: %(note)s)",
)
MSG_NUMBER_MISMATCH = MessageTemplate(
    "number-mismatch",
    'Line %(line)s: %(card_id)s is "%(card_name)s", not "%(name)s".',
)
MSG_NUMBER_MISMATCH_HINT = MessageTemplate(
    "number-mismatch-hint",
    'Line %(line)s: %(card_id)s is "%(card_name)s", not "%(name)s" (printed as %(printings)s).',
)
MSG_AMBIGUOUS = MessageTemplate(
    "ambiguous",
    'Line %(line)s: "%(name)s" is ambiguous: %(options)s. '
    "Add the number or put it under a type heading.",
)
MSG_AMBIGUOUS_CHOICE = MessageTemplate(
    "ambiguous-choice",
    'Line %(line)s: "%(name)s" could be more than one card: %(options)s. '
    "Which one? Write its exact name or add its number.",
)
MSG_BAD_COUNT = MessageTemplate("bad-count", "Line %(line)s: the count must be at least 1.")
MSG_COUNT_TOO_LARGE = MessageTemplate(
    "count-too-large",
    "Line %(line)s: a count of %(count)s is more than any deck holds (at most %(max)s).",
)
MSG_LINE_TOO_LONG = MessageTemplate(
    "line-too-long",
    "Line %(line)s is too long (%(length)s characters, at most %(max)s).",
)
MSG_TEXT_TOO_LONG = MessageTemplate(
    "text-too-long",
    "The list is too long: %(length)s characters, at most %(max)s.",
)
MSG_TOO_MANY_LINES = MessageTemplate(
    "too-many-lines", "The list has too many lines: %(count)s, at most %(max)s."
)
MSG_UNKNOWN_SECTION = MessageTemplate(
    "unknown-section", 'Line %(line)s: "%(header)s" is not a card type heading.'
)
MSG_NO_CARD_DATA = MessageTemplate(
    "no-card-data",
    "This site has no card data yet: the list is saved but cannot be checked. "
    "The administrator imports the card data set (manage.py import_cards).",
)

_COUNT_RE = re.compile(
    r"^(?P<count>\d+)\s*(?:[xX\u00d7]\s*)?\s(?P<rest>.*)$|^(?P<c2>\d+)[xX\u00d7](?P<r2>.*)$"
)
_PAREN_RE = re.compile(r"^(?P<name>.*?)\s*\((?P<id>[^()]*)\)\s*$")
# `Adventurers (level 4)`, `(lvl 4)`, `(nível 4)`, `(L4)`: a level that tells cards apart.
_LEVEL_HINT_RE = re.compile(r"^(?:level|lvl|lv|l|n[ií]vel)\s*(?P<level>\d{1,2})$", re.IGNORECASE)
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
        "heroes": {"Hero"},
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
    unresolved_cards: int = 0  # cards on main-deck lines that named no card (not counted)

    @property
    def ok(self) -> bool:
        """True when every line resolved to a card."""
        return not self.problems


def _split_count(text: str) -> tuple[str | None, str]:
    """Leading `N`, `Nx` or `N x` count as digits (None: no count) and the rest of the line."""
    match = _COUNT_RE.match(text)
    if not match:
        return None, text
    if match["count"] is not None:
        return match["count"], match["rest"].strip()
    return match["c2"], match["r2"].strip()


def _split_number(text: str) -> tuple[str, str | None]:
    """Name and the `(SET/NUMBER)` part when it parses as a card id."""
    match = _PAREN_RE.match(text)
    if match and normalize_card_id(match["id"]):
        return match["name"].strip(), match["id"].strip()
    return text, None


def _split_hint(text: str) -> tuple[str, str | None]:
    """Name and a `(level N)` or `(SET)` hint in parentheses, if any."""
    match = _PAREN_RE.match(text)
    if match and match["name"].strip():
        return match["name"].strip(), match["id"].strip()
    return text, None


def _count_digits_shown(digits: str) -> str:
    """A count as printed in a message: very long ones are shortened, never converted."""
    return digits if len(digits) <= 12 else f"{digits[:6]}…({len(digits)} digits)"


NO_CARD_DATA_CODE = "no_card_data"


def no_card_data_problems() -> tuple[Problem, ...]:
    """What a check says when there is no card to check against (an empty card index)."""
    return (problem(NO_CARD_DATA_CODE, MSG_NO_CARD_DATA),)


def text_limit_problems(text: str) -> tuple[Problem, ...]:
    """The whole list refused for its size, checked before any line is read."""
    if len(text) > MAX_DECKLIST_CHARS:
        return (
            problem("text_too_long", MSG_TEXT_TOO_LONG, length=len(text), max=MAX_DECKLIST_CHARS),
        )
    lines = text.count("\n") + 1
    if lines > MAX_DECKLIST_LINES:
        return (problem("too_many_lines", MSG_TOO_MANY_LINES, count=lines, max=MAX_DECKLIST_LINES),)
    return ()


def _header(text: str) -> tuple[str, frozenset[str] | str | None] | None:
    """(heading, its section) for a line ending with ':', else None."""
    if not text.endswith(":"):
        return None
    heading = _HEADER_COUNT_RE.sub("", text[:-1]).strip()
    return heading, SECTION_NAMES.get(normalize_name(heading))


def _describe(index: CardIndex, key: str) -> str:
    """`Adventurers! (Hero, level 3, 3rd/053)`: what tells one choice from another."""
    card = index.representative(key)
    level = f"level {card.level_text}, " if card.is_champion and card.level_text else ""
    return f"{card.name} ({card.type}, {level}{card.card_id})"


class _Parser:
    """Line-by-line state: current section and sideboard flag."""

    def __init__(self, index: CardIndex) -> None:
        self.index = index
        self.types: frozenset[str] | None = None
        self.sideboard = False
        self.entries: list[DeckEntry] = []
        self.side: list[DeckEntry] = []
        self.problems: list[Problem] = []
        self.suggested = 0
        self.unresolved_cards = 0

    def feed(self, line_no: int, raw: str) -> None:
        text = raw.strip()
        if not text or text.startswith("#"):
            return
        if len(text) > MAX_LINE_CHARS:
            self.problems.append(
                problem(
                    "line_too_long",
                    MSG_LINE_TOO_LONG,
                    line=line_no,
                    length=len(text),
                    max=MAX_LINE_CHARS,
                )
            )
            return
        header = _header(text)
        if header is not None:
            self._set_section(line_no, *header)
            return
        digits, rest = _split_count(text)
        count = self._count(line_no, digits)
        if count is None:
            return
        name, card_id = _split_number(rest)
        entry = self._resolve(line_no, name, card_id, count)
        if entry is not None:
            (self.side if self.sideboard else self.entries).append(entry)
        elif not self.sideboard:
            self.unresolved_cards += count

    def _count(self, line_no: int, digits: str | None) -> int | None:
        """The line's count, or None (reported) when it is 0 or more than a deck holds."""
        if digits is None:
            return 1
        digits = digits.lstrip("0") or "0"
        # Compare the digits before converting: a 4,000-digit number is never turned into an int.
        if len(digits) > _MAX_COUNT_DIGITS or int(digits) > MAX_LINE_COUNT:
            self.problems.append(
                problem(
                    "count_too_large",
                    MSG_COUNT_TOO_LARGE,
                    line=line_no,
                    count=_count_digits_shown(digits),
                    max=MAX_LINE_COUNT,
                )
            )
            return None
        if digits == "0":
            self.problems.append(problem("bad_count", MSG_BAD_COUNT, line=line_no))
            return None
        return int(digits)

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
        hint = None
        if not keys:
            bare, hint = _split_hint(name)
            keys = self.index.identity_keys_for_name(bare) if hint else ()
            name = bare if keys else name
        if len(keys) > 1 and self.types:
            # A type heading settles same-name cards of different types (Mind Flayer).
            keys = tuple(k for k in keys if k.split("|", 1)[0] in self.types) or keys
        if not keys:
            self._unknown_name(line, name)
            return None
        printings = {k: self._hinted(k, hint) for k in keys}
        if hint and any(printings.values()):
            keys = tuple(k for k in keys if printings[k])
        elif hint and len(keys) == 1:
            self._unknown_name(line, f"{name} ({hint})")  # a hint that fits no printing
            return None
        if len(keys) > 1:
            self._ambiguous(line, name, keys)
            return None
        chosen = printings[keys[0]] or list(self.index.printings(keys[0]))
        card = self.index.representative(keys[0])
        card = card if card in chosen else chosen[-1]
        others = tuple(c for c in chosen if c is not card)
        return DeckEntry(card, count, line, False, others, self.sideboard)

    def _hinted(self, key: str, hint: str | None) -> list[Card]:
        """Printings of an identity that fit a `(level N)` or `(SET)` hint (none: no hint)."""
        if not hint:
            return []
        level = _LEVEL_HINT_RE.match(hint)
        printings = self.index.printings(key)
        if level:
            wanted = int(level["level"])
            return [c for c in printings if c.is_champion and c.level_value == wanted]
        return [c for c in printings if c.set_code.casefold() == hint.casefold()]

    def _ambiguous(self, line: int, name: str, keys: tuple[str, ...]) -> None:
        options = ", ".join(_describe(self.index, k) for k in keys)
        types = {k.split("|", 1)[0] for k in keys}
        # Cards of one type (Adventurers! / Adventurers) are not told apart by a heading.
        template = MSG_AMBIGUOUS if len(types) == len(keys) else MSG_AMBIGUOUS_CHOICE
        self.problems.append(
            problem("ambiguous_card", template, line=line, name=name, options=options)
        )

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
        self.suggested += 1
        if self.suggested > MAX_SUGGESTED_LINES:
            self.problems.append(
                problem("unknown_card", MSG_UNKNOWN_CARD_UNSUGGESTED, line=line, name=name)
            )
            return
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
    too_big = text_limit_problems(text)
    if too_big:
        return ParsedDeck((), (), too_big)
    parser = _Parser(index)
    for line_no, raw in enumerate(text.splitlines(), start=1):
        parser.feed(line_no, raw)
    return ParsedDeck(
        tuple(parser.entries), tuple(parser.side), tuple(parser.problems), parser.unresolved_cards
    )
