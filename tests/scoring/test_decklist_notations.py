"""Every notation of SPEC §3 ("Real lists ... are read as they are written"), one test each.

Expected cards are looked up by hand in the card data (cards.csv: set, number, name, type,
level, world) — never produced by the parser."""

import csv
from pathlib import Path

import pytest

from scoring.cards import default_card_index, default_data_dir
from scoring.decklist import item_label, parse_decklist, suggestion_items


@pytest.fixture(scope="module")
def index():
    return default_card_index()


def ids(index, text):
    parsed = parse_decklist(text, index)
    assert parsed.problems == (), [p.message for p in parsed.problems]
    return [(e.count, e.card.card_id) for e in parsed.entries]


def codes(index, text):
    return [(p.code, p.line) for p in parse_decklist(text, index).problems]


# --- CrossFire's printed deck (its Print Deck text, Scripts/EditorIO.tcl) ---

PRINTED = """\
                              GenCon's Most Wanted

                         Total Cards: 4 + Dungeon Card
                                Total Levels: 7

                  Created by 1999 GenCon Spellfire World Championship Players

-------------------------------------------------------------------------------

    Fast realms, big allies.

-------------------------------------------------------------------------------

Ally (2)
    4th/210 Myrmidons, (+4)
    4th/246 The Dreaded Ghost, (+9)
Cleric (1)
    1stc/10 Delsenora, (AD&D/7)
Dungeon (1)
    DU/024 The Azure Tower of Onad the Fallen, (AD&D)
Event (1)
    DUc/10 Enter Darkness Together
"""


def test_crossfire_printed_deck(index):
    # cards.csv: 4th/210 Myrmidons (Ally +4), 4th/246 The Dreaded Ghost (Ally +9), 1stc/10
    # Delsenora (Cleric 7, AD&D), DU/024 The Azure Tower of Onad the Fallen (Dungeon), DUc/10
    # Enter Darkness Together (Event). Title, levels, author, notes and separators are no cards;
    # `Total Cards: 4 + Dungeon Card` agrees with the four cards and the dungeon.
    assert ids(index, PRINTED) == [
        (1, "4th/210"),
        (1, "4th/246"),
        (1, "1stc/10"),
        (1, "DU/024"),
        (1, "DUc/10"),
    ]


def test_type_headings_with_counts_are_headings_never_copies(index):
    # "Realm" is also a card (CQ/066, a Realm): under CrossFire's `Realm (1)` heading it is
    # the heading, and the heading's type settles "Shield of Huma" (DL/053 Artifact, DLc/07
    # Magical Item).
    text = "Realm (1)\n    1st/001 Waterdeep, (FR)\nArtifact (1)\n    Shield of Huma"
    assert ids(index, text) == [(1, "1st/001"), (1, "DL/053")]


def test_world_level_description_is_not_a_number(index):
    # `(FR/10)` after a comma is CrossFire's description: Living Wall PO/058 (Monster, FR, 10),
    # not FR's card number 10. Without the comma too, when it fits the named card.
    assert ids(index, "Living Wall, (FR/10)") == [(1, "PO/058")]
    assert ids(index, "Living Wall (FR/10)") == [(1, "PO/058")]
    # `Tyr (DS/5)`: Tyr is a Dark Sun realm of level 5 (NO/224 … 4th/028); DS is no set.
    parsed = parse_decklist("Tyr (DS/5)", index)
    assert [e.card.identity_key for e in parsed.entries] == ["Realm|tyr"]
    # SPEC §3's own example stays a number: FR/3 is Caer Allison, not Menzoberranzan (no
    # level 3 fits a realm without a level either).
    assert codes(index, "Menzoberranzan (FR/3)") == [("number_mismatch", 1)]


@pytest.mark.parametrize(
    ("line", "card_id"),
    [
        ("DUc/10", "DUc/10"),  # Enter Darkness Together, chase 10 of Dungeons
        ("FRc/02 Cold Cup of Calamity", "FRc/02"),
        ("{RR 116}", "RRc/16"),  # CrossFire's raw number: 100 regular RR cards, chase 16
        ("{1st 450} Delsenora", "1stc/10"),  # 1st: 440 regular numbers, chase 10
    ],
)
def test_chase_numbers_as_crossfire_writes_them(index, line, card_id):
    assert ids(index, line) == [(1, card_id)]


# --- citations from posts and the Brazilian league ---


@pytest.mark.parametrize(
    ("line", "card_id"),
    [
        # `N/25 DU`: 25 is the Dungeons chase count (sets.csv: DU 100 regular + 25 chase).
        ("Enter Darkness Together (10/25 DU)", "DUc/10"),
        ("The Azure Tower of Onad the Fallen (24/100 DU)", "DU/024"),
        ("Psionic Disintegration (73/DU)", "DU/073"),
        ("Land of Legends [IQ-4]", "IQ/004"),
        # 004: "The Caravan (131/CL) from the Spellfire classic booster is #131 of 500": the
        # 4th edition (500 regular numbers), 4th/131 The Caravan.
        ("The Caravan (131/CL)", "4th/131"),
        ("Haven of the Undead (4th Edition, 71/500)", "4th/071"),
        ("White Plume Mountain (Runes & Ruins, 4/100)", "RR/004"),
        ("Den of Thieves (Night stalkers chase, 24/25)", "NSc/24"),
        ("4th/234", "4th/234"),  # Shaqat Beetles
        ("Waterdeep 1st/001", "1st/001"),
        ("2 4th/210 Myrmidons", "4th/210"),
    ],
)
def test_citations(index, line, card_id):
    assert [cid for _n, cid in ids(index, line)] == [card_id]


def test_a_citation_that_names_another_card_is_reported(index):
    # RR/004 is White Plume Mountain, not Waterdeep.
    assert codes(index, "Waterdeep (Runes & Ruins, 4/100)") == [("number_mismatch", 1)]


# --- headings: markdown, several cards on one line, counts and totals ---


def test_markdown_headings_keep_the_type(index):
    # The example: under `## Artifacts`, Shield of Huma is the artifact DL/053.
    text = "# My deck\n\n## Artifacts (1 Cards)\nShield of Huma\n"
    assert ids(index, text) == [(1, "DL/053")]


def test_several_cards_on_one_heading_line(index):
    # Names with commas are resolved greedily against the data: "Kiri, Avatar of Kiri-Jolith"
    # (PO/079) and "Tyr, Avatar of Justice" (CH/010) are two cards, not four.
    text = "Champions (2): Kiri, Avatar of Kiri-Jolith, Tyr, Avatar of Justice"
    assert ids(index, text) == [(1, "PO/079"), (1, "CH/010")]
    parsed = parse_decklist("Realms (2): Waterdeep (1st/001), Cormyr (1st/005)", index)
    assert [e.card.card_id for e in parsed.entries] == ["1st/001", "1st/005"]


def test_several_cards_on_the_line_under_a_heading(index):
    # Posts write the cards of a heading on the next line too; the line is taken apart only
    # when every part names a card (Waterdeep 3rd/001 is the latest printing, Cormyr 3rd/005).
    text = "Realms (3):\nWaterdeep, Cormyr, Tyr, Avatar of Justice"
    assert ids(index, text) == [(1, "3rd/001"), (1, "3rd/005"), (1, "CH/010")]
    assert codes(index, "Waterdeep, Zzqx") == [("unknown_card", 1)]


def test_a_heading_count_that_disagrees_is_reported(index):
    parsed = parse_decklist("Realm (2)\n1st/001 Waterdeep\nHero (1)\n1st/041", index)
    assert [(p.code, p.line) for p in parsed.problems] == [("heading_count", 1)]
    assert parsed.problems[0].message == (
        'Line 1: the heading "Realm" says 2 cards, but 1 are listed under it.'
    )
    assert len(parsed.entries) == 2  # the counts are no cards


def test_a_total_line_that_disagrees_is_reported_never_a_card(index):
    assert codes(index, "Total: 2\nWaterdeep (1st/001)\nCormyr (1st/005)") == []
    assert codes(index, "Waterdeep (1st/001)\nCormyr (1st/005)\n2 cards") == []
    assert codes(index, "Waterdeep (1st/001)\n55 cards") == [("total_count", 2)]
    parsed = parse_decklist("Waterdeep (1st/001)\nTotal Cards: 3", index)
    assert [(p.code, p.line) for p in parsed.problems] == [("total_count", 2)]
    assert parsed.problems[0].params["declared"] == 3 and parsed.problems[0].params["counted"] == 1
    assert [e.card.card_id for e in parsed.entries] == ["1st/001"]


# --- names without article or epithet, and suggestions ---


@pytest.mark.parametrize(
    ("line", "identity"),
    [
        ("Caravan", "Event|thecaravan"),  # The Caravan (NO/319 … 4th/131)
        ("Genie Bottle", "Event|thegeniebottle"),  # The Genie Bottle 1st/436
        ("Dreaded Ghost", "Ally|thedreadedghost"),  # The Dreaded Ghost 4th/246
        ("Korgunard", "Monster|korgunardtheavangion"),  # Korgunard the Avangion 4th/270
    ],
)
def test_article_or_epithet_less_names_resolve_when_one_card_fits(index, line, identity):
    (entry,) = parse_decklist(line, index).entries
    assert entry.card.identity_key == identity


@pytest.mark.parametrize(
    ("typed", "first"),
    [
        ("Dargent", "Dargent, Silver Dragon (Monster, level 8, DL/030)"),
        ("Tyranthraxus", "Tyranthraxus, the Possessing Spirit (Event, RR/055)"),
    ],
)
def test_short_names_suggest_the_cards_containing_them_first(index, typed, first):
    (problem,) = parse_decklist(typed, index).problems
    assert problem.code == "unknown_card"
    assert item_label(suggestion_items(problem)[0]) == first


def test_suggestions_are_items_even_when_names_have_commas(index):
    (problem,) = parse_decklist("Kiri Avatar", index).problems
    names = [item["name"] for item in suggestion_items(problem)]
    assert "Kiri, Avatar of Kiri-Jolith" in names  # one item, its commas kept
    assert all(isinstance(item, dict) for item in suggestion_items(problem))


# --- CrossFire's raw numbers ---


def test_raw_numbers_match_the_data_for_every_card(index):
    # cards.csv has CrossFire's raw number of every printing: the index finds each by it.
    with (default_data_dir() / "cards.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows
    for row in rows:
        assert index.by_raw(row["set_code"], row["raw_number"]).card_id == row["card_id"]


def test_raw_numbers_are_derived_where_the_data_has_none(index):
    # The database's cards have no raw number: chase cards are numbered on from the set's
    # last regular number, as CrossFire does (sets.csv: RR 100 regular, 1st 400/420/440).
    from dataclasses import replace

    from scoring.cards import CardIndex

    bare = CardIndex(
        [replace(c, raw_number="") for c in index.cards if c.set_code in ("RR", "1st")]
    )
    assert bare.by_raw("RR", 116).card_id == "RRc/16"
    assert bare.by_raw("1st", "450").card_id == "1stc/10"
    assert bare.by_raw("1st", 3).card_id == "1st/003"


def test_path_of_this_module_is_beside_the_fixtures():
    assert (Path(__file__).parent / "decks" / "crossfire").is_dir()
