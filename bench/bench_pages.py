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
from collections.abc import Callable

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
django.setup()

from django.core.cache import cache  # noqa: E402
from django.db import connection, reset_queries  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.template import engines  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import path  # noqa: E402

from bench.fixtures import located_players  # noqa: E402
from tournament.urls import urlpatterns as site_urls  # noqa: E402

FLOOR_TEMPLATE = '{% extends "base.html" %}{% block content %}{% endblock %}'
TARGET = 3.0  # each page within 3× the floor at the first page of results
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
    from tournament.events.choices import Status
    from tournament.events.models import Event, Registration
    from tournament.standings.recompute import refresh_event

    organizer = Player.objects.create(player_number="ORG-1", name="Organizer")
    event = Event.objects.create(
        name="World Championship",
        date=datetime.date(2026, 6, 1),
        venue="Bench",
        organizer=organizer,
        status=Status.REGISTRATION,
    )
    people = Player.objects.bulk_create(
        Player(player_number=f"B{i:05d}", name=f"Player {i:05d}", club=f"Club {i % 50}")
        for i in range(players)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in people
    )
    from tournament.rounds.simulate import run_event

    run_event(event, random.Random(2187))
    refresh_event(event)
    return event


def build_ranking(events: int, size: int = 12, pool: int = 600) -> None:
    """`events` finished, eligible events with stored standings and officials, in bulk."""
    from tournament.events.choices import Status
    from tournament.events.models import Event, Registration
    from tournament.ranking.models import RankedScore
    from tournament.ranking.services import refresh_ranking
    from tournament.standings.models import EventScoring, EventStanding, OfficialScore

    rng = random.Random(200)
    people = located_players("R", "Ranked", pool, ["CA", "BR", "US", "DE", "PT"])
    made = Event.objects.bulk_create(
        Event(
            name=f"Event {i}",
            date=datetime.date(2020 + i % 7, 1 + i % 12, 1 + i % 28),
            venue="Bench",
            organizer=people[i % pool],
            status=Status.FINISHED,
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
    # what a ranking officer's acceptance stores per event, once for the bulk-made ones
    year_of = {e.pk: e.date.year for e in made}
    ranked: dict[tuple[int, int], RankedScore] = {}
    for standing in EventStanding.objects.filter(event__in=made):
        ranked[standing.event_id, standing.player_id] = RankedScore(
            event_id=standing.event_id,
            player_id=standing.player_id,
            year=year_of[standing.event_id],
            place=standing.place,
            playing_points=standing.points,
        )
    for e in made:
        row = ranked.setdefault(
            (e.pk, e.organizer_id),
            RankedScore(event_id=e.pk, player_id=e.organizer_id, year=e.date.year),
        )
        row.coordinator_points += size
        EventScoring.objects.filter(event=e).update(ranked=True, ranked_year=e.date.year)
    RankedScore.objects.bulk_create(ranked.values(), batch_size=500)
    refresh_ranking(p.pk for p in people)


def timed_gets(client: Client, url: str, repeat: int, before=lambda: None) -> float:
    """Median seconds of `repeat` GETs, calling `before` ahead of each (not timed)."""
    times = []
    for _ in range(repeat):
        before()
        start = time.perf_counter()
        client.get(url)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def queries_of(client: Client, url: str) -> int:
    reset_queries()  # a full query log would hide the count
    with CaptureQueriesContext(connection) as captured:
        client.get(url)
    return len(captured)


# A state a page is measured in besides warm: what runs before each GET, and how many GETs.
State = tuple[Callable[[], object], int]


def measure(client: Client, url: str, repeat: int, states: dict[str, State] | None = None) -> dict:
    """Warm (cached tables, the steady state) figures, then each state's: by default "cold"
    (the cache emptied before each GET). Each has its median seconds and its queries."""
    states = {"cold": (cache.clear, repeat)} if states is None else states
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    figures = {"warm": timed_gets(client, url, repeat), "warm_queries": queries_of(client, url)}
    for name, (before, gets) in states.items():
        figures[name] = timed_gets(client, url, gets, before=before)
        before()
        figures[f"{name}_queries"] = queries_of(client, url)
    if os.environ.get("BENCH_PROFILE"):
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.runcall(client.get, url)
        pstats.Stats(profile).sort_stats("tottime").print_stats(20)
    return figures


def print_table(
    rows: list[tuple[str, dict]], base: float, heading: str, states: tuple[str, ...] = ("cold",)
) -> None:
    """Per page: warm time, its ratio to the warm floor (the target's figure) and queries,
    then the same for each state."""
    print(f"{heading}; ratios to the warm floor")
    width = max(28, *(len(label) for label, _f in rows))
    columns = "".join(f"   {name:>9} {'×floor':>7} {'q':>4}" for name in states)
    print(
        f"{'page':<{width}} {'warm':>8} {'×floor':>7} {'q':>3}{columns}  target ≤{TARGET:g}× (warm)"
    )
    for label, f in rows:
        ratio = f["warm"] / base
        verdict = "" if label == "floor" else ("PASS" if ratio <= TARGET else "FAIL")
        cells = "".join(
            f"   {f[name] * 1000:6.1f} ms {f[name] / base:6.2f}× {f[f'{name}_queries']:4d}"
            for name in states
        )
        print(
            f"{label:<{width}} {f['warm'] * 1000:5.1f} ms {ratio:6.2f}× {f['warm_queries']:3d}"
            f"{cells}  {verdict}"
        )


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
            floor_figures = measure(client, "/bench-floor/", args.repeat)
            rows = [("floor", floor_figures)]
            for label, url in [
                (f"standings ({args.players} players)", f"/events/{event.pk}/standings/"),
                (f"ranking ({args.events} events)", "/ranking/"),
                ("api standings", f"/api/v1/events/{event.pk}/standings/"),
            ]:
                rows.append((label, measure(client, url, args.repeat)))
            heading = f"median of {args.repeat} GETs each, first page of results"
            print_table(rows, floor_figures["warm"], heading)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
