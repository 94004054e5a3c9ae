"""Tests for scoring.decklist: the plain-text decklist parser."""

import pytest

from scoring.cards import CardIndex, default_card_index
from scoring.decklist import item_label, parse_decklist, suggestion_items


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
    assert problem.message == 'Line 3: unknown card "Shaqat Beetle". Did you mean one of these?'
    # Each suggestion is its own item, with its number and type (SPEC §3).
    assert item_label(suggestion_items(problem)[0]) == "Shaqat Beetles (Ally, 4th/234)"


def test_unknown_without_similar_name(index):
    (problem,) = parse_decklist("Zzzzqqqq", index).problems
    assert problem.code == "unknown_card" and "no similar name" in problem.message


def test_ambiguous_name(index):
    (problem,) = parse_decklist("Mind Flayer", index).problems
    assert problem.code == "ambiguous_card"
    assert [(o["name"], o["type"]) for o in problem.params["options"]] == [
        ("Mind Flayer", "Ally"),
        ("Mind Flayer", "Monster"),
    ]


def test_section_header_disambiguates(index):
    parsed = parse_decklist("Allies:\nMind Flayer\nMonsters (1):\nMind Flayer", index)
    assert parsed.ok
    assert [e.card.type for e in parsed.entries] == ["Ally", "Monster"]


@pytest.mark.parametrize(
    "header",
    [
        "Realms:",
        "Realms (1):",
        "Realm:",
        "Rule cards 1:",
        "Magical items:",
        "Champions (1):",
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
    (problem,) = parse_decklist("Zzqx Nothing (9th/1)", index).problems
    assert problem.code == "unknown_number" and "9th/1" in problem.message


def test_a_number_naming_no_card_beside_a_card_name_is_read_by_the_name(index):
    # SPEC §3: "a number that names no card beside a name that names exactly one resolves
    # by the name, with a note" — Waterdeep's latest printing is 3rd/001 (cards.csv).
    (entry,) = parse_decklist("Waterdeep (9th/1)", index).entries
    assert entry.card.card_id == "3rd/001" and entry.note.template.id == "read-by-name"


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


# --- hostile sizes: refused before any work that grows with them ---


def test_huge_count_is_refused_with_its_line():
    parsed = parse_decklist("Waterdeep\n10000000 Shaqat Beetles", default_card_index())
    (problem,) = parsed.problems
    assert problem.code == "count_too_large" and problem.line == 2
    assert problem.message == (
        "Line 2: a count of 10000000 is more than any deck holds (at most 110)."
    )
    assert [e.card.name for e in parsed.entries] == ["Waterdeep"]


def test_4000_digit_count_is_never_converted(index):
    parsed = parse_decklist("9" * 4000 + " Shaqat Beetles", index)
    (problem,) = parsed.problems
    assert problem.code == "line_too_long"  # over 200 characters: not even split
    parsed = parse_decklist("9" * 150 + " Shaqat Beetles", index)
    (problem,) = parsed.problems
    assert problem.code == "count_too_large" and "999999…(150 digits)" in problem.message
    assert parsed.entries == ()


def test_largest_deck_is_the_largest_count(index):
    # SPEC §2: the largest deck has 110 cards; a line may hold all of them, not one more.
    parsed = parse_decklist("0110 Shaqat Beetles", index)
    assert len(parsed.entries) == 1 and parsed.entries[0].count == 110
    assert parse_decklist("111 Shaqat Beetles", index).problems[0].code == "count_too_large"


def test_text_and_line_limits(index):
    (too_long,) = parse_decklist("Waterdeep\n" * 2001, index).problems
    assert too_long.code == "text_too_long"
    assert too_long.message == "The list is too long: 20010 characters, at most 20000."
    (too_many,) = parse_decklist("\n" * 400, index).problems
    assert too_many.message == "The list has too many lines: 401, at most 400."
    (long_line,) = parse_decklist("Waterdeep\n" + "x" * 201, index).problems
    assert long_line.message == "Line 2 is too long (201 characters, at most 200)."


# --- card identity: "!" names, Portuguese-edition cards ---


def test_name_without_bang_asks_which_card(index):
    # Data README: "a name typed without the '!' is ambiguous only if nothing else (number,
    # level, set) tells them apart": Adventurers! NO/053 is level 3, Adventurers NO/056 level 4.
    (problem,) = parse_decklist("Heroes:\nAdventurers", index).problems
    assert problem.code == "ambiguous_card" and problem.line == 2
    assert problem.message == (
        'Line 2: "Adventurers" could be more than one card. '
        "Which one? Write its exact name or add its number. It may be:"
    )
    assert [item_label(o) for o in suggestion_items(problem)] == [
        "Adventurers! (Hero, level 3, 3rd/053)",
        "Adventurers (Hero, level 4, 3rd/056)",
    ]
    (siege,) = parse_decklist("Siege", index).problems
    assert siege.code == "ambiguous_card"
    assert item_label(suggestion_items(siege)[0]).startswith("Siege! (Event, ")


@pytest.mark.parametrize(
    ("line", "identity"),
    [
        ("Adventurers!", "Hero|adventurers!"),
        ("Adventurers! (1st/053)", "Hero|adventurers!"),
        ("Adventurers (NO/056)", "Hero|adventurers"),
        ("Adventurers (1st/053)", "Hero|adventurers!"),  # the number tells them apart
        ("Adventurers (level 4)", "Hero|adventurers"),
        ("Adventurers (nível 3)", "Hero|adventurers!"),
        ("Siege!", "Event|siege!"),
        ("Call to Arms!", "Event|calltoarms!"),
    ],
)
def test_bang_cards_resolve_to_their_own_identity(index, line, identity):
    assert one(index, line).card.identity_key == identity


def test_a_level_that_fits_neither_still_asks(index):
    (problem,) = parse_decklist("Adventurers (level 9)", index).problems
    assert problem.code == "ambiguous_card"


def test_convocacao_is_the_portuguese_edition_monster(index):
    # cards_international.csv: POR/097 Convocação is a Monster of the Portuguese edition; the
    # Brazilian fan set Myths and Legends has an Event "Convocaçao" (073).
    for line in ("Convocação", "Convocacao", "Convocação (POR/097)", "Convocação (097/POR)"):
        card = one(index, line).card
        assert (card.card_id, card.type, card.is_fan_set) == ("POR/097", "Monster", False)
    fan = one(index, "Convocaçao (Myths and Legends/073)").card
    assert fan.type == "Event" and fan.is_fan_set


def test_moeda_da_megalomania_is_ego_coin(index):
    # 003: "a Moeda da Megalomania, 381/1ªEd. (Ego Coin, 419/1st)".
    assert one(index, "Moeda da Megalomania").card.identity_key == "Magical Item|egocoin"
    assert one(index, "Moeda da Megalomania (POR/381)").card.name == "Ego Coin"
    assert one(index, "Moeda da Megalomania (381/1ªEd.)").card.name == "Ego Coin"


def test_only_the_first_unknown_lines_get_suggestions(index):
    text = "".join(f"Shaqat Beetlez {n}\n" for n in range(12))
    problems = parse_decklist(text, index).problems
    assert len(problems) == 12 and {p.code for p in problems} == {"unknown_card"}
    assert suggestion_items(problems[9])[0]["name"] == "Shaqat Beetles"
    assert problems[10].message == (
        'Line 11: unknown card "Shaqat Beetlez 10" (too many unknown lines to suggest names).'
    )


def test_cards_on_unresolved_lines_are_counted_apart(index):
    # 12 beetles resolve; "3 Zzzzqqqq" and "Mind Flayer" (ambiguous, one copy) do not: four
    # cards the total must not pretend are absent.
    parsed = parse_decklist("12 Shaqat Beetles\n3 Zzzzqqqq\nMind Flayer\n", index)
    assert sum(e.count for e in parsed.entries) == 12
    assert parsed.unresolved_cards == 4
