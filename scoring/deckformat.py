"""Deck construction tables (SPEC §3) and the shared Problem type (pure Python)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from scoring.model import DECK_SIZES, MAX_REALMS, DeckRules, RulesEdition, TournamentType, Variant

# Type groups in the order of the 000 tables; champions are one group.
CHAMPION = "Champion"
DUNGEON = "Dungeon"
LIMITED_GROUPS = ("Rule", "Realm", "Holding", CHAMPION, "Artifact", "Magical Item", "Event")
UNLIMITED_GROUPS = (
    "Ally",
    "Blood Ability",
    "Cleric Spell",
    "Psionic Power",
    "Thief Ability",
    "Unarmed Combat",
    "Wizard Spell",
)
ALL_GROUPS = (*LIMITED_GROUPS, *UNLIMITED_GROUPS, DUNGEON)

GROUP_PLURALS = {
    "Rule": "Rule cards",
    "Realm": "Realms",
    "Holding": "Holdings",
    CHAMPION: "Champions",
    "Artifact": "Artifacts",
    "Magical Item": "Magical items",
    "Event": "Events",
    "Ally": "Allies",
    "Blood Ability": "Blood abilities",
    "Cleric Spell": "Cleric spells",
    "Psionic Power": "Psionic powers",
    "Thief Ability": "Thief abilities",
    "Unarmed Combat": "Unarmed combat",
    "Wizard Spell": "Wizard spells",
    DUNGEON: "Dungeons",
}

DECK_RULES = tuple(DeckRules)
# Rule 5.0 (003) uses the community limits (SPEC §3 [decision]).
DECK_RULES_ALIASES = {"rule-5.0": DeckRules.COMMUNITY, "regra-5.0": DeckRules.COMMUNITY}
TOURNAMENT_TYPES = tuple(TournamentType)
NON_BLOCKING_TYPES = frozenset({TournamentType.SEALED_DECK, TournamentType.MASTERS_STRATEGY})
VARIANTS = tuple(Variant)
SIDEBOARD_SIZE = 7
# 000 *VARIANTS* Sideboard: "Decks that do not contain 55 cards plus a dungeon card
# (optional) ... are not tournament legal."
SIDEBOARD_DECK_SIZE = 55
# SPEC §2: the rules text an event follows; Regra 5.0 (003) changes Wizard's Challenge.
COMMUNITY_EDITION = RulesEdition.COMMUNITY_0_9
REGRA_5_EDITION = RulesEdition.REGRA_5_0
RULES_EDITIONS = tuple(RulesEdition)


@dataclass(frozen=True, slots=True)
class DeckTable:
    """Per-group (min, max), champion level maximum and free avatars for one deck size."""

    ranges: Mapping[str, tuple[int, int]]
    max_levels: int
    free_avatars: int


def _table(ranges: tuple[tuple[int, int], ...], max_levels: int, free: int) -> DeckTable:
    return DeckTable(
        MappingProxyType(dict(zip(LIMITED_GROUPS, ranges, strict=True))), max_levels, free
    )


# 000 *THE DECK*: rule, realm, holding, champion, artifact, magical item, event. The realm
# maximum is `scoring.model.MAX_REALMS` (games are validated against it too).
R = MAX_REALMS
COMMUNITY_TABLES = MappingProxyType(
    {
        55: _table(((0, 3), (8, R[55]), (0, 6), (1, 20), (0, 10), (0, 12), (0, 10)), 90, 1),
        75: _table(((0, 4), (10, R[75]), (0, 7), (3, 27), (0, 12), (0, 15), (0, 13)), 125, 1),
        110: _table(((0, 5), (15, R[110]), (0, 10), (4, 40), (0, 15), (0, 20), (0, 17)), 180, 2),
    }
)
del R
# 001 *THE DECK*: the 55-card table, 90 levels, one free avatar.
TAV_TABLE = COMMUNITY_TABLES[55]
TAV_BANNED = ("Poor Oriental Lord", "Wealthy Oriental Vassal")
# SPEC §3 [decision] `blitz`: 25 cards, no card twice, champion levels at most 40 (the first
# number of each icon; no avatar is free, avatars are not allowed), no avatars, dungeons or
# rule cards.
BLITZ_SIZE = 25
BLITZ_MAX_LEVELS = 40


@dataclass(frozen=True, slots=True)
class DeckFormat:
    """What a deck is validated against: size, deck rules, tournament type, variants."""

    size: int = 55
    rules: str = "community"
    tournament_type: str = "championship"
    no_xs_digit: int | None = None
    variants: frozenset[str] = field(default_factory=frozenset)
    rules_edition: str = COMMUNITY_EDITION

    def __post_init__(self) -> None:
        rules = DECK_RULES_ALIASES.get(self.rules, self.rules)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "variants", frozenset(self.variants))
        if rules not in DECK_RULES:
            raise ValueError(f"unknown deck rules {self.rules!r}")
        if self.size not in DECK_SIZES:
            raise ValueError(f"unknown deck size {self.size}")
        if rules == "tav" and self.size != 55:
            raise ValueError("tav decks are 55 cards (56 with a dungeon)")
        if rules == "blitz" and self.size != BLITZ_SIZE:
            raise ValueError(f"blitz decks are {BLITZ_SIZE} cards")
        if self.tournament_type not in TOURNAMENT_TYPES:
            raise ValueError(f"unknown tournament type {self.tournament_type!r}")
        if self.tournament_type == "no-xs" and self.no_xs_digit not in range(10):
            raise ValueError("no-xs needs a digit 0-9")
        unknown = self.variants - set(VARIANTS)
        if unknown:
            raise ValueError(f"unknown variants {sorted(unknown)}")
        if self.rules_edition not in RULES_EDITIONS:
            raise ValueError(f"unknown rules edition {self.rules_edition!r}")

    @property
    def table(self) -> DeckTable | None:
        """The construction table, or None (25-card decks have no published table; Blitz has
        its own rules, `scoring.deckrules`)."""
        if self.rules == "tav":
            return TAV_TABLE
        return COMMUNITY_TABLES.get(self.size)

    @property
    def blocking(self) -> bool:
        """False for sealed products, where validation only reports."""
        return self.tournament_type not in NON_BLOCKING_TYPES


@dataclass(frozen=True, slots=True)
class MessageTemplate:
    """An English message template and its stable id: the site translates by the id, so
    rewording the English never loses a translation.

    A template that counts things also has ``plural``: ``text`` is then the singular, used
    when the parameter named ``count`` is 1 ("1 card"), ``plural`` otherwise ("2 cards").
    """

    id: str
    text: str
    plural: str = ""
    count: str = "count"

    def form(self, params: Mapping[str, Any]) -> str:
        """The English template that agrees with the count in ``params``."""
        if not self.plural or params.get(self.count) == 1:
            return self.text
        return self.plural


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding: stable code, message template and parameters."""

    code: str
    template: MessageTemplate
    params: Mapping[str, Any]
    blocking: bool = True
    line: int | None = None

    @property
    def message(self) -> str:
        """The English message (the site translates `template.id` instead)."""
        return self.template.form(self.params) % dict(self.params)


@dataclass(frozen=True, slots=True)
class Note:
    """A remark about the whole check (not a problem): its template and parameters."""

    template: MessageTemplate
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def message(self) -> str:
        return self.template.form(self.params) % dict(self.params)


def problem(
    code: str, template: MessageTemplate, *, line: int | None = None, **params: Any
) -> Problem:
    """Build a Problem; the line number, when known, is also a message parameter."""
    if line is not None:
        params.setdefault("line", line)
    return Problem(code, template, MappingProxyType(params), True, line)
