"""Deck rules `blitz` (SPEC §2, §3 [decision]: today's official 25-card rules on this card
pool): 25 cards, no card twice, champion levels at most 40 (the first number), no avatars,
dungeons or rule cards. Expected values worked out by hand from the card data rows named."""

from pathlib import Path

import pytest

from scoring.cards import default_card_index
from scoring.deckformat import DeckFormat
from scoring.deckrules import validate_decklist

BLITZ = DeckFormat(25, rules="blitz")
# legal_newbie_25.txt: 8 realms, 6 champions, 5 allies, 3 magical items, 3 events = 25 cards.
# Champion levels (cards.csv, the first number): Alias the Sell-Sword 6, King Azoun IV 7,
# Maligor the Red 3, Elminster the Mage 9, Drizzt Do' Urden 8, Midnight, Goddess of Magic 7
# = 40, the Blitz maximum; no avatar, dungeon or rule card.
BASE = (Path(__file__).parent / "decks" / "legal_newbie_25.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def index():
    return default_card_index()


def check(index, text):
    return validate_decklist(text, index, BLITZ)


def swap(old: str, new: str) -> str:
    assert old in BASE
    return BASE.replace(old, new)


def test_the_25_card_list_is_legal_with_40_levels(index):
    report = check(index, BASE)
    assert report.problems == () and report.level_total == 40
    assert report.notes == ()  # Blitz has its own rules: no "no published table" note


def test_41_levels_or_more_break_the_level_rule_alone(index):
    # Maligor the Red (level 3) out, Captain Kazhal 1st/299 (Hero, level 9) in: 40 - 3 + 9 = 46.
    report = check(index, swap("Maligor the Red (1st/043)", "Captain Kazhal (1st/299)"))
    assert report.codes == ["level_total"]
    assert report.problems[0].message == "Champion levels total 46, at most 40 in a Blitz deck"


def test_an_avatar_breaks_the_avatar_rule_alone(index):
    # King Azoun IV (7), Elminster the Mage (9), Drizzt Do' Urden (8) out; Garl Glittergold
    # 4th/473 (Hero, level 13, an avatar), Cataclysm! 4th/119 and Good Fortune 4th/120 (events)
    # in: still 25 cards, levels 6 + 3 + 7 + 13 = 29 (no avatar is free in Blitz).
    text = (
        BASE.replace("King Azoun IV (1st/042)", "Garl Glittergold (4th/473)")
        .replace("Elminster the Mage (1st/044)", "Cataclysm! (4th/119)")
        .replace("Drizzt Do' Urden (1st/045)", "Good Fortune (4th/120)")
    )
    report = check(index, text)
    assert report.codes == ["blitz_avatar"] and report.level_total == 29
    assert report.problems[0].message == (
        "Garl Glittergold (4th/473) is an avatar: Blitz decks have no avatars"
    )


def test_a_dungeon_is_one_of_the_25_and_breaks_the_dungeon_rule_alone(index):
    # Airship (event) out, Mausoleum of the Zombie Master DU/001 (a dungeon) in: 25 cards.
    report = check(index, swap("Airship (1st/090)", "Mausoleum of the Zombie Master (DU/001)"))
    assert report.codes == ["blitz_dungeon"]


def test_a_rule_card_breaks_the_rule_card_rule_alone(index):
    # Bad Omens (event) out, Age of Entropy 1st/423 (a rule card) in.
    report = check(index, swap("Bad Omens (1st/091)", "Age of Entropy (1st/423)"))
    assert report.codes == ["blitz_rule"]
    assert report.problems[0].message == (
        "Age of Entropy (1st/423) is a rule card: Blitz decks have no rule cards"
    )


def test_no_card_twice_and_25_cards(index):
    # Fortunate Omens out, a second Bad Omens in: 25 cards, one card twice.
    report = check(index, swap("Fortunate Omens (1st/092)", "Bad Omens (1st/091)"))
    assert report.codes == ["duplicate"]
    report = check(index, swap("Fortunate Omens (1st/092)", ""))
    assert report.codes == ["total_size"]
    assert report.problems[0].message == "The deck has 24 cards; a Blitz deck has 25."


def test_the_community_25_card_check_is_unchanged(index):
    # The same avatar list under community rules: size and one-copy only (SPEC §3).
    text = swap("King Azoun IV (1st/042)", "Garl Glittergold (4th/473)")
    assert validate_decklist(text, index, DeckFormat(25)).problems == ()


def test_blitz_decks_are_25_cards():
    with pytest.raises(ValueError, match="blitz decks are 25 cards"):
        DeckFormat(55, rules="blitz")
