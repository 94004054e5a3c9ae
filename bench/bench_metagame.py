"""Benchmark the metagame pages' reads: `.venv/bin/python -m bench.bench_metagame [--repeat 9]`.

Builds, in a throw-away test database, a season as `bench_seasons` does (accepted, finished
events of 30 players, 10 published lists an event, a league over the year) of 200 lists,
measures, throws it away (rolled back) and does the same with 2,000 lists, in one run.
For the league's metagame page, the format's metagame page and the card page of a realm
every list plays, prints the median time and the SQL queries of a warm read (the rendered
page cached) and of a cold read (the shared cache emptied and the process's parsed lists
forgotten: every list parsed again), then the ratios of 2,000 lists to 200. The queries of
a page do not depend on the number of lists; the cold time grows with the lists to parse.
"""

from __future__ import annotations

import argparse

from django.db import connection, transaction
from django.test import Client, override_settings
from django.urls import path, reverse

from bench.bench_pages import floor, measure  # sets Django up
from bench.bench_seasons import CARD, EVENT_SIZE, LISTS_PER_EVENT, build_season, forget_everything
from tournament.urls import urlpatterns as site_urls

urlpatterns = [*site_urls, path("bench-floor/", floor)]

SIZES = (200, 2000)


class RolledBack(Exception):
    """Raised to undo one size's season after it was measured."""


def pages(league: int) -> list[tuple[str, str]]:
    return [
        ("league metagame", f"/metagame/leagues/{league}/"),
        ("format metagame", "/metagame/55/community/championship/"),
        ("card page", reverse("decks:card", args=[CARD])),
    ]


def measure_size(lists: int, repeat: int) -> dict[str, dict]:
    """The figures of every page over a season of `lists` public lists (then rolled back)."""
    events = lists // LISTS_PER_EVENT
    players = max(EVENT_SIZE, events * EVENT_SIZE * 5 // 6)
    figures: dict[str, dict] = {}
    try:
        with transaction.atomic():
            league, public = build_season(events, players)
            assert public == lists, (public, lists)
            forget_everything()
            client = Client()
            cold_repeat = max(3, repeat // 3)
            for label, url in pages(league):
                states = {"cold": (forget_everything, cold_repeat)}
                figures[label] = measure(client, url, repeat, states)
            raise RolledBack
    except RolledBack:
        pass
    forget_everything()
    return figures


def print_figures(results: dict[int, dict[str, dict]]) -> None:
    small, large = SIZES
    print(
        f"{'page':<16} {'lists':>5} {'warm':>9} {'q':>3} {'cold':>10} {'q':>3}"
        f"   cold ×{small} lists   warm ×{small} lists"
    )
    for label in results[small]:
        base = results[small][label]
        for lists in SIZES:
            f = results[lists][label]
            ratios = ""
            if lists != small:
                ratios = f"   {f['cold'] / base['cold']:13.2f}×   {f['warm'] / base['warm']:13.2f}×"
            print(
                f"{label:<16} {lists:>5} {f['warm'] * 1000:6.1f} ms {f['warm_queries']:3d} "
                f"{f['cold'] * 1000:7.1f} ms {f['cold_queries']:3d}{ratios}"
            )
    same = all(
        results[small][label][q] == results[large][label][q]
        for label in results[small]
        for q in ("warm_queries", "cold_queries")
    )
    print(f"queries the same at {small} and {large} lists: {'yes' if same else 'NO'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()

    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        with override_settings(ROOT_URLCONF=__name__, ALLOWED_HOSTS=["*"], DEBUG=False):
            results = {lists: measure_size(lists, args.repeat) for lists in SIZES}
            print(f"median of {args.repeat} warm GETs, {max(3, args.repeat // 3)} cold GETs each")
            print_figures(results)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
