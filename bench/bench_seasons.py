"""Benchmark a season: `.venv/bin/python -m bench.bench_seasons [--events 200] [--players 5000]`.

Builds, in a throw-away test database, a season of `--events` accepted, finished events
(30 of the `--players` players each, stored places and accepted ranking points) in which
10 lists an event are published (2,000 public lists for 200 events), and a league over the
season. Times the league table page, the league's metagame page, the format's metagame
page and the card page of a realm every list plays against the floor page of `bench_pages`
(base.html with an empty content block), in one run. Prints the median of each, its ratio
to the floor and its SQL queries, for three states: warm (the steady state, the target's
figure), after a change elsewhere (the page's version bumped, and for a metagame page the
stored summaries' stamp moved on too, as a finished event's list saved moves them: the
summary is checked against its lists' fingerprint, then read) and cold (the cache emptied
and the process's memo forgotten; the stored facts and summaries stay, as a site's stored
figures do). The lists are written in bulk, so their
facts are written after them as `manage.py write_deck_facts` writes them (timed apart).
The metagame pages' bar: cold and after a change within `METAGAME_BAR`× the floor.
"""

from __future__ import annotations

import argparse
import datetime
import io
import random
import statistics
import time

from django.core.cache import cache
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import path, reverse

from bench.bench_pages import floor, measure, print_table, timed_gets  # sets Django up
from bench.fixtures import located_players
from tournament.urls import urlpatterns as site_urls

urlpatterns = [*site_urls, path("bench-floor/", floor)]

EVENT_SIZE = 30
LISTS_PER_EVENT = 10
SEASON = datetime.date(2026, 1, 1)
DEMO_DECK = "tournament/demo/demo_decks/legal_community_55.txt"
CARD = "Realm|waterdeep"  # in every list: the card page with the most rows
SWAPPED_LINES = 12  # lines of the demo deck each list replaces with other cards
METAGAME_BAR = 10.0  # a metagame page cold or after a change, within this many floors


def deck_texts(count: int, rng: random.Random) -> list[str]:
    """`count` lists: the demo 55-card list with some of its non-realm lines replaced by
    other cards of the card data (a varied metagame; legality does not matter here)."""
    from tournament.decks.carddata import get_card_index

    with open(DEMO_DECK, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    card_lines = [i for i, line in enumerate(lines) if line and not line.endswith(":")]
    card_lines = [i for i in card_lines if not lines[i].startswith("#")][14:]  # keep realms
    names = sorted(
        {i.name for i in get_card_index().identities.values() if i.type not in ("Realm", "Rule")}
    )
    texts = []
    for _ in range(count):
        deck = list(lines)
        for i in rng.sample(card_lines, min(SWAPPED_LINES, len(card_lines))):
            deck[i] = rng.choice(names) if names else deck[i]
        texts.append("\n".join(deck))
    return texts


def seat_everyone(events, people, rng: random.Random) -> dict[int, list]:
    """EVENT_SIZE players an event, going through shuffled copies of everyone in turn, so
    that every player plays at least once when events × EVENT_SIZE ≥ players."""
    queue: list = []
    seats = {}
    for event in events:
        chosen: list = []
        while len(chosen) < EVENT_SIZE:
            if not queue:
                queue = rng.sample(people, len(people))
            player = queue.pop()
            if player not in chosen:
                chosen.append(player)
        seats[event.pk] = chosen
    return seats


def build_season(events: int, players: int) -> tuple[int, int]:
    """The season's events, players, places, accepted points and published lists, in bulk.
    Returns the league's id and the number of public lists."""
    from tournament.decks.models import Decklist
    from tournament.decks.services.visibility import public_registrations
    from tournament.events.choices import Status
    from tournament.events.models import DecklistsPublished, Event, Registration
    from tournament.leagues.models import League
    from tournament.ranking.models import RankedScore
    from tournament.standings.models import EventScoring, EventStanding

    rng = random.Random(2026)
    people = located_players("S", "Season", players, ["BR", "PT", "CA", "US", "DE"])
    made = Event.objects.bulk_create(
        Event(
            name=f"Season event {i:03d}",
            date=SEASON + datetime.timedelta(days=i * 360 // events),
            venue="Bench",
            organizer=people[i % players],
            status=Status.FINISHED,
            decklists_published=DecklistsPublished.ALL,
        )
        for i in range(events)
    )
    EventScoring.objects.bulk_create(
        EventScoring(event=e, eligible=True, participants=EVENT_SIZE, rounds=3, ranked=True)
        for e in made
    )
    seats = seat_everyone(made, people, rng)
    registrations = Registration.objects.bulk_create(
        Registration(event=e, player=p, checked_in=True) for e in made for p in seats[e.pk]
    )
    place = {r.pk: 1 + i % EVENT_SIZE for i, r in enumerate(registrations)}
    EventStanding.objects.bulk_create(
        EventStanding(event_id=r.event_id, registration=r, player_id=r.player_id, place=place[r.pk])
        for r in registrations
    )
    RankedScore.objects.bulk_create(
        (
            RankedScore(
                event_id=r.event_id,
                player_id=r.player_id,
                year=2026,
                place=place[r.pk],
                playing_points=max(EVENT_SIZE - place[r.pk], 0) * 3 + rng.randrange(3),
            )
            for r in registrations
        ),
        batch_size=1000,
    )
    listed = [r for r in registrations if place[r.pk] <= LISTS_PER_EVENT]
    texts = deck_texts(len(listed), rng)
    Decklist.objects.bulk_create(
        (Decklist(registration=r, text=text) for r, text in zip(listed, texts, strict=True)),
        batch_size=500,
    )
    league = League.objects.create(
        name="Season 2026", starts=SEASON, ends=datetime.date(2026, 12, 31), qualify=8
    )
    return league.pk, public_registrations().count()


def forget_everything() -> None:
    """A cold start: the shared cache emptied and this process's memo of read lists
    forgotten (the lists' stored facts stay)."""
    from tournament.decks.metagame import _parsed

    cache.clear()
    _parsed.clear()


def measure_states(scope: str, repeat: int = 1) -> dict:
    """After a change elsewhere (`scope`'s version bumped before each GET, and for a
    metagame page the stored summaries' stamp moved on) and cold."""
    from tournament.core.fragments import _increment
    from tournament.decks.summaries import bump_stamp

    def change() -> None:
        _increment(scope)
        if scope == "metagame":
            bump_stamp()

    return {"changed": (change, repeat), "cold": (forget_everything, max(3, repeat // 5))}


def measure_page(client: Client, url: str, repeat: int, scope: str) -> dict:
    """Warm, after a change elsewhere and cold figures."""
    return measure(client, url, repeat, measure_states(scope, repeat))


def print_league_pdf(league_id: int) -> None:
    """The league table's PDF rendered in this process, as the worker renders it."""
    import io

    from pypdf import PdfReader

    from tournament.leagues.models import League
    from tournament.printing.documents.base import DocumentRequest
    from tournament.printing.documents.render import render_pdf

    league = League.objects.get(pk=league_id)
    start = time.perf_counter()
    pdf = render_pdf(DocumentRequest(kind="league-table", league=league, paper="A4"))
    seconds = time.perf_counter() - start
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    print(f"league PDF: {pages} pages, {len(pdf) / 1024:.0f} KiB in {seconds:.1f}s")


PAIRED_ROUNDS = 7  # ratios taken in turn; their median is the bar's figure


def paired_ratio(client: Client, url: str, before, repeat: int) -> float:
    """The page's median time over the floor's, the floor timed in a block of GETs just
    before the page's block, `PAIRED_ROUNDS` times; the median of those ratios. A machine
    whose speed drifts during the run (a neighbour's load, its clock) moves both of a round
    alike; GETs of the two taken in turn would time the floor with the page's work in the
    CPU's caches."""
    ratios = []
    for _ in range(PAIRED_ROUNDS):
        timed_gets(client, "/bench-floor/", 5)  # the page's work out of the CPU's caches
        floor = timed_gets(client, "/bench-floor/", repeat)
        ratios.append(timed_gets(client, url, repeat, before=before) / floor)
        FLOORS.append(floor)
    return statistics.median(ratios)


FLOORS: list[float] = []  # the floors timed beside the pages, printed with the bar


def print_metagame_bar(client: Client, pages: list[tuple[str, str, str]], repeat: int) -> None:
    """Each metagame page's cold and after-a-change times against their bar, over the floor
    timed beside them (`paired_ratio`)."""
    print(f"metagame bar: cold and after a change ≤{METAGAME_BAR:g}× the floor timed beside them")
    for label, url, scope in pages:
        if scope != "metagame":
            continue
        states = measure_states(scope)
        changed = paired_ratio(client, url, states["changed"][0], repeat)
        cold = paired_ratio(client, url, states["cold"][0], repeat)
        verdict = "PASS" if max(changed, cold) <= METAGAME_BAR else "FAIL"
        print(f"  {label:<30} changed {changed:6.2f}×  cold {cold:6.2f}×  {verdict}")
    floors = sorted(FLOORS)
    print(
        f"  floors timed beside them: median {statistics.median(floors) * 1000:.2f} ms "
        f"(from {floors[0] * 1000:.2f} to {floors[-1] * 1000:.2f} ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--pdf", action="store_true", help="also render the league's PDF")
    args = parser.parse_args()

    from django.db import connection

    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        with override_settings(ROOT_URLCONF=__name__, ALLOWED_HOSTS=["*"], DEBUG=False):
            start = time.perf_counter()
            league, lists = build_season(args.events, args.players)
            print(
                f"built: {args.events} accepted events, {args.players} players, "
                f"{args.events * EVENT_SIZE} results, {lists} public lists "
                f"in {time.perf_counter() - start:.1f}s"
            )
            start = time.perf_counter()
            call_command("write_deck_facts", stdout=io.StringIO())
            print(
                f"metagame facts of the {lists} lists written in {time.perf_counter() - start:.1f}s"
            )
            client = Client()
            floor_figures = measure_page(client, "/bench-floor/", args.repeat, "floor")
            rows = [("floor", floor_figures)]
            pages = [
                (f"league table ({args.players} players)", f"/leagues/{league}/", "ranking"),
                (f"league metagame ({lists} lists)", f"/metagame/leagues/{league}/", "metagame"),
                (
                    f"format metagame ({lists} lists)",
                    "/metagame/55/community/championship/",
                    "metagame",
                ),
                (f"card page ({lists} lists)", reverse("decks:card", args=[CARD]), "metagame"),
            ]
            for label, url, scope in pages:
                rows.append((label, measure_page(client, url, args.repeat, scope)))
            heading = f"median of {args.repeat} GETs each (cold: {max(3, args.repeat // 5)})"
            print_table(rows, floor_figures["warm"], heading, ("changed", "cold"))
            print_metagame_bar(client, pages, args.repeat)
            if args.pdf:
                print_league_pdf(league)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
