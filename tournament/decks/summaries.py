"""Stored metagame summaries: a page's statistics, summed once from the lists' stored facts
(`decks/metagame.py`), kept in `MetagameSummary` and read again while its lists are the
ones they were summed from.

Whether they still are is told by a fingerprint of the scope's public lists, one aggregate
query: how many, which (the sum of their keys and of their squares), their places (each
weighted by its list, so that two lists swapping places show), the newest save of a list,
the newest change of one of their events (its format, its publication) and the card data's
token. A page read cold or after a change elsewhere costs that query and one row; the first
reader after a change of its own lists sums them again, once.

The figures are stored as plain JSON (`metagame_plain`, `record_plain`) and read back into
`scoring.metagame`'s records, so the pages keep one shape whichever way they came.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from django.db.models import Count, F, Max, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from scoring import metagame as meta
from tournament.core.lean_table import LazyRows
from tournament.decks.models import MetagameSummary
from tournament.decks.services.checking import card_data_token

Plain = dict[str, Any]


def fingerprint(registrations) -> str:
    """What the statistics of these public registrations are summed from, as a digest."""
    row = registrations.order_by().aggregate(
        lists=Count("pk"),
        keys=Sum("pk"),
        squares=Sum(F("pk") * F("pk")),
        places=Sum(Coalesce(F("standing__place"), Value(0)) * F("pk")),
        saved=Max("decklist__updated_at"),
        events=Max("event__updated_at"),
    )
    text = repr((sorted(row.items()), card_data_token()))
    return hashlib.sha256(text.encode()).hexdigest()


def stored(scope: str, registrations, compute: Callable[[], Plain]) -> Plain:
    """The figures of `scope` (a page's name for its lists: "format:55:…", "league:3:…"),
    from its stored summary while the fingerprint matches, else `compute()`d and stored."""
    key = hashlib.sha256(scope.encode()).hexdigest()
    mark = fingerprint(registrations)
    row = MetagameSummary.objects.filter(scope=key).values_list("fingerprint", "figures").first()
    if row is not None and row[0] == mark:
        return row[1]
    figures = compute()
    if row is not None:
        MetagameSummary.objects.filter(scope=key).update(
            fingerprint=mark, figures=figures, written_at=timezone.now()
        )
    else:  # a reader storing the same scope at the same moment: the first row stands
        MetagameSummary.objects.bulk_create(
            [MetagameSummary(scope=key, fingerprint=mark, figures=figures)],
            ignore_conflicts=True,
        )
    return figures


def mapped(items: list, make: Callable[[Any], Any]) -> LazyRows:
    """Stored rows read back as records when they are read (a page reads one page of them)."""
    return LazyRows(items, lambda chunk: [make(item) for item in chunk])


def _share(item: list) -> meta.Share:
    return meta.Share(*item)


def _deck(d: Plain) -> meta.Deck:
    return meta.Deck(d["key"], d["event"], d["place"], d["level_total"], ())


def metagame_plain(stats: meta.Metagame) -> Plain:
    """A metagame's figures as JSON-able values (the top decks without their cards)."""

    def shares(items):
        return [[s.key, s.label, s.decks, s.of, s.copies] for s in items]

    levels = stats.levels
    return {
        "decks": stats.decks,
        "events": stats.events,
        "cards": shares(stats.cards),
        "worlds": shares(stats.worlds),
        "champion_types": shares(stats.champion_types),
        "top_cards": shares(stats.top_cards),
        "levels": {
            "bins": [[b.low, b.high, b.decks, b.of] for b in levels.bins],
            "lowest": levels.lowest,
            "highest": levels.highest,
            "median": levels.median,
            "mean": levels.mean,
        },
        "top_decks": [
            {"key": d.key, "event": d.event, "place": d.place, "level_total": d.level_total}
            for d in stats.top_decks
        ],
    }


def metagame_from(plain: Plain) -> meta.Metagame:
    """`metagame_plain`'s figures read back; the shares and top decks as `mapped` rows."""

    def shares(items):
        return mapped(items, _share)

    levels = plain["levels"]
    return meta.Metagame(
        decks=plain["decks"],
        events=plain["events"],
        cards=shares(plain["cards"]),
        worlds=shares(plain["worlds"]),
        champion_types=shares(plain["champion_types"]),
        levels=meta.LevelDistribution(
            bins=tuple(meta.LevelBin(*b) for b in levels["bins"]),
            lowest=levels["lowest"],
            highest=levels["highest"],
            median=levels["median"],
            mean=levels["mean"],
        ),
        top_decks=mapped(plain["top_decks"], _deck),
        top_cards=shares(plain["top_cards"]),
    )


def record_plain(record: meta.CardRecord) -> Plain:
    """A card's record as JSON-able values."""
    return {
        "identity": record.identity,
        "events": [[e.event, e.playing, e.decks, list(e.places)] for e in record.events],
        "plays": [[p.deck, p.event, p.place, p.copies] for p in record.plays],
    }


def record_from(plain: Plain) -> meta.CardRecord:
    """`record_plain`'s record read back."""
    return meta.CardRecord(
        identity=plain["identity"],
        events=tuple(
            meta.CardEvent(event, playing, decks, tuple(places))
            for event, playing, decks, places in plain["events"]
        ),
        plays=tuple(meta.CardPlay(*p) for p in plain["plays"]),
    )
