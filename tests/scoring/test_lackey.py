"""LackeyCCG deck files (`.dek`): the XML its deck editor saves (`<deck>` → `<superzone
name=…>` → one `<card>` per copy, `<name>` and `<set>`), read safely.

The fixtures in decks/lackey/ are written by hand to that format; the expected cards are
looked up by hand in carddata/cards.csv."""

from pathlib import Path

import pytest

from scoring.cards import default_card_index
from scoring.deckformat import DeckFormat
from scoring.decklist import parse_decklist
from scoring.deckrules import validate_deck
from scoring.lackey import MAX_DEK_CHARS, DekError, dek_decklist_text, looks_like_dek, read_dek

LACKEY = Path(__file__).parent / "decks" / "lackey"


@pytest.fixture(scope="module")
def index():
    return default_card_index()


def typed(index, name):
    return dek_decklist_text(read_dek((LACKEY / name).read_text(encoding="utf-8")), index)


def test_zones_copies_and_sets(index):
    deck = read_dek((LACKEY / "small_with_sideboard.dek").read_text(encoding="utf-8"))
    assert [(zone, len(cards)) for zone, cards in deck.zones] == [("Deck", 6), ("Sideboard", 1)]
    assert deck.game == "spellfire"
    parsed = parse_decklist(typed(index, "small_with_sideboard.dek"), index)
    assert parsed.problems == (), [p.message for p in parsed.problems]
    # Waterdeep 1st/001, Cormyr 1st/005 (set 1st), 2 Shaqat Beetles 4th/234, Acererak the
    # Eternal RR/038, The Toad RRc/03 (the plugin's set "LackeyPlugin" names no set: by name).
    assert [(e.count, e.card.card_id) for e in parsed.entries] == [
        (1, "1st/001"),
        (1, "1st/005"),
        (2, "4th/234"),
        (1, "RR/038"),
        (1, "RRc/03"),
    ]
    assert [(e.count, e.card.card_id) for e in parsed.sideboard] == [(1, "4th/131")]


def test_a_legal_list_as_a_dek_file_is_legal(index):
    # The same 55 cards as decks/legal_community_55.txt (legal, one free avatar).
    parsed = parse_decklist(typed(index, "legal_community_55.dek"), index)
    assert parsed.problems == (), [p.message for p in parsed.problems]
    assert sum(e.count for e in parsed.entries) == 55
    report = validate_deck(parsed.entries, DeckFormat(55))
    assert report.is_legal, [p.message for p in report.problems]


@pytest.mark.parametrize(
    "name", ["entity.dek", "external_dtd.dek", "external_entity.dek", "billion_laughs.dek"]
)
def test_document_types_and_entities_are_refused_never_expanded(name):
    with pytest.raises(DekError, match="document type or entities"):
        read_dek((LACKEY / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("<deck>" + "<superzone>" * 10 + "x" * (10 * 1024 * 1024), "too large"),
        ("<deck>\x00\x01\x02 binary", "binary"),
        ("<deck><superzone name='Deck'><card><name>Waterdeep</card>", "not well-formed"),
        ("<cards/>", "root is <cards>"),
        ("<deck/>", "no <superzone>"),
        ("<deck><superzone name='Deck'><card><set>1st</set></card></superzone></deck>", "<name>"),
    ],
)
def test_bad_files_say_what_is_wrong(text, why):
    with pytest.raises(DekError, match=why):
        read_dek(text)


def test_the_size_cap_is_checked_before_parsing():
    assert MAX_DEK_CHARS < 10 * 1024 * 1024


def test_too_many_cards():
    cards = "<card><name>Waterdeep</name></card>" * 401
    with pytest.raises(DekError, match="too many cards"):
        read_dek(f"<deck><superzone name='Deck'>{cards}</superzone></deck>")


def test_recognised_by_its_content():
    assert looks_like_dek((LACKEY / "small_with_sideboard.dek").read_text(encoding="utf-8"))
    assert looks_like_dek('<deck version="0.8">')
    assert not looks_like_dek("Waterdeep\n<deck> is not my deck")
