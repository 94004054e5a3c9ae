"""The rating engine (SPEC §12): which games count, how each ranks its sides, and the model's
numbers. Expected ranks are read off the spec's rule by hand; the expected μ and σ of a first
game are Weng & Lin's Plackett–Luce update (their Algorithm 4) worked out in the comments."""

from __future__ import annotations

import json
import math

import pytest

from scoring.eventfile import read_any_event
from scoring.model import IssueCode
from scoring.ratings import (
    PlayerRating,
    RatedEvent,
    RatedGame,
    event_games,
    first_to,
    game_ranks,
    rate,
    win_chances,
)
from tests.scoring.test_engine_rules_files import BASE, game


def bracket_file(brackets: list[dict], players: int = 4) -> dict:
    """A one-round timed event file of players p1…pN (the rules files' heading)."""
    return BASE | {
        "name": "Ratings Open",
        "scored": False,
        "time_limit_minutes": 50,
        "players": [
            {"id": f"p{i}", "name": f"Player {i}", "player_number": str(1000 + i)}
            for i in range(1, players + 1)
        ],
        "rounds": [{"number": 1, "brackets": brackets}],
    }


def record(data: dict):
    event, issues = read_any_event(data)
    assert issues == [], issues
    return event


# --- the ranking of one game ----------------------------------------------------------------


def test_winner_first_then_realms_with_ties_sharing_a_rank():
    # p1 wins; p2 and p3 both have 4 realms (tied, both 2nd); p4 has 2 (4th: three above).
    assert game_ranks("p1", {"p1": 6, "p2": 4, "p3": 4, "p4": 2}) == {
        "p1": 1,
        "p2": 2,
        "p3": 2,
        "p4": 4,
    }


def test_the_winner_ranks_first_even_with_fewer_realms():
    # A game won with fewer realms than another player (e.g. a rule card): winner still 1st.
    assert game_ranks("p3", {"p1": 5, "p2": 3, "p3": 2}) == {"p3": 1, "p1": 2, "p2": 3}


def test_a_drawn_game_ranks_everyone_by_realms():
    # No winner: 5 > 3 = 3, so p2 1st, p1 and p3 share 2nd.
    assert game_ranks(None, {"p1": 3, "p2": 5, "p3": 3}) == {"p1": 2, "p2": 1, "p3": 2}


# --- which games an event gives -------------------------------------------------------------


def test_bracket_games_in_order_with_a_drawn_game():
    event = record(
        bracket_file(
            [
                {
                    "table": 1,
                    "players": ["p1", "p2", "p3"],
                    "games": [
                        # Time: p1 and p2 level on realms, razed realms and holdings.
                        game(None, {"p1": 5, "p2": 5, "p3": 2}, "time")
                        | {
                            "razed": {"p1": 1, "p2": 1, "p3": 0},
                            "holdings": {"p1": 0, "p2": 0, "p3": 0},
                        },
                    ],
                    "tiebreak_order": None,
                    "dropped": [],
                }
            ],
            players=3,
        )
    )
    games, issues = event_games(event)
    assert issues == []
    # Drawn by time: p1 and p2 (5 each) share 1st, p3 (2) is 3rd (two above him).
    assert games == (RatedGame((("p1",), ("p2",), ("p3",)), (1, 1, 3)),)


def test_a_dropped_player_counts_until_his_drop():
    event = record(
        bracket_file(
            [
                {
                    "table": 1,
                    "players": ["p1", "p2", "p3", "p4"],
                    "games": [
                        game("p1", {"p1": 6, "p2": 4, "p3": 4, "p4": 1}),
                        # p4 dropped after game 1: no count here, no part in this game.
                        game("p2", {"p1": 3, "p2": 6, "p3": 4}),
                        game("p1", {"p1": 6, "p2": 2, "p3": 5}),
                    ],
                    "tiebreak_order": None,
                    "dropped": ["p4"],
                }
            ]
        )
    )
    games, issues = event_games(event)
    assert issues == []
    assert games[0] == RatedGame((("p1",), ("p2",), ("p3",), ("p4",)), (1, 2, 2, 4))
    assert games[1] == RatedGame((("p1",), ("p2",), ("p3",)), (3, 1, 2))
    assert games[2] == RatedGame((("p1",), ("p2",), ("p3",)), (1, 3, 2))


def test_a_team_spirit_game_ranks_teams_of_two():
    from tests.scoring.test_teams import ROUND_1, event_file

    event = record(event_file(9, [ROUND_1]))
    games, issues = event_games(event)
    assert issues == []
    # Table 1, game 1: T1 wins (p1+p2 = 10); T2 = p3+p4 = 3+3 = 6; T3 = p5+p6 = 5+2 = 7.
    assert games[0] == RatedGame((("p1", "p2"), ("p3", "p4"), ("p5", "p6")), (1, 3, 2))


def test_one_on_one_games_and_a_bye_is_no_game():
    from tests.scoring.test_swiss_score_event import FIXTURES

    event = record(json.loads((FIXTURES / "swiss_5_byes_drop.json").read_text()))
    games, issues = event_games(event)
    assert issues == []
    # Three rounds of two matches, one game each (best of 1): 6 games of 2; q5's bye in
    # round 1 is none. Round 1: q1 beats q2 (6–2); q3 and q4 draw, level on everything.
    assert len(games) == 6
    assert games[0] == RatedGame((("q1",), ("q2",)), (1, 2))
    assert games[1] == RatedGame((("q3",), ("q4",)), (1, 1))
    assert all(len(g.sides) == 2 for g in games)


def test_an_event_that_fails_its_file_check_gives_no_game():
    data = bracket_file(
        [
            {
                "table": 1,
                "players": ["p1", "p2", "p3"],
                # p3 has no count although he is in the game.
                "games": [game("p1", {"p1": 6, "p2": 4})],
                "tiebreak_order": None,
                "dropped": [],
            }
        ],
        players=3,
    )
    from scoring.eventfile import _read

    event, file_issues = _read(data)
    assert file_issues, "the engine's own check refuses the missing count"
    games, issues = event_games(event)
    assert games == ()
    assert any(i.code == IssueCode.COUNT_MISSING for i in issues)


# --- the model's numbers --------------------------------------------------------------------


def _first_game_by_hand(ranks: list[int]) -> list[tuple[float, float]]:
    """Weng & Lin's Plackett–Luce update for new players (μ 25, σ 25/3, β 25/6, τ 25/300),
    written from the paper: σ² is first widened by τ²; c² = Σ(σ² + β²); with equal μ every
    exp(μ/c) is the same e, so C_q (the sum of e over sides ranked at or below q) is e times
    that count, and e/C_q = 1/count. Ω_i = σ²/c · Σ_{q ranked ≤ i} (1/A_q)(δ_iq − e/C_q),
    Δ_i = (σ/c) · σ²/c² · Σ_{q ranked ≤ i} (1/A_q)(e/C_q)(1 − e/C_q), A_q = sides tied with q."""
    sigma2 = (25 / 3) ** 2 + (25 / 300) ** 2
    c = math.sqrt(len(ranks) * (sigma2 + (25 / 6) ** 2))
    out = []
    for i, ri in enumerate(ranks):
        omega = delta = 0.0
        for q, rq in enumerate(ranks):
            if rq > ri:
                continue
            a = ranks.count(rq)
            share = 1 / sum(1 for r in ranks if r >= rq)
            omega += ((1.0 if q == i else 0.0) - share) / a
            delta += share * (1 - share) / a
        omega *= sigma2 / c
        delta *= math.sqrt(sigma2) / c * sigma2 / c**2
        out.append((25 + omega, math.sqrt(sigma2 * (1 - delta))))
    return out


@pytest.mark.parametrize("ranks", [[1, 2, 3], [1, 2, 2], [1, 2, 2, 4], [1, 1]])
def test_one_game_of_new_players_is_weng_lin_by_hand(ranks):
    sides = tuple((f"p{i}",) for i in range(len(ranks)))
    ratings = rate([RatedEvent("e1", (RatedGame(sides, tuple(ranks)),))])
    by_hand = _first_game_by_hand(ranks)
    for (p,), (mu, sigma) in zip(sides, by_hand, strict=True):
        assert ratings[p].mu == pytest.approx(mu, abs=1e-9)
        assert ratings[p].sigma == pytest.approx(sigma, abs=1e-9)
        assert ratings[p].games == 1
        assert ratings[p].history == (("e1", pytest.approx(mu - 3 * sigma, abs=1e-9)),)


def test_three_player_winner_by_hand_in_numbers():
    # ranks 1,2,2: σ² = 625/9 + 1/144 = 69.45139; c = √(3 · (69.45139 + 17.36111)) = 16.13808;
    # Ω_1 = σ²/c · 2/3 = 2.86905 → μ 27.86905; the two tied: −σ²/c · 1/3 = −1.43452 each.
    ratings = rate([RatedEvent("e", (RatedGame((("a",), ("b",), ("c",)), (1, 2, 2)),))])
    assert ratings["a"].mu == pytest.approx(27.86905, abs=1e-4)
    assert ratings["b"].mu == pytest.approx(23.56548, abs=1e-4)
    assert ratings["c"].mu == ratings["b"].mu


def test_history_has_one_value_per_event_played():
    g = RatedGame((("a",), ("b",)), (1, 2))
    h = RatedGame((("b",), ("c",)), (1, 2))
    ratings = rate([RatedEvent(1, (g, g)), RatedEvent(2, (h,))])
    assert [k for k, _ in ratings["a"].history] == [1]
    assert [k for k, _ in ratings["b"].history] == [1, 2]
    assert ratings["b"].games == 3
    assert ratings["b"].history[-1][1] == pytest.approx(ratings["b"].ordinal)


def test_same_games_same_numbers():
    games = (RatedGame((("a",), ("b",), ("c",)), (1, 3, 2)),) * 3
    assert rate([RatedEvent(1, games)]) == rate([RatedEvent(1, games)])


def test_win_chances_favour_the_stronger_and_sum_to_one():
    strong, weak = PlayerRating(35, 2), PlayerRating(15, 2)
    chances = win_chances([[strong], [weak], [None]])
    assert sum(chances) == pytest.approx(1)
    assert chances[0] > chances[2] > chances[1]
    # Equal ratings: an equal chance each (1/3 at a table of three).
    assert win_chances([[None], [None], [None]]) == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_win_chance_is_plackett_luce_first_place_by_hand():
    # μ 30 and 20, σ 5 each: c = √(2 · (25 + (25/6)²)) = √84.7222 = 9.20447;
    # p = 1 / (1 + exp(−10 / c)) = 1 / (1 + exp(−1.08643)) = 1 / 1.33743 = 0.74770.
    chances = win_chances([[PlayerRating(30, 5)], [PlayerRating(20, 5)]])
    assert chances == pytest.approx((0.74770, 0.25230), abs=1e-5)
    # Teams: each side's μ and σ² are its members' sums (two teams of two new players: ½).
    assert win_chances([[None, None], [None, None]]) == pytest.approx((0.5, 0.5))


def test_provisional_below_ten_games():
    assert PlayerRating(games=9).provisional
    assert not PlayerRating(games=10).provisional


def test_first_to_two_wins_by_hand():
    # Two sides, 0.6 a game, first to 2: win 2–0 (0.6²) or 2–1 (two orders × 0.6 · 0.4 · 0.6)
    # = 0.36 + 0.288 = 0.648; the other 0.352.
    assert first_to([0.6, 0.4], 2) == pytest.approx((0.648, 0.352))
    # One game decides a best of 1.
    assert first_to([0.6, 0.4], 1) == pytest.approx((0.6, 0.4))
    # Three equal sides: a third each, by symmetry.
    assert first_to([1 / 3] * 3, 2) == pytest.approx((1 / 3,) * 3)
    # Three sides 0.5/0.3/0.2, first to 2. A wins by AA (0.25); by one A and one other
    # game (0.5) in either order, then A: 2 × 0.5 · 0.5 · 0.5 = 0.25; by one A, one B and
    # one C in any of 3! = 6 orders, then A: 6 × 0.5 · 0.3 · 0.2 · 0.5 = 0.09. 0.59 in all.
    assert first_to([0.5, 0.3, 0.2], 2)[0] == pytest.approx(0.59)


def test_the_engine_gives_exactly_what_openskill_rate_gives():
    # The engine updates the ratings in place (`_rate_in_place`); openskill's public `rate`
    # over the same random games (3–4 sides, teams of two, ties) must give the same floats.
    import random

    from openskill.models import PlackettLuce

    rng = random.Random(5)
    names = [f"p{i}" for i in range(40)]
    games = []
    for _ in range(3000):
        size = rng.choice([2, 3, 4])
        team = rng.random() < 0.2
        picked = rng.sample(names, size * (2 if team else 1))
        sides = tuple(
            tuple(picked[i : i + 2]) if team else (picked[i],)
            for i in range(0, len(picked), 2 if team else 1)
        )
        ranks = tuple(rng.randint(1, size) for _ in sides)
        games.append(RatedGame(sides, ranks))
    engine = rate([RatedEvent(1, tuple(games))])
    model = PlackettLuce()
    ratings = {}
    for g in games:
        teams = [[ratings.get(p) or model.rating() for p in side] for side in g.sides]
        for side, new in zip(g.sides, model.rate(teams, ranks=list(g.ranks)), strict=True):
            for p, r in zip(side, new, strict=True):
                ratings[p] = r
    assert {p: (r.mu, r.sigma) for p, r in engine.items()} == {
        p: (r.mu, r.sigma) for p, r in ratings.items()
    }
