"""Leagues that count one-on-one events (SPEC §11: never scored for the ranking, counted by a
league's own rule): the rule (3 a match won, a bye included, 1 a match drawn, the top cut
included), which events count, the form and the API. Expected values worked out by hand."""

import datetime
import json
from pathlib import Path

import pytest
from django.urls import reverse

from scoring.leagues import LeagueRules, Result, league_table, one_on_one_points, parse_record
from tests.support.one_on_one import win
from tests.support.results import seated
from tournament.eventfile.services import import_event
from tournament.events.models import Event
from tournament.leagues import services
from tournament.leagues.forms import LeagueForm
from tournament.leagues.models import League
from tournament.rounds.services import rounds

FILES = Path(__file__).resolve().parents[1] / "eventfile" / "one_on_one"
YEAR = {"starts": datetime.date(2026, 1, 1), "ends": datetime.date(2026, 12, 31)}
BOTH = ["brackets", "one-on-one"]


# --- the rule (pure) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "points"),
    [
        ("2-1-0", 6),  # two matches won: 2 × 3
        ("1-0-2", 5),  # one won, two drawn: 3 + 1 + 1
        ("1-1-1", 4),
        ("0-1-1", 1),
        ("0-3-0", 0),  # played and lost everything: 0 points, but he took part
        ("5-1-0", 15),  # 3 Swiss wins and 2 top-cut wins: every match counts
    ],
)
def test_a_one_on_one_event_is_worth_its_match_points_over_every_match(record, points):
    assert one_on_one_points(record) == points


@pytest.mark.parametrize("record", ["0-0-0", "", "2-1", "a-b-c"])
def test_no_match_or_no_record_is_no_result(record):
    assert one_on_one_points(record) is None


def test_parse_record():
    assert parse_record("3-1-2") == (3, 1, 2)


def test_one_on_one_points_join_the_bracket_points_in_the_table():
    # Ann: 9 accepted ranking points in a bracket event + 6 in a one-on-one event = 15.
    # Bob: 12 one-on-one points (4-0-0) = 12. Cid: 15 in one bracket event.
    # Ann and Cid have 15: the higher best single event first (Cid's 15 > Ann's 9).
    results = [
        Result("ann", 1, 9),
        Result("ann", 2, one_on_one_points("2-1-0")),
        Result("bob", 2, one_on_one_points("4-0-0")),
        Result("cid", 1, 15),
    ]
    rows = league_table(results, LeagueRules())
    assert [(r.player, r.rank, r.points) for r in rows] == [
        ("cid", 1, 15),
        ("ann", 2, 15),
        ("bob", 3, 12),
    ]


# --- the site ---------------------------------------------------------------------------


def blitz_night() -> Event:
    """tests/eventfile/one_on_one/swiss_5_byes_drop.json imported (2026-11-21, finished)."""
    return import_event((FILES / "swiss_5_byes_drop.json").read_text(encoding="utf-8"))


def points_by_name(league: League) -> list[tuple[str, int, int]]:
    return [
        (item["player"].name, item["row"].rank, item["row"].points)
        for item in services.with_players(services.table(league))
    ]


@pytest.mark.django_db
def test_a_league_counts_brackets_only_by_default():
    event = blitz_night()
    league = League.objects.create(name="Liga", events_mode=League.Events.CHOSEN, **YEAR)
    league.chosen_events.add(event)
    assert league.structures == ["brackets"]
    assert services.table(league) == []


@pytest.mark.django_db
def test_a_chosen_imported_one_on_one_event_counts_by_the_rule():
    event = blitz_night()
    league = League.objects.create(
        name="Liga", events_mode=League.Events.CHOSEN, structures=BOTH, **YEAR
    )
    league.chosen_events.add(event)
    # By hand from the file: Ieva beat Jonas, lost to Laura, beat Mantas: 2-1-0 → 6.
    # Mantas: bye, beat Kestas, lost to Ieva: 2-1-0 → 6. Laura: drew, won, drew: 1-0-2 → 5.
    # Jonas: lost, bye, drew: 1-1-1 → 4. Kestas: drew, lost, dropped: 0-1-1 → 1.
    # Ieva and Mantas: equal points, best event and events played: they share rank 1.
    rows = points_by_name(league)
    assert sorted(rows[:2]) == [("Ieva", 1, 6), ("Mantas", 1, 6)]
    assert rows[2:] == [("Laura", 3, 5), ("Jonas", 4, 4), ("Kestas", 5, 1)]


@pytest.mark.django_db
def test_an_imported_one_on_one_event_not_chosen_does_not_count():
    blitz_night()
    league = League.objects.create(name="Liga", structures=BOTH, **YEAR)  # every event in range
    assert services.table(league) == []


@pytest.mark.django_db
def test_a_finished_site_event_counts_in_a_range_league(swiss_event, judge, second_judge):
    event = swiss_event(4, swiss_rounds=1, date=datetime.date(2026, 6, 1))
    league = League.objects.create(name="Liga", structures=["one-on-one"], **YEAR)
    rnd = rounds.seat_next_round(event, seed=3)
    winners = []
    for match in rnd.brackets.order_by("table"):
        winner = seated(match)[0]
        winners.append(winner.name)
        win(match, winner, judge, second_judge)
    rounds.close_round(rnd)
    assert services.table(league) == []  # not finished yet
    rounds.finish_event(event)
    # One Swiss round: each winner 1-0-0 → 3 points, each loser 0-1-0 → 0 (he took part).
    rows = points_by_name(league)
    assert sorted((name, points) for name, _rank, points in rows) == sorted(
        [(name, 3) for name in winners]
        + [(p.name, 0) for m in rnd.brackets.all() for p in seated(m) if p.name not in winners]
    )
    assert [rank for _name, rank, _points in rows] == [1, 1, 3, 3]


@pytest.mark.django_db
def test_the_form_keeps_the_structures_and_none_ticked_is_brackets_only():
    data = {"name": "Liga", "starts": "2026-01-01", "ends": "2026-12-31"}
    data |= {"events_mode": "range", "counting": "all", "qualify": 0}
    form = LeagueForm(data | {"structures": ["one-on-one", "brackets"]})
    assert form.is_valid(), form.errors
    assert form.save().structures == ["brackets", "one-on-one"]
    form = LeagueForm(data)
    assert form.is_valid(), form.errors
    assert form.save().structures == ["brackets"]


@pytest.mark.django_db
def test_the_league_page_and_the_api_say_what_counts(client):
    event = blitz_night()
    league = League.objects.create(
        name="Liga", events_mode=League.Events.CHOSEN, structures=BOTH, **YEAR
    )
    league.chosen_events.add(event)
    page = client.get(league.get_absolute_url())
    assert "Finished one-on-one events count too" in page.content.decode()
    body = json.loads(client.get(reverse("api-v1:league", args=[league.pk])).content)
    assert body["structures"] == BOTH
    assert body["table"][2]["name"] == "Laura" and body["table"][2]["points"] == 5
