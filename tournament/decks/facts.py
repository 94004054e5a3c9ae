"""What a list contributes to the metagame, written here and nowhere else (`DeckFacts`, one
per list, and its `DeckTally` rows): read once from the saved list, aggregated by the
metagame pages in SQL (`decks/metagame.py`).

A list contributes its main deck's cards by identity (copies summed over the lines and
printings of one identity, named and placed in a world as its first line played it), the
copies of each world's cards and of each champion type's champions, its champion level total
and its card count: exactly what `scoring.metagame` counts of a deck. Which lists count
(finished event, published, not kept private) is asked of the live rows each time
(`services.public_decklist_q`), never stored here.

The facts name what they were read from: the list as saved (its `updated_at`), the event's
format and the card data (`services.format_key`), the card data's token. They are written
again when one of those moves: a list saved (any code, the admin: `handlers.list_saved`), a
finished event saved (its format, its status: `handlers.event_saved`), and, for lists the
writers above never saw (rows written in bulk, the card data imported again, a site upgraded
from before the facts), by the first page that reads them (`metagame.select`) or ahead of it
by `manage.py write_deck_facts`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import F, Q

from scoring.cards import CardIndex
from scoring.deckformat import CHAMPION
from scoring.decklist import DeckEntry
from scoring.deckrules import group_of
from scoring.metagame import NO_WORLD, DeckCard
from tournament.core.locking import lock_rows
from tournament.decks.carddata import get_card_index
from tournament.decks.models import DeckFacts, Decklist, DeckTally
from tournament.decks.services.checking import (
    DeckCheck,
    card_data_token,
    check_decklist,
    deck_format_of,
    format_key,
)
from tournament.events.models import Event

Kind = DeckTally.Kind


def deck_cards(entries: Iterable[DeckEntry]) -> tuple[DeckCard, ...]:
    """The main deck's cards as plain records, one per identity (copies summed), named and
    placed in a world as the identity's first line played it."""
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


@dataclass(frozen=True)
class Contribution:
    """What one list contributes, as read from it (not stored yet)."""

    level_total: int
    card_count: int
    cards: tuple[DeckCard, ...]

    @classmethod
    def of(cls, check: DeckCheck) -> Contribution:
        cards = deck_cards(check.entries)
        return cls(check.report.level_total, sum(c.count for c in cards), cards)

    def tallies(self) -> list[tuple[str, str, str, int]]:
        """(kind, key, label, copies): each identity, each world, each champion type."""
        lines = [(Kind.CARD, c.identity, c.name, c.count) for c in self.cards]
        for kind, keys in (
            (Kind.WORLD, [(c.world, c) for c in self.cards if c.world not in NO_WORLD]),
            (Kind.CHAMPION_TYPE, [(c.type, c) for c in self.cards if c.champion]),
        ):
            copies: dict[str, int] = {}
            for key, card in keys:
                copies[key] = copies.get(key, 0) + card.count
            lines += [(kind, key, key, n) for key, n in copies.items()]
        return lines


@dataclass(frozen=True)
class Reading:
    """A list read for its facts: which list, what it was read from, what it contributes."""

    decklist: int
    registration: int
    saved_at: datetime
    format_key: str
    card_data: str
    contribution: Contribution


def write(readings: Sequence[Reading]) -> None:
    """Store these lists' facts in place of the ones they had: the one writer.

    The lists' rows are locked first (`docs/locking.md`: a list locks its own row), so that
    two writers of one list (a page bringing it up to date while a judge saves it) write one
    after the other, the second's facts standing."""
    if not readings:
        return
    pks = [r.decklist for r in readings]
    with transaction.atomic():
        list(lock_rows(Decklist.objects.filter(pk__in=pks)).values_list("pk", flat=True))
        DeckTally.objects.filter(decklist__in=pks).delete()
        DeckFacts.objects.filter(decklist__in=pks).delete()
        DeckFacts.objects.bulk_create(
            DeckFacts(
                decklist_id=r.decklist,
                saved_at=r.saved_at,
                format_key=r.format_key,
                card_data=r.card_data,
                level_total=r.contribution.level_total,
                card_count=r.contribution.card_count,
            )
            for r in readings
        )
        DeckTally.objects.bulk_create(
            (
                DeckTally(
                    decklist_id=r.decklist,
                    registration_id=r.registration,
                    kind=kind,
                    key=key,
                    label=label,
                    copies=n,
                )
                for r in readings
                for kind, key, label, n in r.contribution.tallies()
            ),
            batch_size=2000,
        )


def stale_q(card_data: str, key: str | None = None) -> Q:
    """Registrations whose list's facts are missing or were read from something else: an
    older save, other card data, or (when `key` is given) another format."""
    stale = (
        Q(decklist__facts__isnull=True)
        | ~Q(decklist__facts__saved_at=F("decklist__updated_at"))
        | ~Q(decklist__facts__card_data=card_data)
    )
    return stale | ~Q(decklist__facts__format_key=key) if key is not None else stale


def read_list(decklist: Decklist, event: Event, token: str, index: CardIndex) -> Reading:
    """Read one saved list for its event, as `services.check_stored` checks it, against the
    card data of `token` (its `index`)."""
    check = check_decklist(
        decklist.text,
        deck_format_of(event),
        decklist.sideboard_text,
        index,
        sideboard_opt_out=decklist.sideboard_opt_out,
    )
    return Reading(
        decklist.pk,
        decklist.registration_id,
        decklist.updated_at,
        format_key(event, token),
        token,
        Contribution.of(check),
    )


def refresh_list(decklist: Decklist) -> None:
    """A list saved: its facts again, unless they were read from this very save."""
    token = card_data_token()
    current = DeckFacts.objects.filter(
        decklist=decklist.pk, saved_at=decklist.updated_at, card_data=token
    )
    if not current.exists():
        event = Event.objects.get(registrations=decklist.registration_id)
        write([read_list(decklist, event, token, get_card_index())])


def refresh_event(event: Event) -> int:
    """An event's lists whose facts are old (its format changed since, the card data, a list
    written in bulk): read and written again; returns how many."""
    token = card_data_token()
    stale = list(
        Decklist.objects.filter(
            registration__in=event.registrations.filter(stale_q(token, format_key(event, token)))
        )
    )
    if not stale:
        return 0
    index = get_card_index()
    write([read_list(decklist, event, token, index) for decklist in stale])
    return len(stale)
