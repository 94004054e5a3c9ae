"""The metagame's reads: the public lists of finished events, aggregated in SQL over what
each list contributes as stored (`decks/facts.py`); the statistics' shapes, order and
rounding are `scoring/metagame.py`'s.

Only lists that `services.public_decklist_q` calls public are read: published (all or the
top N by stored place), of a finished event, not kept private by the player. A page reads
its lists' places, names and level totals (one query), and the tallies of every card,
world and champion type summed over those lists (one query: decks playing it and copies,
for every list and for the top places); a card's page reads that card's tallies of every
list. Lists whose facts are missing or old (written in bulk, the card data imported again)
are read and their facts written first, by the page that finds them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Count, Max, Min, Q, Sum

from scoring import metagame as meta
from scoring.metagame import Deck, DeckCard
from tournament.core.fragments import RecentlyUsed
from tournament.decks import facts
from tournament.decks.carddata import get_card_index
from tournament.decks.models import Decklist, DeckTally
from tournament.decks.services.checking import (
    card_data_token,
    check_decklist,
    deck_format_of,
    format_key,
)
from tournament.decks.services.visibility import public_registrations
from tournament.events.models import Event

# The fragments version (`core.fragments`) that every metagame rendering carries: bumped
# when a list, an event, a finished event's places or the card data change.
VERSION_SCOPE = "metagame"

Format = tuple[int, str, str]  # deck size, deck rules, tournament type
Kind = DeckTally.Kind


@dataclass
class Selection:
    """A page's public lists in its order, as plain `scoring.metagame.Deck` records without
    their cards (those stay in the database: `statistics`, `card_record`), with the rows the
    pages name them by."""

    registrations: object = None  # the public registrations read (a queryset), page order
    decks: list[Deck] = field(default_factory=list)
    players: dict[int, str] = field(default_factory=dict)  # a deck's key → its player's name
    cards: dict[int, int] = field(default_factory=dict)  # a deck's key → its main deck's cards
    events: dict[int, Event] = field(default_factory=dict)


def public_lists(registrations=None):
    """Public registrations in the pages' order: newest event first, then by place."""
    registrations = public_registrations() if registrations is None else registrations
    return registrations.order_by(
        "-event__date", "event_id", "standing__place", "player__name", "pk"
    )


# Lists read by this process to bring their facts up to date, by list, save time and format
# (a value never goes stale): two pages of one process finding the same old lists read them
# once.
_parsed: RecentlyUsed[facts.Contribution] = RecentlyUsed(20_000)

LIST_FIELDS = (
    "pk",
    "event_id",
    "standing__place",
    "player__name",
    "decklist__facts__level_total",
    "decklist__facts__card_count",
)
# What a list is checked from (as `services.check_stored` reads it), read only for the lists
# whose facts are old.
TEXT_FIELDS = ("text", "sideboard_text", "sideboard_opt_out")
# Up to this many lists to read are read by their keys (one query, the backend's parameter
# limit stays far); more are read with the page's own query (one query whatever the number).
BY_KEY = 500


def _texts(registrations, decklists: list[int]) -> dict[int, tuple[str, str, bool]]:
    """The saved lists to read (text, sideboard text, sideboard opt-out), by decklist key:
    one query."""
    if len(decklists) <= BY_KEY:
        rows = Decklist.objects.filter(pk__in=decklists).values_list("pk", *TEXT_FIELDS)
    else:
        rows = registrations.values_list(
            "decklist__pk", *(f"decklist__{name}" for name in TEXT_FIELDS)
        )
    wanted = set(decklists)
    return {pk: tuple(rest) for pk, *rest in rows if pk in wanted}


def bring_up_to_date(registrations, events: dict[int, Event]) -> int:
    """Write the facts of these registrations' lists that are missing or old (one query
    when none is); the card index is resolved once for them all. Returns how many."""
    token = card_data_token()
    stale = list(
        registrations.filter(facts.stale_q(token)).values_list(
            "decklist__pk", "pk", "event_id", "decklist__updated_at"
        )
    )
    if not stale:
        return 0
    keys = {pk: format_key(event, token) for pk, event in events.items()}
    saved = _texts(registrations, [decklist for decklist, *_rest in stale])
    index = get_card_index()
    readings = []
    for decklist, registration, event, saved_at in stale:
        memo = (decklist, saved_at, keys[event])
        contribution = _parsed.get(memo)
        if contribution is None:
            text, sideboard_text, opt_out = saved[decklist]
            check = check_decklist(
                text,
                deck_format_of(events[event]),
                sideboard_text,
                index,
                sideboard_opt_out=opt_out,
            )
            contribution = facts.Contribution.of(check)
            _parsed.put(memo, contribution)
        readings.append(
            facts.Reading(decklist, registration, saved_at, keys[event], token, contribution)
        )
    facts.write(readings)
    return len(readings)


def select(registrations) -> Selection:
    """The decks of these (public) registrations, their facts brought up to date first.

    A constant number of queries whatever the number of lists: their events, the card
    data's token, the lists whose facts are old (and, when some are, their texts and the
    writes), the lists' plain values (2,000 lists would otherwise make 10,000 model
    objects)."""
    events = {e.pk: e for e in Event.objects.filter(pk__in=registrations.values("event_id"))}
    if not events:
        return Selection(registrations)
    bring_up_to_date(registrations, events)
    selection = Selection(registrations, events=events)
    for pk, event, place, name, level_total, cards in registrations.values_list(*LIST_FIELDS):
        selection.decks.append(Deck(pk, event, place, level_total or 0, ()))
        selection.players[pk] = name
        selection.cards[pk] = cards or 0
    return selection


def _tallies(selection: Selection):
    """The tallies of the selection's lists."""
    return DeckTally.objects.filter(
        registration__in=selection.registrations.order_by().values("pk")
    )


def _first_labels(selection: Selection, keys: Iterable[tuple[str, str]], order: list[Deck]):
    """The label each (kind, key) has in the first of `order`'s decks that plays it (the
    rare key played under several names: `scoring.metagame` labels by the first seen)."""
    keys = set(keys)
    if not keys:
        return {}
    rank = {deck.key: i for i, deck in enumerate(order)}
    rows = _tallies(selection).filter(key__in={key for _kind, key in keys})
    found: dict[tuple[str, str], tuple[int, str]] = {}
    for kind, key, label, deck in rows.values_list("kind", "key", "label", "registration_id"):
        if (kind, key) in keys and deck in rank:
            best = found.get((kind, key))
            if best is None or rank[deck] < best[0]:
                found[kind, key] = (rank[deck], label)
    return {k: label for k, (_rank, label) in found.items()}


def statistics(selection: Selection) -> meta.Metagame:
    """Everything a metagame page shows of the selection (`scoring.metagame.metagame`'s
    figures), its shares summed in SQL: one query (two when a card was played under two
    names)."""
    decks = selection.decks
    top = meta.top_decks(decks)
    top_lists = selection.registrations.filter(standing__place__lte=meta.TOP_PLACES)
    at_top = Q(registration__in=top_lists.order_by().values("pk"))
    rows = (
        list(
            _tallies(selection)
            .values("kind", "key")
            .annotate(
                playing=Count("pk"),
                played=Sum("copies"),
                first=Min("label"),
                last=Max("label"),
                top_playing=Count("pk", filter=at_top),
                top_played=Sum("copies", filter=at_top),
            )
            .order_by()
        )
        if decks
        else []
    )
    several = [(r["kind"], r["key"]) for r in rows if r["first"] != r["last"]]
    labels = _first_labels(selection, several, decks)
    top_labels = _first_labels(selection, [k for k in several if k[0] == Kind.CARD], top)
    shares: dict[str, list[meta.Share]] = {kind: [] for kind in Kind.values}
    top_cards = []
    for r in rows:
        name = (r["kind"], r["key"])
        label = labels.get(name, r["first"])
        shares[r["kind"]].append(meta.Share(r["key"], label, r["playing"], len(decks), r["played"]))
        if r["kind"] == Kind.CARD and r["top_playing"]:
            label = top_labels.get(name, r["first"])
            top_cards.append(
                meta.Share(r["key"], label, r["top_playing"], len(top), r["top_played"])
            )
    return meta.Metagame(
        decks=len(decks),
        events=len({d.event for d in decks}),
        cards=meta.in_share_order(shares[Kind.CARD]),
        worlds=meta.in_share_order(shares[Kind.WORLD]),
        champion_types=meta.in_share_order(shares[Kind.CHAMPION_TYPE]),
        levels=meta.level_distribution(decks),
        top_decks=top,
        top_cards=meta.in_share_order(top_cards),
    )


def card_record(selection: Selection, identity: str) -> tuple[meta.CardRecord, str]:
    """Where a card identity was played in the selection and how those decks placed
    (`scoring.metagame.card_record`), with the name the first deck playing it gave it (""
    when none does): one query."""
    plays = {}
    name = ""
    if selection.decks:
        rows = _tallies(selection).filter(kind=Kind.CARD, key=identity)
        for deck, copies, label in rows.values_list("registration_id", "copies", "label"):
            plays[deck] = (copies, label)
    decks = []
    for deck in selection.decks:
        played = plays.get(deck.key)
        if played is not None:
            name = name or played[1]
            cards = (DeckCard(identity, played[1], "", played[0]),)
            deck = Deck(deck.key, deck.event, deck.place, deck.level_total, cards)
        decks.append(deck)
    return meta.card_record(decks, identity), name


def public_in(year: int | None = None):
    """Public registrations, of one year's events (by event date) when a year is given."""
    registrations = public_registrations()
    return registrations.filter(event__date__year=year) if year else registrations


def event_lists(event: Event):
    """The public lists of one event, in the pages' order."""
    return public_lists(public_registrations(event))


def event_selection(event: Event) -> Selection:
    """The public lists of one event."""
    return select(event_lists(event))


def in_format(registrations, fmt: Format):
    """The registrations of events of one format (deck size, deck rules, tournament type)."""
    size, rules, kind = fmt
    return registrations.filter(
        event__deck_size=size, event__deck_rules=rules, event__tournament_type=kind
    )


def format_lists(fmt: Format, year: int | None = None):
    """The public lists of every event of one format, of one year when given."""
    return public_lists(in_format(public_in(year), fmt))


def all_lists(year: int | None = None):
    """Every public list (a card's page looks for it everywhere), of one year when given."""
    return public_lists(public_in(year))


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
