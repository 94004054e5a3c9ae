"""Tests for the pure seating generator (SPEC §4)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.brackets import bracket_sizes
from scoring.seating import (
    SeatedBracket,
    Seating,
    SeatingError,
    SeatingPlayer,
    history_from_brackets,
    seat_players,
)


def _players(n: int, **fields) -> list[SeatingPlayer]:
    return [SeatingPlayer(id=f"p{i:03d}", **fields) for i in range(n)]


def _pairs(seating: Seating):
    for bracket in seating.brackets:
        yield from combinations(bracket.players, 2)


def _partitions(items: list[str], sizes: list[int]):
    """Every split of items into groups of the given sizes (brute force, for checks)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for mates in combinations(rest, size - 1):
            others = [p for p in rest if p not in mates]
            for tail in _partitions(others, left):
                yield [(first, *mates), *tail]


def _brute_best(ids, met, clubs=None) -> tuple[int, int]:
    """Lexicographic minimum of (repeat pairs, club pairs) over every possible seating."""
    best = None
    for groups in _partitions(sorted(ids), bracket_sizes(len(ids))):
        pairs = [frozenset(p) for g in groups for p in combinations(g, 2)]
        repeats = sum(p in met for p in pairs)
        same = sum(1 for a, b in map(tuple, pairs) if clubs and clubs[a] and clubs[a] == clubs[b])
        if best is None or (repeats, same) < best:
            best = (repeats, same)
    return best


# --- shape -----------------------------------------------------------------------------


def test_every_player_seated_once_in_brackets_of_three_and_four():
    """One property, checked for every seatable player count from 3 to 500."""
    for n in (n for n in range(3, 501) if n != 5):
        players = _players(n)
        seating = seat_players(players, seed=n)
        seated = [pid for b in seating.brackets for pid in b.players]
        assert sorted(seated) == sorted(p.id for p in players), n
        sizes = [len(b.players) for b in seating.brackets]
        assert sorted(sizes) == sorted(bracket_sizes(n)), n
        assert sizes.count(4) == n % 3, n
        assert sizes == sorted(sizes), n  # 4-player brackets take the last table numbers
        assert [b.table for b in seating.brackets] == list(range(1, len(sizes) + 1)), n


@pytest.mark.parametrize(
    ("n", "message"),
    [
        (0, "no active players"),
        (1, "1 player cannot be seated"),
        (2, "2 players cannot be seated"),
        (5, "5 players cannot be seated in brackets of 3 and 4: add a late player"),
    ],
)
def test_unseatable_numbers_raise_a_clear_error(n, message):
    with pytest.raises(SeatingError, match=message):
        seat_players(_players(n), seed=1)


def test_seating_error_is_a_value_error():
    assert issubclass(SeatingError, ValueError)


def test_duplicate_player_is_refused():
    players = [*_players(6), SeatingPlayer(id="p001")]
    with pytest.raises(SeatingError, match="'p001' is listed twice"):
        seat_players(players, seed=1)


def test_result_records_seed_and_tables():
    seating = seat_players(_players(7), seed=42)
    assert seating.seed == 42
    assert all(isinstance(b, SeatedBracket) for b in seating.brackets)
    table_of = seating.table_of()
    assert set(table_of) == {f"p{i:03d}" for i in range(7)}
    assert set(table_of.values()) == {1, 2}


# --- history ---------------------------------------------------------------------------


def test_history_from_brackets_counts_pairs():
    history = history_from_brackets([("a", "b", "c"), ("a", "b", "d", "e"), ["c", "a", "b"]])
    assert history[frozenset({"a", "b"})] == 3
    assert history[frozenset({"a", "c"})] == 2
    assert history[frozenset({"d", "e"})] == 1
    assert frozenset({"c", "d"}) not in history
    assert len(history) == 3 + 6 - 1  # the a-b pair is shared by both first brackets


def test_history_as_groups_or_counts_gives_the_same_seating():
    players = _players(13)
    groups = [("p000", "p001", "p002"), ("p003", "p004", "p005", "p006")]
    counts = history_from_brackets(groups)
    counts[frozenset({"p007", "p008"})] = 0  # a zero count is no meeting
    by_groups = seat_players(players, history=groups, seed=3)
    by_counts = seat_players(players, history=counts, seed=3)
    assert by_groups == by_counts


def test_unknown_players_in_history_are_ignored():
    history = [("p000", "gone", "p001"), ("gone", "also-gone")]
    seating = seat_players(_players(6), history=history, seed=1)
    assert seating.repeat_pairs == 0


def test_a_bare_string_is_not_a_history_group():
    with pytest.raises(TypeError, match="collection of player ids"):
        seat_players(_players(6), history=["p000p001"], seed=1)


@st.composite
def _small_rounds(draw):
    n = draw(st.sampled_from([3, 4, 6, 7, 8, 9]))
    ids = [f"p{i}" for i in range(n)]
    all_pairs = [frozenset(p) for p in combinations(ids, 2)]
    met = draw(st.sets(st.sampled_from(all_pairs), max_size=len(all_pairs)))
    clubs = draw(st.lists(st.sampled_from([None, "red", "blue"]), min_size=n, max_size=n))
    seed = draw(st.integers(0, 2**32))
    return ids, met, dict(zip(ids, clubs, strict=True)), seed


@settings(max_examples=60, deadline=None)
@given(_small_rounds())
def test_small_rounds_are_optimal_by_brute_force(case):
    ids, met, clubs, seed = case
    players = [SeatingPlayer(id=i, club=clubs[i]) for i in ids]
    history = dict.fromkeys(met, 1)
    plain = seat_players(players, history=history, seed=seed)
    assert plain.repeat_pairs == _brute_best(ids, met)[0]
    spread = seat_players(players, history=history, seed=seed, spread_clubs=True)
    assert (spread.repeat_pairs, spread.club_pairs) == _brute_best(ids, met, clubs)


def test_quality_figures_count_pairs_seated_together():
    players = [SeatingPlayer(id=f"p{i}", club="red" if i < 4 else None) for i in range(20)]
    history = [("p0", "p1", "p2"), ("p3", "p4", "p5")]
    seating = seat_players(players, history=history, seed=9)
    met = history_from_brackets(history)
    pairs = list(_pairs(seating))
    assert seating.repeat_pairs == sum(frozenset(p) in met for p in pairs)
    red = {"p0", "p1", "p2", "p3"}
    assert seating.club_pairs == sum(a in red and b in red for a, b in pairs)


def test_repeats_matter_more_than_clubs():
    # a met d, e and f: the only repeat-free seating puts club mates a and b together.
    players = [SeatingPlayer(pid, club="red" if pid in "ab" else None) for pid in "abcdef"]
    history = [("a", "d"), ("a", "e"), ("a", "f")]
    seating = seat_players(players, history=history, seed=5, spread_clubs=True)
    assert (seating.repeat_pairs, seating.club_pairs) == (0, 1)
    assert {frozenset(b.players) for b in seating.brackets} == {
        frozenset("abc"),
        frozenset("def"),
    }


@pytest.mark.parametrize("n", [27, 60, 100])
def test_successive_rounds_avoid_repeats(n):
    players = _players(n)
    brackets: list[tuple[str, ...]] = []
    for round_no in range(4):
        seating = seat_players(players, history=history_from_brackets(brackets), seed=round_no)
        assert seating.repeat_pairs == 0, f"round {round_no + 1}"
        brackets.extend(b.players for b in seating.brackets)


def test_large_round_avoids_repeats():
    players = _players(3000)
    brackets: list[tuple[str, ...]] = []
    for round_no in range(3):
        seating = seat_players(players, history=brackets, seed=round_no)
        assert seating.repeat_pairs == 0
        brackets.extend(b.players for b in seating.brackets)


# --- clubs -----------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "clubs"), [(12, 3), (30, 3), (31, 4), (99, 9), (400, 20)])
def test_clubs_are_spread_when_possible(n, clubs):
    # Clubs no larger than the number of brackets: a seating with no club pair exists.
    players = [SeatingPlayer(id=f"p{i:03d}", club=f"club {i % clubs}") for i in range(n)]
    assert max(Counter(p.club for p in players).values()) <= len(bracket_sizes(n))
    seating = seat_players(players, seed=11, spread_clubs=True)
    assert seating.club_pairs == 0


def test_club_names_are_compared_loosely():
    players = [
        SeatingPlayer("a", club="Halifax "),
        SeatingPlayer("b", club="halifax"),
        SeatingPlayer("c", club=""),
    ]
    seating = seat_players(players, seed=1)
    assert seating.club_pairs == 1  # "" is no club; the two Halifax spellings are one


def test_clubs_are_not_spread_unless_asked():
    players = [SeatingPlayer(id=f"p{i:02d}", club="red" if i < 6 else None) for i in range(18)]
    figures = {seat_players(players, seed=s).club_pairs for s in range(30)}
    assert max(figures) > 0


# --- ranking ---------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(3, 80).filter(lambda n: n != 5),
    seed=st.integers(0, 10**6),
    data=st.data(),
)
def test_seeding_puts_the_top_ranked_in_different_brackets(n, seed, data):
    rankings = data.draw(
        st.lists(st.floats(0, 1000, allow_nan=False), min_size=n, max_size=n, unique=True)
    )
    players = [SeatingPlayer(id=f"p{i:02d}", ranking=r) for i, r in enumerate(rankings)]
    seating = seat_players(players, seed=seed, seed_by_ranking=True)
    k = len(seating.brackets)
    top = sorted(players, key=lambda p: -p.ranking)[:k]
    leads = {b.players[0] for b in seating.brackets}
    assert leads == {p.id for p in top}
    ranking = {p.id: p.ranking for p in players}
    for bracket in seating.brackets:  # the best-ranked player leads his bracket
        seats = [ranking[pid] for pid in bracket.players]
        assert seats == sorted(seats, reverse=True)
    threes = [b for b in seating.brackets if len(b.players) == 3]
    assert [ranking[b.players[0]] for b in threes] == sorted(
        (ranking[b.players[0]] for b in threes), reverse=True
    )


def test_unranked_players_do_not_lead_before_ranked_ones():
    players = [
        SeatingPlayer(id=f"p{i:02d}", ranking=float(i) if i < 4 else None) for i in range(12)
    ]
    seating = seat_players(players, seed=3, seed_by_ranking=True)
    assert {b.players[0] for b in seating.brackets} == {"p00", "p01", "p02", "p03"}


@settings(max_examples=40, deadline=None)
@given(_small_rounds(), st.data())
def test_seeding_never_costs_repeats_or_club_spreading(case, data):
    ids, met, clubs, seed = case
    rankings = data.draw(st.lists(st.integers(0, 9), min_size=len(ids), max_size=len(ids)))
    players = [
        SeatingPlayer(i, club=clubs[i], ranking=r) for i, r in zip(ids, rankings, strict=True)
    ]
    seating = seat_players(players, history=met, seed=seed, spread_clubs=True, seed_by_ranking=True)
    assert (seating.repeat_pairs, seating.club_pairs) == _brute_best(ids, met, clubs)


# --- determinism -----------------------------------------------------------------------


def _round(n: int, rng: random.Random):
    players = [
        SeatingPlayer(
            id=f"p{i:03d}",
            club=rng.choice([None, "red", "blue", "green"]),
            ranking=rng.choice([None, float(rng.randrange(100))]),
        )
        for i in range(n)
    ]
    ids = [p.id for p in players]
    history = [tuple(rng.sample(ids, 3)) for _ in range(n // 2)]
    return players, history


@pytest.mark.parametrize("n", [9, 40, 300])
@pytest.mark.parametrize("options", [{}, {"spread_clubs": True, "seed_by_ranking": True}])
def test_same_seed_same_seating_in_any_input_order(n, options):
    rng = random.Random(n)
    players, history = _round(n, rng)
    first = seat_players(players, history=history, seed=77, **options)
    shuffled = list(players)
    rng.shuffle(shuffled)
    reordered_history = [tuple(reversed(g)) for g in reversed(history)]
    again = seat_players(shuffled, history=reordered_history, seed=77, **options)
    assert again == first


@pytest.mark.parametrize("n", [6, 9, 40, 300])
def test_different_seeds_give_different_seatings(n):
    players, history = _round(n, random.Random(n))
    seatings = {seat_players(players, history=history, seed=s).brackets for s in range(10)}
    assert len(seatings) > 5
