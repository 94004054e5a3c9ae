"""Tests for scoring.decklist: the plain-text decklist parser."""

import pytest

from scoring.cards import CardIndex, default_card_index
from scoring.decklist import parse_decklist


@pytest.fixture(scope="module")
def index() -> CardIndex:
    return default_card_index()


def one(index, text):
    parsed = parse_decklist(text, index)
    assert parsed.ok, [p.message for p in parsed.problems]
    assert len(parsed.entries) == 1
    return parsed.entries[0]


@pytest.mark.parametrize(
    ("line", "count"),
    [
        ("Shaqat Beetles", 1),
        ("1 Shaqat Beetles", 1),
        ("3 Shaqat Beetles", 3),
        ("3x Shaqat Beetles", 3),
        ("3 x Shaqat Beetles", 3),
        ("2X Shaqat Beetles", 2),
    ],
)
def test_counts(index, line, count):
    entry = one(index, line)
    assert (entry.count, entry.card.name) == (count, "Shaqat Beetles")


def test_number_with_leading_zeros_optional(index):
    assert one(index, "Zhentil Keep (1st/3)").card.card_id == "1st/003"
    assert one(index, "Zhentil Keep (1st/003)").card.card_id == "1st/003"
    assert one(index, "2 Zhentil Keep (1st/003)").count == 2


def test_chase_and_reversed_numbers(index):
    assert one(index, "Gib Kcir (RRc/16)").card.card_id == "RRc/16"
    assert one(index, "Gib Kcir (16/RR Chase)").card.card_id == "RRc/16"
    assert one(index, "Shaqat Beetles (329/3rd)").card.card_id == "3rd/329"


def test_number_without_name(index):
    assert one(index, "(4th/234)").card.name == "Shaqat Beetles"


def test_name_matching_ignores_case_punctuation_spacing(index):
    entry = one(index, "torg mac cei THE ironlord")
    assert entry.card.name == "Torg Mac Cei, the Ironlord"
    assert not entry.explicit_number
    assert one(index, "Law and Order").card.name == "Law & Order"


def test_name_only_resolves_to_identity_with_other_printings(index):
    entry = one(index, "Shaqat Beetles")
    assert entry.card.card_id == "4th/234"
    assert {c.card_id for c in entry.alternatives} == {"NO/329", "1st/329", "2nd/329", "3rd/329"}


def test_portuguese_names(index):
    assert one(index, "Ilhas Moonshae").card.identity_key == "Realm|moonshaeisles"
    assert one(index, "Ilhas MoonShae (POR/7)").card.name == "Moonshae Isles"
    assert one(index, "Aberracao Mental").card.card_id == "Carioca 2017/001"


def test_typo_gets_suggestions_and_line_number(index):
    parsed = parse_decklist("# my deck\n\nShaqat Beetle\n", index)
    (problem,) = parsed.problems
    assert problem.code == "unknown_card" and problem.line == 3
    assert (
        problem.message == 'Line 3: unknown card "Shaqat Beetle". Closest matches: Shaqat Beetles.'
    )


def test_unknown_without_similar_name(index):
    (problem,) = parse_decklist("Zzzzqqqq", index).problems
    assert problem.code == "unknown_card" and "no similar name" in problem.message


def test_ambiguous_name(index):
    (problem,) = parse_decklist("Mind Flayer", index).problems
    assert problem.code == "ambiguous_card"
    assert "Mind Flayer (Ally" in problem.message and "Mind Flayer (Monster" in problem.message


def test_section_header_disambiguates(index):
    parsed = parse_decklist("Allies:\nMind Flayer\nMonsters (1):\nMind Flayer", index)
    assert parsed.ok
    assert [e.card.type for e in parsed.entries] == ["Ally", "Monster"]


@pytest.mark.parametrize(
    "header",
    [
        "Realms:",
        "Realms (12):",
        "Realm:",
        "Rule cards 3:",
        "Magical items:",
        "Champions (20):",
        "Thief skills:",
        "Dungeon:",
        "Avatars:",
    ],
)
def test_known_section_headers(index, header):
    parsed = parse_decklist(f"{header}\nWaterdeep", index)
    assert parsed.ok and len(parsed.entries) == 1


def test_unknown_section_header(index):
    (problem,) = parse_decklist("Waterdeep\nMy favourites:", index).problems
    assert problem.code == "unknown_section" and problem.line == 2


def test_comments_and_blank_lines(index):
    parsed = parse_decklist("# comment\n\n   \n  # another\nWaterdeep\n", index)
    assert parsed.ok and parsed.entries[0].line == 5


def test_number_names_different_card(index):
    # The example of SPEC §3: FR/3 is Caer Allison, not Menzoberranzan.
    (problem,) = parse_decklist("Menzoberranzan (FR/3)", index).problems
    assert problem.code == "number_mismatch"
    assert problem.message.startswith('Line 1: FR/003 is "Caer Allison", not "Menzoberranzan"')
    assert "4th/001" in problem.message


def test_placeholder_number(index):
    (problem,) = parse_decklist("Something (2nd/68)", index).problems
    assert problem.code == "placeholder"
    assert problem.message == "Line 1: 2nd/068 is not a card (placeholder: Replaced by 1st/402.)"


def test_unknown_number(index):
    (problem,) = parse_decklist("Waterdeep (9th/1)", index).problems
    assert problem.code == "unknown_number" and "9th/1" in problem.message


def test_zero_count(index):
    (problem,) = parse_decklist("0 Waterdeep", index).problems
    assert problem.code == "bad_count"


def test_sideboard_section(index):
    parsed = parse_decklist("Waterdeep\nSideboard (1):\nShadowdale\nDeck:\nCormyr", index)
    assert [e.card.name for e in parsed.entries] == ["Waterdeep", "Cormyr"]
    assert [e.card.name for e in parsed.sideboard] == ["Shadowdale"]
    assert parsed.sideboard[0].sideboard


def test_every_problem_reported_with_params(index):
    parsed = parse_decklist("Shaqat Beetle\nWaterdeep\nMind Flayer\n(2nd/68)", index)
    assert [(p.code, p.line) for p in parsed.problems] == [
        ("unknown_card", 1),
        ("ambiguous_card", 3),
        ("placeholder", 4),
    ]
    assert parsed.problems[0].params["name"] == "Shaqat Beetle"
    assert len(parsed.entries) == 1


def test_portuguese_headings_are_sections(index):
    text = "Reinos:\nWaterdeep (NO/1)\nCartas reservas:\nMenzoberranzan (NO/2)\n"
    parsed = parse_decklist(text, index)
    assert parsed.problems == ()
    assert [e.card.name for e in parsed.entries] == ["Waterdeep"]
    assert [e.card.name for e in parsed.sideboard] == ["Menzoberranzan"]
