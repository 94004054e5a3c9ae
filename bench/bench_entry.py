"""Benchmark the write side: `.venv/bin/python -m bench.bench_entry [--games 18]`.

For events of 27, 243 and 2,187 checked-in players (round 1 seated: 9, 81 and 729
brackets), a judge enters games and a second judge confirms them through the results
services, as the bracket page does. Times each confirmation (validation, the confirmed
`Game`, the recompute of its bracket, its players' standings and every place) and counts
its SQL queries, in one run, in a throw-away test database. Prints medians per size, the
ratio of each size to the 27-player event, and, for comparison, one whole-event recompute.

Goal: a confirmation at 2,187 players costs at most 3× what it costs at 27, with no more
SQL queries, and at most 15 queries in the write (BEGIN/COMMIT and savepoints are not
queries; what after-commit subscribers such as webhooks read is not the write's).

`--parallel` (PostgreSQL: set DATABASE_URL) then fires 100 confirmations across 50 brackets
of one event from 10 worker processes at once, through the site's confirm URL as judges'
phones do, and prints the 50th and 95th percentile latency. Goal: all succeed, p95 < 1 s.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time
import uuid

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
django.setup()

from django.db import connection, connections  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, override_settings  # noqa: E402
from django.urls import reverse  # noqa: E402

from bench.fixtures import event_with_players  # noqa: E402
from tournament.accounts.models import Player  # noqa: E402
from tournament.events.models import Event  # noqa: E402
from tournament.events.to_engine import engine_id  # noqa: E402
from tournament.results import services as results  # noqa: E402
from tournament.results.models import EntryStatus  # noqa: E402
from tournament.rounds.services.rounds import seat_next_round  # noqa: E402
from tournament.standings.recompute import refresh_event  # noqa: E402

SIZES = (27, 243, 2187)
TARGET = 3.0
MAX_QUERIES = 15


def build_event(size: int, judges: tuple[Player, Player]) -> Event:
    """An event of `size` checked-in players with round 1 seated and two judges."""
    event = event_with_players(f"E{size}", size, organizer=judges[0])
    event.judges.set([judges[1]])
    seat_next_round(event, seed=size)
    return event


def game_for(bracket, number: int) -> results.GameData:
    """A valid Standard game: seat `number` wins with 6 unrazed realms, the others have 3."""
    seats = list(bracket.seats.order_by("position"))
    winner = seats[(number - 1) % len(seats)].registration.player_id
    unrazed = {engine_id(s.registration.player_id): 3 for s in seats}
    unrazed[engine_id(winner)] = 6
    return results.GameData(winner=winner, ended_by="victory", unrazed=unrazed)


def confirmations(event: Event, judges: tuple[Player, Player], games: int) -> list[tuple]:
    """Enter and confirm `games` games (two per bracket); (seconds, queries) per confirmation."""
    figures = []
    brackets = list(event.rounds.get(number=1).brackets.order_by("table"))
    for index in range(games):
        bracket = brackets[index // 2]
        number = index % 2 + 1
        data = game_for(bracket, 1)  # the same winner twice: the bracket ends at game 2
        entered = results.submit_entry(bracket, data, judges[0], uuid.uuid4(), number=number)
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            results.confirm_entry(entered.entry, judges[1])
            seconds = time.perf_counter() - start
        figures.append((seconds, write_queries(queries.captured_queries)))
    return figures


# Statements that delimit the transaction: not queries of the write.
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK")


def write_queries(captured: list[dict]) -> int:
    """SQL queries of the write itself: inside its transaction, without BEGIN/COMMIT and
    savepoints, and without what after-commit subscribers (webhooks) read afterwards."""
    sql = [q["sql"] for q in captured]
    end = next((i for i, text in enumerate(sql) if text.startswith("COMMIT")), len(sql))
    return sum(1 for text in sql[:end] if not text.startswith(TRANSACTION_CONTROL))


PARALLEL_BRACKETS = 50
PARALLEL_CLIENTS = 10


def _play_bracket(args: tuple[int, int, int, int]) -> list[tuple[float, int]]:
    """In a worker process: confirm game 1, enter game 2, confirm it; (seconds, status)."""
    connections.close_all()  # never share the parent's connection across processes
    event_id, bracket_id, entering_id, confirming_id = args
    from tournament.events.models import Bracket

    bracket = Bracket.objects.get(pk=bracket_id)
    entering, confirming = (Player.objects.get(pk=pk) for pk in (entering_id, confirming_id))
    client = Client()
    client.force_login(confirming.user)
    figures = []
    for number in (1, 2):
        if number == 2:
            results.submit_entry(bracket, game_for(bracket, 1), entering, uuid.uuid4(), number=2)
        entry = bracket.entries.get(number=number, status=EntryStatus.UNCONFIRMED)
        url = reverse("results:confirm", args=[event_id, bracket_id, entry.pk])
        start = time.perf_counter()
        status = client.post(url).status_code
        figures.append((time.perf_counter() - start, status))
    connections.close_all()
    return figures


def parallel() -> None:
    """100 confirmations across 50 brackets from 10 processes (PostgreSQL only)."""
    from django.contrib.auth.models import User

    if connection.vendor != "postgresql":
        print("--parallel needs PostgreSQL: set DATABASE_URL")
        return
    users = [User.objects.create_user(f"bench-judge-{i}") for i in (1, 2)]
    judges = tuple(Player.create_for_user(u, name=u.username) for u in users)
    event = build_event(PARALLEL_BRACKETS * 3, judges)
    brackets = list(event.rounds.get(number=1).brackets.order_by("table"))
    for bracket in brackets:
        results.submit_entry(bracket, game_for(bracket, 1), judges[0], uuid.uuid4(), number=1)
    jobs = [(event.pk, b.pk, judges[0].pk, judges[1].pk) for b in brackets]
    connections.close_all()
    with multiprocessing.get_context("fork").Pool(PARALLEL_CLIENTS) as pool:
        figures = [f for rows in pool.map(_play_bracket, jobs) for f in rows]
    seconds = sorted(s for s, _status in figures)
    statuses = [status for _s, status in figures]
    p95 = statistics.quantiles(seconds, n=20)[-1]
    ok = all(status == 302 for status in statuses)
    verdict = "PASS" if ok and p95 < 1.0 else "FAIL"
    print(
        f"{len(figures)} confirmations, {PARALLEL_BRACKETS} brackets, {PARALLEL_CLIENTS} "
        f"processes: statuses {sorted(set(statuses))}, p50 {statistics.median(seconds):.3f} s, "
        f"p95 {p95:.3f} s (goal < 1 s): {verdict}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=18, help="confirmations per size (≤ 18)")
    parser.add_argument("--parallel", action="store_true", help="also the PostgreSQL burst")
    args = parser.parse_args()
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        if args.parallel:
            with override_settings(ALLOWED_HOSTS=["*"]):
                parallel()
        judges = (
            Player.objects.create(player_number="J-1", name="Judge One"),
            Player.objects.create(player_number="J-2", name="Judge Two"),
        )
        rows = []
        for size in SIZES:
            event = build_event(size, judges)
            figures = confirmations(event, judges, min(args.games, 18))
            start = time.perf_counter()
            refresh_event(event)
            whole = time.perf_counter() - start
            median = statistics.median(s for s, _q in figures)
            queries = max(q for _s, q in figures)
            rows.append((size, median, queries, whole))
        base = rows[0][1]
        header = ("players", "confirm (median)", "× 27", "queries", "whole event")
        print("{:>8} {:>17} {:>6} {:>8} {:>12}".format(*header))
        for size, median, queries, whole in rows:
            print(
                f"{size:>8} {median * 1000:>14.1f} ms {median / base:>6.2f} {queries:>8} "
                f"{whole * 1000:>9.1f} ms"
            )
        ratio = rows[-1][1] / base
        same_queries = rows[-1][2] <= rows[0][2] <= MAX_QUERIES
        verdict = "PASS" if ratio <= TARGET and same_queries else "FAIL"
        print(
            f"2,187 vs 27 players: {ratio:.2f}× (target ≤ {TARGET}×), queries "
            f"{rows[-1][2]} vs {rows[0][2]} (target ≤ {MAX_QUERIES}): {verdict}"
        )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
