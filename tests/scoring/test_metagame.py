"""Metagame statistics (`scoring.metagame`), with every expected figure worked out by hand.

The four decks below (two events) are small on purpose, so each count can be checked on
paper:

| deck | event | place | level total | cards (copies)                                   |
|------|-------|-------|-------------|--------------------------------------------------|
| A    | 1     | 1     | 40          | Waterdeep FR, Drizzt (Hero) FR, Shaqat Beetles ×3 |
| B    | 1     | 2     | 25          | Waterdeep FR, Elminster (Wizard) FR, Athas DS     |
| C    | 1     | 9     | 38          | Shaqat Beetles 1 + 1 (two lines), Rikus (Hero) DS, Athas DS |
| D    | 2     | 1     | 9           | Waterdeep FR, Drizzt FR, Cataclysm (world "None") |
"""

from __future__ import annotations

import pytest

from scoring.metagame import (
    Deck,
    DeckCard,
    card_record,
    card_shares,
    champion_type_shares,
    level_distribution,
    metagame,
    top_decks,
    world_shares,
)

WATERDEEP = DeckCard("Realm|waterdeep", "Waterdeep", "Realm", 1, "Forgotten Realms")
ATHAS = DeckCard("Realm|athas", "Athas", "Realm", 1, "Dark Sun")
DRIZZT = DeckCard("Hero|drizzt", "Drizzt", "Hero", 1, "Forgotten Realms", champion=True)
ELMINSTER = DeckCard("Wizard|elminster", "Elminster", "Wizard", 1, "Forgotten Realms", True)
RIKUS = DeckCard("Hero|rikus", "Rikus", "Hero", 1, "Dark Sun", champion=True)
CATACLYSM = DeckCard("Event|cataclysm", "Cataclysm", "Event", 1, "None")


def beetles(count: int) -> DeckCard:
    return DeckCard("Ally|shaqatbeetles", "Shaqat Beetles", "Ally", count, "")


A = Deck(101, 1, 1, 40, (WATERDEEP, DRIZZT, beetles(3)))
B = Deck(102, 1, 2, 25, (WATERDEEP, ELMINSTER, ATHAS))
C = Deck(103, 1, 9, 38, (beetles(1), RIKUS, ATHAS, beetles(1)))
D = Deck(104, 2, 1, 9, (WATERDEEP, DRIZZT, CATACLYSM))
DECKS = (A, B, C, D)


def rows(shares):
    return [(s.label, s.decks, s.of, s.copies) for s in shares]


def test_card_shares_count_decks_by_identity_once_each():
    # Waterdeep: A, B, D → 3 of 4 decks, 3 copies.
    # Shaqat Beetles: A (3) and C (1 + 1 on two lines = 2) → 2 decks (C once), 5 copies.
    # Athas: B, C → 2 decks, 2 copies; Drizzt: A, D → 2 decks, 2 copies.
    # Elminster (B), Rikus (C), Cataclysm (D): 1 deck each.
    # Order: decks ↓, then copies ↓ (Beetles' 5 before 2), then name (Athas < Drizzt;
    # Cataclysm < Elminster < Rikus).
    shares = card_shares(DECKS)
    assert rows(shares) == [
        ("Waterdeep", 3, 4, 3),
        ("Shaqat Beetles", 2, 4, 5),
        ("Athas", 2, 4, 2),
        ("Drizzt", 2, 4, 2),
        ("Cataclysm", 1, 4, 1),
        ("Elminster", 1, 4, 1),
        ("Rikus", 1, 4, 1),
    ]
    # 3 / 4 = 75 %; Beetles 2 / 4 = 50 %, 5 copies over 2 decks = 2.5 per deck.
    assert shares[0].percent == 75.0 and shares[1].percent == 50.0
    assert shares[1].average == 2.5 and shares[0].average == 1.0
    assert shares[0].key == "Realm|waterdeep"


def test_world_shares_skip_cards_without_a_world():
    # Forgotten Realms: A (Waterdeep, Drizzt = 2), B (Waterdeep, Elminster = 2), D (Waterdeep,
    # Drizzt = 2) → 3 decks, 6 cards. Dark Sun: B (Athas = 1), C (Rikus, Athas = 2) →
    # 2 decks, 3 cards. Cataclysm ("None") and the Beetles (no world) count nowhere.
    assert rows(world_shares(DECKS)) == [
        ("Forgotten Realms", 3, 4, 6),
        ("Dark Sun", 2, 4, 3),
    ]


def test_champion_types_count_champions_only():
    # Hero: Drizzt in A and D, Rikus in C → 3 decks, 3 champions. Wizard: Elminster in B.
    # Realms, allies and events are not champions.
    assert rows(champion_type_shares(DECKS)) == [("Hero", 3, 4, 3), ("Wizard", 1, 4, 1)]


def test_level_distribution_in_bins_of_ten():
    # Totals 40, 25, 38, 9 → sorted 9, 25, 38, 40. Bins from 9's (0–9) to 40's (40–49):
    # 0–9: 1 (9), 10–19: 0, 20–29: 1 (25), 30–39: 1 (38), 40–49: 1 (40); each 1 of 4 = 25 %.
    # Median of an even count: (25 + 38) / 2 = 31.5; mean 112 / 4 = 28.0.
    levels = level_distribution(DECKS)
    assert [(b.low, b.high, b.decks) for b in levels.bins] == [
        (0, 9, 1),
        (10, 19, 0),
        (20, 29, 1),
        (30, 39, 1),
        (40, 49, 1),
    ]
    assert [b.percent for b in levels.bins] == [25.0, 0.0, 25.0, 25.0, 25.0]
    assert (levels.lowest, levels.highest, levels.median, levels.mean) == (9, 40, 31.5, 28.0)
    empty = level_distribution(())
    assert empty.bins == () and empty.median is None


def test_top_decks_by_stored_place_only():
    # Places ≤ 8: A (1), B (2), D (1); C is 9th. In place order, the given order kept
    # within a place: A (1, first given), D (1), B (2). A deck without a place is never top.
    assert [d.key for d in top_decks(DECKS)] == [101, 104, 102]
    unplaced = Deck(105, 2, None, 0, (WATERDEEP,))
    assert 105 not in [d.key for d in top_decks((*DECKS, unplaced))]
    # Top 1: A and D share place 1 (different events): both are in.
    assert [d.key for d in top_decks(DECKS, places=1)] == [101, 104]


def test_metagame_collects_every_statistic():
    stats = metagame(DECKS)
    assert (stats.decks, stats.events) == (4, 2)
    # What the top decks (A, D, B) played, over 3 decks: Waterdeep 3 (100 %), Drizzt 2
    # (A, D: 66.7 %), then one deck each: Beetles (3 copies in A) before the single copies,
    # Athas (B), Cataclysm (D), Elminster (B) by name. C's Rikus is not among them.
    assert rows(stats.top_cards) == [
        ("Waterdeep", 3, 3, 3),
        ("Drizzt", 2, 3, 2),
        ("Shaqat Beetles", 1, 3, 3),
        ("Athas", 1, 3, 1),
        ("Cataclysm", 1, 3, 1),
        ("Elminster", 1, 3, 1),
    ]
    assert stats.top_cards[1].percent == pytest.approx(66.7)
    assert stats.cards == card_shares(DECKS) and stats.worlds == world_shares(DECKS)


def test_card_record_where_played_and_places():
    # Athas: event 1 has decks A, B, C; B (2nd) and C (9th) play it → 2 of 3 (66.7 %),
    # places (2, 9), best 2. Event 2's only deck (D) does not: the event is not listed.
    record = card_record(DECKS, "Realm|athas")
    assert [(e.event, e.playing, e.decks, e.places, e.best) for e in record.events] == [
        (1, 2, 3, (2, 9), 2)
    ]
    assert record.events[0].percent == pytest.approx(66.7)
    assert [(p.deck, p.place, p.copies) for p in record.plays] == [(102, 2, 1), (103, 9, 1)]
    # In the top 8: B only; first places: none.
    assert (record.decks, record.top, record.wins) == (2, 1, 0)
    # Drizzt: A (event 1, 1st of 3 decks) and D (event 2, 1st of 1 deck) → two wins.
    drizzt = card_record(DECKS, "Hero|drizzt")
    assert [(e.event, e.playing, e.decks, e.places) for e in drizzt.events] == [
        (1, 1, 3, (1,)),
        (2, 1, 1, (1,)),
    ]
    assert (drizzt.wins, drizzt.top) == (2, 2)
    # Beetles: C's two lines are one deck with 2 copies.
    assert [(p.deck, p.copies) for p in card_record(DECKS, "Ally|shaqatbeetles").plays] == [
        (101, 3),
        (103, 2),
    ]
    assert card_record(DECKS, "Realm|nowhere").plays == ()


def test_card_record_lists_unplaced_decks_last():
    # A deck with no stored place (None) comes after the placed ones of its event.
    unplaced = Deck(106, 1, None, 0, (ATHAS,))
    record = card_record((unplaced, *DECKS), "Realm|athas")
    assert record.events[0].places == (2, 9, None)
    assert record.events[0].decks == 4  # A, B, C and the unplaced deck


def test_results_do_not_depend_on_the_deck_order():
    # Same decks, another order: the same rows (ties are broken by name and key).
    reordered = (D, C, B, A)
    assert card_shares(reordered) == card_shares(DECKS)
    assert world_shares(reordered) == world_shares(DECKS)
    assert level_distribution(reordered) == level_distribution(DECKS)
