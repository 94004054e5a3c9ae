"""More rules of the engine pinned by small hand-worked cases: event files (SPEC §4, §8),
decks (SPEC §3), rounds (SPEC §4, §6), league slots, the review's similarity (SPEC §9) and
the metagame's top decks. Each test holds one rule that dropping its check,
or flipping its comparison, breaks."""

import copy
from itertools import combinations

import pytest

from scoring.advancement import advance
from scoring.cards import CardIndex, default_card_index, identity_limit
from scoring.deckformat import DeckFormat
from scoring.decklist import DeckEntry, parse_decklist
from scoring.deckrules import validate_deck
from scoring.eventfile import parse_event, read_event
from scoring.leagues import LeagueRules, Result, league_table
from scoring.metagame import Deck, DeckCard, card_record, top_decks
from scoring.model import IssueCode
from scoring.seating import SeatingPlayer, history_from_brackets, seat_players
from scoring.similarity import Similarity, compare_results
from tests.scoring.test_engine_rules_files import NINE_ROUND_1, event, seats, two_nil


@pytest.fixture(scope="module")
def index() -> CardIndex:
    return default_card_index()


def issues(data: dict) -> list[tuple[str, str]]:
    _record, found = read_event(data)
    return [(i.path, i.code) for i in found]


def problems(entries, fmt, code: str) -> list:
    return [p for p in validate_deck(entries, fmt).problems if p.code == code]


# --- event files (SPEC §4, §8) -------------------------------------------------------------


def test_a_player_absent_from_round_1_cannot_take_a_seat_later():
    # SPEC §4: "Late players may be added until round 1 is seated." Ten players are listed;
    # p10 is not seated in round 1 (p1..p9 are), then sits in round 2's bracket as its
    # fourth seat: refused at that seat.
    data = event(10, [NINE_ROUND_1, [two_nil(1, [*seats(1, 4, 7), "p10"], [4, 2, 1])]])
    assert ("rounds[1].brackets[0].players[3]", IssueCode.JOINED_LATE) in issues(data)


def test_a_player_withdrawn_after_a_round_is_never_seated_again():
    # SPEC §4 and §8: a player listed in a round's "withdrawn" left the event after his
    # bracket ended. p1 wins table 1 of round 1 and withdraws; seating him in round 2 is
    # refused at his seat as a seat after leaving.
    round_1 = copy.deepcopy(NINE_ROUND_1)
    data = event(9, [round_1, [two_nil(1, seats(4, 7, 1))]])
    data["rounds"][0]["withdrawn"] = ["p1"]
    assert ("rounds[1].brackets[0].players[2]", IssueCode.SEATED_AFTER_DROP) in issues(data)


# --- decks (SPEC §3) -----------------------------------------------------------------------


def test_shattered_land_refuses_cards_with_no_world(index):
    # SPEC §3 Shattered Land: realms, holdings, artifacts and champions "from Dark Sun
    # only". A card without a world logo is not from Dark Sun: CQ/066 Realm ("No World") and
    # 4th/520 The Winner's Cape (an artifact whose logo is TSR's) are both refused.
    fmt = DeckFormat(55, tournament_type="shattered-land")
    entries = [DeckEntry(index.by_id("CQ/066")), DeckEntry(index.by_id("4th/520"))]
    found = problems(entries, fmt, "shattered_land")
    assert sorted(p.params["card_id"] for p in found) == ["4th/520", "CQ/066"]


def test_a_card_limit_is_the_most_generous_printings():
    # carddata README: "decide per identity, because the 'No limit per deck' wording appears
    # only on later printings" — an identity whose printings say "Limit 2" and "Limit 3"
    # allows 3; one that also says "No limit" allows any number.
    assert identity_limit(True, ["2", "3"]) == 3
    assert identity_limit(True, ["3", "unlimited"]) is None


def test_war_party_without_the_wording_on_its_printing_is_still_unlimited(index):
    # 000 THE DECK: multiples "e.g. Shaqat Beetles, War Party". NO/054 War Party does not
    # carry "No limit per deck." (3rd/054 does): five copies of NO/054 are legal.
    entries = [DeckEntry(index.by_id("NO/054"), 5)]
    assert problems(entries, DeckFormat(55), "duplicate") == []


def test_a_blank_limit_on_a_multiples_card_is_not_unlimited(index):
    # Nomad Mercenaries: only 3rd/256 says "Limit 3 per deck."; NO/256's limit is blank.
    # The identity allows 3: a blank printing must not make it unlimited. Three NO/256 are
    # legal, four are refused; a blank statement alone means the one-copy rule.
    three = [DeckEntry(index.by_id("NO/256"), 3)]
    four = [DeckEntry(index.by_id("NO/256"), 4)]
    assert problems(three, DeckFormat(55), "duplicate") == []
    assert len(problems(four, DeckFormat(55), "duplicate")) == 1
    assert identity_limit(True, ["", "3"]) == 3
    assert identity_limit(True, [""]) == 1


def test_a_portuguese_name_with_its_portuguese_number_is_accepted(index):
    # SPEC §3: "Portuguese edition numbers (e.g. POR/097) are accepted". cards_international
    # POR/015 "Selvas de Chult" is 1st/015 Jungles of Chult.
    parsed = parse_decklist("2 Selvas de Chult (POR/015)", index)
    assert parsed.problems == ()
    assert [(e.card.card_id, e.count) for e in parsed.entries] == [("1st/015", 1 + 1)]


def test_a_type_heading_does_not_filter_the_sideboard(index):
    # SPEC §3: a line that "could be either" card "gets the choices". "Mind Flayer" is an
    # Ally and a Monster. Under "Monsters:" it is the Monster; after "Sideboard:" that
    # heading no longer applies, so the sideboard's "Mind Flayer" gets the choices instead
    # of silently becoming the Monster.
    parsed = parse_decklist("Monsters:\nMind Flayer\nSideboard:\nMind Flayer\n", index)
    assert [e.card.type for e in parsed.entries] == ["Monster"]
    assert parsed.sideboard == ()
    assert [(p.code, p.line) for p in parsed.problems] == [("ambiguous_card", 4)]


def test_an_unknown_sideboard_line_is_not_counted_in_the_main_deck(index):
    # SPEC §3: "A total line that disagrees with the cards counted is reported". The main
    # deck holds 2 cards and says so; the sideboard's unknown card (reported as unknown) is
    # not a main-deck card, so the total of 2 agrees.
    text = "Total Cards: 2\n2 War Party (NO/054)\nSideboard:\n3 Zzqx Nonesuch\n"
    parsed = parse_decklist(text, index)
    assert [p.code for p in parsed.problems] == ["unknown_card"]
    assert parsed.unresolved_cards == 0


# --- rounds (SPEC §4, §6) ------------------------------------------------------------------


def test_a_bracket_winner_who_dropped_does_not_advance():
    # SPEC §4: "A bracket winner who drops after winning keeps his place and points but
    # does not advance." Twelve players, four tables won by p1, p4, p7, p10; p10 is in his
    # bracket's "dropped". Three advance (p1, p4, p7): the final, no wildcard.
    round_1 = [*copy.deepcopy(NINE_ROUND_1), {**two_nil(4, seats(10, 11, 12)), "dropped": ["p10"]}]
    result = advance(parse_event(event(12, [round_1])), 1)
    assert result.winners == ("p1", "p4", "p7")
    assert result.next_is_final and not result.wildcards


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_round_2_seats_nobody_with_a_round_1_tablemate(seed):
    # SPEC §4 seating quality (1): "players who already shared a bracket in this event meet
    # again as little as possible". Nine players sat 123 / 456 / 789; a seating with no
    # repeat exists (147 / 258 / 369), so none is made.
    history = history_from_brackets([seats(1, 2, 3), seats(4, 5, 6), seats(7, 8, 9)])
    players = [SeatingPlayer(f"p{i}") for i in range(1, 10)]
    seating = seat_players(players, history=history, seed=seed)
    pairs = {frozenset(p) for b in seating.brackets for p in combinations(b.players, 2)}
    assert pairs.isdisjoint(history) and seating.repeat_pairs == 0


# --- leagues, review, metagame (docs/leagues.md, SPEC §9, docs/decks.md) ------------------


def test_slots_per_region_go_by_the_rank_within_the_region():
    # scoring.leagues: "the top N of each region … ranked among themselves". One slot per
    # region. North: a 100, b 95 (overall 1st and 2nd); South: c 90, overall 3rd but 1st
    # of the South: c qualifies, b does not.
    results = [Result("a", 1, 100), Result("b", 1, 95), Result("c", 1, 90)]
    regions = {"a": "North", "b": "North", "c": "South"}
    rows = league_table(results, LeagueRules(qualify=1, per_region=True), regions)
    assert {r.player: (r.rank, r.qualified) for r in rows} == {
        "a": (1, True),
        "b": (2, False),
        "c": (3, True),
    }


def test_exactly_nine_facts_in_ten_alike_is_flagged():
    # scoring.similarity [decision]: "Nine facts in ten alike is no coincidence … (exactly
    # 90% is flagged)". 9 / 10 is the threshold itself.
    assert Similarity(9 / 10, (), ()).near_duplicate
    assert not Similarity(8 / 10, (), ()).near_duplicate


def test_a_small_event_copied_into_a_big_one_is_measured_against_the_big_one():
    # scoring.similarity: facts in common "divided by the number of facts of the larger
    # event". A 3-player event is table 1 of a 9-player one (same numbers, same games).
    # Per table: 3 "sat" pairs + 2 games × 3 players × ("played", "count") = 15 facts;
    # the small event has 15, the big one 45, all 15 in common: 15 / 45 = 1/3.
    small = parse_event(event(3, [[two_nil(1, seats(1, 2, 3))]], scored=False))
    big = parse_event(event(9, [copy.deepcopy(NINE_ROUND_1)]))
    assert compare_results(small, big).share == pytest.approx(1 / 3)
    assert compare_results(big, small).share == pytest.approx(1 / 3)


def test_a_cards_top_decks_include_eighth_place():
    # scoring.metagame: "What the top decks played": final places 1 to 8. Decks placed 8th
    # and 9th play the card: one is a top deck.
    card = DeckCard("Ally|warparty", "War Party", "Ally", 1)
    decks = [Deck(1, 1, 8, 0, (card,)), Deck(2, 1, 9, 0, (card,))]
    assert card_record(decks, "Ally|warparty").top == 1
    assert [d.key for d in top_decks(decks)] == [1]
