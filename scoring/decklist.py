"""Plain-text decklist parser (pure Python): every notation of SPEC §3.

One card a line, `[N ]Name[ (SET/NUMBER)]`, and the lists the community writes: CrossFire's
printed deck (title, `Total Cards: N`, type headings with counts, `4th/210 Myrmidons, (+4)`),
citations from posts (`(10/25 DU)`, `[IQ-4]`, `(4th Edition, 71/500)`, `Waterdeep 1st/001`),
markdown headings and several cards on one heading line. How each is read: docs/decks.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rapidfuzz import fuzz

from scoring.cards import (
    CHAMPION_TYPES,
    RULE_ARTICLE,
    RULE_FIRST_WORDS,
    RULE_LANGUAGE,
    RULE_LANGUAGE_ARTICLE,
    Card,
    CardIndex,
    NameMatch,
    loose_name,
    normalize_card_id,
    normalize_name,
)
from scoring.deckformat import DECK_SIZES, GROUP_PLURALS, MessageTemplate, Note, Problem, problem

# Hostile input is refused before any work that grows with it: the whole text, the number
# of lines, one line's length and a line's count are capped (a 110-card list is ~5,000
# characters and ~150 lines). Counts are never expanded into one item per card.
MAX_DECKLIST_CHARS = 20_000
MAX_DECKLIST_LINES = 400
# The limit on length is per card name: a line listing a whole type (`Realms (13): …`) may
# be as long as the list allows, each of its names at most this long (SPEC §3).
MAX_LINE_CHARS = 200
MAX_LINE_COUNT = max(DECK_SIZES)
# Closest-name suggestions cost ~30 ms a line: only the first unknown lines get them.
MAX_SUGGESTED_LINES = 10
_MAX_COUNT_DIGITS = len(str(MAX_LINE_COUNT))

# Message templates: %(name)s placeholders so the Django side can wrap them with gettext.
# `suggestions` (and an ambiguous line's `options`) are lists of cards, each shown as its own
# item (card names contain commas): `{"name", "card_id", "type", "level"}`.
MSG_UNKNOWN_CARD = MessageTemplate(
    "unknown-card-suggested",
    'Line %(line)s: unknown card "%(name)s". Did you mean one of these?',
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
    "ambiguous-listed",
    'Line %(line)s: "%(name)s" is ambiguous. '
    "Add the number or put it under a type heading. It may be:",
)
MSG_AMBIGUOUS_CHOICE = MessageTemplate(
    "ambiguous-choice-listed",
    'Line %(line)s: "%(name)s" could be more than one card. '
    "Which one? Write its exact name or add its number. It may be:",
)
MSG_HEADING_COUNT = MessageTemplate(
    "heading-count",
    'Line %(line)s: the heading "%(heading)s" says %(declared)s cards, '
    "but %(counted)s are listed under it.",
)
MSG_TOTAL_COUNT = MessageTemplate(
    "total-count",
    "Line %(line)s: the list says it has %(declared)s cards, but %(counted)s are listed.",
)
MSG_UNKNOWN_RAW = MessageTemplate(
    "unknown-raw-number",
    "Line %(line)s: CrossFire's number %(set)s %(number)s is no card.",
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
# How a line was read when not by the card's own name and number: a note beside the card.
MSG_READ_FIRST_WORDS = MessageTemplate(
    "read-first-words",
    'Line %(line)s: "%(name)s" read as %(card_name)s (%(card_id)s), the only card whose '
    "name starts so.",
)
MSG_READ_ARTICLE = MessageTemplate(
    "read-article",
    'Line %(line)s: "%(name)s" read as %(card_name)s (%(card_id)s), its name without the article.',
)
MSG_READ_FRENCH = MessageTemplate(
    "read-french", 'Line %(line)s: "%(name)s" is the French name of %(card_name)s (%(card_id)s).'
)
MSG_READ_GERMAN = MessageTemplate(
    "read-german", 'Line %(line)s: "%(name)s" is the German name of %(card_name)s (%(card_id)s).'
)
MSG_READ_ITALIAN = MessageTemplate(
    "read-italian",
    'Line %(line)s: "%(name)s" is the Italian name of %(card_name)s (%(card_id)s).',
)
MSG_READ_PORTUGUESE = MessageTemplate(
    "read-portuguese",
    'Line %(line)s: "%(name)s" is the Portuguese name of %(card_name)s (%(card_id)s).',
)
MSG_READ_SPANISH = MessageTemplate(
    "read-spanish",
    'Line %(line)s: "%(name)s" is the Spanish name of %(card_name)s (%(card_id)s).',
)
MSG_READ_NEAR_NUMBER = MessageTemplate(
    "read-near-number",
    'Line %(line)s: %(card_id)s is "%(card_name)s": read as that card, its name written '
    '"%(name)s".',
)
MSG_READ_BY_NAME = MessageTemplate(
    "read-by-name",
    "Line %(line)s: no card has the number %(cited)s; read by its name as %(card_name)s "
    "(%(card_id)s).",
)
MSG_READ_RAW_NUMBER = MessageTemplate(
    "read-raw-number",
    "Line %(line)s: %(cited)s is CrossFire's number of the chase card %(card_id)s %(card_name)s.",
)
LANGUAGE_NOTES = {
    "FRN": MSG_READ_FRENCH,
    "DE": MSG_READ_GERMAN,
    "IT": MSG_READ_ITALIAN,
    "POR": MSG_READ_PORTUGUESE,
    "SP": MSG_READ_SPANISH,
}
RULE_NOTES = {
    RULE_FIRST_WORDS: MSG_READ_FIRST_WORDS,
    RULE_ARTICLE: MSG_READ_ARTICLE,
}
# A name this close to the numbered card's (rapidfuzz ratio, 0-100) is that card misspelt;
# a shorter name never "nearly agrees".
NEAR_NAME_RATIO = 85
MIN_NEAR_CHARS = 3
_ARTICLE_WORD_RE = re.compile(r"^(?:the|a|an)\s+(?P<rest>\S.*)$", re.IGNORECASE)
# A first line no closer than this to any card name, above the list, is the list's title.
TITLE_RATIO = 75
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
    # The name as the player wrote it, and how it was read when not by its own name and
    # number (first words, article, language, near number …): shown beside the card.
    written: str = ""
    note: Note | None = None


# What became of a line (`ParsedDeck.lines`): every line that is not blank ends as one.
LINE_CARD = "card"
LINE_HEADING = "heading"
LINE_TITLE = "title"
LINE_PROBLEM = "problem"
LINE_TOTAL = "total"
LINE_COMMENT = "comment"  # a `#` line
LINE_HEADER = "header"  # CrossFire's printed header: title, author, notes, separators


@dataclass(frozen=True, slots=True)
class ParsedDeck:
    """Parser result: main deck, sideboard and the problems of unresolved lines."""

    entries: tuple[DeckEntry, ...]
    sideboard: tuple[DeckEntry, ...]
    problems: tuple[Problem, ...]
    unresolved_cards: int = 0  # cards on main-deck lines that named no card (not counted)
    title: str = ""  # a post's first line above the list, naming no card
    # (line number, what it became: LINE_CARD, LINE_HEADING …) for every non-blank line.
    lines: tuple[tuple[int, str], ...] = ()

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


def _count_digits_shown(digits: str) -> str:
    """A count as printed in a message: very long ones are shortened, never converted."""
    return digits if len(digits) <= 12 else f"{digits[:6]}…({len(digits)} digits)"


NO_CARD_DATA_CODE = "no_card_data"


def no_card_data_problems() -> tuple[Problem, ...]:
    """What a check says when there is no card to check against (an empty card index)."""
    return (problem(NO_CARD_DATA_CODE, MSG_NO_CARD_DATA),)


_LONG_LINE_RE = re.compile(rf"^[^\n]{{{MAX_LINE_CHARS + 1},}}", re.MULTILINE)
_NAME_SPLIT_RE = re.compile(r"[,:;]")


def _too_long(text: str) -> bool:
    """A line too long for the one card name it holds: a line of several names (split at
    commas, a heading's colon) is as long as it needs, each name at most MAX_LINE_CHARS."""
    return len(text) > MAX_LINE_CHARS and any(
        len(part.strip()) > MAX_LINE_CHARS for part in _NAME_SPLIT_RE.split(text)
    )


def _line_too_long(line_no: int, length: int) -> Problem:
    return problem(
        "line_too_long", MSG_LINE_TOO_LONG, line=line_no, length=length, max=MAX_LINE_CHARS
    )


def text_limit_problems(text: str) -> tuple[Problem, ...]:
    """The whole list refused for its size, checked before any line is read; a list too long
    because of one over-long line also names that line (one linear scan)."""
    if len(text) > MAX_DECKLIST_CHARS:
        found = (
            problem("text_too_long", MSG_TEXT_TOO_LONG, length=len(text), max=MAX_DECKLIST_CHARS),
        )
        for long_line in _LONG_LINE_RE.finditer(text):
            if _too_long(long_line.group()):
                line_no = text.count("\n", 0, long_line.start()) + 1
                return (*found, _line_too_long(line_no, len(long_line.group())))
        return found
    lines = text.count("\n") + 1
    if lines > MAX_DECKLIST_LINES:
        return (problem("too_many_lines", MSG_TOO_MANY_LINES, count=lines, max=MAX_DECKLIST_LINES),)
    return ()


# --- the notations of SPEC §3 -------------------------------------------------------------

# CrossFire's printed deck: `Total Cards: 55` (+ Dungeon Card), and lists' own total lines.
_TOTAL_RE = re.compile(
    r"^(?:total(?:\s+(?:cards?|de\s+cartas))?|cards?|card\s+count|deck\s+total|cartas)"
    r"\s*[:=\-]?\s*(?P<n>\d{1,4})(?:\s*(?:cards?|cartas))?"
    r"(?P<dungeon>\s*\+\s*(?:a\s+|1\s+)?dungeon(?:\s+card)?)?\s*\.?$",
    re.IGNORECASE,
)
_CARDS_TOTAL_RE = re.compile(r"^(?P<n>\d{1,4})\s+(?:cards|cartas)\s*\.?$", re.IGNORECASE)
_CROSSFIRE_TOTAL_RE = re.compile(r"^total\s+cards\s*:\s*\d+", re.IGNORECASE)
_LEVELS_RE = re.compile(r"^total\s+levels?\s*[:=\-]?\s*\d+$", re.IGNORECASE)
_SEPARATOR_RE = re.compile(r"^[-=_*~]{5,}$")
_CROSSFIRE_META_RE = re.compile(r"^(?:created by\s|email:|title:|author:)", re.IGNORECASE)
# A heading: `Realms:`, `Realm (12)`, `## Artifacts (3 Cards)`, `Realms (13): Waterdeep, …`.
_HEADING_RE = re.compile(
    r"^(?P<h>[^:()\[\]{}/]+?)\s*"
    r"(?:\(\s*(?P<n1>\d{1,4})\s*(?:cards?|cartas?)?\s*\)|\[\s*(?P<n2>\d{1,4})\s*\]"
    r"|\s(?P<n3>\d{1,4}))?"
    r"\s*(?:(?P<colon>:)\s*(?P<rest>.*))?$",
    re.IGNORECASE,
)
_MARKDOWN_RE = re.compile(r"^#{1,6}\s*(?P<rest>\S.*?)\s*#*$")
# A markdown heading that counts cards: `## Opposing Champions (8 Cards)`.
_COUNTED_RE = re.compile(r"\(\s*\d{1,4}\s*(?:cards?|cartas?)?\s*\)\s*:?$", re.IGNORECASE)
# A post's ranking: `#5 - Card`, `#3 (tie) - Card`, `#2: Card` (a card line, not a comment).
_RANKED_RE = re.compile(
    r"^#\d{1,3}\s*(?:\(\s*tie\s*\)\s*)?[-–—:.)]\s*(?:\(\s*tie\s*\)\s*)?(?P<rest>\S.*)$", re.I
)
_BOLD_RE = re.compile(r"^(?:\*\*|__)(?P<rest>.+?)(?:\*\*|__)(?P<tail>\s*:?.*)$")
# `4th/210 Myrmidons`, `DUc/10`, `1st/001`: a card id before the name (CrossFire's print).
_ID_TOKEN = r"[A-Za-z0-9]{1,4}/\d{1,3}"
_ID_FIRST_RE = re.compile(rf"^(?P<id>{_ID_TOKEN})(?:\s+(?P<name>\S.*))?$")
_ID_LAST_RE = re.compile(rf"^(?P<name>.*\S)\s+(?P<id>{_ID_TOKEN})$")
# CrossFire's own pair `{RR 116}` (its deck files; chase cards by their raw number).
_RAW_PAIR_RE = re.compile(
    r"^\{\s*(?P<set>[A-Za-z0-9]{1,4})\s+(?P<num>\d{1,4})\s*\}(?:\s+(?P<name>\S.*))?$"
)
_BRACKET_RE = re.compile(r"^(?P<name>.*?)\s*\[(?P<c>[^\[\]]+)\]\s*$")
_COMMA_TAG_RE = re.compile(r"^(?P<name>.*?),\s*\((?P<tag>[^()]*)\)\s*$")
# CrossFire's description `(World/Level)`: `(FR/10)`, `(+4)`, `(FR)`, `(DS/5)`, `(?)`.
_LEVEL = r"[+\-]?(?:\d{1,2}|\?)(?:\s*/\s*[+\-]?(?:\d{1,2}|\?))?"
_DESCRIPTION_RE = re.compile(
    rf"^(?:(?P<world>AD&D|TSR|FR|GH|RL|DS|DL|BR)(?:\s*/\s*(?P<l1>{_LEVEL}))?|(?P<l2>{_LEVEL}))$",
    re.IGNORECASE,
)
# CrossFire's world abbreviations (its Scripts/CommonV.tcl) → the data's world names.
WORLD_CODES = {
    "ad&d": "AD&D",
    "br": "Birthright",
    "ds": "Dark Sun",
    "dl": "DragonLance",
    "fr": "Forgotten Realms",
    "gh": "Greyhawk",
    "rl": "Ravenloft",
    "tsr": "TSR",
}
# Citations: `(10/25 DU)`, `(73/DU)`, `IQ-4`, `(4th Edition, 71/500)`, `(Night stalkers chase,
# 24/25)`, `FR/3`, `DUc/10`, `16/RR Chase`.
_NAMED_SET_RE = re.compile(
    r"^(?P<set>[^,/]*[^,/\d\s])(?:,\s*|\s+)#?(?P<num>\d{1,3})\s*(?:/|of)\s*(?P<of>\d{1,3})$"
)
_OF_SET_RE = re.compile(r"^#?(?P<num>\d{1,3})\s*(?:/|of)\s*(?P<of>\d{1,3})\s+(?P<set>[^\d].*)$")
_NUM_SET_RE = re.compile(r"^#?(?P<num>\d{1,3})\s*/\s*(?P<set>[^\d/].*)$")
_SET_NUM_RE = re.compile(
    r"^(?P<set>[^/\d][^/]*?|\d(?:st|nd|rd|th)[^/]*?)\s*[/\-]\s*#?(?P<num>\d{1,3})$"
)
# `(DU/5c)`: a chase number with its `c` after it.
_C_AFTER_RE = re.compile(r"^(?P<set>[^/\d][^/]*?|\d(?:st|nd|rd|th))\s*/\s*(?P<num>\d{1,3})c$")
# Tables copied from web pages: `120 1st Ed. Nyrond`, `3 Runes & Ruins Chase The Toad` (the
# number is the card's number in the set) under a header such as `Card No. Set Name`.
_TABLE_ROW_RE = re.compile(r"^(?P<num>\d{1,3})\s+(?P<rest>\S.*)$")
_TABLE_HEADER_RE = re.compile(
    r"^(?:card\s*)?(?:no\.?|n[ºo°]\.?|number|num\.?|#)\s*(?:[|,;/]\s*)?set"
    r"(?:\s*name)?\s*(?:[|,;/]\s*)?(?:card\s*)?name$",
    re.IGNORECASE,
)
_MAX_SET_WORDS = 4
# `Nyrond, 1st Edition`: a set after the name.
_SET_AFTER_RE = re.compile(r"^(?P<name>.*\S)\s*,\s*(?P<set>[^,()]+)$")
_CHASE_RE = re.compile(r"\s*\bchase\b\s*", re.IGNORECASE)
# Several cards on one heading line are split at commas outside parentheses and brackets,
# then joined back greedily into the longest names the card data knows.
_ITEM_SPLIT_RE = re.compile(r",(?![^()\[\]]*[)\]])")
_MAX_NAME_COMMAS = 3
_AND_RE = re.compile(r"^(?:and|e|y|und|et)\s+(?=\S)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class _Heading:
    text: str
    section: frozenset[str] | str | None
    count: int | None
    rest: str


@dataclass(frozen=True, slots=True)
class _Line:
    """A card line taken apart: count digits, name, and what identifies the printing."""

    digits: str | None
    name: str
    card_id: str | None = None  # a citation read into `SET/NUMBER`
    raw: tuple[str, str] | None = None  # CrossFire's `{set number}`
    description: tuple[str | None, str | None] | None = None  # (world, level)
    hint: str | None = None  # `(level 4)`, `(SET)`: narrows a name's printings
    cited: str = ""  # the citation as written (for messages)


def _description(text: str) -> tuple[str | None, str | None] | None:
    """(world name, level) of a CrossFire `(World/Level)` description, or None."""
    match = _DESCRIPTION_RE.match(text.strip())
    if not match:
        return None
    world = WORLD_CODES.get((match["world"] or "").lower())
    level = match["l1"] or match["l2"]
    return world, re.sub(r"\s+", "", level) if level else None


def _fits(card: Card, description: tuple[str | None, str | None]) -> bool:
    world, level = description
    return (world is None or card.world == world) and (level is None or card.level_text == level)


def read_citation(text: str, index: CardIndex) -> str | None:
    """A citation as `SET/NUMBER` (chase: `SETc/NUMBER`) when it names a known set, else the
    text itself when it reads as a card number at all (an unknown set is reported), else None."""
    body = text.strip().strip("#").strip()
    if (match := _C_AFTER_RE.match(body)) and (
        cited := _cited(index, match["set"] + "c", match["num"])
    ):
        return cited
    for regex in (_NAMED_SET_RE, _OF_SET_RE):
        if match := regex.match(body):
            return _cited(index, match["set"], match["num"], match["of"]) or (
                body if normalize_card_id(body) else None
            )
    for regex in (_NUM_SET_RE, _SET_NUM_RE):
        if (match := regex.match(body)) and (cited := _cited(index, match["set"], match["num"])):
            return cited
    return body if normalize_card_id(body) else None


def _cited(index: CardIndex, set_text: str, num: str, of: str | None = None) -> str | None:
    """`SET/NUMBER` for a set named or coded in a citation (None: no such set)."""
    chase = bool(_CHASE_RE.search(set_text))
    set_text = _CHASE_RE.sub(" ", set_text).strip()
    code = index.set_code(set_text)
    if code is None and set_text[-1:] in "cC" and len(set_text) > 1:
        code, chase = index.set_code(set_text[:-1]), True  # `DUc/10`, `1stc/04`
    if code is None:
        return None
    size = index.chase_size(code)
    if of is not None and size and int(of) == size and int(num) <= size:
        chase = True  # `(10/25 DU)`: number 10 of the set's 25 chase cards
    return f"{code}{'c' if chase and size else ''}/{int(num)}"


def _heading(text: str, index: CardIndex) -> _Heading | None:
    """A type heading (or sideboard/main heading) line, with its count and inline cards."""
    match = _HEADING_RE.match(text)
    if not match:
        return None
    name = match["h"].strip().strip("*_").strip()
    section = SECTION_NAMES.get(normalize_name(name))
    digits = match["n1"] or match["n2"] or match["n3"]
    colon, rest = bool(match["colon"]), (match["rest"] or "").strip()
    if section is None:
        if colon and not rest and not match["n3"]:
            return _Heading(name, None, None, "")  # `My favourites:`: reported as unknown
        if (match["n1"] or match["n2"]) and not rest and index.set_code(name):
            return _Heading(name, "", int(digits), "")  # `Runes & Ruins (12)`: by set
        return None
    if match["n3"] and not colon:
        return None  # `Realms 12` is no heading CrossFire or a post writes
    if (
        not digits
        and not colon
        and (index.identity_keys_for_name(name) or index.short_name_keys(name))
    ):
        return None  # "Realm" or "Hero" alone may be a card
    return _Heading(name, section, int(digits) if digits else None, rest)


def _describe(index: CardIndex, key: str) -> dict[str, str]:
    """One choice of an ambiguous line: what tells it from the others."""
    card = index.representative(key)
    return _item(card.name, card)


def _item(name: str, card: Card) -> dict[str, str]:
    """A card offered as a choice or suggestion: its name, number, type and level."""
    level = card.level_text if card.is_champion else ""
    return {"name": name, "card_id": card.card_id, "type": card.type, "level": level}


def _crossfire_heading(text: str, index: CardIndex) -> bool:
    """`Realm (12)`: how CrossFire prints a type heading (a count, no colon, no cards)."""
    if "(" not in text or text.endswith(":") or _too_long(text):
        return False
    heading = _heading(text, index)
    return heading is not None and heading.section is not None and heading.count is not None


def _crossfire_preamble(lines: list[str], index: CardIndex) -> set[int]:
    """Line numbers (1-based) of CrossFire's printed header: the title, `Total Levels`,
    `Created by`, `Email:`, separators and the deck notes before the first heading. Its
    `Total Cards:` line is kept (checked against the cards)."""
    stripped = [line.strip() for line in lines]
    totals = [i for i, t in enumerate(stripped) if _CROSSFIRE_TOTAL_RE.match(t)]
    if not totals:
        return set()
    headings = [
        i
        for i in range(len(lines))
        if stripped[i][:1].isalpha() and _crossfire_heading(stripped[i], index)
    ]
    if not headings or headings[0] < totals[0]:
        return set()  # a total line after the cards: no CrossFire header to skip

    # CrossFire prints headings at the margin and indents the notes: an indented heading-like
    # line is part of the notes.
    margin = [i for i in headings if lines[i][:1] not in " \t"]
    first_heading = (margin or headings or [len(lines)])[0]
    seps = [i for i in range(first_heading) if _SEPARATOR_RE.match(stripped[i])]
    skip: set[int] = set()
    if seps:
        skip |= {i for i in range(seps[-1] + 1) if i not in totals}
    else:
        before = [i for i in range(totals[0]) if stripped[i]]
        if len(before) == 1:
            skip |= set(before)  # the title line, the only line above the total
        skip |= {
            i
            for i in range(first_heading)
            if _CROSSFIRE_META_RE.match(stripped[i]) or _LEVELS_RE.match(stripped[i])
        }
    return {i + 1 for i in skip}


def _note_params(line: int, name: str, card: Card) -> dict[str, object]:
    return {"line": line, "name": name, "card_name": card.name, "card_id": card.card_id}


def _name_note(found: NameMatch, line: int, name: str, card: Card) -> Note | None:
    """The note of a name read by a rule (first words, article, language …), or None."""
    if found.rule in (RULE_LANGUAGE, RULE_LANGUAGE_ARTICLE):
        template = LANGUAGE_NOTES.get(found.language)
    else:
        template = RULE_NOTES.get(found.rule)
    return Note(template, _note_params(line, name, card)) if template else None


class _Parser:
    """Line-by-line state: current section, sideboard flag, heading being counted."""

    def __init__(self, index: CardIndex) -> None:
        self.index = index
        self.types: frozenset[str] | None = None
        self.sideboard = False
        self.entries: list[DeckEntry] = []
        self.side: list[DeckEntry] = []
        self.problems: list[Problem] = []
        self.suggested = 0
        self.unresolved_cards = 0
        # (line, heading, declared count, cards counted under it so far)
        self.heading: list | None = None
        self.totals: list[tuple[int, int, bool]] = []  # (line, declared, "+ dungeon")
        self.outcomes: dict[int, str] = {}
        self.title = ""

    # --- lines ---

    def feed(self, line_no: int, raw: str, title_allowed: bool = False) -> None:
        text = raw.strip()
        if not text:
            return
        before = len(self.problems)
        kind = self._feed(line_no, text, title_allowed)
        reported = any(p.line == line_no for p in self.problems[before:])
        if reported and (
            kind == LINE_CARD or (kind == LINE_HEADING and not self._cards_on(line_no))
        ):
            kind = LINE_PROBLEM
        self.outcomes[line_no] = kind

    def _cards_on(self, line_no: int) -> bool:
        return any(e.line == line_no for e in (self.side if self.sideboard else self.entries))

    def _feed(self, line_no: int, text: str, title_allowed: bool) -> str:
        if _too_long(text):
            self.problems.append(_line_too_long(line_no, len(text)))
            return LINE_PROBLEM
        if ranked := _RANKED_RE.match(text):
            text = ranked["rest"]  # `#5 - Divine Intervention (Dragonlance, 81/100)`
        elif text.startswith("#"):
            markdown = _MARKDOWN_RE.match(text)
            heading = _heading(markdown["rest"], self.index) if markdown else None
            if heading is not None and heading.section is not None:
                self._set_heading(line_no, heading)
                return LINE_HEADING
            if markdown and _COUNTED_RE.search(markdown["rest"]):
                # `## Opposing Champions (8 Cards)`: a heading of no type, reported; the
                # cards under it are not counted under the heading before it.
                self._set_heading(line_no, _Heading(markdown["rest"], None, None, ""))
                return LINE_PROBLEM
            return LINE_COMMENT
        if _SEPARATOR_RE.match(text):
            return LINE_HEADER
        if _LEVELS_RE.match(text):
            return LINE_TOTAL
        if total := _TOTAL_RE.match(text):
            self.totals.append((line_no, int(total["n"]), bool(total["dungeon"])))
            return LINE_TOTAL
        if total := _CARDS_TOTAL_RE.match(text):  # `55 cards`
            self.totals.append((line_no, int(total["n"]), False))
            return LINE_TOTAL
        if _TABLE_HEADER_RE.match(text):
            return LINE_HEADING  # `Card No. Set Name`: the columns of a web page's table
        bold = _BOLD_RE.match(text)
        heading = _heading(bold["rest"] + bold["tail"] if bold else text, self.index)
        if heading is not None:
            self._set_heading(line_no, heading)
            return LINE_HEADING
        if title_allowed and self._is_title(text):
            self.title = text
            return LINE_TITLE
        self.card_line(line_no, text)
        return LINE_CARD

    def _is_title(self, text: str) -> bool:
        """A first line above the list that names no card, not even nearly: the list's title
        (`Deck do Zé — Campeão Carioca`). A misspelt card stays a reported card line."""
        line = self._take_apart(text)
        if line.digits or line.card_id or line.raw or self._names_a_card(text):
            return False
        return not self.index.names_within(line.name) and (
            self.index.best_ratio(line.name) < TITLE_RATIO
        )

    def _set_heading(self, line_no: int, heading: _Heading) -> None:
        self._close_heading()
        section = heading.section
        if section is None:
            self.problems.append(
                problem("unknown_section", MSG_UNKNOWN_SECTION, line=line_no, header=heading.text)
            )
            return
        if section == SIDEBOARD:
            self.sideboard, self.types = True, None
        elif section == MAIN:
            self.sideboard, self.types = False, None
        elif section == "":
            self.types = None  # a grouping by set: no type
        else:
            self.types = section  # type: ignore[assignment]
        if heading.count is not None:
            self.heading = [line_no, heading.text, heading.count, 0]
        for item in self._items(heading.rest):
            self.card_line(line_no, item, split=False)

    def _close_heading(self) -> None:
        if self.heading is None:
            return
        line, text, declared, counted = self.heading
        self.heading = None
        if declared != counted:
            self.problems.append(
                problem(
                    "heading_count",
                    MSG_HEADING_COUNT,
                    line=line,
                    heading=text,
                    declared=declared,
                    counted=counted,
                )
            )

    def _items(self, rest: str) -> list[str]:
        """Cards written on a heading line, split at commas that no card name contains."""
        parts = [p.strip() for p in _ITEM_SPLIT_RE.split(rest)] if rest else []
        parts = [p for p in parts if p]
        items: list[str] = []
        i = 0
        while i < len(parts):
            j = min(len(parts), i + _MAX_NAME_COMMAS + 1)
            if not self.index.starts_a_name_with_a_comma(_split_count(parts[i])[1]):
                j = i + 1  # no card name goes on after a comma from here
            while j > i + 1 and not self._names_a_card(", ".join(parts[i:j])):
                j -= 1
            item = ", ".join(parts[i:j])
            bare = _AND_RE.sub("", item)  # `…, and Sembia (3rd Edition, 6/400)`
            if bare != item and not self._names_a_card(item) and self._names_a_card(bare):
                item = bare
            # CrossFire's `, (FR/10)` after a name belongs to it.
            while j < len(parts) and _description(parts[j].strip("()")) and parts[j][:1] == "(":
                item += ", " + parts[j]
                j += 1
            items.append(item)
            i = j
        return items

    def _names_a_card(self, text: str) -> bool:
        line = self._take_apart(text)
        if line.card_id or line.raw:
            card = self.index.by_raw(*line.raw) if line.raw else self.index.by_id(line.card_id)
            return card is not None and (
                not line.name or self.index.name_matches(line.name, card, line.card_id or "")
            )
        return bool(self.index.match_name(line.name).keys)

    def card_line(self, line_no: int, text: str, split: bool = True) -> None:
        if split and "," in text and not self._names_a_card(text):
            # `Waterdeep, Cormyr, Shadowdale` under a heading: several cards on one line,
            # taken apart only when every part names a card.
            items = self._items(text)
            if len(items) > 1 and all(self._names_a_card(item) for item in items):
                for item in items:
                    self.card_line(line_no, item, split=False)
                return
        if len(text) > MAX_LINE_CHARS:
            self.problems.append(_line_too_long(line_no, len(text)))  # one name, too long
            return
        line = self._take_apart(text)
        count = self._count(line_no, line.digits)
        if count is None:
            return
        if self.heading is not None:
            self.heading[3] += count
        entry = self._resolve(line_no, line, count)
        if entry is not None:
            entry = replace(entry, written=text)
            (self.side if self.sideboard else self.entries).append(entry)
        elif not self.sideboard:
            self.unresolved_cards += count

    def _take_apart(self, text: str) -> _Line:
        digits, rest = _split_count(text)
        # `Calm (400/CL):` before a post's comment on the card, `Furyondy (…).` ending a sentence
        rest = rest.rstrip(" :.")
        if match := _RAW_PAIR_RE.match(rest):
            return _Line(digits, match["name"] or "", raw=(match["set"], match["num"]))
        if digits and (row := self._table_row(text)):
            return row
        description = None
        if (match := _COMMA_TAG_RE.match(rest)) and (found := _description(match["tag"])):
            rest, description = match["name"].strip(), found
        match = _ID_FIRST_RE.match(rest)
        if match and (self._known_set(match["id"]) or not match["name"]):
            cited = read_citation(match["id"], self.index)
            if cited:
                name = match["name"] or ""
                return _Line(digits, name, cited, description=description, cited=match["id"])
        if (match := _BRACKET_RE.match(rest)) and (cited := read_citation(match["c"], self.index)):
            name = match["name"]
            return _Line(digits, name, cited, description=description, cited=match["c"])
        if match := _PAREN_RE.match(rest):
            body, name = match["id"].strip(), match["name"].strip()
            cited = read_citation(body, self.index)
            tag = _description(body)
            if cited and not (tag and tag[0] and not self._known_set(body)):
                return _Line(digits, name, cited, description=tag or description, cited=body)
            if tag and tag[0] and name and "/" in body:  # `Tyr (DS/5)`: world and level
                return _Line(digits, name, description=tag)
            if name:
                return _Line(digits, name, hint=body, description=description)
        if (match := _ID_LAST_RE.match(rest)) and self._known_set(match["id"]):
            cited = read_citation(match["id"], self.index)
            return _Line(digits, match["name"], cited, description=description, cited=match["id"])
        if "/" in rest and (cited := read_citation(rest, self.index)) and self.index.by_id(cited):
            return _Line(digits, "", cited, cited=rest)  # `120/1ªEd.`: a number alone
        after = _SET_AFTER_RE.match(rest)
        if after and not self.index.match_name(rest).keys:
            if (cited := read_citation(after["set"], self.index)) and self.index.by_id(cited):
                # `Keoland, 127/3rd`: the number after the name's comma
                return _Line(
                    digits, after["name"], cited, description=description, cited=after["set"]
                )
            if code := self.index.set_code(after["set"]):  # `Nyrond, 1st Edition`
                return _Line(digits, after["name"], hint=code, description=description)
        return _Line(digits, rest, description=description)

    def _table_row(self, text: str) -> _Line | None:
        """`120 1st Ed. Nyrond`: number, set (`… Chase` for its chase cards), name — when
        the words after the number start with a set's name and the rest is no card itself."""
        match = _TABLE_ROW_RE.match(text)
        if not match or self.index.match_name(match["rest"]).keys:
            return None
        words = match["rest"].split()
        for n in range(min(_MAX_SET_WORDS, len(words) - 1), 0, -1):
            set_text, name_words = " ".join(words[:n]), words[n:]
            if name_words[0].casefold() == "chase" and len(name_words) > 1:
                set_text, name_words = set_text + " chase", name_words[1:]
            cited = _cited(self.index, set_text, match["num"])
            if cited is not None and not _CHASE_RE.fullmatch(set_text):
                shown = f"{match['num']} {set_text}"
                return _Line(None, " ".join(name_words), cited, cited=shown)
        return None

    def _known_set(self, card_id: str) -> bool:
        set_part = card_id.split("/")[0].strip()
        return bool(
            self.index.set_code(set_part)
            or (set_part[-1:] in "cC" and self.index.set_code(set_part[:-1]))
        )

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

    # --- resolving ---

    def _resolve(self, line: int, parsed: _Line, count: int) -> DeckEntry | None:
        if parsed.raw is not None:
            return self._resolve_raw(line, parsed, count)
        if parsed.card_id is not None:
            return self._resolve_number(line, parsed, count)
        return self._resolve_name(line, parsed.name, count, parsed.hint, parsed.description)

    def _resolve_raw(self, line: int, parsed: _Line, count: int) -> DeckEntry | None:
        set_code, number = parsed.raw  # type: ignore[misc]
        card = self.index.by_raw(set_code, number)
        if card is None:
            self.problems.append(
                problem("unknown_number", MSG_UNKNOWN_RAW, line=line, set=set_code, number=number)
            )
            return None
        if parsed.name and not self.index.name_matches(parsed.name, card):
            self._mismatch(line, parsed.name, card)
            return None
        return DeckEntry(card, count, line, True, (), self.sideboard)

    def _resolve_name(
        self,
        line: int,
        name: str,
        count: int,
        hint: str | None = None,
        description: tuple[str | None, str | None] | None = None,
    ) -> DeckEntry | None:
        found = self.index.match_name(name)
        keys = found.keys
        if not keys and hint is not None:
            self._unknown_name(line, f"{name} ({hint})")
            return None
        if len(keys) > 1 and self.types:
            # A type heading settles same-name cards of different types (Mind Flayer).
            keys = tuple(k for k in keys if k.split("|", 1)[0] in self.types) or keys
        if len(keys) > 1 and description:
            fitting = tuple(
                k for k in keys if any(_fits(c, description) for c in self.index.printings(k))
            )
            keys = fitting or keys
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
        note = _name_note(found, line, name, card)
        return DeckEntry(card, count, line, False, others, self.sideboard, note=note)

    def _hinted(self, key: str, hint: str | None) -> list[Card]:
        """Printings of an identity that fit a `(level N)`, `(SET)` or `(World)` hint."""
        if not hint:
            return []
        level = _LEVEL_HINT_RE.match(hint)
        printings = self.index.printings(key)
        if level:
            wanted = int(level["level"])
            return [c for c in printings if c.is_champion and c.level_value == wanted]
        code = (self.index.set_code(hint) or hint).casefold()
        in_set = [c for c in printings if c.set_code.casefold() == code]
        world = WORLD_CODES.get(hint.casefold())
        return in_set or [c for c in printings if world and c.world == world]

    def _ambiguous(self, line: int, name: str, keys: tuple[str, ...]) -> None:
        options = tuple(_describe(self.index, k) for k in keys)
        types = {k.split("|", 1)[0] for k in keys}
        # Cards of one type (Adventurers! / Adventurers) are not told apart by a heading.
        template = MSG_AMBIGUOUS if len(types) == len(keys) else MSG_AMBIGUOUS_CHOICE
        self.problems.append(
            problem("ambiguous_card", template, line=line, name=name, options=options)
        )

    def _resolve_number(self, line: int, parsed: _Line, count: int) -> DeckEntry | None:
        card_id, name = parsed.card_id or "", parsed.name
        card = self.index.by_id(card_id)
        if card is not None and (not name or self.index.name_matches(name, card, card_id)):
            return DeckEntry(card, count, line, True, (), self.sideboard)
        # `Living Wall (FR/10)`: CrossFire's world/level description, not FR's number 10.
        tag = _description(parsed.cited) if parsed.cited else None
        if name and tag and tag[0]:
            keys = self.index.match_name(name).keys
            if any(_fits(c, tag) for k in keys for c in self.index.printings(k)):
                return self._resolve_name(line, name, count, None, tag)
        if card is None:
            return self._numbered_no_card(line, parsed, count)
        if self._near(name, card):
            # `Hollow Worlds [IQ-5]`: the number's card, its name nearly as written.
            note = Note(
                MSG_READ_NEAR_NUMBER,
                _note_params(line, name, card),
            )
            return DeckEntry(card, count, line, True, (), self.sideboard, note=note)
        self._mismatch(line, name, card)
        return None

    def _near(self, name: str, card: Card) -> bool:
        """A name that nearly agrees with the numbered card's — nearly the same spelling
        (`Hollow Worlds`, IQ/005 Hollow World), or a run of its words (`Kiri` of PO/079 Kiri,
        Avatar of Kiri-Jolith, `Istus` of PO/042 Lady of Fate, Avatar of Istus) — and is no
        other card's own name (`Menzoberranzan` beside FR/003 stays a mismatch)."""
        other = self.index.identity_keys_for_name(name)
        if other and card.identity_key not in other:
            return False
        article = _ARTICLE_WORD_RE.match(name)
        typed = normalize_name(article["rest"] if article else name)
        if len(typed) < MIN_NEAR_CHARS:
            return False
        words = [normalize_name(w) for w in card.name.split()]
        runs = {
            "".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)
        }
        return (
            loose_name(name) == loose_name(card.name)
            or typed in runs
            or fuzz.ratio(typed, normalize_name(card.name)) >= NEAR_NAME_RATIO
        )

    def _numbered_no_card(self, line: int, parsed: _Line, count: int) -> DeckEntry | None:
        """A number that names no card: CrossFire's raw number of a chase card (`The Toad
        (RR/103)` is RRc/03), or beside a name that names exactly one card, that card (a
        note says so: `Gib Kcir (Runes & Runes chase, 16/25)`); else the number is reported."""
        card_id, name = parsed.card_id or "", parsed.name
        set_code, _slash, number = card_id.rpartition("/")
        code = self.index.set_code(set_code) if number.isdigit() else None
        raw = self.index.by_raw(code, number) if code else None
        shown = parsed.cited or card_id
        if raw is not None and raw.is_chase and (not name or self.index.name_matches(name, raw)):
            params = {**_note_params(line, name, raw), "cited": shown}
            note = Note(MSG_READ_RAW_NUMBER, params)
            return DeckEntry(raw, count, line, True, (), self.sideboard, note=note)
        if name:
            found = self.index.match_name(name)
            if len(found.keys) == 1:
                entry = self._resolve_name(line, name, count)
                if entry is not None:
                    params = {**_note_params(line, name, entry.card), "cited": shown}
                    return replace(entry, note=Note(MSG_READ_BY_NAME, params))
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
                problem("unknown_number", MSG_UNKNOWN_NUMBER, line=line, card_id=shown)
            )
        return None

    def _mismatch(self, line: int, name: str, card: Card) -> None:
        params = {"card_id": card.card_id, "card_name": card.name, "name": name}
        printings = [
            c.card_id for k in self.index.match_name(name).keys for c in self.index.printings(k)
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
        close = tuple(_item(shown, card) for shown, card in self.index.suggestions(name))
        if close:
            self.problems.append(
                problem("unknown_card", MSG_UNKNOWN_CARD, line=line, name=name, suggestions=close)
            )
        else:
            self.problems.append(
                problem("unknown_card", MSG_UNKNOWN_CARD_NO_MATCH, line=line, name=name)
            )

    # --- the end of the list ---

    def finish(self) -> None:
        self._close_heading()
        if not self.totals:
            return
        cards = sum(e.count for e in self.entries) + self.unresolved_cards
        dungeons = sum(e.count for e in self.entries if e.card.type == "Dungeon")
        for line, declared, plus_dungeon in self.totals:
            allowed = {cards - dungeons} if plus_dungeon else {cards, cards - dungeons}
            if declared not in allowed:
                counted = cards - dungeons if plus_dungeon else cards
                self.problems.append(
                    problem(
                        "total_count",
                        MSG_TOTAL_COUNT,
                        line=line,
                        declared=declared,
                        counted=counted,
                    )
                )


def parse_decklist(text: str, index: CardIndex) -> ParsedDeck:
    """Parse a pasted decklist; every unresolved line becomes a Problem with its line number."""
    too_big = text_limit_problems(text)
    if too_big:
        return ParsedDeck((), (), too_big)
    parser = _Parser(index)
    lines = text.splitlines()
    skipped = _crossfire_preamble(lines, index)
    content = [n for n, raw in enumerate(lines, start=1) if raw.strip() and n not in skipped]
    # Only the first line of a list with more lines below may be its title.
    first = content[0] if len(content) > 1 else None
    for line_no, raw in enumerate(lines, start=1):
        if line_no in skipped:
            if raw.strip():
                parser.outcomes[line_no] = LINE_HEADER
        else:
            parser.feed(line_no, raw, title_allowed=line_no == first)
    parser.finish()
    problems = sorted(parser.problems, key=lambda p: p.line or 0)
    return ParsedDeck(
        tuple(parser.entries),
        tuple(parser.side),
        tuple(problems),
        parser.unresolved_cards,
        parser.title,
        tuple(sorted(parser.outcomes.items())),
    )


def suggestion_items(found: Problem) -> tuple[dict[str, str], ...]:
    """The cards a problem offers, each its own item: suggestions, or an ambiguous line's
    choices (empty for other problems)."""
    return tuple(found.params.get("suggestions") or found.params.get("options") or ())


def item_label(item: dict[str, str]) -> str:
    """One offered card in words: `Manshoon of the Zhentarim (Wizard, level 8, RRc/06)`."""
    level = f"level {item['level']}, " if item.get("level") else ""
    return f"{item['name']} ({item['type']}, {level}{item['card_id']})"


def reads_as_written(text: str, index: CardIndex) -> bool:
    """Whether the parser reads this line in its own notation (a total line, a heading with
    a count or cards, a markdown heading, CrossFire's `SET/NUM Name, (World/Level)` and
    `{set number}`, a citation): a tidying step before the parser must leave it as it is."""
    text = text.strip()
    if not text or _too_long(text):
        return False
    if any(
        r.match(text) for r in (_TOTAL_RE, _CARDS_TOTAL_RE, _SEPARATOR_RE, _LEVELS_RE, _RANKED_RE)
    ):
        return True
    if text.startswith("#"):
        markdown = _MARKDOWN_RE.match(text)
        heading = _heading(markdown["rest"], index) if markdown else None
        counted = bool(markdown and _COUNTED_RE.search(markdown["rest"]))
        return (heading is not None and heading.section is not None) or counted
    heading = _heading(text, index)
    if heading is not None and heading.section is not None:
        return heading.count is not None or bool(heading.rest)
    _digits, rest = _split_count(text)
    if _RAW_PAIR_RE.match(rest):
        return True
    if (match := _COMMA_TAG_RE.match(rest)) and _description(match["tag"]):
        return True
    if (match := _ID_FIRST_RE.match(rest)) and _cited(index, match["id"].split("/")[0], "1"):
        return True
    for regex, group in ((_BRACKET_RE, "c"), (_PAREN_RE, "id")):
        if (match := regex.match(rest)) and read_citation(match[group], index):
            return True
    return False
