"""Tests for scoring.cards: loading the CSV data set and the CardIndex lookups."""

import pytest

from scoring.cards import (
    Card,
    CardIndex,
    default_card_index,
    default_data_dir,
    level_value,
    load_card_index,
    normalize_card_id,
    normalize_name,
)


@pytest.fixture(scope="module")
def index() -> CardIndex:
    return default_card_index()


def test_default_data_dir_env_override(monkeypatch, tmp_path):
    monkeypatch.setenv("SPELLFIRE_CARD_DATA", str(tmp_path))
    assert default_data_dir() == tmp_path


def test_load_is_complete():
    # how long it takes: bench/bench_timings.py
    index = load_card_index(default_data_dir())
    # 3,839 TSR/community printings + 19 Portuguese-edition cards with no English printing
    # (21 fail cards_international.csv's same-number match, two are known English cards)
    # + 344 Brazilian fan-set cards
    assert len(index) == 3839 + 19 + 344


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("1st/3", "1st/3"),
        ("1st/003", "1st/3"),
        ("RRc/16", "rrc/16"),
        ("16/RR Chase", "rrc/16"),
        ("329/3rd", "3rd/329"),
        ("Carioca 2017/001", "carioca2017/1"),
        ("Waterdeep", None),
    ],
)
def test_normalize_card_id(text, key):
    assert normalize_card_id(text) == key


def test_normalize_name_ignores_case_punctuation_accents():
    assert normalize_name("Torg Mac Cei, the Ironlord") == "torgmacceitheironlord"
    assert normalize_name("Law & Order") == normalize_name("law and order")
    assert normalize_name("Aberração Mental") == "aberracaomental"


@pytest.mark.parametrize(("text", "value"), [("5", 5), ("5/7", 5), ("?", 0), ("", 0), ("+3", 3)])
def test_level_value(text, value):
    assert level_value(text) == value


def test_by_id_leading_zeros_and_chase(index):
    assert index.by_id("1st/3").name == "Zhentil Keep"
    assert index.by_id("1st/003") is index.by_id("1st/3")
    gib = index.by_id("RRc/16")
    assert (gib.name, gib.is_chase, gib.number) == ("Gib Kcir", True, "16")
    assert index.by_id("FR/3").name == "Caer Allison"
    assert index.by_id("9th/1") is None


def test_champion_fields(index):
    midnight = index.by_id("4th/487")
    assert midnight.is_champion and midnight.is_avatar and midnight.level_value == 15
    ally = index.by_id("4th/234")
    assert not ally.is_champion and ally.level_value == 0


def test_multiples_decided_per_identity(index):
    # "No limit per deck" appears only on 4th/234, yet the 1st edition printing allows it too.
    old = index.by_id("1st/329")
    assert old.multiples_allowed and old.deck_limit is None
    assert index.identity("Ally|nomadmercenaries").deck_limit == 3
    assert index.identity("Realm|waterdeep").deck_limit == 1
    assert not index.by_id("1st/001").multiples_allowed


def test_placeholders(index):
    hole = index.placeholder("2nd/68")
    assert hole is not None and "1st/402" in hole.note
    assert index.by_id("2nd/68") is None


def test_portuguese_names_and_ids(index):
    keys = index.identity_keys_for_name("Ilhas MoonShae")
    assert keys == ("Realm|moonshaeisles",)
    assert index.by_id("POR/7").name == "Moonshae Isles"


def test_supplement_cards(index):
    card = index.by_id("Carioca 2017/001")
    assert card.name == "Aberração Mental" and card.is_fan_set
    assert card.identity_key == "Psionic Power|aberracaomental"


def test_representative_prefers_latest_printing(index):
    assert index.representative("Ally|shaqatbeetles").card_id == "4th/234"
    assert len(index.printings("Ally|shaqatbeetles")) == 5


def test_suggestions(index):
    name, card = index.suggestions("Shaqat Beetle")[0]
    assert (name, card.card_id) == ("Shaqat Beetles", "4th/234")


def test_index_from_plain_cards():
    card = Card(
        "X/001",
        "X",
        "1",
        False,
        "Test Realm",
        "Realm",
        False,
        "",
        0,
        "Greyhawk",
        False,
        "Realm|testrealm",
    )
    index = CardIndex([card], alt_names=[("Reino Teste", "Realm|testrealm")])
    assert index.by_id("x/1") is card
    assert index.identity_keys_for_name("reino teste") == ("Realm|testrealm",)
    assert index.identity("Realm|testrealm").deck_limit == 1
