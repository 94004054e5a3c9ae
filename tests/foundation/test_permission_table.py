"""Every write (page and API) × every role, against docs/permissions.md: the tables there
are the specification, read here. Each request runs in a savepoint rolled back after it, so
every role meets the same state (one running event, round 1 seated, a player's report
waiting at the bracket)."""

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.shortcuts import resolve_url
from django.test import Client
from django.urls import reverse

from tests.support.players import make_player
from tests.support.ranking import ranking_officer
from tournament.accounts.api_tokens import make_token
from tournament.events.models import Event, Registration
from tournament.results import services as results
from tournament.results.services import GameData
from tournament.rounds.services.rounds import drop_player, publish_round, seat_next_round

DOC = Path(__file__).resolve().parents[2] / "docs" / "permissions.md"
ROLES = ("public", "player", "seated", "dropped", "other judge", "judge", "organizer", "officer")
SCOPES = ("read", "judge", "organize")


def doc_table(heading: str) -> dict[str, dict[str, bool]]:
    """The table under ``## heading``: write → column → yes/no."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    columns = [c.strip() for c in rows[0].strip("|").split("|")][1:]
    table = {}
    for row in rows[2:]:
        cells = [c.strip() for c in row.strip("|").split("|")]
        table[cells[0].strip("`")] = {
            col: {"yes": True, "no": False}[cell]
            for col, cell in zip(columns, cells[1:], strict=True)
        }
    return table


@dataclass
class World:
    event: Event
    bracket: object
    report: object  # a seated player's waiting report of game 1
    people: dict  # role → Player (None: public)
    a: object
    c: object
    other_player: object


@pytest.fixture
def world(event, registered_players, judge, organizer, stranger) -> World:
    event.players_report_results = True
    event.players_confirm_reports = True
    event.save(update_fields=["players_report_results", "players_confirm_reports"])
    rnd = seat_next_round(event, seed=7)
    publish_round(rnd)
    bracket = rnd.brackets.order_by("table").first()
    a, b, c = (s.registration.player for s in bracket.seats.order_by("position"))
    drop_player(Registration.objects.get(event=event, player=b))
    other = rnd.brackets.exclude(pk=bracket.pk).first().seats.first().registration.player
    elsewhere = Event.objects.create(
        name="Other Open", date=event.date, venue="Truro", organizer=make_player("org2")
    )
    elsewhere.judges.add(stranger)
    report = results.report_result(
        bracket, GameData(c.pk, "victory", {str(a.pk): 3, str(c.pk): 6}), c, uuid.uuid4(), number=1
    ).entry
    officer = ranking_officer().player
    people = {
        "public": None,
        "player": other,
        "seated": a,
        "dropped": b,
        "other judge": stranger,
        "judge": judge,
        "organizer": organizer,
        "officer": officer,
    }
    return World(event, bracket, report, people, a, c, other)


def refused(response) -> bool:
    if response.status_code in (401, 403, 404):
        return True
    location = response.headers.get("Location", "")
    return response.status_code == 302 and location.startswith(resolve_url(settings.LOGIN_URL))


def differences(actual: dict, expected: dict) -> dict:
    """Who the site lets through (True) or turns away, where docs/permissions.md disagrees."""
    return {who: allowed for who, allowed in actual.items() if expected[who] != allowed}


def rolled_back(send: Callable[[], object]):
    with transaction.atomic():
        response = send()
        transaction.set_rollback(True)
    cache.clear()  # nothing a rolled-back write cached stays
    return response


# --- pages ----------------------------------------------------------------------------------


def game_form(w: World) -> dict:
    return {
        "key": str(uuid.uuid4()),
        "number": 1,
        "winner": str(w.a.pk),
        "ended_by": "victory",
        f"unrazed_{w.a.pk}": "6",
        f"unrazed_{w.c.pk}": "3",
    }


def bracket_args(w: World) -> list:
    return [w.event.pk, w.bracket.pk]


PAGES: dict[str, Callable[[World], tuple[str, dict]]] = {
    "enter a game (bracket page)": lambda w: (
        reverse("results:bracket", args=bracket_args(w)),
        game_form(w),
    ),
    "confirm an entry": lambda w: (
        reverse("results:confirm", args=[*bracket_args(w), w.report.pk]),
        {},
    ),
    "reject an entry": lambda w: (
        reverse("results:reject", args=[*bracket_args(w), w.report.pk]),
        {},
    ),
    "confirm the pending games": lambda w: (
        reverse("results:confirm_pending", args=bracket_args(w)),
        {},
    ),
    "report a game": lambda w: (reverse("results:report", args=bracket_args(w)), game_form(w)),
    "check players in": lambda w: (
        reverse("events:checkin", args=[w.event.pk]),
        {
            "registration": str(Registration.objects.get(player=w.other_player).pk),
            "checked_in": "0",
        },
    ),
    "drop a player": lambda w: (
        reverse("rounds:drop", args=[w.event.pk]),
        {"registration": str(Registration.objects.get(player=w.other_player).pk)},
    ),
    "seat the next round": lambda w: (reverse("rounds:seat", args=[w.event.pk]), {}),
    "close a round": lambda w: (reverse("rounds:close", args=[w.event.pk, 1]), {}),
    "finish the event": lambda w: (reverse("rounds:finish", args=[w.event.pk]), {}),
    "edit the event": lambda w: (reverse("events:edit", args=[w.event.pk]), {}),
    "change the judges": lambda w: (reverse("events:judges", args=[w.event.pk]), {}),
    "submit one's own decklist": lambda w: (
        reverse("decks:decklist", args=[w.event.pk]),
        {"text": "1 Waterdeep"},
    ),
    "edit a player's decklist": lambda w: (
        reverse(
            "decks:registration_decklist",
            args=[w.event.pk, Registration.objects.get(player=w.c).pk],
        ),
        {"text": "1 Waterdeep", "reason": "typo"},
    ),
    "add a late player": lambda w: (reverse("rounds:late_player", args=[w.event.pk]), {}),
    "record a no-show": lambda w: (
        reverse("rounds:no_show", args=[w.event.pk, 1]),
        {
            "bracket": str(w.bracket.pk),
            "registration": str(Registration.objects.get(player=w.a).pk),
            "confirmed": "1",
        },
    ),
    "take back a no-show": lambda w: (
        reverse("rounds:undo_no_show", args=[w.event.pk, 1]),
        {"bracket": str(w.bracket.pk)},
    ),
    "start the round clock": lambda w: (reverse("rounds:start_timer", args=[w.event.pk, 1]), {}),
    "call time": lambda w: (
        reverse("rounds:call_time", args=[w.event.pk, 1]),
        {"confirmed": "1"},
    ),
}


def test_the_page_table_names_every_page_write():
    assert set(doc_table("Pages")) == set(PAGES)


@pytest.mark.parametrize("write", sorted(PAGES))
def test_who_may_write_on_the_pages(world, write):
    expected = doc_table("Pages")[write]
    url, data = PAGES[write](world)
    actual = {}
    for role in ROLES:
        client = Client(raise_request_exception=False)
        if world.people[role] is not None:
            client.force_login(world.people[role].user)
        actual[role] = not refused(rolled_back(lambda c=client: c.post(url, data)))
    assert differences(actual, expected) == {}


# --- API ------------------------------------------------------------------------------------


def game_body(w: World) -> dict:
    return {
        "number": 1,
        "winner": w.a.player_number,
        "ended_by": "victory",
        "unrazed": {w.a.player_number: 6, w.c.player_number: 3},
    }


def number_of(w: World) -> str:
    return w.other_player.player_number


API: dict[str, Callable[[World], tuple[str, dict]]] = {
    "entries": lambda w: (reverse("api-v1:entries", args=bracket_args(w)), game_body(w)),
    "confirm_entry": lambda w: (
        reverse("api-v1:confirm_entry", args=[*bracket_args(w), w.report.pk]),
        {},
    ),
    "reports": lambda w: (reverse("api-v1:reports", args=bracket_args(w)), game_body(w)),
    "check_in": lambda w: (
        reverse("api-v1:check_in", args=[w.event.pk, number_of(w)]),
        {"checked_in": False},
    ),
    "drop": lambda w: (reverse("api-v1:drop", args=[w.event.pk, number_of(w)]), {}),
    "register": lambda w: (
        reverse("api-v1:register", args=[w.event.pk]),
        {"player_number": make_player(f"new{uuid.uuid4().hex[:6]}").player_number},
    ),
    "import_registrations": lambda w: (
        reverse("api-v1:import_registrations", args=[w.event.pk]),
        {},
    ),
    "event_settings": lambda w: (reverse("api-v1:event_settings", args=[w.event.pk]), {}),
    "event_status": lambda w: (reverse("api-v1:event_status", args=[w.event.pk]), {}),
    "event_judges": lambda w: (reverse("api-v1:event_judges", args=[w.event.pk]), {}),
    "seat_round": lambda w: (reverse("api-v1:seat_round", args=[w.event.pk]), {}),
    "reseat_round": lambda w: (reverse("api-v1:reseat_round", args=[w.event.pk, 1]), {}),
    "publish_round": lambda w: (
        reverse("api-v1:publish_round", args=[w.event.pk, 1]),
        {"published": True},
    ),
    "close_round": lambda w: (reverse("api-v1:close_round", args=[w.event.pk, 1]), {}),
    "reopen_round": lambda w: (reverse("api-v1:reopen_round", args=[w.event.pk, 1]), {}),
    "finish": lambda w: (reverse("api-v1:finish", args=[w.event.pk]), {}),
    "scoring_form": lambda w: (reverse("api-v1:scoring_form", args=[w.event.pk]), {}),
}


def api_post(url: str, body: dict, raw: str | None):
    client = Client(raise_request_exception=False)
    headers = {"HTTP_IDEMPOTENCY_KEY": str(uuid.uuid4())}
    if raw is not None:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {raw}"
    return client.post(url, body, content_type="application/json", **headers)


def test_the_api_tables_name_every_api_write():
    assert set(doc_table("API")) == set(API) == set(doc_table("API token scopes"))


@pytest.mark.parametrize("write", sorted(API))
def test_who_may_write_through_the_api(world, write):
    expected = doc_table("API")[write]
    tokens = {
        role: make_token(p.user, "all", list(SCOPES))[1] if p is not None else None
        for role, p in world.people.items()
    }
    actual = {}
    for role in ROLES:
        url, body = API[write](world)
        send = lambda u=url, b=body, r=tokens[role]: api_post(u, b, r)  # noqa: E731
        actual[role] = not refused(rolled_back(send))
    assert differences(actual, expected) == {}


@pytest.mark.parametrize("write", sorted(API))
def test_which_token_scope_each_api_write_needs(world, write):
    expected = doc_table("API token scopes")[write]
    actor = world.people["seated" if write == "reports" else "organizer"]
    actual = {}
    for scope in SCOPES:
        raw = make_token(actor.user, scope, [scope])[1]
        url, body = API[write](world)
        send = lambda u=url, b=body, r=raw: api_post(u, b, r)  # noqa: E731
        actual[scope] = not refused(rolled_back(send))
    assert differences(actual, expected) == {}
