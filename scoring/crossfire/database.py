"""CrossFire's card database (`DataBase/*.tcl`) as rows of the project's card data set.

Pure Python, deterministic, no Tcl and no tkinter. The lookup tables (sets, worlds, card
types, rarities, attributes, "usable cards") are read from CrossFire's own
`Scripts/CommonV.tcl`, so the numeric ids mean exactly what CrossFire means by them. Each
card row of a set file is the Tcl list

    {SET RAW_NUMBER LEVEL TYPE_ID WORLD_ID IS_AVATAR NAME TEXT RARITY BLUELINE
     ATTRIBUTE_IDS USES WEIGHT}

From them this module derives what the deck checks need: the printed and chase numbers, the
identity of a card across printings (`type|normalized name`), its deck limit ("Limit N per
deck.", "No limit per deck."), placeholders ("(no card)" slots "Replaced by ..."), the
international printings with their English counterpart of the same number, and whether an
artifact is generic (World War!).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from scoring.cards import is_generic_artifact_text
from scoring.crossfire.tcl import braced_after, read_tcl, script_value, split_list

Row = dict[str, str]

# The project's names for CrossFire's set classes (CommonV.tcl: ed, bost, stik, intl, fan).
SET_CLASSES = {
    "ed": "edition",
    "bost": "booster",
    "stik": "sticker",
    "intl": "international",
    "fan": "fan",
}
INTERNATIONAL_CLASS = "intl"
# International editions are numbered like the 1st edition (400 cards and 25 chase cards).
INTERNATIONAL_BASE_SET = "1st"
PLACEHOLDER_TYPE_ID = 0

SET_COLUMNS = (
    "set_code",
    "set_name",
    "set_class",
    "header_in_file",
    "regular_numbers",
    "chase_qty",
    "cards_in_file",
    "cards",
    "placeholders",
    "source_file",
)
_PRINTING_COLUMNS = (
    "set_code",
    "set_name",
    "set_class",
    "number",
    "is_chase",
    "raw_number",
    "card_id",
    "name",
    "type",
    "type_id",
    "is_champion",
    "level",
    "world",
    "world_code",
    "world_id",
    "is_avatar",
    "rarity",
    "rarity_name",
    "blueline",
    "text",
    "attributes",
    "uses",
    "weight",
    "deck_limit",
    "multiples_allowed",
    "number_contains_9",
    "source_file",
)
# `generic_artifact` is the converter's own fact (the reference set has no such column); it
# stands before `source_file` so that `identity_key` stays the last column, as there.
CARD_COLUMNS = (*_PRINTING_COLUMNS[:-1], "generic_artifact", "source_file", "identity_key")
INTERNATIONAL_COLUMNS = (
    *_PRINTING_COLUMNS,
    "same_number_1st_card_id",
    "same_number_1st_name",
    "same_number_type_level_world_match",
)
IDENTITY_COLUMNS = (
    "identity_key",
    "type",
    "name",
    "name_variants",
    "n_printings",
    "printings",
    "levels",
    "worlds",
    "any_avatar",
    "deck_limit_statements",
    "multiples_allowed_any_printing",
    "limit_conflict_between_printings",
)
PLACEHOLDER_COLUMNS = ("set_code", "raw_number", "card_id", "note")
TYPE_COLUMNS = ("type_id", "type", "is_champion")
WORLD_COLUMNS = ("world_id", "world", "world_code")
ATTRIBUTE_COLUMNS = ("attr_id", "attribute")
# Card texts: TSR / Wizards of the Coast material, never shipped with the facts.
TEXT_COLUMNS = frozenset({"text", "blueline"})

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_NO_LIMIT_RE = re.compile(r"\bno limit per deck\b", re.IGNORECASE)
_LIMIT_RE = re.compile(r"\blimit (one|two|three|four|five|six|\d+) per deck\b", re.IGNORECASE)


# --- CrossFire's lookup tables (Scripts/CommonV.tcl) ---


@dataclass(frozen=True, slots=True)
class SetInfo:
    """One card set as CrossFire declares it."""

    code: str
    name: str
    set_class: str  # CrossFire's class id: ed, bost, stik, intl, fan
    num_limits: tuple[int, ...]
    chase_qty: int
    source_file: str  # relative to the checkout, e.g. DataBase/1st.tcl

    @property
    def set_max(self) -> int:
        """The last regular number (CrossFire's `setMax`); higher raw numbers are chase."""
        return self.num_limits[-1]


@dataclass(frozen=True, slots=True)
class Tables:
    """CrossFire's id tables."""

    sets: tuple[SetInfo, ...]
    worlds: Mapping[int, tuple[str, str]]  # id -> (name, short name)
    types: Mapping[int, tuple[str, bool]]  # id -> (name, is a champion)
    uses: Mapping[str, str]  # "1", "d9", "o101" -> what the card can use
    rarities: Mapping[str, str]  # "UC" -> "Uncommon"
    attributes: Mapping[int, str]

    def set_info(self, code: str) -> SetInfo:
        return next(s for s in self.sets if s.code == code)


def _pairs(items: list[str], width: int) -> list[list[str]]:
    return [items[i : i + width] for i in range(0, len(items), width)]


def _usable_label(name: str, side: str) -> str:
    return f"{name} ({side})"


def read_tables(checkout: Path) -> Tables:
    """The id tables of `Scripts/CommonV.tcl`, plus the fan sets of `FanSets/*.cfg`."""
    script = read_tcl(Path(checkout) / "Scripts" / "CommonV.tcl")
    sets: list[SetInfo] = []
    for entry in split_list(script_value(script, "cardSetInfo")):
        klass, code, name, limits, chase, tcl_file, *_ = split_list(entry)
        if klass not in SET_CLASSES:
            continue  # the "All Card Sets" pseudo set
        sets.append(
            SetInfo(
                code=code,
                name=name,
                set_class=klass,
                num_limits=tuple(int(n) for n in split_list(limits)),
                chase_qty=int(chase),
                source_file=f"DataBase/{tcl_file}",
            )
        )
    sets.extend(_fan_sets(Path(checkout)))
    worlds = {
        int(fields[1]): (fields[2], fields[5])
        for fields in map(split_list, split_list(script_value(script, "worldInfo")))
    }
    types: dict[int, tuple[str, bool]] = {}
    uses: dict[str, str] = {}
    # Usable ids with no card type of their own (CommonV.tcl lists them first).
    for type_id, name in _pairs(split_list(braced_after(script, "foreach {id name}")), 2):
        uses[f"d{type_id}"] = _usable_label(name, "Def")
        uses[f"o{type_id}"] = _usable_label(name, "Off")
    for entry in split_list(script_value(script, "cardTypeInfo")):
        type_id, name, champion, usable, *_ = split_list(entry)
        if not 0 < int(type_id) < 99:
            continue  # "All Cards" and the search pseudo types (Champions, Chase, Levels)
        types[int(type_id)] = (name, champion == "1")
        if usable == "1":
            uses[type_id] = name
        elif usable == "2":
            uses[f"d{type_id}"] = _usable_label(name, "Def")
            uses[f"o{type_id}"] = _usable_label(name, "Off")
    rarities = {
        rid: name
        for rid, _pv, name in _pairs(split_list(braced_after(script, "variable cardFrequency")), 3)
    }
    attributes = {
        int(aid): name
        for aid, name in _pairs(split_list(braced_after(script, "foreach {id attr}")), 2)
    }
    return Tables(
        sets=tuple(sets),
        worlds=dict(sorted(worlds.items())),
        types=dict(sorted(types.items())),
        uses=uses,
        rarities=rarities,
        attributes=dict(sorted(attributes.items())),
    )


def _fan_sets(checkout: Path) -> list[SetInfo]:
    """Fan sets CrossFire finds at start-up: each `FanSets/X.cfg` with its `X.tcl`."""
    out = []
    for cfg in sorted((checkout / "FanSets").glob("*.cfg")):
        values = {}
        for command in read_tcl(cfg).splitlines():
            words = split_list(command)
            if len(words) == 3 and words[0] == "set":
                values[words[1]] = words[2]
        if not (checkout / "FanSets" / f"{values['setID']}.tcl").is_file():
            continue
        regular = int(values.get("numRegular") or 0)
        out.append(
            SetInfo(
                code=values["setID"],
                name=values["setName"],
                set_class="fan",
                num_limits=(regular,),
                chase_qty=int(values.get("numChase") or 0),
                source_file=f"FanSets/{values['setID']}.tcl",
            )
        )
    return out


# --- one set file ---


@dataclass(frozen=True, slots=True)
class SetFile:
    """A set file: the header line (the set's name as written in the file) and its rows."""

    header: str
    rows: tuple[tuple[str, ...], ...]


def read_set_file(path: Path) -> SetFile:
    """Parse `set CrossFire::cardDataBase {{Header} {row} ...}`."""
    entries = split_list(script_value(read_tcl(path), "CrossFire::cardDataBase"))
    return SetFile(header=entries[0], rows=tuple(tuple(split_list(e)) for e in entries[1:]))


def deck_limit(*texts: str) -> str:
    """`unlimited`, a number, or "" from the wording "No limit per deck." / "Limit N per deck."."""
    joined = " ".join(texts)
    if _NO_LIMIT_RE.search(joined):
        return "unlimited"
    match = _LIMIT_RE.search(joined)
    if not match:
        return ""
    word = match.group(1).lower()
    return str(_NUMBER_WORDS.get(word) or int(word))


def _flag(value: bool) -> str:
    return "1" if value else "0"


def printing_row(tables: Tables, info: SetInfo, fields: tuple[str, ...]) -> Row:
    """One printing (every column of `_PRINTING_COLUMNS`) from a set file's row."""
    _set, raw, level, type_id, world_id, avatar, name, text, rarity, blueline = fields[:10]
    attribute_ids, uses, weight = fields[10:13]
    raw_number = int(raw)
    is_chase = raw_number > info.set_max
    number = raw_number - info.set_max if is_chase else raw_number
    card_id = f"{info.code}c/{number:02d}" if is_chase else f"{info.code}/{number:03d}"
    type_name, champion = tables.types.get(int(type_id), ("", False))
    world, world_code = tables.worlds[int(world_id)]
    limit = deck_limit(text, blueline)
    return {
        "set_code": info.code,
        "set_name": info.name,
        "set_class": SET_CLASSES[info.set_class],
        "number": str(number),
        "is_chase": _flag(is_chase),
        "raw_number": str(raw_number),
        "card_id": card_id,
        "name": name,
        "type": type_name,
        "type_id": str(int(type_id)),
        "is_champion": _flag(champion),
        "level": level,
        "world": world,
        "world_code": world_code,
        "world_id": str(int(world_id)),
        "is_avatar": _flag(avatar == "1"),
        "rarity": rarity,
        "rarity_name": tables.rarities.get(rarity, ""),
        "blueline": blueline,
        "text": text,
        "attributes": "|".join(_attribute(tables, a) for a in split_list(attribute_ids)),
        "uses": "|".join(tables.uses.get(u, u) for u in split_list(uses)),
        "weight": weight,
        "deck_limit": limit,
        "multiples_allowed": _flag(limit == "unlimited" or (limit.isdigit() and int(limit) > 1)),
        "number_contains_9": _flag("9" in str(number)),
        "source_file": info.source_file,
    }


def _attribute(tables: Tables, value: str) -> str:
    """An attribute id (fan sets write the attribute's name instead)."""
    return tables.attributes.get(int(value), value) if value.isdigit() else value


# --- the whole data set ---


@dataclass
class CardFacts:
    """Every table of the card data set, as rows (column name -> text)."""

    sets: list[Row] = field(default_factory=list)
    cards: list[Row] = field(default_factory=list)
    identities: list[Row] = field(default_factory=list)
    international: list[Row] = field(default_factory=list)
    placeholders: list[Row] = field(default_factory=list)
    types: list[Row] = field(default_factory=list)
    worlds: list[Row] = field(default_factory=list)
    attributes: list[Row] = field(default_factory=list)

    def tables(self) -> dict[str, tuple[tuple[str, ...], list[Row]]]:
        """File name -> (columns, rows)."""
        return {
            "sets.csv": (SET_COLUMNS, self.sets),
            "cards.csv": (CARD_COLUMNS, self.cards),
            "card_identities.csv": (IDENTITY_COLUMNS, self.identities),
            "cards_international.csv": (INTERNATIONAL_COLUMNS, self.international),
            "placeholders.csv": (PLACEHOLDER_COLUMNS, self.placeholders),
            "types.csv": (TYPE_COLUMNS, self.types),
            "worlds.csv": (WORLD_COLUMNS, self.worlds),
            "attributes.csv": (ATTRIBUTE_COLUMNS, self.attributes),
        }


def convert(checkout: Path) -> CardFacts:
    """Read a CrossFire checkout into the card data set's tables (texts included)."""
    checkout = Path(checkout)
    tables = read_tables(checkout)
    facts = CardFacts()
    by_set: dict[str, list[Row]] = {}
    for info in tables.sets:
        path = checkout / info.source_file
        if not path.is_file():
            continue
        set_file = read_set_file(path)
        cards: list[Row] = []
        placeholders: list[Row] = []
        for fields in set_file.rows:
            if int(fields[3]) == PLACEHOLDER_TYPE_ID:
                placeholders.append(_placeholder(info, fields))
            elif info.set_class != "fan":
                cards.append(printing_row(tables, info, fields))
        facts.sets.append(_set_row(info, set_file, placeholders))
        if info.set_class == "fan":
            continue  # fan sets are listed, their cards are not part of the data set
        facts.placeholders.extend(placeholders)
        by_set[info.code] = cards
        if info.set_class == INTERNATIONAL_CLASS:
            continue
        facts.cards.extend(cards)
    _add_identities(facts)
    base = {(r["is_chase"], r["number"]): r for r in by_set.get(INTERNATIONAL_BASE_SET, [])}
    for info in tables.sets:
        if info.set_class == INTERNATIONAL_CLASS:
            facts.international.extend(_international(r, base) for r in by_set.get(info.code, []))
    facts.types = [
        {"type_id": str(i), "type": name, "is_champion": _flag(champion)}
        for i, (name, champion) in tables.types.items()
    ]
    facts.worlds = [
        {"world_id": str(i), "world": name, "world_code": code}
        for i, (name, code) in tables.worlds.items()
    ]
    facts.attributes = [{"attr_id": str(i), "attribute": a} for i, a in tables.attributes.items()]
    return facts


def _placeholder(info: SetInfo, fields: tuple[str, ...]) -> Row:
    raw = int(fields[1])
    return {
        "set_code": info.code,
        "raw_number": str(raw),
        "card_id": f"{info.code}/{raw:03d}",
        "note": fields[7],
    }


def _set_row(info: SetInfo, set_file: SetFile, placeholders: list[Row]) -> Row:
    count = len(set_file.rows) - len(placeholders)
    return {
        "set_code": info.code,
        "set_name": info.name,
        "set_class": SET_CLASSES[info.set_class],
        "header_in_file": set_file.header,
        "regular_numbers": "/".join(str(n) for n in info.num_limits),
        "chase_qty": str(info.chase_qty),
        "cards_in_file": str(len(set_file.rows)),
        "cards": str(count),
        "placeholders": str(len(placeholders)),
        "source_file": info.source_file,
    }


def _distinct(values: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(values))


def identity_name(name: str) -> str:
    """The name part of an identity key: "&" spelled "and", lower case, only ASCII letters,
    digits and "!" kept (a letter outside ASCII is dropped, not folded: the data set's keys
    were made so, e.g. The Count of Müden is `Regent|thecountofmden`)."""
    return re.sub(r"[^a-z0-9!]", "", name.replace("&", " and ").lower())


def _add_identities(facts: CardFacts) -> None:
    """Identity keys of the printings, and card_identities rows.

    A name that differs from another card of its type only by a "!" keeps the "!" in its
    key (Adventurers! and Adventurers are two heroes); otherwise the "!" is folded away.
    Identities are listed in the order their type and name (without "!") first appear in
    cards.csv, the plain spelling before the one with a "!".
    """
    loose_groups: dict[str, list[Row]] = {}
    for row in facts.cards:
        loose = f"{row['type']}|{identity_name(row['name']).replace('!', '')}"
        loose_groups.setdefault(loose, []).append(row)
    groups: dict[str, list[Row]] = {}
    for loose, rows in loose_groups.items():
        split = len({identity_name(r["name"]) for r in rows}) > 1
        keys = {}
        for row in rows:
            keep = split and "!" in row["name"]
            key = f"{row['type']}|{identity_name(row['name'])}" if keep else loose
            row["identity_key"] = key
            row["generic_artifact"] = _flag(
                is_generic_artifact_text(row["type"], row["world"], row["text"])
            )
            keys.setdefault(key, []).append(row)
        for key in sorted(keys, key=lambda k: k != loose):
            groups[key] = keys[key]
    for key, printings in groups.items():
        first = printings[0]
        limits = {r["deck_limit"] for r in printings}
        facts.identities.append(
            {
                "identity_key": key,
                "type": first["type"],
                "name": first["name"],
                "name_variants": "|".join(_distinct(r["name"] for r in printings)),
                "n_printings": str(len(printings)),
                "printings": "|".join(r["card_id"] for r in printings),
                "levels": "|".join(_distinct(r["level"] for r in printings)),
                "worlds": "|".join(_distinct(r["world"] for r in printings)),
                "any_avatar": _flag(any(r["is_avatar"] == "1" for r in printings)),
                "deck_limit_statements": "|".join(
                    f"{r['card_id']}={r['deck_limit']}" for r in printings if r["deck_limit"]
                ),
                "multiples_allowed_any_printing": _flag(
                    any(r["multiples_allowed"] == "1" for r in printings)
                ),
                "limit_conflict_between_printings": _flag(len(limits) > 1),
            }
        )


def _international(row: Row, base: Mapping[tuple[str, str], Row]) -> Row:
    """An international printing with the 1st-edition card of the same number."""
    same = base.get((row["is_chase"], row["number"]))
    match = bool(
        same
        and (same["type_id"], same["level"], same["world_id"])
        == (row["type_id"], row["level"], row["world_id"])
    )
    return {
        **row,
        "same_number_1st_card_id": same["card_id"] if same else "",
        "same_number_1st_name": same["name"] if same else "",
        "same_number_type_level_world_match": _flag(match),
    }


def write_facts(facts: CardFacts, out_dir: Path, *, texts: bool = False) -> dict[str, int]:
    """Write every table as CSV (UTF-8, RFC 4180 `\\r\\n` line ends, as the reference set);
    without `texts`, no text columns.

    Returns file name -> rows written.
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = {}
    for name, (columns, rows) in facts.tables().items():
        shown = [c for c in columns if texts or c not in TEXT_COLUMNS]
        with (out_dir / name).open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=shown)
            writer.writeheader()
            for row in rows:
                writer.writerow({c: row.get(c, "") for c in shown})
        written[name] = len(rows)
    return written
