"""Quality and speed of the ratings (SPEC §12; `scoring/ratings.py`), on simulated events.

`.venv/bin/python -m bench.bench_ratings [--seed 1]` prints:

1. **Order**: 100 players with hidden skills play 20 events (three rounds of brackets of
   three and four, seated at random, each bracket played until a player has won two games,
   SPEC §5); the Spearman correlation of the ratings (μ − 3σ) with the skills. Bar: ≥ 0.8.
2. **Prediction**: over the same games, in order, each model's probability of the game's
   actual winner *before* the game is rated (the ratings': `win_chances`, the model's
   probability of ranking first, what the bracket pages show); the log loss (mean of
   −ln p) of the ratings, of pairwise Elo, and of the multiplayer Elo TopDeck.gg
   publishes for four-player Commander (equity 2^(R/200), expected share = equity ÷ the
   table's sum, a win scores 1 and a draw 1/n, K = 48, start 1500). Bar: the ratings lowest.
3. **Speed**: `rate` over 100,000 games of 2,000 players in brackets of three and four;
   with `--site`, the site's refresh over as many stored games (read them, rate, write
   every rating and step) in a throw-away test database. Bar: under 30 s.

A game is simulated as the players' performances, skill plus normal noise (not the
Plackett–Luce model's own Gumbel noise, so the model is not favoured by its own
assumptions): the best performance wins; the others' unrazed realms fall with their
performance, rounded so that near performances tie; one game in twenty ends by time with
the two best level, a draw. Draws are rated but, having no winner, not scored.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence

from scoring.brackets import bracket_sizes
from scoring.ratings import (
    MODEL,
    PlayerRating,
    RatedEvent,
    RatedGame,
    game_ranks,
    rate,
    win_chances,
)

PLAYERS = 100
EVENTS = 20
ROUNDS = 3
NOISE = 1.0  # the spread of a game's performance around the skill (skills are N(0, 1))
DRAW_SHARE = 0.05
SPEED_GAMES = 100_000
SPEED_PLAYERS = 2_000

ELO_K = 32  # pairwise Elo: the usual chess K, spread over the table's pairs
TOPDECK_K = 48
ELO_START = 1500.0


def simulate_game(table: Sequence[str], skill: dict[str, float], rng: random.Random):
    """(winner or None, realms by player) of one game at the table."""
    perf = {p: skill[p] + rng.gauss(0, NOISE) for p in table}
    order = sorted(table, key=perf.get, reverse=True)
    best = perf[order[0]]
    realms = {p: max(0, 6 - round(1.5 * (best - perf[p]))) for p in table}
    if rng.random() < DRAW_SHARE:
        realms[order[1]] = realms[order[0]]
        return None, realms
    return order[0], realms


def random_tables(players: list[str], rng: random.Random) -> list[list[str]]:
    """One round seated at random in brackets of three and four (SPEC §4's sizes)."""
    order = players[:]
    rng.shuffle(order)
    tables, start = [], 0
    for size in bracket_sizes(len(order)):
        tables.append(order[start : start + size])
        start += size
    return tables


def simulate_events(rng: random.Random, players: list[str], skill: dict[str, float], events: int):
    """The events as lists of (winner, realms) games in play order."""
    out = []
    for _ in range(events):
        games = []
        for _ in range(ROUNDS):
            for table in random_tables(players, rng):
                wins = dict.fromkeys(table, 0)
                while max(wins.values()) < 2:
                    winner, realms = simulate_game(table, skill, rng)
                    games.append((table, winner, realms))
                    if winner is not None:
                        wins[winner] += 1
        out.append(games)
    return out


def rated_game(table: Sequence[str], winner: str | None, realms: dict[str, int]) -> RatedGame:
    ranks = game_ranks(winner, realms)
    return RatedGame(tuple((p,) for p in table), tuple(ranks[p] for p in table))


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    def ranks(xs: Sequence[float]) -> list[float]:
        order = sorted(range(len(xs)), key=lambda i: xs[i])
        r = [0.0] * len(xs)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2
            i = j + 1
        return r

    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    va = math.sqrt(sum((x - ma) ** 2 for x in ra))
    vb = math.sqrt(sum((y - mb) ** 2 for y in rb))
    return cov / (va * vb)


class PairwiseElo:
    """Every pair at the table is a chess game (the better ranked wins, equal ranks draw),
    K spread over the n − 1 opponents; a game's winner predicted by the Elo strengths,
    10^(R/400) ÷ the table's sum (Luce's choice over Elo's scale)."""

    def __init__(self) -> None:
        self.r: dict[str, float] = {}

    def predict(self, table: Sequence[str]) -> list[float]:
        eq = [10 ** (self.r.get(p, ELO_START) / 400) for p in table]
        return [e / sum(eq) for e in eq]

    def update(self, table: Sequence[str], ranks: Sequence[int]) -> None:
        r = [self.r.get(p, ELO_START) for p in table]
        k = ELO_K / (len(table) - 1)
        for i, p in enumerate(table):
            delta = 0.0
            for j in range(len(table)):
                if i == j:
                    continue
                score = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
                delta += score - 1 / (1 + 10 ** ((r[j] - r[i]) / 400))
            self.r[p] = r[i] + k * delta


class TopDeckElo:
    """TopDeck.gg's multiplayer Elo: equity 2^(R/200), expected share = equity ÷ the table's
    sum; the winner scores 1 (a draw: 1/n each); R += K (score − expected), K 48, start 1500."""

    def __init__(self) -> None:
        self.r: dict[str, float] = {}

    def predict(self, table: Sequence[str]) -> list[float]:
        eq = [2 ** (self.r.get(p, ELO_START) / 200) for p in table]
        return [e / sum(eq) for e in eq]

    def update(self, table: Sequence[str], winner: str | None) -> None:
        expected = self.predict(table)
        for p, e in zip(table, expected, strict=True):
            score = (1.0 if p == winner else 0.0) if winner is not None else 1 / len(table)
            self.r[p] = self.r.get(p, ELO_START) + TOPDECK_K * (score - e)


def quality(seed: int) -> None:
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(PLAYERS)]
    skill = {p: rng.gauss(0, 1) for p in players}
    events = simulate_events(rng, players, skill, EVENTS)

    # Prediction, game by game before each is rated (the engine's model, step by step).
    ratings = {p: MODEL.rating() for p in players}
    elo, topdeck = PairwiseElo(), TopDeckElo()
    loss = {"ratings (Plackett–Luce)": 0.0, "pairwise Elo": 0.0, "TopDeck.gg Elo": 0.0}
    scored = 0
    for games in events:
        for table, winner, realms in games:
            game = rated_game(table, winner, realms)
            if winner is not None:
                i = table.index(winner)
                ours = win_chances([[PlayerRating(ratings[p].mu, ratings[p].sigma)] for p in table])
                loss["ratings (Plackett–Luce)"] -= math.log(ours[i])
                loss["pairwise Elo"] -= math.log(elo.predict(table)[i])
                loss["TopDeck.gg Elo"] -= math.log(topdeck.predict(table)[i])
                scored += 1
            after = MODEL.rate([[ratings[p]] for p in table], ranks=list(game.ranks))
            for p, new in zip(table, after, strict=True):
                ratings[p] = new[0]
            elo.update(table, game.ranks)
            topdeck.update(table, winner)

    # The engine's own run over the same games gives the same final ratings.
    final = rate(
        RatedEvent(n, tuple(rated_game(*g) for g in games)) for n, games in enumerate(events)
    )
    assert all(abs(final[p].mu - ratings[p].mu) < 1e-9 for p in players)
    games_total = sum(len(g) for g in events)
    rho = spearman([final[p].ordinal for p in players], [skill[p] for p in players])
    print(f"{EVENTS} events of {PLAYERS} players, {games_total} games ({scored} with a winner)")
    print(
        f"Spearman(ratings, hidden skills) = {rho:.3f}   "
        f"bar ≥ 0.8: {'PASS' if rho >= 0.8 else 'FAIL'}"
    )
    uniform = sum(math.log(len(t)) for games in events for t, w, _ in games if w) / scored
    print(f"log loss of the game's winner (uniform guess {uniform:.4f}):")
    ours = loss["ratings (Plackett–Luce)"] / scored
    for name, total in loss.items():
        print(f"  {name:<24} {total / scored:.4f}")
    best = all(ours < total / scored for name, total in loss.items() if not name.startswith("rat"))
    print(f"  ratings lowest: {'PASS' if best else 'FAIL'}")


def speed(seed: int) -> None:
    rng = random.Random(seed)
    players = [f"s{i}" for i in range(SPEED_PLAYERS)]
    skill = {p: rng.gauss(0, 1) for p in players}
    games: list[RatedGame] = []
    while len(games) < SPEED_GAMES:
        for table in random_tables(players, rng):
            games.append(rated_game(table, *simulate_game(table, skill, rng)))
    games = games[:SPEED_GAMES]
    events = [RatedEvent(n, tuple(games[n : n + 1000])) for n in range(0, SPEED_GAMES, 1000)]
    began = time.perf_counter()
    rate(events)
    took = time.perf_counter() - began
    print(
        f"rate {SPEED_GAMES:,} games of {SPEED_PLAYERS:,} players: {took:.1f} s   bar < 30 s: "
        f"{'PASS' if took < 30 else 'FAIL'}"
    )


def site_speed(seed: int) -> None:
    """The site's refresh over the same number of stored games (`ratings/services.py`): read
    100 finished events' stored games, rate them all, write every rating and step, in a
    throw-away test database."""
    import datetime
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    django.setup()
    from django.db import connection, transaction

    from tournament.accounts.models import Player
    from tournament.events.models import Event
    from tournament.ratings import services
    from tournament.ratings.models import EventRating, Rating

    rng = random.Random(seed)
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        organizer = Player.objects.create(player_number="ORG", name="Organizer")
        people = Player.objects.bulk_create(
            Player(player_number=f"R{i:05d}", name=f"Player {i:05d}") for i in range(SPEED_PLAYERS)
        )
        ids = [str(p.pk) for p in people]
        skill = {p: rng.gauss(0, 1) for p in ids}
        per_event = SPEED_GAMES // 100
        for n in range(100):
            event = Event.objects.create(
                name=f"Rated {n}",
                date=datetime.date(2020, 1, 1) + datetime.timedelta(days=7 * n),
                venue="Bench",
                organizer=organizer,
                status="finished",
            )
            games = []
            while len(games) < per_event:
                for table in random_tables(ids, rng):
                    g = rated_game(table, *simulate_game(table, skill, rng))
                    games.append([[list(side) for side in g.sides], list(g.ranks)])
            EventRating.objects.create(event=event, games=games[:per_event])
        began = time.perf_counter()
        with transaction.atomic():
            services._rerate()
        took = time.perf_counter() - began
        steps = sum(len(h) for h in Rating.objects.values_list("history", flat=True))
        print(
            f"site refresh over {SPEED_GAMES:,} stored games (100 events, {steps:,} steps "
            f"written): {took:.1f} s   bar < 30 s: {'PASS' if took < 30 else 'FAIL'}"
        )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--site", action="store_true", help="also time the site's refresh (a test database)"
    )
    args = parser.parse_args()
    quality(args.seed)
    speed(args.seed)
    if args.site:
        site_speed(args.seed)


if __name__ == "__main__":
    main()
