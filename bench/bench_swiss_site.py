"""Benchmark a one-on-one event on the site: `.venv/bin/python -m bench.bench_swiss_site
[--players 1000] [--repeat 15]`.

Builds, in a throw-away test database, a one-on-one event (best of 3) of N players: rounds
1–4 are paired by the engine (`pair_next_round` on the event read from the database) and
stored in bulk with simulated results (2–0 or 2–1). Round 5 is then paired through the
site's service (`rounds.services.swiss.pair_round`, what the organizer's button calls);
printed: reading the event into the engine (`to_engine.swiss_event_of`), the engine's part
(`pair_next_round`: the standing with its tie-breakers, then the matching; target under one
second) and the whole service call (storing the round and the recompute included). Round 5's
results are stored in bulk and the recompute timed (what one confirmed game costs: a match
moves its players' opponents' tie-breakers, so the whole event is recomputed). Last, the
standings page (its first 50 rows) is timed against the floor page of `bench_pages`
(`base.html` with an empty content block): target within 3× the floor, warm.
"""

from __future__ import annotations

import argparse
import datetime
import random
import time

from django.db import connection
from django.test import Client, override_settings

from bench.bench_pages import measure, print_table  # sets Django up

SEED = 2026
ROUNDS_IN_BULK = 4


def build_event(players: int):
    from tournament.accounts.models import Player
    from tournament.events.choices import Status
    from tournament.events.models import Event, Registration

    organizer = Player.objects.create(player_number="ORG-1", name="Organizer")
    event = Event.objects.create(
        name="Swiss Open",
        date=datetime.date(2026, 11, 21),
        venue="Bench",
        organizer=organizer,
        status=Status.RUNNING,
        structure="one-on-one",
        best_of=3,
        swiss_rounds=ROUNDS_IN_BULK + 1,
    )
    people = Player.objects.bulk_create(
        Player(player_number=f"S{i:05d}", name=f"Player {i:05d}", club=f"Club {i % 50}")
        for i in range(players)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in people
    )
    return event


def _games(bracket, a: int, b: int, rng: random.Random) -> list:
    """A decided best-of-3 match: 2–0 or 2–1, every game won by victory (6 realms to 2)."""
    from tournament.results.models import Game

    winner, loser = (a, b) if rng.random() < 0.5 else (b, a)
    order = [winner, winner] if rng.random() < 0.6 else [loser, winner, winner]
    return [
        Game(
            bracket=bracket,
            number=n,
            winner_id=w,
            ended_by="victory",
            unrazed={str(w): 6, str(a if w == b else b): 2},
        )
        for n, w in enumerate(order, start=1)
    ]


def store_round(event, number: int, matches, bye: str | None, rng: random.Random):
    """One paired round in bulk: the round, its matches, seats and (simulated) games."""
    from tournament.events.models import Bracket, Round, Seat
    from tournament.results.models import Game

    rnd = Round.objects.create(
        event=event,
        number=number,
        seed=number,
        state=Round.State.CLOSED,
        published=True,
        byes=[int(bye)] if bye else [],
    )
    brackets = Bracket.objects.bulk_create(
        Bracket(round=rnd, table=m.table, state=Bracket.State.COMPLETE) for m in matches
    )
    registrations = dict(event.registrations.values_list("player_id", "pk"))
    seats, games = [], []
    for bracket, match in zip(brackets, matches, strict=True):
        a, b = (int(p) for p in match.players)
        seats += [
            Seat(bracket=bracket, registration_id=registrations[p], position=i)
            for i, p in enumerate((a, b), start=1)
        ]
        games += _games(bracket, a, b, rng)
    Seat.objects.bulk_create(seats, batch_size=2000)
    Game.objects.bulk_create(games, batch_size=2000)
    return rnd


def play_round_five(rnd, rng: random.Random) -> None:
    from tournament.events.models import Bracket, Round, Seat
    from tournament.results.models import Game

    players: dict[int, list[int]] = {}
    seats = Seat.objects.filter(bracket__round=rnd).order_by("bracket_id", "position")
    for bracket_id, player_id in seats.values_list("bracket_id", "registration__player_id"):
        players.setdefault(bracket_id, []).append(player_id)
    games = []
    for bracket in rnd.brackets.all():
        a, b = players[bracket.pk]
        games += _games(bracket, a, b, rng)
    Game.objects.bulk_create(games, batch_size=2000)
    Bracket.objects.filter(round=rnd).update(state=Bracket.State.COMPLETE)
    Round.objects.filter(pk=rnd.pk).update(state=Round.State.CLOSED, published=True)


def timed(function, *args, **kwargs):
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--profile", action="store_true", help="profile the service's pairing")
    args = parser.parse_args()

    from scoring.swiss.pairing import pair_next_round
    from tournament.events.to_engine import rounds_queryset, swiss_event_of
    from tournament.rounds.services import swiss
    from tournament.standings.recompute import refresh_event

    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        with override_settings(ROOT_URLCONF="bench.bench_pages", ALLOWED_HOSTS=["*"], DEBUG=False):
            rng = random.Random(SEED)
            start = time.perf_counter()
            event = build_event(args.players)
            for number in range(1, ROUNDS_IN_BULK + 1):
                pairing = pair_next_round(swiss_event_of(event), seed=SEED + number)
                store_round(event, number, pairing.matches, pairing.bye, rng)
            refresh_event(event)
            built = time.perf_counter() - start
            print(
                f"built: {args.players}-player one-on-one event, {ROUNDS_IN_BULK} rounds "
                f"(best of 3) in {built:.1f}s"
            )

            print(f"{'round 5':<44}{'seconds':>9}  target")
            engine, read = timed(lambda: swiss_event_of(event, list(rounds_queryset(event))))
            print(f"{'  read the event into the engine':<44}{read:>9.3f}")
            pairing, paired = timed(pair_next_round, engine, seed=SEED + 5)
            verdict = "PASS" if paired < 1 else "FAIL"
            print(f"{'  engine: pair_next_round':<44}{paired:>9.3f}  < 1 s {verdict}")
            print(
                f"{'    (matches, repeats, pair-downs, method)':<44}"
                f"  {len(pairing.matches)}, {pairing.repeat_pairs}, {pairing.pair_downs}, "
                f"{pairing.method}"
            )
            if args.profile:
                import cProfile
                import pstats

                profile = cProfile.Profile()
                rnd, service = timed(profile.runcall, swiss.pair_round, event, seed=SEED + 5)
                pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
            else:
                rnd, service = timed(swiss.pair_round, event, seed=SEED + 5)
            print(f"{'  service: swiss.pair_round (with recompute)':<44}{service:>9.3f}")
            play_round_five(rnd, rng)
            if args.profile:
                profile = cProfile.Profile()
                _, recompute = timed(profile.runcall, refresh_event, event)
                pstats.Stats(profile).sort_stats("tottime").print_stats(20)
            else:
                _, recompute = timed(refresh_event, event)
            print(f"{'  recompute after round 5 (refresh_event)':<44}{recompute:>9.3f}")

            client = Client()
            floor_figures = measure(client, "/bench-floor/", args.repeat)
            standings = measure(client, f"/events/{event.pk}/standings/", args.repeat)
            rows = [
                ("floor", floor_figures),
                (f"one-on-one standings ({args.players} players)", standings),
            ]
            heading = f"median of {args.repeat} GETs each, first page of results"
            print_table(rows, floor_figures["warm"], heading)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
