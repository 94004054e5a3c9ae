"""The metagame's reads: the public lists of finished events as plain `scoring.metagame.Deck`
records (the statistics themselves are computed in `scoring/metagame.py`).

Only lists that `services.public_decklist_q` calls public are read: published (all or the
top N by stored place), of a finished event, not kept private by the player. A list's cards
are parsed once and cached under its save time and its event's format key (a re-import of
the card data or a format change makes a new key); the place is read fresh each time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.core.cache import cache
from django.db.models import Count

from scoring.deckformat import CHAMPION
from scoring.decklist import DeckEntry
from scoring.deckrules import group_of
from scoring.metagame import NO_WORLD, Deck, DeckCard
from tournament.core.fragments import RecentlyUsed
from tournament.decks.carddata import get_card_index
from tournament.decks.models import Decklist
from tournament.decks.services import (
    card_data_token,
    check_decklist,
    deck_format_of,
    format_key,
    public_registrations,
)
from tournament.events.models import Event

CACHE_TIMEOUT = 7 * 24 * 3600
CACHE_PREFIX = "metagame-deck"
# The fragments version (`core.fragments`) that every metagame rendering carries: bumped
# when a list, an event, a finished event's places or the card data change.
VERSION_SCOPE = "metagame"

Format = tuple[int, str, str]  # deck size, deck rules, tournament type


@dataclass
class Selection:
    """Decks for the statistics, with the rows the pages name them by."""

    decks: list[Deck] = field(default_factory=list)
    players: dict[int, str] = field(default_factory=dict)  # a deck's key → its player's name
    events: dict[int, Event] = field(default_factory=dict)


def deck_cards(entries: Iterable[DeckEntry]) -> tuple[DeckCard, ...]:
    """The main deck's cards as plain records, one per identity (copies summed)."""
    merged: dict[str, DeckCard] = {}
    for entry in entries:
        card = entry.card
        known = merged.get(card.identity_key)
        if known is None:
            merged[card.identity_key] = DeckCard(
                identity=card.identity_key,
                name=card.name,
                type=card.type,
                count=entry.count,
                world="" if card.world in NO_WORLD else card.world,
                champion=group_of(card) == CHAMPION,
            )
        else:
            merged[card.identity_key] = DeckCard(
                known.identity,
                known.name,
                known.type,
                known.count + entry.count,
                known.world,
                known.champion,
            )
    return tuple(merged.values())


def _plain(cards: tuple[DeckCard, ...]) -> tuple[tuple, ...]:
    return tuple((c.identity, c.name, c.type, c.count, c.world, c.champion) for c in cards)


def public_lists(registrations=None):
    """Public registrations in the pages' order: newest event first, then by place."""
    registrations = public_registrations() if registrations is None else registrations
    return registrations.order_by(
        "-event__date", "event_id", "standing__place", "player__name", "pk"
    )


# Parsed lists of this process, in front of the shared cache: rebuilding 2,000 lists' cards
# from the cache costs more than the statistics themselves. The key names the list's save
# time and format, so a value never goes stale.
_parsed: RecentlyUsed[tuple[int, tuple[DeckCard, ...]]] = RecentlyUsed(20_000)


LIST_FIELDS = (
    "pk",
    "event_id",
    "decklist__pk",
    "decklist__updated_at",
    "standing__place",
    "player__name",
)
# What a list is checked from (as `services.check_stored` reads it), read only for the lists
# to parse.
TEXT_FIELDS = ("text", "sideboard_text", "sideboard_opt_out")
# Up to this many lists to parse are read by their keys (one query, the backend's parameter
# limit stays far); more are read with the page's own query (one query whatever the number).
BY_KEY = 500


def _texts(registrations, decklists: list[int]) -> dict[int, tuple[str, str, bool]]:
    """The saved lists to parse (text, sideboard text, sideboard opt-out), by decklist key:
    one query."""
    if len(decklists) <= BY_KEY:
        rows = Decklist.objects.filter(pk__in=decklists).values_list("pk", *TEXT_FIELDS)
    else:
        rows = registrations.values_list(
            "decklist__pk", *(f"decklist__{name}" for name in TEXT_FIELDS)
        )
    wanted = set(decklists)
    return {pk: tuple(rest) for pk, *rest in rows if pk in wanted}


def select(registrations) -> Selection:
    """Decks of these (public) registrations, parsing only lists not in the caches.

    A constant number of queries whatever the number of lists: the lists' plain values (2,000
    lists would otherwise make 10,000 model objects), their events, the card data's token,
    and, for the lists to parse, their texts; the card index is resolved once for them all."""
    rows = list(registrations.values_list(*LIST_FIELDS))
    if not rows:
        return Selection()
    events = {e.pk: e for e in Event.objects.filter(pk__in=registrations.values("event_id"))}
    card_data = card_data_token()
    format_keys = {pk: format_key(event, card_data) for pk, event in events.items()}
    keys = {
        pk: f"{CACHE_PREFIX}:{decklist}:{updated.timestamp()}:{format_keys[event]}"
        for pk, event, decklist, updated, _place, _name in rows
    }
    parsed = {key: _parsed.get(key) for key in keys.values()}
    missing = [key for key, value in parsed.items() if value is None]
    cached = cache.get_many(missing) if missing else {}
    unparsed = set(missing) - set(cached)
    to_check = [row[2] for row in rows if keys[row[0]] in unparsed]
    saved = _texts(registrations, to_check) if to_check else {}
    index = get_card_index() if to_check else None
    fresh: dict[str, tuple] = {}
    selection = Selection()
    for pk, event, decklist, _updated, place, name in rows:
        key = keys[pk]
        value = parsed[key]
        if value is None:
            if key in cached:
                level_total, plain = cached[key]
                value = (level_total, tuple(DeckCard(*c) for c in plain))
            else:
                text, sideboard_text, opt_out = saved[decklist]
                check = check_decklist(
                    text,
                    deck_format_of(events[event]),
                    sideboard_text,
                    index,
                    sideboard_opt_out=opt_out,
                )
                value = (check.report.level_total, deck_cards(check.entries))
                fresh[key] = (value[0], _plain(value[1]))
            _parsed.put(key, value)
        selection.decks.append(
            Deck(key=pk, event=event, place=place, level_total=value[0], cards=value[1])
        )
        selection.players[pk] = name
        selection.events.setdefault(event, events[event])
    if fresh:
        cache.set_many(fresh, CACHE_TIMEOUT)
    return selection


def public_in(year: int | None = None):
    """Public registrations, of one year's events (by event date) when a year is given."""
    registrations = public_registrations()
    return registrations.filter(event__date__year=year) if year else registrations


def event_selection(event: Event) -> Selection:
    """The public lists of one event."""
    return select(public_lists(public_registrations(event)))


def in_format(registrations, fmt: Format):
    """The registrations of events of one format (deck size, deck rules, tournament type)."""
    size, rules, kind = fmt
    return registrations.filter(
        event__deck_size=size, event__deck_rules=rules, event__tournament_type=kind
    )


def format_selection(fmt: Format, year: int | None = None) -> Selection:
    """The public lists of every event of one format, of one year when given."""
    return select(public_lists(in_format(public_in(year), fmt)))


def all_selection(year: int | None = None) -> Selection:
    """Every public list (a card's page looks for it everywhere), of one year when given."""
    return select(public_lists(public_in(year)))


def years() -> list[int]:
    """The years (of event dates) with public lists, newest first."""
    dates = public_registrations().dates("event__date", "year", order="DESC")
    return [d.year for d in dates]


def formats(year: int | None = None, registrations=None) -> list[dict]:
    """The formats with public lists (of these registrations, else of the year's): deck size,
    rules, type, events and decks."""
    registrations = public_in(year) if registrations is None else registrations
    return list(
        registrations.values("event__deck_size", "event__deck_rules", "event__tournament_type")
        .annotate(decks=Count("pk"), events=Count("event", distinct=True))
        .order_by("event__deck_size", "event__deck_rules", "event__tournament_type")
    )


def events_with_public_lists(year: int | None = None) -> list[dict]:
    """Finished events with public lists, newest first, with how many."""
    return list(
        public_in(year)
        .values("event_id", "event__name", "event__date")
        .annotate(decks=Count("pk"))
        .order_by("-event__date", "event__name", "event_id")
    )
