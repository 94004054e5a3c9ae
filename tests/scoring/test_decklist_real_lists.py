"""SPEC §3 "Real lists", the forms players write: web tables, first words, apostrophes, the
players' languages, numbers in every form, near-agreeing numbers, post titles, long lines.

Every expected card is looked up by hand in the card data (carddata/cards.csv: set, number,
name; cards_international.csv: the international printing's name and its English card) —
never produced by the parser."""

import time

import pytest

from scoring.cards import default_card_index
from scoring.decklist import (
    LINE_CARD,
    LINE_HEADING,
    LINE_PROBLEM,
    LINE_TITLE,
    MSG_READ_ARTICLE,
    MSG_READ_BY_NAME,
    MSG_READ_FIRST_WORDS,
    MSG_READ_FRENCH,
    MSG_READ_GERMAN,
    MSG_READ_NEAR_NUMBER,
    MSG_READ_PORTUGUESE,
    MSG_READ_RAW_NUMBER,
    item_label,
    parse_decklist,
    suggestion_items,
)


@pytest.fixture(scope="module")
def index():
    return default_card_index()


def one(index, text):
    parsed = parse_decklist(text, index)
    assert parsed.problems == (), [p.message for p in parsed.problems]
    (entry,) = parsed.entries
    return entry


# --- tables copied from web pages: number, set, name ---


@pytest.mark.parametrize(
    ("row", "card_id"),
    [
        ("120 1st Ed. Nyrond", "1st/120"),  # cards.csv: 1st,120 Nyrond
        ("15 2nd Ed. Jungles of Chult", "2nd/015"),  # 2nd,15 Jungles of Chult
        ("5 1st Ed. Chase Neirgral, Green Dragon", "1stc/05"),  # 1st chase 5
        ("3 Runes & Ruins Chase The Toad", "RRc/03"),  # RR chase 3 The Toad
        ("10 For. Realms Wild Magic Surge", "FR/010"),  # FR,10 Wild Magic Surge
        ("7 UnderDark UnderToril", "UD/007"),  # UD,7 UnderToril
        ("2 Powers Abhorrence of Shapechangers", "PO/002"),
        ("18 Artifacts Chase Amelior's Restraint", "ARc/18"),
        ("6 3rd Edition Sembia", "3rd/006"),  # the TAV blog: Sembia (3rd Edition, 6/400)
    ],
)
def test_table_rows_number_is_the_cards_number_never_a_count(index, row, card_id):
    entry = one(index, row)
    assert (entry.count, entry.card.card_id) == (1, card_id)


def test_table_with_its_header(index):
    text = "Card No. Set Name\n120 1st Ed. Nyrond\n15 2nd Ed. Jungles of Chult\n"
    parsed = parse_decklist(text, index)
    assert parsed.problems == ()
    assert [e.card.card_id for e in parsed.entries] == ["1st/120", "2nd/015"]
    assert dict(parsed.lines)[1] == LINE_HEADING


def test_table_row_naming_another_card_is_a_mismatch(index):
    # FR/010 is Wild Magic Surge; Caer Allison is FR/003: clearly another card.
    (problem,) = parse_decklist("10 For. Realms Caer Allison", index).problems
    assert problem.code == "number_mismatch"


def test_a_count_before_a_card_stays_a_count(index):
    # "Powers" starts no name here: `3 Shaqat Beetles` is three copies (4th/234).
    entry = one(index, "3 Shaqat Beetles")
    assert (entry.count, entry.card.card_id) == (3, "4th/234")


# --- first words, articles, apostrophes ---


@pytest.mark.parametrize(
    ("typed", "card_id", "template"),
    [
        ("Acererak", "RR/038", MSG_READ_FIRST_WORDS),  # Acererak the Eternal
        ("Bengoukee", "1st/434", MSG_READ_FIRST_WORDS),  # Bengoukee the Witch Doctor
        ("Manshoon", "RRc/06", MSG_READ_FIRST_WORDS),  # Manshoon of the Zhentarim
        ("Caravan", "4th/131", MSG_READ_ARTICLE),  # The Caravan, latest TSR printing
    ],
)
def test_short_names_resolve_with_a_note(index, typed, card_id, template):
    entry = one(index, typed)
    assert entry.card.card_id == card_id
    assert entry.note is not None and entry.note.template is template
    assert entry.written == typed


@pytest.mark.parametrize(
    "typed", ["Amelior' Restraint", "Ameliors Restraint", "Amelior’s Restraint"]
)
def test_apostrophes_written_another_way_are_the_same_name(index, typed):
    entry = one(index, typed)
    assert entry.card.card_id == "ARc/18" and entry.note is None  # Amelior's Restraint


def test_a_part_before_a_comma_is_no_short_name(index):
    # Dargent, Silver Dragon (DL/030): "Dargent" is suggested, never taken silently.
    (problem,) = parse_decklist("Dargent", index).problems
    assert problem.code == "unknown_card"
    assert item_label(suggestion_items(problem)[0]).startswith("Dargent, Silver Dragon")


# --- the players' languages ---


@pytest.mark.parametrize(
    ("typed", "identity", "template"),
    [
        ("Eauprofonde", "Realm|waterdeep", MSG_READ_FRENCH),  # FRN/001 = 1st/001 Waterdeep
        ("La Caravane", "Event|thecaravan", MSG_READ_FRENCH),  # FRN/319 = 1st/319
        ("Die Karawane", "Event|thecaravan", MSG_READ_GERMAN),  # DE/319
        ("Karawane", "Event|thecaravan", MSG_READ_GERMAN),  # … without its article
        ("A Caravana", "Event|thecaravan", MSG_READ_PORTUGUESE),  # POR/319
        ("Caravana", "Event|thecaravan", MSG_READ_PORTUGUESE),
        ("Ilhas MoonShae", "Realm|moonshaeisles", MSG_READ_PORTUGUESE),  # POR/007
        ("Drachenkönig", "Monster|dragonking", MSG_READ_GERMAN),  # DE/304 = 1st/304
    ],
)
def test_international_names_resolve_to_their_card(index, typed, identity, template):
    entry = one(index, typed)
    assert entry.card.identity_key == identity
    assert entry.note.template is template and entry.note.params["name"] == typed


@pytest.mark.parametrize(
    ("typed", "identity"),
    [
        # Both spellings are also Brazilian fan-set cards (Myths and Legends/060, /108): the
        # official printing's Portuguese name wins (POR/353 Bless, POR/304 Dragon King).
        ("Bênção", "Cleric Spell|bless"),
        ("Rei Dragão", "Monster|dragonking"),
    ],
)
def test_a_portuguese_name_never_resolves_to_a_fan_card_silently(index, typed, identity):
    entry = one(index, typed)
    assert entry.card.identity_key == identity and not entry.card.is_fan_set


# --- numbers in every form ---


@pytest.mark.parametrize(
    ("line", "card_id"),
    [
        ("Black Hand Thieves' Guild (DU/5c)", "DUc/05"),  # chase number, `c` after
        ("120/1ªEd.", "1st/120"),  # POR/120 Nyrod = 1st/120 Nyrond
        ("Jungles of Chult (2nd Edition/15)", "2nd/015"),
        ("Nyrond, 1st Edition", "1st/120"),  # the set after the name
    ],
)
def test_numbers_in_every_form(index, line, card_id):
    assert one(index, line).card.card_id == card_id


def test_raw_chase_number_is_read_with_a_note(index):
    # RR has 100 regular cards: CrossFire's RR 103 is the chase card RRc/03 The Toad.
    entry = one(index, "The Toad (RR/103)")
    assert entry.card.card_id == "RRc/03" and entry.note.template is MSG_READ_RAW_NUMBER


def test_near_agreeing_number_and_name(index):
    # IQ/005 is Hollow World (cards.csv); "Hollow Worlds" nearly agrees.
    entry = one(index, "Hollow Worlds [IQ-5]")
    assert entry.card.card_id == "IQ/005" and entry.note.template is MSG_READ_NEAR_NUMBER


def test_number_naming_no_card_resolves_by_the_name(index):
    # 3rd has no chase cards and 400 regular ones: no 402; Magical Champion is one card
    # (1st/402, 2nd/402), read as its latest printing 2nd/402.
    entry = one(index, "Magical Champion (3rd edition chase, 402/420)")
    assert entry.card.card_id == "2nd/402" and entry.note.template is MSG_READ_BY_NAME


def test_a_clearly_different_name_stays_a_mismatch(index):
    (problem,) = parse_decklist("Menzoberranzan (FR/3)", index).problems
    assert problem.code == "number_mismatch"  # FR/003 is Caer Allison


# --- post titles and what every line became ---


def test_a_post_title_is_the_lists_title(index):
    text = "Deck do Zé — Campeão Carioca\nWaterdeep\nCormyr\n"
    parsed = parse_decklist(text, index)
    assert parsed.problems == () and parsed.title == "Deck do Zé — Campeão Carioca"
    assert parsed.lines == ((1, LINE_TITLE), (2, LINE_CARD), (3, LINE_CARD))


def test_a_later_line_naming_no_card_is_still_reported(index):
    text = "Waterdeep\nDeck do Zé — Campeão Carioca\nCormyr\n"
    parsed = parse_decklist(text, index)
    assert [(p.code, p.line) for p in parsed.problems] == [("unknown_card", 2)]
    assert parsed.title == "" and dict(parsed.lines)[2] == LINE_PROBLEM


def test_a_misspelt_first_card_is_no_title(index):
    parsed = parse_decklist("Shaqat Beetlez\nWaterdeep\n", index)
    assert [(p.code, p.line) for p in parsed.problems] == [("unknown_card", 1)]


def test_suggestions_name_the_card_inside_other_text_first(index):
    (problem,) = parse_decklist("Cormyr\nmy favourite Waterdeep realm ever", index).problems
    assert suggestion_items(problem)[0]["name"] == "Waterdeep"


# --- a whole type on one line; hostile lengths ---

# Thirteen realms on one 260-character line (numbers as cards.csv has them, 1st edition).
TAV_REALMS = (
    "Realms (13): Waterdeep (1st/001), Cormyr (1st/005), Sembia (1st/006), Menzoberranzan "
    "(1st/002), Shadowdale (1st/004), Zhentil Keep (1st/003), Myth Drannor (1st/013), "
    "Evermeet (1st/029), Anauroch (1st/018), Calimshan (1st/009), Moonshae Isles, "
    "Jungles of Chult, Nyrond"
)


def test_a_whole_type_on_one_line_may_be_long(index):
    assert len(TAV_REALMS) > 200
    parsed = parse_decklist(TAV_REALMS, index)
    assert parsed.problems == (), [p.message for p in parsed.problems]
    assert len(parsed.entries) == 13 and all(e.card.type == "Realm" for e in parsed.entries)


def test_one_over_long_name_is_refused_with_its_line(index):
    (problem,) = parse_decklist("Waterdeep\n" + "x" * 300, index).problems
    assert (problem.code, problem.line) == ("line_too_long", 2)


def test_a_100000_character_line_is_refused_with_its_line_number_fast(index):
    text = "Waterdeep\nCormyr\n" + "Shaqat Beetles " * 6_667
    started = time.perf_counter()
    problems = parse_decklist(text, index).problems
    assert time.perf_counter() - started < 0.2
    assert [(p.code, p.line) for p in problems] == [("text_too_long", None), ("line_too_long", 3)]
