"""Card data types and loading of the Spellfire card data set (pure Python, no Django)."""

from __future__ import annotations

import csv
import os
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from rapidfuzz import fuzz, process

DATA_DIR_ENV = "SPELLFIRE_CARD_DATA"

CHAMPION_TYPES = frozenset({"Cleric", "Hero", "Monster", "Psionicist", "Regent", "Thief", "Wizard"})

# The seven world logos (000 *World War!*); "None", "No World" and "TSR" are not worlds.
WORLDS = (
    "AD&D",
    "Birthright",
    "Dark Sun",
    "DragonLance",
    "Forgotten Realms",
    "Greyhawk",
    "Ravenloft",
)

# Sets whose printed names are indexed as alternative names (pt-BR users).
ALT_NAME_SETS = frozenset({"POR"})
# The Portuguese edition renumbered some cards, so the data's same-number check fails for them.
# These are the same card as their English printing all the same: 003 names Moeda da
# Megalomania "381/1ªEd. (Ego Coin, 419/1st)"; POR/154 is Hordes of Castle Greyhawk translated
# (same number, type and level; the Portuguese data lacks its world logo).
PORTUGUESE_SAME_CARD = {"POR/381": "1st/419", "POR/154": "1st/154"}
# A Portuguese-edition printing with no English counterpart is an official card of its own
# (e.g. POR/097 Convocação, a Monster): it must never be taken for a fan-set card.
PORTUGUESE_EDITION = "POR"
# 003 cites Portuguese-edition numbers as "381/1ªEd." (Moeda da Megalomania).
PORTUGUESE_EDITION_NAMES = {"1ªed": "por", "1aed": "por", "1ªedição": "por", "1aedicao": "por"}
# The international printings' sets and their languages: their printed names are read in
# decklists (SPEC §3, the players' languages), each resolving to its English card.
LANGUAGE_SETS = {
    "FRN": "French",
    "DE": "German",
    "IT": "Italian",
    "POR": "Portuguese",
    "SP": "Spanish",
}
# Articles a name may be typed without (`Caravana` for A Caravana, `Karawane` for Die
# Karawane): English, French, German, Italian, Portuguese and Spanish.
_ANY_ARTICLE_RE = re.compile(
    r"^(?:(?:the|an?|le|la|les|une?|der|die|das|eine?|il|lo|gli|i|uno?|una|o|os|as|um|uma|"
    r"el|los|las)\s+|[ld]['’`´]\s*)(?P<rest>\S.*)$",
    re.IGNORECASE,
)
# Apostrophes and possessives written another way (`Amelior' Restraint`, `Ameliors
# Restraint` for Amelior's Restraint) are the same name: dropped before comparing.
_APOSTROPHE_S_RE = re.compile(r"['’`´]s\b|['’`´]", re.IGNORECASE)

_CARD_ID_RE = re.compile(r"^\s*(?P<set>[^/]+?)\s*/\s*(?P<num>\d+)\s*$")
_REVERSED_ID_RE = re.compile(r"^\s*(?P<num>\d+)\s*/\s*(?P<set>.+?)\s*$")
_CHASE_WORD_RE = re.compile(r"\s+chase$", re.IGNORECASE)


_NON_ALNUM_RE = re.compile(r"[^a-z0-9]")


def _fold(name: str) -> str:
    text = unicodedata.normalize("NFKD", name.replace("&", " and "))
    return text.encode("ascii", "ignore").decode().lower()


# Names are folded many times a list (each line is tried by several rules): the folds are
# pure, so they are cached (bounded: a hostile list only churns the cache).
@lru_cache(maxsize=16_384)
def normalize_name(name: str) -> str:
    """Fold a card name for matching: no case, accents, punctuation or spacing."""
    return _NON_ALNUM_RE.sub("", _fold(name))


def strict_name(name: str) -> str:
    """`normalize_name` that keeps "!": Adventurers! and Adventurers are two cards."""
    return re.sub(r"[^a-z0-9!]", "", _fold(name))


@lru_cache(maxsize=16_384)
def normalize_card_id(text: str) -> str | None:
    """Canonical lookup key of `SET/NUMBER` (also `NUMBER/SET`, `16/RR Chase`), or None."""
    match = _CARD_ID_RE.match(text)
    if match and not match["set"].strip().isdigit():
        set_part, num = match["set"], match["num"]
    else:
        match = _REVERSED_ID_RE.match(text)
        if not match or match["set"].strip().isdigit():
            return None
        set_part, num = match["set"], match["num"]
        if _CHASE_WORD_RE.search(set_part):
            set_part = _CHASE_WORD_RE.sub("", set_part) + "c"
    set_key = re.sub(r"\s+", "", set_part).lower()
    set_key = PORTUGUESE_EDITION_NAMES.get(set_key.rstrip("."), set_key)
    return f"{set_key}/{int(num)}" if set_key else None


# "usable by any champion" (000 *World War!*): the artifact text says it works for any world.
GENERIC_ARTIFACT_RE = re.compile(
    r"\b(?:attach\w*|usable|used)\b[^.]*\b(?:any worlds?|any champion|any avatar|"
    r"regardless of world)",
    re.IGNORECASE,
)


def is_generic_artifact_text(card_type: str, world: str, text: str) -> bool:
    """A generic artifact (World War!): an artifact without a world logo, or whose text says
    any champion may use it. The converter stores this as a fact; data read with texts but
    without that column derive it here."""
    if card_type != "Artifact":
        return False
    return world not in WORLDS or bool(GENERIC_ARTIFACT_RE.search(text or ""))


def level_value(level_text: str) -> int:
    """Level counted for the deck total: first number of the icon, `?` or blank counts 0."""
    # Modifier levels ("+3") belong to allies and items, which never enter the champion total.
    match = re.match(r"\s*\+?(\d+)", level_text or "")
    return int(match.group(1)) if match else 0


@dataclass(frozen=True, slots=True)
class Card:
    """One printing of a card."""

    card_id: str
    set_code: str
    number: str
    is_chase: bool
    name: str
    type: str
    is_champion: bool
    level_text: str
    level_value: int
    world: str
    is_avatar: bool
    identity_key: str
    attributes: tuple[str, ...] = ()
    multiples_allowed: bool = False
    deck_limit: int | None = 1
    text: str = ""
    set_name: str = ""
    is_fan_set: bool = False
    # An artifact usable by any champion, or one without a world logo (World War!): a fact
    # of the shipped data, derived from the text where a data set has texts only.
    generic_artifact: bool = False
    # CrossFire's own number (`RR 116` is the chase card RRc/16); blank where a source has
    # none (the database): the index derives it. A lookup aid, not a fact that tells cards
    # apart, so it is left out of comparisons.
    raw_number: str = field(default="", compare=False)

    @property
    def lookup_key(self) -> str:
        """Normalized card id used by the index."""
        return normalize_card_id(self.card_id) or self.card_id.lower()


@dataclass(frozen=True, slots=True)
class Identity:
    """Same icon and same name across printings: the unit of the one-copy rule."""

    key: str
    type: str
    name: str
    card_ids: tuple[str, ...]
    multiples_allowed: bool = False
    deck_limit: int | None = 1  # None = unlimited


@dataclass(frozen=True, slots=True)
class Placeholder:
    """A printed number with no card (2nd/3rd edition "Replaced by ..." slots)."""

    card_id: str
    note: str


def _parse_limit(value: str) -> int | None:
    """`unlimited` → None, a number → that number, blank → 1."""
    value = (value or "").strip().lower()
    if value == "unlimited":
        return None
    return int(value) if value.isdigit() else 1


def identity_limit(multiples_allowed: bool, statements: Iterable[str]) -> int | None:
    """Copies allowed for an identity: 1 unless some printing allows multiples."""
    if not multiples_allowed:
        return 1
    limits = [_parse_limit(s) for s in statements]
    # The most generous printing wins: the "No limit" wording only appears on later printings.
    return None if None in limits or not limits else max(limits)


class CardIndex:
    """Lookups by card id and by normalized name over a set of printings."""

    def __init__(
        self,
        cards: Iterable[Card],
        alt_names: Iterable[tuple[str, str]] = (),
        placeholders: Iterable[Placeholder] = (),
        identities: Iterable[Identity] = (),
        extra_ids: Iterable[tuple[str, str, Card]] = (),
    ) -> None:
        """Index `cards`; `alt_names` are (name, identity_key), `extra_ids` (id, name, card)."""
        self.cards = tuple(cards)
        self._by_id: dict[str, Card] = {c.lookup_key: c for c in self.cards}
        # International printings resolve to their English counterpart, under their own name.
        self._id_names: dict[str, str] = {}
        for card_id, printed_name, card in extra_ids:
            key = normalize_card_id(card_id) or card_id.lower()
            if key not in self._by_id:
                self._by_id[key] = card
                self._id_names[key] = normalize_name(printed_name)
        self._printings: dict[str, list[Card]] = defaultdict(list)
        self._by_name: dict[str, list[str]] = defaultdict(list)
        for card in self.cards:
            self._printings[card.identity_key].append(card)
            keys = self._by_name[normalize_name(card.name)]
            if card.identity_key not in keys:
                keys.append(card.identity_key)
        self._alt: dict[str, list[str]] = defaultdict(list)
        self._alt_display: dict[str, str] = {}
        for alt_name, key in alt_names:
            norm = normalize_name(alt_name)
            if key in self._printings and key not in self._alt[norm]:
                self._alt[norm].append(key)
                self._alt_display.setdefault(norm, alt_name)
        self.placeholders = {
            (normalize_card_id(p.card_id) or p.card_id.lower()): p for p in placeholders
        }
        self.identities = {i.key: i for i in identities}
        for key, printings in self._printings.items():
            if key not in self.identities:
                self.identities[key] = _identity_from_cards(printings)
        self._display = {normalize_name(c.name): c.name for c in self.cards}
        self._display.update({k: v for k, v in self._alt_display.items() if k not in self._display})
        # A name typed without its article or epithet (`Caravan`, `Korgunard`): short form →
        # the identities it may mean; used only when no card has the typed name itself.
        self._short: dict[str, list[str]] = defaultdict(list)
        for card in self.cards:
            for short in short_names(card.name):
                keys = self._short[normalize_name(short)]
                if card.identity_key not in keys:
                    keys.append(card.identity_key)
        # The part before the first comma of every name that has one ("Kiri" of "Kiri,
        # Avatar of Kiri-Jolith"): where a comma-separated list may continue one name.
        self._comma_heads = {
            normalize_name(name.split(",", 1)[0]) for name in self._display.values() if "," in name
        }
        self._languages = _language_names(extra_ids, self._printings)
        self._first_words = _first_words(self._printings)
        self._loose: dict[str, list[str]] = defaultdict(list)
        for norm, display in self._display.items():
            for key in self._by_name.get(norm) or self._alt.get(norm) or ():
                if key not in self._loose[loose_name(display)]:
                    self._loose[loose_name(display)].append(key)
        self._by_raw = _raw_numbers(self.cards)
        self._sets = _set_lookup(self.cards)
        self._chase_sizes = _chase_sizes(self.cards)
        self._suggestion_names = sorted(self._display)

    def __len__(self) -> int:
        return len(self.cards)

    def by_id(self, card_id: str) -> Card | None:
        """The printing with this `SET/NUMBER` (leading zeros optional), or None."""
        key = normalize_card_id(card_id)
        return self._by_id.get(key) if key else None

    def placeholder(self, card_id: str) -> Placeholder | None:
        """The placeholder for a number with no card, or None."""
        key = normalize_card_id(card_id)
        return self.placeholders.get(key) if key else None

    def identity_keys_for_name(self, name: str) -> tuple[str, ...]:
        """Identity keys a typed name may mean, most official first.

        Official printings (TSR, community and Portuguese-edition names) win over a
        Brazilian fan-set card of the same spelling; among official ones English names win
        over Portuguese aliases. A name typed with a "!" means the "!" card when a card of
        the same spelling without it exists too (typed without, it may be either).
        """
        norm = normalize_name(name)
        named = self._by_name.get(norm, [])
        official = [k for k in named if self._has_official_printing(k)]
        keys = official or self._alt.get(norm) or named
        if "!" in name and len(keys) > 1:
            typed = strict_name(name)
            exact = [k for k in keys if strict_name(self._printings[k][0].name) == typed]
            keys = exact or keys
        return tuple(keys)

    def _has_official_printing(self, identity_key: str) -> bool:
        return any(not c.is_fan_set for c in self._printings.get(identity_key, ()))

    def name_matches(self, name: str, card: Card, card_id: str = "") -> bool:
        """Whether `name` names this card: English, alternative or as printed at `card_id`."""
        norm = normalize_name(name)
        if norm == normalize_name(card.name) or card.identity_key in self._alt.get(norm, ()):
            return True
        return self._id_names.get(normalize_card_id(card_id) or "") == norm

    def printings(self, identity_key: str) -> tuple[Card, ...]:
        """All printings of an identity, in data order."""
        return tuple(self._printings.get(identity_key, ()))

    def representative(self, identity_key: str) -> Card:
        """The printing used when a list gives a name without a number: the latest one."""
        # Later printings carry errata-like wording ("No limit per deck"), so prefer them;
        # a Brazilian fan-set reprint is used only when no TSR printing exists.
        printings = self._printings[identity_key]
        official = [c for c in printings if not c.is_fan_set]
        return (official or printings)[-1]

    def identity(self, identity_key: str) -> Identity:
        """The identity for a key."""
        return self.identities[identity_key]

    def by_raw(self, set_code: str, raw_number: str | int) -> Card | None:
        """The printing CrossFire numbers `{set_code raw_number}` (its .cfd files), or None.

        The raw number is the printed one, except for chase cards: CrossFire numbers them on
        from the set's last regular number (`RR 116` is RRc/16, `1st 450` is 1stc/10)."""
        try:
            number = int(str(raw_number).strip())
        except ValueError:
            return None
        return self._by_raw.get(f"{set_code.strip().lower()}/{number}")

    def set_code(self, text: str) -> str | None:
        """The set a citation names: its code (`RR`, `4th`), its name (`Runes & Ruins`,
        `4th Edition`) or an alias the community uses (`CL`, the classic booster: 4th)."""
        norm = normalize_name(text)
        if norm.endswith("ed"):
            norm += "ition"  # `1st Ed.`, `3rd ed`
        return self._sets.get(SET_ALIASES.get(norm, norm))

    def chase_size(self, set_code: str) -> int:
        """How many chase cards a set has (0: none)."""
        return self._chase_sizes.get(set_code.lower(), 0)

    def starts_a_name_with_a_comma(self, text: str) -> bool:
        """Whether some card name begins with `text` followed by a comma."""
        return normalize_name(text) in self._comma_heads

    def short_name_keys(self, name: str) -> tuple[str, ...]:
        """Identities whose name, without its article or its `the …` epithet, is `name`
        (`Caravan`: The Caravan; `Korgunard`: Korgunard the Avangion), official ones first."""
        keys = self._short.get(normalize_name(name), [])
        official = [k for k in keys if self._has_official_printing(k)]
        return tuple(official or keys)

    def match_name(self, name: str) -> NameMatch:
        """The identities a typed name means and the rule that found them (SPEC §3, real
        lists), tried in this order: the name itself (English, then Portuguese aliases),
        another language's printed name, the name with its apostrophes or possessive written
        another way, without its article or `the …` epithet (English, then the other
        languages), and the first word(s) of exactly one card's name."""
        keys = self.identity_keys_for_name(name)
        norm = normalize_name(name)
        fan_only = not any(self._has_official_printing(k) for k in keys)
        if keys and not (fan_only and norm in self._languages):
            english = any(k in self._by_name.get(norm, ()) for k in keys)
            language = "" if english else PORTUGUESE_EDITION
            return NameMatch(keys, "" if english else RULE_LANGUAGE, language)
        if not norm:
            return NameMatch((), "")
        if found := self._languages.get(norm):
            # An official card's printed name wins over a fan-set card of the same spelling.
            return _language_match(found, RULE_LANGUAGE)
        if found := self._loose.get(loose_name(name)):
            official = [k for k in found if self._has_official_printing(k)]
            return NameMatch(tuple(official or found), "")  # the same name (SPEC §3)
        if keys := self.short_name_keys(name):
            has_article = bool(_ARTICLE_RE.match(self._printings[keys[0]][0].name))
            return NameMatch(keys, RULE_ARTICLE if has_article else RULE_FIRST_WORDS)
        article = _ANY_ARTICLE_RE.match(name)
        if article and (found := self._languages.get(normalize_name(article["rest"]))):
            return _language_match(found, RULE_LANGUAGE)
        if found := self._languages.get(_SHORT_PREFIX + norm):
            return _language_match(found, RULE_LANGUAGE_ARTICLE)
        if (keys := self._first_words.get(norm)) and len(keys) == 1 and _COMMA_BOUND not in keys:
            return NameMatch(tuple(keys), RULE_FIRST_WORDS)
        return NameMatch((), "")

    def names_within(self, text: str) -> list[tuple[str, ...]]:
        """The identities that runs of the text's words name by their own name (English or
        international), longest run first: `Deck Waterdeep 55` → Waterdeep's."""
        words = text.split()[:MAX_RUN_WORDS]
        found: list[tuple[str, ...]] = []
        for size in range(len(words), 0, -1):
            for start in range(len(words) - size + 1):
                run = " ".join(words[start : start + size]).strip(",.;:()[]")
                norm = normalize_name(run)
                if len(norm) < MIN_CONTAINED_CHARS:
                    continue
                keys = self.identity_keys_for_name(run) or tuple(
                    dict.fromkeys(k for k, _lang in self._languages.get(norm, ()))
                )
                if keys and keys not in found:
                    found.append(keys)
        return found

    def best_ratio(self, name: str) -> float:
        """How close the nearest card name is to `name` (rapidfuzz ratio, 0-100)."""
        norm = normalize_name(name)
        best = process.extractOne(norm, self._suggestion_names, scorer=fuzz.ratio) if norm else None
        return best[1] if best else 0.0

    def suggestions(self, name: str, limit: int = 5) -> list[tuple[str, Card]]:
        """Closest cards for an unknown name, best first, as (name shown, representative card).

        Cards whose name contains what was typed come first (shortest name first: `Manshoon`
        → Manshoon of the Zhentarim), then the closest names by `rapidfuzz` similarity. A
        name several cards share gives one item per card (each with its own number and type).
        """
        norm = normalize_name(name)
        if not norm:
            return []
        out: list[tuple[str, Card]] = []
        # A row naming a card inside other text (`Deck: Waterdeep (my best)`): that card first.
        for keys in self.names_within(name) if len(name.split()) > 1 else ():
            for key in keys:
                card = self.representative(key)
                if len(out) < limit and all(c.identity_key != key for _n, c in out):
                    out.append((card.name, card))
        names: list[str] = []
        if len(norm) >= MIN_CONTAINED_CHARS:
            contained = [n for n in self._suggestion_names if norm in n and n != norm]
            contained.sort(key=lambda n: (not n.startswith(norm), len(n), n))
            names.extend(contained[:limit])
        if len(names) < limit:
            close = process.extract(
                norm,
                self._suggestion_names,
                scorer=fuzz.ratio,
                limit=limit * 2,
                score_cutoff=SUGGESTION_CUTOFF,
            )
            names.extend(n for n, _score, _i in close if n not in names)
        for norm_name in names:
            keys = self._by_name.get(norm_name) or self._alt.get(norm_name) or []
            for key in keys:
                if len(out) < limit and all(c.identity_key != key for _n, c in out):
                    out.append((self._display[norm_name], self.representative(key)))
        return out


# How a typed name was read, when not as the card's own English name (a note says so).
RULE_LANGUAGE = "language"  # another language's printed name
RULE_LANGUAGE_ARTICLE = "language-article"  # … typed without its article
RULE_ARTICLE = "article"  # the English name without its article
RULE_FIRST_WORDS = "first-words"  # the first word(s) of one card's name (or its epithet)
# Key prefix of the international names indexed without their article.
_SHORT_PREFIX = "~"


@dataclass(frozen=True, slots=True)
class NameMatch:
    """What a typed name means: identity keys, the rule used ("" = its own name) and, for
    an international name, its set (`FRN`, `DE`, `IT`, `POR`, `SP`)."""

    keys: tuple[str, ...]
    rule: str
    language: str = ""


@lru_cache(maxsize=16_384)
def loose_name(name: str) -> str:
    """`normalize_name` without apostrophes and possessive "s": the key under which
    `Amelior' Restraint` and Amelior's Restraint are one name (`Ameliors Restraint`
    already is: `normalize_name` drops the apostrophe)."""
    return normalize_name(_APOSTROPHE_S_RE.sub("", _fold(name)))


def _language_match(found: list[tuple[str, str]], rule: str) -> NameMatch:
    """Portuguese first (the Brazilian league plays its 1st edition), then the others."""
    found = sorted(found, key=lambda item: item[1] != PORTUGUESE_EDITION)
    keys = tuple(dict.fromkeys(key for key, _lang in found))
    return NameMatch(keys, rule, found[0][1])


def _language_names(
    extra_ids: Iterable[tuple[str, str, Card]], printings: Mapping[str, list[Card]]
) -> dict[str, list[tuple[str, str]]]:
    """Normalized international name (and, under `_SHORT_PREFIX`, the name without its
    article) → (identity key, set) of the English card it is printed for."""
    out: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for card_id, printed, card in extra_ids:
        set_code = card_id.split("/", 1)[0]
        if set_code not in LANGUAGE_SETS or card.identity_key not in printings:
            continue
        forms = [normalize_name(printed)]
        if match := _ANY_ARTICLE_RE.match(printed):
            forms.append(_SHORT_PREFIX + normalize_name(match["rest"]))
        for form in forms:
            if form.strip(_SHORT_PREFIX) and (card.identity_key, set_code) not in out[form]:
                out[form].append((card.identity_key, set_code))
    return dict(out)


def _first_words(printings: Mapping[str, list[Card]]) -> dict[str, set[str]]:
    """The first word(s) of every official name → the identities whose name starts so. A
    name's part before a comma is the card's subject, not a short name (Tyr the realm, Tyr,
    Avatar of Justice the hero): a prefix reaching a comma is marked `_COMMA_BOUND`, so it
    never resolves alone and keeps another card's same first word from resolving (`Kiri`:
    Kiri Allavesse and Kiri, Avatar of Kiri-Jolith)."""
    out: dict[str, set[str]] = defaultdict(set)
    for key, cards in printings.items():
        if all(c.is_fan_set for c in cards):
            continue
        words = cards[0].name.split()
        for n in range(1, len(words)):
            prefix = " ".join(words[:n])
            norm = normalize_name(prefix)
            if len(norm) >= MIN_FIRST_WORDS_CHARS:
                out[norm].add(_COMMA_BOUND if "," in prefix else key)
    return dict(out)


_COMMA_BOUND = ","


# Suggestions: a typed name of at least this many letters suggests the cards containing it;
# below this similarity (rapidfuzz's 0-100 ratio) a name is not suggested at all.
MIN_CONTAINED_CHARS = 4
# A name's first word(s) of at least this many letters may stand for it (`Lyr`: Lyr of the
# Mists, the only card whose name starts so).
MIN_FIRST_WORDS_CHARS = 3
# Runs of at most this many words of an unknown line are looked up as names.
MAX_RUN_WORDS = 12
SUGGESTION_CUTOFF = 60
# Set names lists and posts use besides the codes. `CL` is the "classic booster" of the
# Barbaric Newbie rules (004: "The Caravan (131/CL) ... is #131 of 500"): the 4th edition.
SET_ALIASES = {
    "cl": "4th",
    "classic": "4th",
    "classicbooster": "4th",
    "noedition": "no",
    "unlimited": "no",
    # As web pages' tables and posts write them (`120 1st Ed. Nyrond`, `For. Realms`).
    "firstedition": "1st",
    "secondedition": "2nd",
    "thirdedition": "3rd",
    "fourthedition": "4th",
    "forrealms": "fr",
    "underdark": "ud",
    "dragonlance": "dl",
    "nightstalker": "ns",
    "runesruins": "rr",
    "randr": "rr",
    "promos": "pr",
}
_ARTICLE_RE = re.compile(r"^(?:the|a|an)\s+(?P<rest>\S.*)$", re.IGNORECASE)
# `Korgunard the Avangion`: a proper name and its `the …` epithet (no comma: a name before a
# comma is the card's subject, e.g. Tyr the realm and Tyr, Avatar of Justice the hero).
_EPITHET_RE = re.compile(r"^(?P<name>[^,]*?[A-Z][^\s,]*)\s+the\s+\S[^,]*$")


def short_names(name: str) -> list[str]:
    """The forms of a card name typed without its article or epithet."""
    out: list[str] = []
    if match := _ARTICLE_RE.match(name):
        out.append(match["rest"])
    if match := _EPITHET_RE.match(name):
        out.append(match["name"])
    return [n for n in out if normalize_name(n) and normalize_name(n) != normalize_name(name)]


def _raw_numbers(cards: Iterable[Card]) -> dict[str, Card]:
    """`set/raw number` → printing. The raw number is the card's own where the data gives
    it, else the printed number, or for a chase card the set's last regular number plus the
    chase number (CrossFire's numbering; the database keeps no raw numbers)."""
    cards = tuple(cards)
    last_regular: dict[str, int] = {}
    for card in cards:
        if not card.is_chase and card.number.isdigit():
            code = card.set_code.lower()
            last_regular[code] = max(last_regular.get(code, 0), int(card.number))
    out: dict[str, Card] = {}
    for card in cards:
        code = card.set_code.lower()
        if card.raw_number.isdigit():
            raw = int(card.raw_number)
        elif not card.number.isdigit():
            continue
        else:
            raw = int(card.number) + (last_regular.get(code, 0) if card.is_chase else 0)
        out.setdefault(f"{code}/{raw}", card)
    return out


def _set_lookup(cards: Iterable[Card]) -> dict[str, str]:
    """Normalized set code or set name → the set code as the index keys it."""
    out: dict[str, str] = {}
    for card in cards:
        code = card.set_code
        out.setdefault(normalize_name(code), code)
        if card.set_name:
            out.setdefault(normalize_name(card.set_name), code)
    return out


def _chase_sizes(cards: Iterable[Card]) -> dict[str, int]:
    sizes: dict[str, int] = defaultdict(int)
    for card in cards:
        if card.is_chase:
            sizes[card.set_code.lower()] += 1
    return dict(sizes)


def _identity_from_cards(printings: list[Card]) -> Identity:
    """Identity derived from its printings when card_identities.csv has no row for it."""
    first = printings[0]
    allowed = any(c.multiples_allowed for c in printings)
    limits = [c.deck_limit for c in printings if c.multiples_allowed]
    limit = 1 if not allowed else (None if None in limits else max(limits, default=None))
    return Identity(
        key=first.identity_key,
        type=first.type,
        name=first.name,
        card_ids=tuple(c.card_id for c in printings),
        multiples_allowed=allowed,
        deck_limit=limit,
    )


# --- CSV readers (the Django import command reuses these generators) ---


# The card facts shipped in the repository (no texts): see carddata/README.md.
SHIPPED_DATA_DIR = Path(__file__).resolve().parents[1] / "carddata"

# A data set is a folder of CSV files, or the same tables in memory (file name -> rows), as
# the CrossFire converter produces them (`scoring.crossfire`).
CardSource = Path | Mapping[str, Iterable[Mapping[str, str]]]


def default_data_dir() -> Path:
    """`$SPELLFIRE_CARD_DATA`, else the repository's `carddata/`."""
    env = os.environ.get(DATA_DIR_ENV)
    return Path(env) if env else SHIPPED_DATA_DIR


def _read_csv(path: Path) -> Iterator[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as handle:
        yield from csv.DictReader(handle)


def _table(source: CardSource, name: str) -> Iterator[Mapping[str, str]]:
    """The rows of one table (e.g. "cards.csv") of a folder or of in-memory tables."""
    if isinstance(source, Mapping):
        if name not in source:
            raise FileNotFoundError(f"no {name} in the card tables")
        return iter(source[name])
    return _read_csv(Path(source) / name)


def identity_rows(data_dir: CardSource) -> Iterator[Identity]:
    """Identities from card_identities.csv."""
    for row in _table(data_dir, "card_identities.csv"):
        allowed = row["multiples_allowed_any_printing"] == "1"
        statements = [s.split("=", 1)[1] for s in row["deck_limit_statements"].split("|") if s]
        yield Identity(
            key=row["identity_key"],
            type=row["type"],
            name=row["name"],
            card_ids=tuple(row["printings"].split("|")),
            multiples_allowed=allowed,
            deck_limit=identity_limit(allowed, statements),
        )


def card_from_row(row: Mapping[str, str], identity: Identity | None = None) -> Card:
    """A Card from a cards.csv-shaped row (also usable for database rows as dicts).

    The shipped facts have no text: `text` stays "" and `generic_artifact` is read from its
    column; a data set with texts but without that column derives it from the text.
    """
    is_champion = row.get("is_champion") == "1" or row["type"] in CHAMPION_TYPES
    key = row.get("identity_key") or f"{row['type']}|{normalize_name(row['name'])}"
    world = row.get("world") or "None"
    text = row.get("text") or ""
    generic = row.get("generic_artifact")
    if generic in ("0", "1"):
        generic_artifact = generic == "1"
    else:
        generic_artifact = is_generic_artifact_text(row["type"], world, text)
    return Card(
        card_id=row["card_id"],
        set_code=row.get("set_code") or row["card_id"].rsplit("/", 1)[0],
        number=str(row["number"]),
        is_chase=row.get("is_chase") == "1",
        name=row["name"],
        type=row["type"],
        is_champion=is_champion,
        level_text=row.get("level") or "",
        level_value=level_value(row.get("level") or "") if is_champion else 0,
        world=world,
        is_avatar=row.get("is_avatar") == "1",
        identity_key=key,
        attributes=tuple(a for a in (row.get("attributes") or "").split("|") if a),
        multiples_allowed=identity.multiples_allowed if identity else False,
        deck_limit=identity.deck_limit if identity else 1,
        text=text,
        set_name=row.get("set_name") or "",
        generic_artifact=generic_artifact,
        raw_number=row.get("raw_number") or "",
    )


def card_rows(data_dir: CardSource) -> Iterator[Card]:
    """Every printing of cards.csv, with multiples decided per identity."""
    identities = {i.key: i for i in identity_rows(data_dir)}
    for row in _table(data_dir, "cards.csv"):
        yield card_from_row(row, identities.get(row["identity_key"]))


def supplement_rows(data_dir: CardSource) -> Iterator[Card]:
    """Brazilian fan sets: set_code = set name, identity = type|normalized name."""
    for row in _table(data_dir, "supplement_br_fan_sets_gilsouza.csv"):
        # No set_code, deck_limit or multiples columns: one copy per identity applies.
        yield replace(card_from_row(row), is_fan_set=True)


def international_rows(data_dir: CardSource) -> Iterator[tuple[dict[str, str], str | None]]:
    """International printings with the English card_id they are (None if not known)."""
    for row in _table(data_dir, "cards_international.csv"):
        same = row["same_number_type_level_world_match"] == "1"
        english = PORTUGUESE_SAME_CARD.get(row["card_id"])
        yield row, english or (row["same_number_1st_card_id"] if same else None)


def placeholder_rows(data_dir: CardSource) -> Iterator[Placeholder]:
    """Numbers with no card."""
    for row in _table(data_dir, "placeholders.csv"):
        yield Placeholder(card_id=row["card_id"], note=row["note"])


def _own_identity(card: Card, known_keys: set[str]) -> Card:
    """Key a card read without an identity column the way card_identities.csv would.

    The data keeps "!" in a key only where a "!" card and a plain one share a spelling
    (Siege! / Siege), so a reprint named "Siege!" must join `Event|siege!`.
    """
    strict_key = f"{card.type}|{strict_name(card.name)}"
    return replace(card, identity_key=strict_key) if strict_key in known_keys else card


@dataclass(frozen=True, slots=True)
class CardData:
    """Everything the CSV files say, resolved once for the index and for the import."""

    cards: tuple[Card, ...]
    identities: tuple[Identity, ...]
    alt_names: tuple[tuple[str, str], ...]
    extra_ids: tuple[tuple[str, str, Card], ...]
    placeholders: tuple[Placeholder, ...]
    # Every international row with the card it resolves to (None: unknown, never guessed).
    international: tuple[tuple[Mapping[str, str], Card | None], ...]


def read_card_data(data_dir: CardSource) -> CardData:
    """Read the CSV data set: TSR and community printings, Portuguese-edition cards of their
    own, Brazilian fan sets, international names and placeholders."""
    identities = tuple(identity_rows(data_dir))
    tsr = list(card_rows(data_dir))
    known_keys = {c.identity_key for c in tsr}
    main_keys = set(known_keys)
    international = list(international_rows(data_dir))
    portuguese = [
        _own_identity(replace(card_from_row(row), set_name=row["set_name"]), known_keys)
        for row, english_id in international
        if english_id is None and row["set_code"] == PORTUGUESE_EDITION
    ]
    known_keys |= {c.identity_key for c in portuguese}
    # A fan-set card with the same type and name as an official card is that identity (a reprint).
    fan = [_own_identity(card, known_keys) for card in supplement_rows(data_dir)]
    cards = tsr + portuguese + fan
    by_id = {c.card_id: c for c in cards}
    alt_names: list[tuple[str, str]] = []
    extra_ids: list[tuple[str, str, Card]] = []
    resolved: list[tuple[Mapping[str, str], Card | None]] = []
    for row, english_id in international:
        card = by_id.get(english_id or row["card_id"])
        resolved.append((row, card))
        if card is None or card.card_id == row["card_id"]:
            continue  # unknown (reported as such), or a Portuguese-edition card of its own
        extra_ids.append((row["card_id"], row["name"], card))
        if row["set_code"] in ALT_NAME_SETS and card.identity_key in main_keys:
            alt_names.append((row["name"], card.identity_key))
    return CardData(
        cards=tuple(cards),
        identities=identities,
        alt_names=tuple(alt_names),
        extra_ids=tuple(extra_ids),
        placeholders=tuple(placeholder_rows(data_dir)),
        international=tuple(resolved),
    )


def load_card_index(data_dir: CardSource | None = None) -> CardIndex:
    """Read the CSV data set into a CardIndex (cards, supplement, pt names, placeholders)."""
    if data_dir is None:
        data_dir = default_data_dir()
    data = read_card_data(data_dir if isinstance(data_dir, Mapping) else Path(data_dir))
    return CardIndex(
        data.cards,
        alt_names=data.alt_names,
        placeholders=data.placeholders,
        identities=data.identities,
        extra_ids=data.extra_ids,
    )


@lru_cache(maxsize=1)
def default_card_index() -> CardIndex:
    """The index of the default data directory, loaded once per process."""
    return load_card_index(default_data_dir())
