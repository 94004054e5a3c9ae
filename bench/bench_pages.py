"""Benchmark the read side: `.venv/bin/python -m bench.bench_pages [--players 2187] [--events 200]`.

Builds, in a throw-away test database, one 2,187-player event played to the finish (7 rounds,
simulated results) and a ranking over 200 small finished events (stored standings created
in bulk), then times the standings page, the ranking page and the API standings endpoint
against a trivial page that renders the same base template (the floor). Prints the median
time of each, its ratio to the floor and its number of SQL queries.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import time

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
django.setup()

from django.db import connection, reset_queries  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.template import engines  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import path  # noqa: E402

from tournament.urls import urlpatterns as site_urls  # noqa: E402

FLOOR_TEMPLATE = '{% extends "base.html" %}{% block content %}{% endblock %}'
TARGET = 3.0  # issue #6: each page within 3× the floor at the first page of results
_floor_template = None


def floor(request):
    """The trivial page: base.html with an empty content block, compiled once like any
    template the cached loader serves, rendered with the request (context processors)."""
    global _floor_template
    if _floor_template is None:
        _floor_template = engines["django"].from_string(FLOOR_TEMPLATE)
    return HttpResponse(_floor_template.render({}, request))


# This module is the temporary urlconf of the benchmark: the site plus the floor page.
urlpatterns = [*site_urls, path("bench-floor/", floor)]


def build_big_event(players: int):
    """One event of `players` checked-in players, played to the finish by the simulator."""
    from tournament.accounts.models import Player
    from tournament.events.models import Event, Registration
    from tournament.standings.services import refresh_standings

    organizer = Player.objects.create(player_number="ORG-1", name="Organizer")
    event = Event.objects.create(
        name="World Championship",
        date=datetime.date(2026, 6, 1),
        venue="Bench",
        organizer=organizer,
        status="registration",
    )
    people = Player.objects.bulk_create(
        Player(player_number=f"B{i:05d}", name=f"Player {i:05d}", club=f"Club {i % 50}")
        for i in range(players)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in people
    )
    play_event(event, random.Random(2187))
    refresh_standings(event)
    return event


def play_event(event, rng: random.Random) -> None:
    """simulate.run_event without its per-bracket prefetch (too deep an IN-tree for SQLite)."""
    from scoring.simulate import play_bracket
    from tournament.events.engine import format_of, key, refresh_results
    from tournament.events.models import Bracket, Seat
    from tournament.events.services import rounds as round_service
    from tournament.results.models import Game

    fmt = format_of(event)
    while True:
        rnd = round_service.seat_next_round(event, seed=rng.randrange(2**48))
        round_service.publish_round(rnd)
        seats: dict[int, list[Seat]] = {}
        for seat in Seat.objects.filter(bracket__round=rnd).select_related("registration"):
            seats.setdefault(seat.bracket_id, []).append(seat)
        games, brackets = [], []
        for bracket in Bracket.objects.filter(round=rnd):
            players = [
                key(s.registration.player_id)
                for s in sorted(seats[bracket.pk], key=lambda s: s.position)
            ]
            for number, game in enumerate(play_bracket(players, fmt, rng), start=1):
                games.append(
                    Game(
                        bracket=bracket,
                        number=number,
                        winner_id=int(game.winner) if game.winner else None,
                        ended_by=game.ended_by.value,
                        unrazed=dict(game.unrazed),
                    )
                )
            bracket.tiebreak_order = players
            brackets.append(bracket)
        Bracket.objects.bulk_update(brackets, ["tiebreak_order"])
        Game.objects.bulk_create(games)
        refresh_results(event)
        round_service.close_round(rnd)
        if rnd.is_final:
            round_service.finish_event(event)
            return


def build_ranking(events: int, size: int = 12, pool: int = 600) -> None:
    """`events` finished, eligible events with stored standings and officials, in bulk."""
    from tournament.accounts.models import Player
    from tournament.events.models import Event, Registration
    from tournament.standings.models import EventScoring, EventStanding, OfficialScore
    from tournament.standings.services import refresh_ranking

    rng = random.Random(200)
    countries = ["Canada", "Brazil", "USA", "Germany", "Portugal"]
    people = Player.objects.bulk_create(
        Player(player_number=f"R{i:05d}", name=f"Ranked {i:05d}", country=countries[i % 5])
        for i in range(pool)
    )
    made = Event.objects.bulk_create(
        Event(
            name=f"Event {i}",
            date=datetime.date(2020 + i % 7, 1 + i % 12, 1 + i % 28),
            venue="Bench",
            organizer=people[i % pool],
            status="finished",
        )
        for i in range(events)
    )
    EventScoring.objects.bulk_create(
        EventScoring(event=e, eligible=True, participants=size, rounds=2) for e in made
    )
    seats = {e.pk: rng.sample(people, size) for e in made}
    regs = Registration.objects.bulk_create(
        Registration(event=e, player=p, checked_in=True) for e in made for p in seats[e.pk]
    )
    EventStanding.objects.bulk_create(
        EventStanding(
            event_id=r.event_id,
            registration=r,
            player_id=r.player_id,
            place=1 + i % size,
            points=rng.randrange(2, 15),
            round_points={"1": 2},
            brackets_played=1,
            last_round=1,
        )
        for i, r in enumerate(regs)
    )
    OfficialScore.objects.bulk_create(
        OfficialScore(event=e, player_id=e.organizer_id, role="coordinator", points=size)
        for e in made
    )
    # what refresh_standings does per event, once for the bulk-made ones
    for e in made:
        EventScoring.objects.filter(event=e).update(ranked=True, ranked_year=e.date.year)
    refresh_ranking(p.pk for p in people)


def measure(client: Client, url: str, repeat: int) -> tuple[float, int]:
    """Median seconds of `repeat` GETs (after one warm-up) and the queries of one GET."""
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    reset_queries()  # a full query log would hide the count
    with CaptureQueriesContext(connection) as captured:
        client.get(url)
    queries = len(captured)  # now: the log is cleared by the next request
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        client.get(url)
        times.append(time.perf_counter() - start)
    if os.environ.get("BENCH_PROFILE"):
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.runcall(client.get, url)
        pstats.Stats(profile).sort_stats("tottime").print_stats(20)
    return statistics.median(times), queries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2187)
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()

    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        with override_settings(ROOT_URLCONF=__name__, ALLOWED_HOSTS=["*"], DEBUG=False):
            start = time.perf_counter()
            event = build_big_event(args.players)
            built_event = time.perf_counter() - start
            start = time.perf_counter()
            build_ranking(args.events)
            built_ranking = time.perf_counter() - start
            print(
                f"built: {args.players}-player event ({event.rounds.count()} rounds) "
                f"in {built_event:.1f}s; {args.events} ranking events in {built_ranking:.1f}s"
            )
            client = Client()
            base, base_queries = measure(client, "/bench-floor/", args.repeat)
            rows = [("floor", base, base_queries)]
            for label, url in [
                (f"standings ({args.players} players)", f"/events/{event.pk}/standings/"),
                (f"ranking ({args.events} events)", "/ranking/"),
                ("api standings", f"/api/v1/events/{event.pk}/standings/"),
            ]:
                rows.append((label, *measure(client, url, args.repeat)))
            print(f"median of {args.repeat} GETs each, first page of results")
            print(f"{'page':<28} {'median':>9}  {'×floor':>7}  {'queries':>7}  target ≤{TARGET:g}×")
            for label, seconds, queries in rows:
                ratio = seconds / base
                verdict = "" if label == "floor" else ("PASS" if ratio <= TARGET else "FAIL")
                print(
                    f"{label:<28} {seconds * 1000:6.1f} ms  {ratio:6.2f}×  {queries:7d}  {verdict}"
                )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
