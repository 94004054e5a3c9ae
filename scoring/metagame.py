"""Metagame statistics over published decklists (pure, deterministic, no Django).

The site's selector (`tournament/decks/metagame.py`) reads the public lists of finished
events and hands them over as plain `Deck` records: the main deck's cards by identity (the
unit of the one-copy rule: same icon and same name), the deck's champion level total as the
validator counted it, and the player's final place as stored. Nothing here orders players:
"top" always means the stored place.

Every function returns its rows in a fixed order (ties broken by name, then key), so a page
and its CSV export list the same rows in the same order on every run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from statistics import median

# Cards without a world logo (the data's "None" and "No World"): no world to count.
NO_WORLD = frozenset({"", "None", "No World"})
# "What the top decks played": final places 1 to 8 (stored).
TOP_PLACES = 8
# Level totals are shown in bins of ten: 0–9, 10–19, …
LEVEL_BIN = 10


@dataclass(frozen=True, slots=True)
class DeckCard:
    """One card of a deck's main part: its identity and how many copies the deck plays."""

    identity: str
    name: str
    type: str
    count: int
    world: str = ""
    champion: bool = False


@dataclass(frozen=True, slots=True)
class Deck:
    """A published list: opaque keys of the list and its event, the stored final place
    (None when the player has no standing), the champion level total, the main deck."""

    key: int
    event: int
    place: int | None
    level_total: int
    cards: tuple[DeckCard, ...]


@dataclass(frozen=True, slots=True)
class Share:
    """How many of `of` decks play at least one card of `key`, and how many copies in all."""

    key: str
    label: str
    decks: int
    of: int
    copies: int

    @property
    def percent(self) -> float:
        """Share of the decks, in percent, to one decimal."""
        return round(100 * self.decks / self.of, 1) if self.of else 0.0

    @property
    def average(self) -> float:
        """Copies per deck that plays it, to two decimals."""
        return round(self.copies / self.decks, 2) if self.decks else 0.0


@dataclass(frozen=True, slots=True)
class LevelBin:
    """Decks whose level total is `low` to `high` (both included)."""

    low: int
    high: int
    decks: int
    of: int

    @property
    def percent(self) -> float:
        return round(100 * self.decks / self.of, 1) if self.of else 0.0


@dataclass(frozen=True, slots=True)
class LevelDistribution:
    """Level totals in bins (empty bins between the lowest and highest included)."""

    bins: tuple[LevelBin, ...]
    lowest: int | None
    highest: int | None
    median: float | None
    mean: float | None


@dataclass(frozen=True, slots=True)
class Metagame:
    """Everything a metagame page shows for a set of decks."""

    decks: int
    events: int
    cards: tuple[Share, ...]
    worlds: tuple[Share, ...]
    champion_types: tuple[Share, ...]
    levels: LevelDistribution
    top_decks: tuple[Deck, ...]
    top_cards: tuple[Share, ...]


@dataclass(frozen=True, slots=True)
class CardEvent:
    """One event where a card was played: how many of its published decks played it, and
    the stored places of those decks (best first; None last)."""

    event: int
    playing: int
    decks: int
    places: tuple[int | None, ...]

    @property
    def percent(self) -> float:
        return round(100 * self.playing / self.decks, 1) if self.decks else 0.0

    @property
    def best(self) -> int | None:
        return self.places[0] if self.places else None


@dataclass(frozen=True, slots=True)
class CardPlay:
    """One deck that played the card: the list, its event, stored place and copies."""

    deck: int
    event: int
    place: int | None
    copies: int


@dataclass(frozen=True, slots=True)
class CardRecord:
    """Where a card was played (events in the order the decks were given) and each deck."""

    identity: str
    events: tuple[CardEvent, ...]
    plays: tuple[CardPlay, ...]

    @property
    def decks(self) -> int:
        return len(self.plays)

    @property
    def top(self) -> int:
        """Decks playing it that finished in the top places (stored place ≤ TOP_PLACES)."""
        return sum(1 for p in self.plays if p.place is not None and p.place <= TOP_PLACES)

    @property
    def wins(self) -> int:
        """Decks playing it whose player finished first."""
        return sum(1 for p in self.plays if p.place == 1)


def _place_key(place: int | None) -> tuple[int, int]:
    """Stored places in order, players without a place last."""
    return (1, 0) if place is None else (0, place)


def deck_copies(deck: Deck) -> dict[str, int]:
    """Copies per identity in one deck (a card listed on two lines counts once, summed)."""
    copies: dict[str, int] = {}
    for card in deck.cards:
        copies[card.identity] = copies.get(card.identity, 0) + card.count
    return copies


def _shares(
    decks: Sequence[Deck], by: Callable[[DeckCard], tuple[str, str] | None]
) -> tuple[Share, ...]:
    """Count, for each key `by(card)` returns (None: not counted), the decks playing it and
    the copies; labelled by the first label seen in deck order."""
    playing: dict[str, int] = {}
    copies: dict[str, int] = {}
    labels: dict[str, str] = {}
    for deck in decks:
        seen: set[str] = set()
        for card in deck.cards:
            found = by(card)
            if found is None:
                continue
            key, label = found
            labels.setdefault(key, label)
            copies[key] = copies.get(key, 0) + card.count
            if key not in seen:
                seen.add(key)
                playing[key] = playing.get(key, 0) + 1
    total = len(decks)
    return in_share_order(Share(k, labels[k], playing[k], total, copies[k]) for k in playing)


def in_share_order(shares: Iterable[Share]) -> tuple[Share, ...]:
    """Shares most played first: by decks, then copies, then label and key (a fixed order,
    whoever counted them: this module or the site's sums over stored tallies)."""
    return tuple(sorted(shares, key=lambda s: (-s.decks, -s.copies, s.label.casefold(), s.key)))


def card_shares(decks: Sequence[Deck]) -> tuple[Share, ...]:
    """The most played cards: share of the decks that play each identity (most first)."""
    return _shares(decks, lambda c: (c.identity, c.name))


def world_shares(decks: Sequence[Deck]) -> tuple[Share, ...]:
    """Worlds: decks playing at least one card of the world, and its cards' copies."""
    return _shares(decks, lambda c: None if c.world in NO_WORLD else (c.world, c.world))


def champion_type_shares(decks: Sequence[Deck]) -> tuple[Share, ...]:
    """Champion types (Cleric, Hero, Monster, …, avatars under their type)."""
    return _shares(decks, lambda c: (c.type, c.type) if c.champion else None)


def level_distribution(decks: Sequence[Deck], width: int = LEVEL_BIN) -> LevelDistribution:
    """Level totals in bins of `width` from the lowest total's bin to the highest's."""
    totals = sorted(d.level_total for d in decks)
    if not totals:
        return LevelDistribution((), None, None, None, None)
    first, last = totals[0] // width, totals[-1] // width
    counts = dict.fromkeys(range(first, last + 1), 0)
    for total in totals:
        counts[total // width] += 1
    bins = tuple(LevelBin(b * width, b * width + width - 1, counts[b], len(totals)) for b in counts)
    return LevelDistribution(
        bins=bins,
        lowest=totals[0],
        highest=totals[-1],
        median=float(median(totals)),
        mean=round(sum(totals) / len(totals), 1),
    )


def top_decks(decks: Sequence[Deck], places: int = TOP_PLACES) -> tuple[Deck, ...]:
    """Decks whose stored place is 1 to `places` (players sharing a place are all in), in
    place order, then in the order given."""
    top = [d for d in decks if d.place is not None and d.place <= places]
    return tuple(sorted(top, key=lambda d: d.place))  # sorted() is stable: given order kept


def metagame(decks: Sequence[Deck], places: int = TOP_PLACES) -> Metagame:
    """Every statistic of a metagame page for these decks."""
    top = top_decks(decks, places)
    return Metagame(
        decks=len(decks),
        events=len({d.event for d in decks}),
        cards=card_shares(decks),
        worlds=world_shares(decks),
        champion_types=champion_type_shares(decks),
        levels=level_distribution(decks),
        top_decks=top,
        top_cards=card_shares(top),
    )


def card_record(decks: Sequence[Deck], identity: str) -> CardRecord:
    """Where a card identity was played and how those decks placed (stored places).

    Events are listed in the order their first deck appears in `decks`; the decks playing
    the card in place order within that."""
    per_event: dict[int, list[Deck]] = {}
    for deck in decks:
        per_event.setdefault(deck.event, []).append(deck)
    events: list[CardEvent] = []
    plays: list[CardPlay] = []
    for event, event_decks in per_event.items():
        mine = [(d, deck_copies(d).get(identity, 0)) for d in event_decks]
        mine = [(d, n) for d, n in mine if n]
        if not mine:
            continue
        mine.sort(key=lambda t: _place_key(t[0].place))
        events.append(
            CardEvent(
                event=event,
                playing=len(mine),
                decks=len(event_decks),
                places=tuple(d.place for d, _n in mine),
            )
        )
        plays += [CardPlay(d.key, d.event, d.place, n) for d, n in mine]
    return CardRecord(identity=identity, events=tuple(events), plays=tuple(plays))
