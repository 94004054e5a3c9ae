"""Card data: import a card data set (a CSV folder, or a CrossFire checkout converted in
memory) into the database, and build a CardIndex from it."""

from __future__ import annotations

import csv
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import DatabaseError, models, transaction

from scoring.cards import (
    SHIPPED_DATA_DIR,
    Card,
    CardIndex,
    CardSource,
    Identity,
    load_card_index,
    read_card_data,
)
from scoring.cards import Placeholder as CorePlaceholder
from scoring.crossfire.database import convert
from scoring.crossfire.tcl import TclError
from tournament.decks import models as m

SUPPLEMENT = "supplement_br_fan_sets_gilsouza.csv"
REQUIRED_FILES = (
    "sets.csv",
    "cards.csv",
    "card_identities.csv",
    "cards_international.csv",
    SUPPLEMENT,
    "placeholders.csv",
)
SUPPLEMENT_CLASS = "fan-br"
BATCH = 500


@dataclass
class SyncCount:
    """Rows created, updated and deleted for one table."""

    created: int = 0
    updated: int = 0
    deleted: int = 0

    @property
    def changed(self) -> bool:
        return bool(self.created or self.updated or self.deleted)


@dataclass
class ImportResult:
    """What an import did, per table, and the rows now in each table."""

    counts: dict[str, SyncCount] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)
    # Identities whose printings now belong to other identities: old key → the new keys.
    splits: dict[str, list[str]] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return any(c.changed for c in self.counts.values())


# --- reading the files into plain row dicts (natural key → field values) ---


def _set_rows(source: CardSource) -> Iterable[Mapping[str, str]]:
    if isinstance(source, Mapping):
        return source["sets.csv"]
    with (Path(source) / "sets.csv").open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _read_sets(source: CardSource, supplement_sets: set[str]) -> dict[str, dict[str, Any]]:
    sets: dict[str, dict[str, Any]] = {}
    for row in _set_rows(source):
        sets[row["set_code"]] = {
            "name": row["set_name"],
            "set_class": row["set_class"],
            "is_fan_set": row["set_class"] == "fan",
        }
    for name in sorted(supplement_sets):
        sets.setdefault(name, {"name": name, "set_class": SUPPLEMENT_CLASS, "is_fan_set": True})
    return sets


def _card_values(card: Card, position: int) -> dict[str, Any]:
    return {
        "set_code": card.set_code,
        "number": card.number,
        "is_chase": card.is_chase,
        "name": card.name,
        "type": card.type,
        "is_champion": card.is_champion,
        "level": card.level_text,
        "level_value": card.level_value,
        "world": card.world,
        "is_avatar": card.is_avatar,
        "identity_key": card.identity_key,
        "attributes": "|".join(card.attributes),
        "multiples_allowed": card.multiples_allowed,
        "deck_limit": card.deck_limit,
        "generic_artifact": card.generic_artifact,
        "text": card.text,
        "position": position,
    }


class CrossFireError(ValueError):
    """A folder that is not a readable CrossFire checkout."""


def crossfire_tables(checkout: Path) -> dict[str, list[dict[str, str]]]:
    """A CrossFire checkout converted in memory (facts and texts), shaped like the CSV files,
    with the Brazilian supplement the repository ships (CrossFire does not have it)."""
    checkout = Path(checkout)
    if not (checkout / "Scripts" / "CommonV.tcl").is_file() or not (checkout / "DataBase").is_dir():
        raise CrossFireError(
            f"{checkout} is not a CrossFire checkout (it needs Scripts/CommonV.tcl and DataBase/)"
        )
    try:
        facts = convert(checkout)
    except (TclError, ValueError, KeyError, IndexError, OSError) as exc:
        raise CrossFireError(f"{checkout}: cannot read its card database ({exc})") from exc
    tables: dict[str, list[dict[str, str]]] = {
        name: rows for name, (_columns, rows) in facts.tables().items()
    }
    try:
        with (SHIPPED_DATA_DIR / SUPPLEMENT).open(newline="", encoding="utf-8") as handle:
            tables[SUPPLEMENT] = list(csv.DictReader(handle))
    except OSError as exc:
        raise CrossFireError(
            f"the Brazilian supplement the repository ships is missing ({exc}): restore "
            "carddata/ from the repository"
        ) from exc
    return tables


def read_card_files(source: CardSource) -> dict[str, dict[str, dict[str, Any]]]:
    """Every table's desired rows, keyed by natural key, from the CSV files of a folder (or
    the same tables in memory)."""
    if isinstance(source, Mapping):
        where, missing = "the card tables", [name for name in REQUIRED_FILES if name not in source]
    else:
        where = str(source)
        missing = [name for name in REQUIRED_FILES if not (Path(source) / name).is_file()]
    if missing:
        raise FileNotFoundError(f"{where}: missing {', '.join(missing)}")
    data = read_card_data(source)
    # CardIndex derives identities for cards that card_identities.csv lacks (fan sets,
    # Portuguese-edition cards of their own).
    index = CardIndex(data.cards, identities=data.identities)
    aliases = {(name, key) for name, key in data.alt_names}
    names: dict[str, dict[str, Any]] = {}
    for row, card in data.international:
        names[row["card_id"]] = {
            "set_code": row["set_code"],
            "name": row["name"],
            "english_card_id": card.card_id if card else None,
            "is_alias": bool(card and (row["name"], card.identity_key) in aliases),
        }
    supplement_sets = {c.set_code for c in data.cards if c.is_fan_set}
    return {
        "sets": _read_sets(source, supplement_sets),
        "identities": {
            i.key: {
                "type": i.type,
                "name": i.name,
                "multiples_allowed": i.multiples_allowed,
                "deck_limit": i.deck_limit,
            }
            for i in index.identities.values()
        },
        "cards": {c.card_id: _card_values(c, n) for n, c in enumerate(data.cards)},
        "names": names,
        "placeholders": {p.card_id: {"note": p.note} for p in data.placeholders},
    }


# --- writing them (create / update / delete, in bulk) ---


def _sync(
    model: type[models.Model], key_field: str, desired: dict[str, dict[str, Any]]
) -> tuple[SyncCount, list[int]]:
    """Create and update rows to match `desired`; return counts and the stale pks."""
    existing = {getattr(obj, key_field): obj for obj in model.objects.all()}
    fields = sorted({f for values in desired.values() for f in values})
    create, update = [], []
    for key, values in desired.items():
        obj = existing.pop(key, None)
        if obj is None:
            create.append(model(**{key_field: key}, **values))
            continue
        changed = [f for f, v in values.items() if getattr(obj, f) != v]
        for name in changed:
            setattr(obj, name, values[name])
        if changed:
            update.append(obj)
    model.objects.bulk_create(create, batch_size=BATCH)
    if update:
        model.objects.bulk_update(update, fields, batch_size=BATCH)
    stale = [obj.pk for obj in existing.values()]
    return SyncCount(len(create), len(update), len(stale)), stale


def identity_splits(before: dict[str, str], after: dict[str, str]) -> dict[str, list[str]]:
    """Old identities whose printings were given other identities (e.g. Adventurers! split
    from Adventurers): old key → sorted new keys of those printings."""
    moved: dict[str, set[str]] = {}
    for card_id, old_key in before.items():
        new_key = after.get(card_id)
        if new_key is not None and new_key != old_key:
            moved.setdefault(old_key, set()).add(new_key)
    remaining = set(after.values())
    return {
        old: sorted(keys | ({old} if old in remaining else set()))
        for old, keys in sorted(moved.items())
    }


def _pks(model: type[models.Model], key_field: str) -> dict[str, int]:
    return dict(model.objects.values_list(key_field, "pk"))


def import_card_data(data_dir: CardSource, label: str = "") -> ImportResult:
    """Bring the card tables in line with the files (a folder, or tables in memory such as
    `crossfire_tables` gives); record an import, named `label` (default: the folder), only if
    rows changed."""
    source = data_dir if isinstance(data_dir, Mapping) else Path(data_dir)
    label = label or (str(source) if isinstance(source, Path) else "card tables in memory")
    data = read_card_files(source)
    result = ImportResult()
    stale: dict[type[models.Model], list[int]] = {}
    with transaction.atomic():
        identity_before = dict(m.Card.objects.values_list("card_id", "identity__key"))
        result.counts["sets"], stale[m.CardSet] = _sync(m.CardSet, "code", data["sets"])
        result.counts["identities"], stale[m.CardIdentity] = _sync(
            m.CardIdentity, "key", data["identities"]
        )
        set_pks, identity_pks = _pks(m.CardSet, "code"), _pks(m.CardIdentity, "key")
        cards = {
            card_id: {
                **{k: v for k, v in values.items() if k not in ("set_code", "identity_key")},
                "card_set_id": set_pks[values["set_code"]],
                "identity_id": identity_pks[values["identity_key"]],
            }
            for card_id, values in data["cards"].items()
        }
        result.counts["cards"], stale[m.Card] = _sync(m.Card, "card_id", cards)
        card_pks = _pks(m.Card, "card_id")
        names = {
            card_id: {
                **{k: v for k, v in values.items() if k != "english_card_id"},
                "english_id": card_pks.get(values["english_card_id"] or ""),
            }
            for card_id, values in data["names"].items()
        }
        result.counts["names"], stale[m.CardName] = _sync(m.CardName, "card_id", names)
        result.counts["placeholders"], stale[m.Placeholder] = _sync(
            m.Placeholder, "card_id", data["placeholders"]
        )
        # Children first: identities and sets are protected while cards point at them.
        for model in (m.CardName, m.Card, m.Placeholder, m.CardIdentity, m.CardSet):
            if stale[model]:
                model.objects.filter(pk__in=stale[model]).delete()
        result.splits = identity_splits(
            identity_before, {k: v["identity_key"] for k, v in data["cards"].items()}
        )
        result.totals = {
            "sets": m.CardSet.objects.count(),
            "identities": m.CardIdentity.objects.count(),
            "cards": m.Card.objects.count(),
            "names": m.CardName.objects.count(),
            "placeholders": m.Placeholder.objects.count(),
        }
        if result.changed:
            summary = {k: vars(v) for k, v in result.counts.items()}
            summary["splits"] = result.splits
            m.CardImport.objects.create(source=label[:300], summary=summary)
    return result


# --- the index the site validates with ---

_lock = threading.Lock()
_cached: dict[str, Any] = {"token": None, "index": None}


def current_import_token() -> str | None:
    """The token of the latest import that changed the card tables (None: never imported)."""
    token = m.CardImport.objects.order_by("-pk").values_list("token", flat=True).first()
    return str(token) if token else None


def _build_index_from_db() -> CardIndex:
    """Read the card tables into a CardIndex (the same one load_card_index builds)."""
    rows = m.Card.objects.order_by("position").values(
        "pk",
        "card_id",
        "number",
        "is_chase",
        "name",
        "type",
        "is_champion",
        "level",
        "level_value",
        "world",
        "is_avatar",
        "attributes",
        "multiples_allowed",
        "deck_limit",
        "generic_artifact",
        "text",
        "card_set__code",
        "card_set__name",
        "card_set__is_fan_set",
        "identity__key",
    )
    by_pk: dict[int, Card] = {}
    printings: dict[str, list[str]] = {}
    for r in rows:
        card = Card(
            card_id=r["card_id"],
            set_code=r["card_set__code"],
            number=r["number"],
            is_chase=r["is_chase"],
            name=r["name"],
            type=r["type"],
            is_champion=r["is_champion"],
            level_text=r["level"],
            level_value=r["level_value"],
            world=r["world"],
            is_avatar=r["is_avatar"],
            identity_key=r["identity__key"],
            attributes=tuple(a for a in r["attributes"].split("|") if a),
            multiples_allowed=r["multiples_allowed"],
            deck_limit=r["deck_limit"],
            text=r["text"],
            set_name=r["card_set__name"],
            is_fan_set=r["card_set__is_fan_set"],
            generic_artifact=r["generic_artifact"],
        )
        by_pk[r["pk"]] = card
        printings.setdefault(card.identity_key, []).append(card.card_id)
    identities = [
        Identity(
            key=i.key,
            type=i.type,
            name=i.name,
            card_ids=tuple(printings.get(i.key, ())),
            multiples_allowed=i.multiples_allowed,
            deck_limit=i.deck_limit,
        )
        for i in m.CardIdentity.objects.all()
    ]
    names = list(m.CardName.objects.filter(english__isnull=False).order_by("pk"))
    return CardIndex(
        by_pk.values(),
        alt_names=[(n.name, by_pk[n.english_id].identity_key) for n in names if n.is_alias],
        placeholders=[CorePlaceholder(p.card_id, p.note) for p in m.Placeholder.objects.all()],
        identities=identities,
        extra_ids=[(n.card_id, n.name, by_pk[n.english_id]) for n in names],
    )


def card_index_from_db() -> CardIndex | None:
    """The CardIndex of the imported cards, cached per process until the next import."""
    token = current_import_token()
    if token is None:
        return None
    with _lock:
        if _cached["token"] != token:
            _cached["index"], _cached["token"] = _build_index_from_db(), token
        return _cached["index"]


@lru_cache(maxsize=2)
def csv_card_index(data_dir: str) -> CardIndex:
    """The CardIndex read straight from a CSV directory (once per process)."""
    return load_card_index(Path(data_dir))


NO_CARDS = CardIndex(())  # no data set anywhere: every check says so (no_card_data)


def get_card_index() -> CardIndex:
    """The imported cards, else (nothing imported, or no database) the CSV files, else (a
    site installed without the data set) no cards."""
    try:
        index = card_index_from_db()
    except DatabaseError:
        index = None
    if index is not None:
        return index
    try:
        return csv_card_index(str(settings.CARD_DATA_DIR))
    except FileNotFoundError:
        return NO_CARDS
