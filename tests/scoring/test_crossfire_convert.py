"""The CrossFire converter on a fixture of real rows copied from CrossFire's files.

tests/scoring/crossfire/checkout/ is a miniature CrossFire checkout: `Scripts/CommonV.tcl`
keeps the header and the id tables of the real file (sets, worlds, card types, usable cards,
rarities, attributes), `DataBase/*.tcl` a few real rows each (pinned commit 5215d0e), and
`FanSets/OH7.*` a fan set. Every expected value below is read by hand from those rows and
from the data README's rules (identity, deck limit, chase numbers, international match).
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from scoring.cards import card_from_row, is_generic_artifact_text, load_card_index
from scoring.crossfire.__main__ import main
from scoring.crossfire.database import (
    CARD_COLUMNS,
    convert,
    deck_limit,
    read_set_file,
    read_tables,
    write_facts,
)
from scoring.crossfire.tcl import TclError, braced_after, script_value, split_list
from scoring.deckrules import is_generic_artifact

CHECKOUT = Path(__file__).resolve().parent / "crossfire" / "checkout"


@pytest.fixture(scope="module")
def facts():
    return convert(CHECKOUT)


@pytest.fixture(scope="module")
def cards(facts):
    return {row["card_id"]: row for row in facts.cards}


# --- the Tcl list reader (Tcl's own list rules) ---


def test_braces_group_verbatim_and_nest():
    assert split_list("a {b c} {d {e f}} {}") == ["a", "b c", "d {e f}", ""]
    # Nothing is substituted inside braces: backslashes and quotes stay as written, and an
    # escaped brace does not count.
    assert split_list(r'{x\ny "q"} {open \{ brace}') == [r'x\ny "q"', r"open \{ brace"]


def test_quotes_and_bare_words_substitute_backslashes():
    assert split_list(r'"a b\tc" d\ e x\x41 \101') == ["a b\tc", "d e", "xA", "A"]
    assert split_list('"line\\\n    next"') == ["line next"]  # backslash-newline: one space


def test_malformed_lists_are_refused():
    with pytest.raises(TclError):
        split_list("{unclosed")
    with pytest.raises(TclError):
        split_list("{a}b")  # a braced element must be followed by white space
    with pytest.raises(TclError):
        split_list('"open')


def test_script_values_are_found_by_their_command():
    script = "proc x {} {}\nset CrossFire::cardDataBase {\n {Head} {1st 1}\n}\nforeach {id n} {1 a}"
    assert split_list(script_value(script, "CrossFire::cardDataBase")) == ["Head", "1st 1"]
    assert braced_after(script, "foreach {id n}") == "1 a"
    # In a script, a backslash-newline inside braces is one space; an escaped backslash is not.
    continued = "set v {{a b} {c\\\n      d} {e\\\\}}"
    assert split_list(script_value(continued, "v")) == ["a b", "c d", "e\\\\"]


# --- CrossFire's id tables (Scripts/CommonV.tcl) ---


def test_id_tables_come_from_commonv():
    tables = read_tables(CHECKOUT)
    assert tables.types[7] == ("Hero", True)  # {7 Hero 1 0 Hero hero.gif}
    assert tables.types[19] == ("Wizard Spell", False)
    assert 0 not in tables.types and 99 not in tables.types  # "All Cards", "Champions"
    assert tables.worlds[8] == ("TSR", "TSR") and tables.worlds[0] == ("None", "")
    assert tables.uses["1"] == "Ally"  # usable flag 1: the type itself
    assert tables.uses["d9"] == "Magical Item (Def)"  # usable flag 2: defensive / offensive
    assert tables.uses["o101"] == "Dragon Unarmed Combat (Off)"  # ids 101/102 have no type
    assert tables.rarities["VR"] == "Very Rare"
    assert tables.attributes[46] == "White Wizard" and len(tables.attributes) == 46
    first = tables.set_info("1st")
    assert (first.num_limits, first.chase_qty, first.set_max) == ((400, 420, 440), 25, 440)
    fan = tables.set_info("OH7")  # from FanSets/OH7.cfg
    assert (fan.name, fan.set_class, fan.num_limits) == ("Bib's set 7", "fan", (25,))


def test_set_file_rows_keep_their_fields():
    set_file = read_set_file(CHECKOUT / "DataBase" / "1st.tcl")
    assert set_file.header == "First Edition"
    waterdeep = set_file.rows[0]
    assert waterdeep[:7] == ("1st", "1", "", "13", "1", "0", "Waterdeep")
    assert waterdeep[10:] == ("5 31", "d19 o19", "1")


# --- the rows the checks use ---


def test_a_realm(cards):
    row = cards["1st/001"]
    assert (row["name"], row["type"], row["type_id"], row["is_champion"]) == (
        "Waterdeep",
        "Realm",
        "13",
        "0",
    )
    assert (row["world"], row["world_code"], row["world_id"]) == ("Forgotten Realms", "FR", "1")
    assert (row["rarity"], row["rarity_name"]) == ("M", "Realm")
    assert row["attributes"] == "Coastal|Phase 2"  # {5 31}
    assert row["uses"] == "Wizard Spell (Def)|Wizard Spell (Off)"  # {d19 o19}
    assert row["identity_key"] == "Realm|waterdeep"
    assert (row["set_name"], row["set_class"], row["source_file"]) == (
        "1st Edition",
        "edition",
        "DataBase/1st.tcl",
    )
    assert cards["1st/007"]["level"] == "2"  # Moonshae Isles defends as a level 2 hero


def test_a_champion_and_its_identity(cards):
    row = cards["1st/045"]
    assert (row["type"], row["is_champion"], row["level"], row["is_avatar"]) == (
        "Hero",
        "1",
        "8",
        "0",
    )
    # "Drizzt Do' Urden": case, space and apostrophe are folded away.
    assert row["identity_key"] == "Hero|drizztdourden"


def test_an_avatar_is_the_flag_not_the_level(cards):
    row = cards["PO/039"]  # Icedawn, Avatar of Auril: {PO 39 12 5 1 1 ...}
    assert (row["type"], row["level"], row["is_avatar"]) == ("Cleric", "12", "1")
    # "Limit one avatar per pool." is not a deck limit.
    assert (row["deck_limit"], row["multiples_allowed"]) == ("", "0")
    assert row["number_contains_9"] == "1"


def test_deck_limits_from_the_wording(cards):
    war_party = cards["3rd/054"]  # "... No limit per deck."
    assert (war_party["deck_limit"], war_party["multiples_allowed"]) == ("unlimited", "1")
    mercenaries = cards["3rd/256"]  # "... Limit 3 per deck."
    assert (mercenaries["deck_limit"], mercenaries["multiples_allowed"]) == ("3", "1")
    estate = cards["1st/437"]  # "Limit one per deck.": one copy, as any card
    assert (estate["deck_limit"], estate["multiples_allowed"]) == ("1", "0")
    kobold = cards["IQ/020"]  # the text says "Limit per deck: Up to ...", the blueline decides
    assert (kobold["deck_limit"], kobold["multiples_allowed"]) == ("unlimited", "1")
    assert cards["1st/001"]["deck_limit"] == ""
    assert deck_limit("Limit two per deck.") == "2"


def test_a_chase_card(cards):
    # 1st edition numbers run to 440 (400/420/440); raw 441 is chase card 1 of 25.
    row = cards["1stc/01"]
    assert (row["name"], row["number"], row["raw_number"], row["is_chase"]) == (
        "Sakornia",
        "1",
        "441",
        "1",
    )
    assert row["number_contains_9"] == "0"


def test_a_placeholder_is_not_a_card(facts, cards):
    assert "2nd/068" not in cards
    assert facts.placeholders == [
        {
            "set_code": "2nd",
            "raw_number": "68",
            "card_id": "2nd/068",
            "note": "Replaced by 1st/402.",
        }
    ]
    second = next(s for s in facts.sets if s["set_code"] == "2nd")
    assert (second["cards_in_file"], second["cards"], second["placeholders"]) == ("3", "2", "1")
    assert (second["header_in_file"], second["regular_numbers"]) == ("Second Edition", "400/420")


def test_names_that_differ_by_a_bang_are_two_identities(facts, cards):
    assert cards["1st/053"]["identity_key"] == "Hero|adventurers!"  # level 3
    assert cards["1st/056"]["identity_key"] == "Hero|adventurers"  # level 4
    keys = [row["identity_key"] for row in facts.identities]
    # Listed where the name first appears (1st/053), the plain spelling first.
    assert keys[3:5] == ["Hero|adventurers", "Hero|adventurers!"]
    bang = facts.identities[4]
    assert (bang["n_printings"], bang["printings"], bang["levels"]) == (
        "3",
        "1st/053|2nd/053|3rd/053",
        "3",
    )


def test_identity_rows_aggregate_their_printings(facts):
    by_key = {row["identity_key"]: row for row in facts.identities}
    war_party = by_key["Ally|warparty"]
    assert war_party["deck_limit_statements"] == "3rd/054=unlimited"
    assert war_party["multiples_allowed_any_printing"] == "1"
    assert war_party["limit_conflict_between_printings"] == "0"  # one printing here
    assert by_key["Cleric|icedawnavatarofauril"]["any_avatar"] == "1"
    assert by_key["Hero|sakornia"]["printings"] == "1stc/01"


def test_tcl_quoting_in_real_rows(cards):
    # Double quotes inside a braced text are plain characters.
    assert 'This ally can "save" a champion' in cards["3rd/058"]["text"]
    # A blueline that runs over a line break stays one field.
    assert cards["3rd/063"]["blueline"] == (
        "...may be discarded \nto the Abyss to retrieve an event..."
    )
    assert cards["3rd/063"]["attributes"] == "Phase 3|Phase 4"
    # A bare-word text: Flameblade's is just "(Off)".
    assert cards["1st/097"]["text"] == "(Off)"


def test_portuguese_rows_with_their_english_counterpart(facts):
    by_id = {row["card_id"]: row for row in facts.international}
    assert set(by_id) == {"POR/007", "POR/097"}
    moonshae = by_id["POR/007"]
    assert (moonshae["name"], moonshae["same_number_1st_card_id"]) == ("Ilhas MoonShae", "1st/007")
    assert moonshae["same_number_type_level_world_match"] == "1"  # Realm, 2, Forgotten Realms
    summon = by_id["POR/097"]  # ISO-8859-1 in the file
    assert (summon["name"], summon["type"], summon["level"]) == ("Convocação", "Monster", "?")
    assert (summon["same_number_1st_name"], summon["same_number_type_level_world_match"]) == (
        "Flameblade",
        "0",
    )
    assert summon["set_class"] == "international"


def test_generic_artifacts_are_a_fact(cards):
    assert cards["4th/457"]["generic_artifact"] == "1"  # "can be attached to any champion"
    assert cards["4th/520"]["generic_artifact"] == "1"  # TSR logo: none of the seven worlds
    assert cards["1st/093"]["generic_artifact"] == "0"  # Rod of Shapechange, Forgotten Realms
    assert cards["1st/001"]["generic_artifact"] == "0"  # not an artifact


def test_fan_sets_are_listed_without_their_cards(facts):
    fan = next(s for s in facts.sets if s["set_code"] == "OH7")
    assert (fan["set_class"], fan["cards_in_file"], fan["source_file"]) == (
        "fan",
        "2",
        "FanSets/OH7.tcl",
    )
    assert not any(row["set_code"] == "OH7" for row in facts.cards)
    assert [s["set_code"] for s in facts.sets] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "PO",
        "IQ",
        "POR",
        "OH7",
    ]


# --- writing, and reading back ---


def test_written_facts_have_no_texts(facts, tmp_path):
    written = write_facts(facts, tmp_path)
    assert written["cards.csv"] == 20 and written["cards_international.csv"] == 2
    raw = (tmp_path / "cards.csv").read_bytes()
    assert raw.startswith(b"set_code,set_name,") and b"\r\n" in raw
    with (tmp_path / "cards.csv").open(newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        rows = list(reader)
    assert "text" not in reader.fieldnames and "blueline" not in reader.fieldnames
    assert reader.fieldnames[-1] == "identity_key" and "generic_artifact" in reader.fieldnames
    assert not any("save" in value for row in rows for value in row.values())
    write_facts(facts, tmp_path / "full", texts=True)
    with (tmp_path / "full" / "cards.csv").open(newline="", encoding="utf-8") as handle:
        assert csv.DictReader(handle).fieldnames == list(CARD_COLUMNS)


def test_the_command_line(tmp_path, capsys):
    assert main([str(CHECKOUT), str(tmp_path / "out")]) == 0
    assert "cards.csv: 20 rows" in capsys.readouterr().out
    assert (tmp_path / "out" / "attributes.csv").is_file()
    with pytest.raises(SystemExit) as exit_info:
        main([str(tmp_path), str(tmp_path / "out2")])
    assert exit_info.value.code == 2
    assert "is not a CrossFire checkout" in capsys.readouterr().err


def test_the_index_reads_the_fact_and_claims_no_text(facts):
    tables = {name: rows for name, (_cols, rows) in facts.tables().items()}
    tables["supplement_br_fan_sets_gilsouza.csv"] = []
    facts_only = {
        name: [{k: v for k, v in row.items() if k not in ("text", "blueline")} for row in rows]
        for name, rows in tables.items()
    }
    index = load_card_index(facts_only)
    axe = index.by_id("4th/457")
    assert axe.text == "" and axe.generic_artifact and is_generic_artifact(axe)
    assert not is_generic_artifact(index.by_id("1st/093"))
    assert index.identity("Ally|warparty").deck_limit is None
    # A row with a text but no generic_artifact column (the reference set) derives it.
    axe_row = next(r for r in tables["cards.csv"] if r["card_id"] == "4th/457")
    row = {k: v for k, v in axe_row.items() if k != "generic_artifact"}
    assert card_from_row(row).generic_artifact
    assert not card_from_row({**row, "text": "Only dwarves may use it."}).generic_artifact
    assert is_generic_artifact_text("Artifact", "Greyhawk", "Usable by any champion.")
    assert not is_generic_artifact_text("Magical Item", "None", "Usable by any champion.")
