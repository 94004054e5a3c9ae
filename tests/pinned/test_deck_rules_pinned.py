"""Deck construction rules pinned at their edges (SPEC §3; 000 *THE DECK*, *TOURNAMENT
TYPES*). Each test holds one rule exactly at its limit, so moving the limit by one, or
checking a weaker condition, fails it."""

from dataclasses import replace

import pytest

from scoring.cards import CardIndex, default_card_index
from scoring.deckformat import DeckFormat
from scoring.decklist import DeckEntry
from scoring.deckrules import validate_deck


@pytest.fixture(scope="module")
def index() -> CardIndex:
    return default_card_index()


def problems(entries, fmt, code: str) -> list:
    return [p for p in validate_deck(entries, fmt).problems if p.code == code]


def test_one_copy_means_same_icon_and_same_name(index):
    # SPEC §3: "No card twice (same icon and same name)". Wall of Fire is a cleric spell
    # with icon +1 (3rd/364) and a wizard spell with icon +3 (4th/366): two cards.
    two_cards = [DeckEntry(index.by_id("3rd/364")), DeckEntry(index.by_id("4th/366"))]
    assert problems(two_cards, DeckFormat(55), "duplicate") == []
    same_card = [DeckEntry(index.by_id("3rd/364")), DeckEntry(index.by_id("3rd/364"))]
    assert len(problems(same_card, DeckFormat(55), "duplicate")) == 1


@pytest.mark.parametrize("card_id", ["NO/019", "NO/029"])
def test_no_xs_looks_at_every_digit_of_the_number(index, card_id):
    # SPEC §3 No-Xs: "no card whose number contains the digit X" — 19 and 29 contain a 9
    # in their second digit.
    entries = [DeckEntry(index.by_id(card_id))]
    fmt = DeckFormat(55, tournament_type="no-xs", no_xs_digit=9)
    assert len(problems(entries, fmt, "no_xs")) == 1


def test_wizards_challenge_refuses_psionic_powers(index):
    # SPEC §3 Wizard's Challenge: "no allies, unarmed combat, blood abilities, thief skills,
    # psionic powers" — even a phase-4 psionic power (4th/424 Switch Personality).
    entries = [DeckEntry(index.by_id("4th/424"))]
    assert (
        len(
            problems(
                entries, DeckFormat(55, tournament_type="wizards-challenge"), "wizards_challenge"
            )
        )
        == 1
    )


def test_wizards_challenge_allows_spells_castable_any_time(index):
    # SPEC §3: "only spells castable in phase 4 or at any time". NO/346 is marked for
    # phases 0 to 5 (any time); a fan-set card says "Phase Any".
    wc = DeckFormat(55, tournament_type="wizards-challenge")
    any_time = DeckEntry(index.by_id("NO/346"))
    fan = DeckEntry(replace(index.by_id("NO/346"), card_id="FAN/1", attributes=("Phase Any",)))
    assert problems([any_time, fan], wc, "wizards_challenge") == []


def _champions(index, levels: dict[str, int]) -> list[DeckEntry]:
    return [DeckEntry(index.by_id(card_id), count) for card_id, count in levels.items()]


def test_the_level_total_allows_its_maximum_and_not_one_more(index):
    # SPEC §3 table, 55 cards: champion level total ≤ 90. Elminster the Mage (NO/044) is
    # level 9: ten copies are 90; one level-1 Gatekeeper (1st/422) more makes 91.
    at_max = _champions(index, {"NO/044": 10})
    assert problems(at_max, DeckFormat(55), "level_total") == []
    over = _champions(index, {"NO/044": 10, "1st/422": 1})
    assert len(problems(over, DeckFormat(55), "level_total")) == 1


def test_a_75_card_deck_may_have_27_champions(index):
    # SPEC §3 table, 75 cards: champions 3–27.
    def champion_range(count: int) -> list:
        entries = _champions(index, {"1st/422": count})
        found = problems(entries, DeckFormat(75), "type_range")
        return [p for p in found if p.params.get("group") == "Champions"]

    assert champion_range(27) == []
    assert len(champion_range(28)) == 1
