"""Tests for scoring.deckrules: every SPEC §3 rule, each broken alone by a sample deck."""

from pathlib import Path

import pytest

from scoring.cards import CardIndex, default_card_index
from scoring.deckformat import DeckFormat
from scoring.decklist import DeckEntry, parse_decklist
from scoring.deckrules import (
    MSG_TYPE_MAX,
    DeckReport,
    apply_swap,
    is_generic_artifact,
    level_total,
    validate_deck,
    validate_decklist,
    validate_swap,
)

DECKS = Path(__file__).parent / "decks"
NO9 = DeckFormat(55, tournament_type="no-xs", no_xs_digit=9)
WW = DeckFormat(55, tournament_type="world-war")


@pytest.fixture(scope="module")
def index() -> CardIndex:
    return default_card_index()


def deck(name: str) -> str:
    return (DECKS / name).read_text()


def swap_line(text: str, old: str, new: str) -> str:
    lines = text.splitlines()
    (i,) = [n for n, line in enumerate(lines) if line.startswith(old)]
    lines[i] = new
    return "\n".join(lines)


def check(index, text, fmt) -> DeckReport:
    return validate_decklist(text, index, fmt)


def entries(index, *card_ids) -> list[DeckEntry]:
    return [DeckEntry(index.by_id(c)) for c in card_ids]


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("legal_community_55.txt", DeckFormat(55)),
        ("legal_community_75.txt", DeckFormat(75)),
        ("legal_community_110.txt", DeckFormat(110)),
        ("legal_tav_56.txt", DeckFormat(55, "tav")),
        ("legal_no9s_55.txt", NO9),
        ("legal_world_war_greyhawk_55.txt", WW),
        ("legal_community_55.txt", DeckFormat(55, "rule-5.0")),
        ("legal_newbie_25.txt", DeckFormat(25)),
    ],
)
def test_real_decks_are_legal(index, name, fmt):
    report = check(index, deck(name), fmt)
    assert report.problems == () and report.is_legal


def test_counts_and_level_total(index):
    report = check(index, deck("legal_community_55.txt"), DeckFormat(55))
    assert report.counts["Realm"] == 12 and report.counts["Champion"] == 12
    assert report.counts["Ally"] == 6 and sum(report.counts.values()) == 55
    assert report.level_total == 49


def test_total_size(index):
    report = check(index, deck("bad_total_size_54.txt"), DeckFormat(55))
    assert report.codes == ["total_size"] and not report.is_legal
    assert report.problems[0].message == (
        "The deck has 54 cards (not counting a dungeon); it must have 55."
    )


def test_type_range_max(index):
    report = check(index, deck("bad_realms_16.txt"), DeckFormat(55))
    assert report.codes == ["type_range"]
    assert report.problems[0].message == "Realms: 16, at most 15 in a 55-card deck"
    assert report.problems[0].template == MSG_TYPE_MAX
    assert report.problems[0].params["count"] == 16


def test_type_range_min(index):
    # The 55 legal deck has 12 champions; a 75-card deck needs only 3, but 10 realms.
    text = deck("legal_community_75.txt")
    for realm in (
        "Shadowdale",
        "Cormyr",
        "Sembia",
        "Moonshae Isles",
        "Thay",
        "Calimshan",
        "Pirate Isles",
    ):
        text = swap_line(text, realm, "Shaqat Beetles" if realm == "Shadowdale" else "")
    text += "\n6 War Party (3rd/054)"
    report = check(index, text, DeckFormat(75))
    assert report.codes == ["type_range"]
    assert report.problems[0].message == "Realms: 9, at least 10 in a 75-card deck"


def test_duplicate(index):
    report = check(index, deck("bad_duplicate.txt"), DeckFormat(55))
    assert report.codes == ["duplicate"]
    # the file lists Shadowdale on its lines 8 and 12 (after the comment header)
    assert report.problems[0].message == "Shadowdale: 2 copies (lines 8, 12), only one allowed"


def test_limited_multiples(index):
    text = swap_line(deck("legal_community_55.txt"), "3x Shaqat", "3 Nomad Mercenaries (3rd/256)")
    assert check(index, text, DeckFormat(55)).is_legal
    text = swap_line(deck("legal_community_55.txt"), "3x Shaqat", "4 Nomad Mercenaries")
    text = swap_line(text, "Cure Light Wounds", "")
    report = check(index, text, DeckFormat(55))
    assert report.codes == ["duplicate"]
    # the swapped line is line 65 of the file: "3x Shaqat Beetles (4th/234)"
    assert report.problems[0].message == "Nomad Mercenaries: 4 copies (lines 65), at most 3 allowed"


def test_level_total_with_free_avatar(index):
    text = deck("legal_community_55.txt")
    swaps = [
        ("Maligor", "4th/473"),
        ("Marco Volo", "4th/474"),
        ("The Harpers", "4th/475"),
        ("Torg", "4th/472"),
        ("Bruenor", "4th/470"),
        ("Gnomes", "4th/471"),
    ]
    for old, new in swaps:
        text = swap_line(text, old, f"({new})")
    report = check(index, text, DeckFormat(55))
    assert report.codes == ["level_total"]
    assert report.level_total > 90
    assert report.problems[0].message == (
        f"Champion levels total {report.level_total}, at most 90 in a 55-card deck "
        "(1 free avatar(s) not counted)"
    )


def test_free_avatars_highest_levels(index):
    cards = entries(index, "4th/473", "4th/475", "1st/043")  # avatars 13 and 16, champion
    assert level_total(cards, 1) == 13 + cards[2].card.level_value
    assert level_total(cards, 2) == cards[2].card.level_value


def test_question_mark_level_counts_zero(index):
    question = next(c for c in index.cards if c.is_champion and c.level_text == "?")
    assert level_total([DeckEntry(question)], 0) == 0


def test_dungeon_at_most_one(index):
    text = deck("legal_community_110.txt") + "\nDungeon of the King (DU/002)\n"
    report = check(index, text, DeckFormat(110))
    assert report.codes == ["dungeon"]
    assert report.problems[0].message.startswith("Dungeons: 2, at most one dungeon card")


def test_tav_55_without_dungeon(index):
    text = swap_line(deck("legal_tav_56.txt"), "Mausoleum", "")
    assert check(index, text, DeckFormat(55, "tav")).is_legal


def test_tav_banned(index):
    text = swap_line(deck("legal_tav_56.txt"), "Maligor", "Poor Oriental Lord (DUc/20)")
    report = check(index, text, DeckFormat(55, "tav"))
    assert report.codes == ["banned"]
    assert report.problems[0].message == "Poor Oriental Lord is banned in TAV"
    assert check(index, text, DeckFormat(55)).is_legal  # community has no banned list


def test_no_xs(index):
    text = swap_line(deck("legal_no9s_55.txt"), "Waterdeep", "Calimshan (1st/009)")
    report = check(index, text, NO9)
    assert report.codes == ["no_xs"]
    assert report.problems[0].message == ("Calimshan (1st/009): its number contains 9 (No-9s)")


def test_no_xs_name_without_number_needs_one(index):
    text = swap_line(deck("legal_no9s_55.txt"), "Waterdeep", "Shaqat Beetles")
    report = check(index, text, NO9)
    assert report.codes == ["no_xs"] and "4th/234" in report.problems[0].message


def test_world_war(index):
    text = swap_line(deck("legal_world_war_greyhawk_55.txt"), "The Pomarj", "Waterdeep (1st/001)")
    report = check(index, text, WW)
    assert report.codes == ["world_war"]
    assert report.problems[0].message == (
        "Waterdeep (1st/001) is from Forgotten Realms; World War! decks use one world (Greyhawk)"
    )


def test_world_war_generic_artifact(index):
    axe = index.by_id("4th/457")
    assert is_generic_artifact(axe) and is_generic_artifact(index.by_id("4th/520"))
    assert not is_generic_artifact(index.by_id("1st/093"))  # Rod of Shapechange
    report = validate_deck(entries(index, "4th/457", "DR/003"), WW)  # AD&D axe + AD&D realm
    ww = [p for p in report.problems if p.code == "world_war"]
    assert [p.message for p in ww] == [
        "Axe of the Dwarvish Lords (4th/457) is a generic artifact: not allowed in World War!"
    ]


def test_shattered_land(index):
    fmt = DeckFormat(55, tournament_type="shattered-land")
    report = validate_deck(entries(index, "4th/027", "1st/001", "4th/234"), fmt)
    sl = [p for p in report.problems if p.code == "shattered_land"]
    assert [p.params["name"] for p in sl] == ["Waterdeep"]
    assert sl[0].message == (
        "Waterdeep (1st/001) is from Forgotten Realms; Shattered Land allows Dark Sun only"
    )


def test_wizards_challenge(index):
    fmt = DeckFormat(55, tournament_type="wizards-challenge")
    report = validate_deck(entries(index, "4th/234", "1st/348", "1st/106", "1st/001"), fmt)
    wc = [p for p in report.problems if p.code == "wizards_challenge"]
    assert [p.message for p in wc] == [
        "Shaqat Beetles: Ally cards are not allowed in Wizard's Challenge",
        "Fear (1st/348) cannot be cast in phase 4 or at any time (Wizard's Challenge)",
    ]


@pytest.mark.parametrize("kind", ["sealed-deck", "masters-strategy"])
def test_sealed_products_report_without_blocking(index, kind):
    report = check(index, deck("bad_realms_16.txt"), DeckFormat(55, tournament_type=kind))
    assert report.codes == ["type_range"] and report.is_legal
    assert not report.problems[0].blocking and report.notes


def test_newbie_25_size_and_one_copy_only(index):
    report = check(index, deck("legal_newbie_25.txt"), DeckFormat(25))
    assert "no published construction table" in report.notes[0].message
    report = check(index, deck("legal_newbie_25.txt") + "\nWaterdeep", DeckFormat(25))
    assert sorted(report.codes) == ["duplicate", "total_size"]


SIDEBOARD = "\nSideboard:\n" + deck("sideboard_7.txt").strip()
SIDE_FMT = DeckFormat(55, variants=frozenset({"sideboard"}))


def test_sideboard_of_seven(index):
    assert check(index, deck("legal_community_55.txt") + SIDEBOARD, SIDE_FMT).problems == ()


def test_sideboard_wrong_size(index):
    text = deck("legal_community_55.txt") + SIDEBOARD.rsplit("\n", 1)[0]
    report = check(index, text, SIDE_FMT)
    assert report.codes == ["sideboard_size"]
    assert report.problems[0].message == (
        "Sideboard: 6 cards, it must have exactly 7 (or say that you play without a sideboard)"
    )


def test_sideboard_variant_needs_exactly_seven(index):
    report = check(index, deck("legal_community_55.txt"), SIDE_FMT)
    assert report.codes == ["sideboard_size"] and not report.is_legal
    assert report.problems[0].message == (
        "Sideboard: 0 cards, it must have exactly 7 (or say that you play without a sideboard)"
    )
    text = deck("legal_community_55.txt") + SIDEBOARD + "\nZhentil Keep (1st/003)"
    assert check(index, text, SIDE_FMT).codes == ["sideboard_size"]


def test_sideboard_without_variant(index):
    report = check(index, deck("legal_community_55.txt") + SIDEBOARD, DeckFormat(55))
    assert report.codes == ["sideboard_size"]


def test_swap(index):
    parsed = parse_decklist(deck("legal_community_55.txt") + SIDEBOARD, index)
    out_card, in_card = index.by_id("1st/004"), index.by_id("1st/017")
    ok = validate_swap(parsed.entries, parsed.sideboard, [out_card], [in_card], SIDE_FMT)
    assert ok.is_legal and ok.counts["Realm"] == 12
    bad = validate_swap(parsed.entries, parsed.sideboard, [out_card], [], SIDE_FMT)
    assert {"swap_count", "total_size", "sideboard_size"} <= set(bad.codes)
    beetles = index.by_id("4th/234")
    gone = validate_swap(parsed.entries, parsed.sideboard, [in_card], [beetles], SIDE_FMT)
    assert {"swap_not_in_deck", "swap_not_in_sideboard"} <= set(gone.codes)


def test_swap_that_breaks_a_rule(index):
    parsed = parse_decklist(deck("legal_community_55.txt") + SIDEBOARD, index)
    outs = [index.by_id(c) for c in ("1st/102", "1st/103", "1st/100", "1st/101")]
    ins = [index.by_id(c) for c in ("1st/017", "1st/018", "1st/020", "1st/013")]
    report = validate_swap(parsed.entries, parsed.sideboard, outs, ins, SIDE_FMT)
    assert report.codes == ["type_range"]  # 16 realms after the swap


def test_unresolved_lines_make_the_list_illegal(index):
    report = check(index, deck("legal_community_55.txt") + "\nShaqat Beetle", DeckFormat(55))
    assert report.codes == ["unknown_card"] and not report.is_legal


def test_every_problem_at_once(index):
    text = swap_line(deck("bad_realms_16.txt"), "Shadowdale", "Calimshan (1st/009)")
    text += "\nDungeon of the King (DU/002)\nMausoleum of the Zombie Master (DU/001)"
    report = check(index, text, NO9)
    assert set(report.codes) == {"type_range", "duplicate", "dungeon", "no_xs"}


def test_bad_format_rejected():
    with pytest.raises(ValueError):
        DeckFormat(75, "tav")
    with pytest.raises(ValueError):
        DeckFormat(55, tournament_type="no-xs")


# --- counts are arithmetic (never one item per card) ---


def test_large_count_is_counted_not_expanded(index):
    # 000 *THE DECK*: exactly the deck size in total; a line's count is a number of copies.
    parsed = parse_decklist("110 Shaqat Beetles", index)
    assert len(parsed.entries) == 1 and parsed.entries[0].count == 110
    report = validate_deck(parsed.entries, DeckFormat(55))
    assert report.counts == {"Ally": 110}
    assert report.problems[0].message == (
        "The deck has 110 cards (not counting a dungeon); it must have 55."
    )


def test_level_total_counts_copies_and_frees_one_avatar_copy(index):
    # 000 *THE DECK*: one free avatar in a 55-card deck; its levels don't count.
    avatar = index.by_id("4th/473")  # Maligor, an avatar of level 13
    assert avatar.is_avatar and avatar.level_value == 13
    assert level_total([DeckEntry(avatar, count=2)], 1) == 13
    assert level_total([DeckEntry(avatar, count=2)], 2) == 0


# --- Sideboard variant (000 *VARIANTS* Sideboard; 003 *Cartas Reservas*) ---


def test_sideboard_opt_out_is_legal_when_declared(index):
    # 003: "O jogador pode optar por não ter cartas reservas"; 000: he must inform opponents.
    text = deck("legal_community_55.txt")
    assert validate_decklist(text, index, SIDE_FMT, sideboard_opt_out=True).problems == ()
    assert check(index, text, SIDE_FMT).codes == ["sideboard_size"]  # undeclared: refused


def test_sideboard_opt_out_with_cards_listed(index):
    text = deck("legal_community_55.txt") + SIDEBOARD
    report = validate_decklist(text, index, SIDE_FMT, sideboard_opt_out=True)
    assert report.codes == ["sideboard_opt_out"]
    assert report.problems[0].message == (
        "Sideboard: 7 cards listed, but the list says it plays without a sideboard"
    )


@pytest.mark.parametrize(("size", "name"), [(75, "legal_community_75.txt"), (110, None)])
def test_sideboard_variant_needs_55_card_decks(index, size, name):
    # 000 Sideboard: "Decks that do not contain 55 cards plus a dungeon card (optional) ...
    # are not tournament legal."
    fmt = DeckFormat(size, variants=frozenset({"sideboard"}))
    text = deck(name or "legal_community_110.txt") + SIDEBOARD
    report = check(index, text, fmt)
    assert report.codes == ["sideboard_deck_size"] and not report.is_legal
    assert report.problems[0].message == (
        "The Sideboard variant is played with 55-card decks (plus an optional dungeon); "
        f"this event's decks have {size} cards"
    )


def test_swap_moves_one_card_each_way(index):
    parsed = parse_decklist(deck("legal_community_55.txt") + SIDEBOARD, index)
    out_card, in_card = index.by_id("1st/004"), index.by_id("1st/017")
    moved = apply_swap(parsed.entries, parsed.sideboard, [out_card], [in_card])
    assert moved.problems == ()
    assert sum(e.count for e in moved.deck) == 55 and sum(e.count for e in moved.sideboard) == 7
    assert "1st/004" in {e.card.card_id for e in moved.sideboard}
    assert "1st/017" in {e.card.card_id for e in moved.deck}


# --- Wizard's Challenge by rules edition (000 vs 003 *Desafio dos Magos*) ---

WC = DeckFormat(55, tournament_type="wizards-challenge")
WC_5 = DeckFormat(55, tournament_type="wizards-challenge", rules_edition="regra-5.0")


def test_wizards_challenge_cleric_spell_by_edition(index):
    # 000: "spells that can be cast in phase 4" — Cure Light Wounds (1st/349) is a phase-4
    # cleric spell: legal. 003: "apenas feitiços de mago de passo 4": a cleric spell is not.
    cards = entries(index, "1st/349", "1st/106")
    assert [p for p in validate_deck(cards, WC).problems if p.code == "wizards_challenge"] == []
    wc = [p for p in validate_deck(cards, WC_5).problems if p.code == "wizards_challenge"]
    assert [p.message for p in wc] == [
        "Cure Light Wounds (1st/349): only wizard spells are allowed in Wizard's Challenge "
        "(Regra 5.0)"
    ]


def test_wizards_challenge_5_keeps_the_other_rules(index):
    # 003 still bans allies and phase-3-only spells.
    cards = entries(index, "4th/234", "1st/348", "1st/106")
    report = validate_deck(cards, WC_5)
    assert [p.message for p in report.problems if p.code == "wizards_challenge"] == [
        "Shaqat Beetles: Ally cards are not allowed in Wizard's Challenge",
        "Fear (1st/348) cannot be cast in phase 4 or at any time (Wizard's Challenge)",
    ]


def test_unknown_rules_edition_rejected():
    with pytest.raises(ValueError, match="rules edition"):
        DeckFormat(55, rules_edition="regra-4.0")


# --- card identity in a deck ---


def test_ego_coin_in_two_languages_is_one_card(index):
    # 003: "Moeda da Megalomania, 381/1ªEd. (Ego Coin, 419/1st)": the one-copy rule sees one card.
    parsed = parse_decklist("Moeda da Megalomania\nEgo Coin (1st/419)", index)
    assert parsed.ok
    report = validate_deck(parsed.entries, DeckFormat(55))
    assert "Ego Coin: 2 copies (lines 1, 2), only one allowed" in [
        p.message for p in report.problems
    ]


def test_adventurers_and_adventurers_bang_are_two_cards(index):
    # Data README: Adventurers! NO/053 (level 3) and Adventurers NO/056 (level 4) differ.
    parsed = parse_decklist("Adventurers!\nAdventurers (NO/056)", index)
    assert parsed.ok
    report = validate_deck(parsed.entries, DeckFormat(55))
    assert "duplicate" not in report.codes
    assert level_total(parsed.entries, 1) == 3 + 4
