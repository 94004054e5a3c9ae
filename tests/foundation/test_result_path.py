"""A result's path (docs/ARCHITECTURE.md, "A result's path"): the project files whose code
runs while a judge's game, posted through the API, is confirmed and reaches the stored
standings, traced as it runs, are exactly the files the docs list, and at most 20.

Left out, as the docs say: what every API request runs (traced the same way on a token's
GET of the API's index, the index's own view left in), what runs at import, and the other
subscribers of the same happenings (only the standings' handler of `GamesConfirmed` stays
subscribed while the game is traced)."""

import re
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from celery import current_app
from django.test import Client
from django.urls import reverse

from tests.support.api import post_json
from tests.support.results import seated
from tournament.accounts.api_tokens import make_token
from tournament.accounts.models import ApiToken
from tournament.core import happenings
from tournament.results.happenings import GamesConfirmed
from tournament.rounds.services import rounds
from tournament.standings import handlers, recompute

pytestmark = pytest.mark.django_db

PROJECT = Path(__file__).resolve().parents[2] / "tournament"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "ARCHITECTURE.md"
MOST_FILES = 20


@contextmanager
def traced(files: set[str]):
    """Record the project files (relative to `tournament/`) whose functions are called."""
    root = str(PROJECT) + "/"

    def profile(frame, event, arg):
        if event == "call" and frame.f_code.co_name != "<module>":
            name = frame.f_code.co_filename
            if name.startswith("<"):  # made at import (a dataclass's __init__): its module's
                name = frame.f_globals.get("__file__") or name
            if name.startswith(root):
                files.add(name[len(root) :])

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield files
    finally:
        sys.setprofile(previous)


@pytest.fixture
def only_the_standings_handler(monkeypatch):
    monkeypatch.setattr(happenings, "_handlers", {GamesConfirmed: [handlers.games_confirmed]})


@pytest.fixture(params=["broker", "no broker"])
def broker(request, monkeypatch):
    """Both ways the pipeline runs (docs/recompute.md): the re-rank deferred to the worker,
    or everything in the write's transaction."""
    eager = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = request.param == "no broker"
    monkeypatch.setattr(recompute, "queue_rerank", lambda event_id: False)
    yield request.param
    current_app.conf.task_always_eager = eager


def documented(heading: str) -> set[str]:
    """The files of the docs' table under `heading` (each row's second column)."""
    section = re.split(r"\n##+ ", DOCS.read_text().split(heading + "\n", 1)[1], maxsplit=1)[0]
    return set(re.findall(r"^\| \d+ \| `([^`]+)` \|", section, re.M))


# Every request with a body reads it through the parsers, every URL with ids converts them;
# the index's GET has neither.
EVERY_REQUEST_TOO = {"api/parsers.py", "core/converters.py"}


# Announced once the figures are stored (its subscribers are others' work).
AFTER_THE_STORE = {"standings/happenings.py"}


def every_request(client: Client, token: str) -> set[str]:
    files: set[str] = set()
    with traced(files):
        answer = client.get(reverse("api-v1:index"), HTTP_AUTHORIZATION=f"Bearer {token}")
    assert answer.status_code == 200
    return (files - {"api/views.py"}) | EVERY_REQUEST_TOO | AFTER_THE_STORE


def posted_path(bracket, judges, numbers: dict) -> set[str]:
    """Game 2 of the bracket posted by one judge and confirmed by the other (game 1 first,
    untraced, so that tokens and the event's judges are what a running event has)."""
    client = Client()
    tokens = [make_token(j.user, "t", [ApiToken.Scope.JUDGE])[1] for j in judges]
    url = reverse("api-v1:entries", args=[bracket.round.event_id, bracket.pk])

    def post(token, number, winner):
        body = {"number": number, "winner": winner, "ended_by": "victory", "unrazed": numbers}
        body["unrazed"] = {n: (6 if n == winner else 2) for n in numbers}
        answer = post_json(client, url, body, token)
        assert answer.status_code in (200, 201), answer.content
        return answer.json()["status"]

    first, second = list(numbers)[:2]
    post(tokens[0], 1, first), post(tokens[1], 1, first)
    assert post(tokens[0], 2, second) == "unconfirmed"
    shared = every_request(client, tokens[1])
    files: set[str] = set()
    with traced(files):
        assert post(tokens[1], 2, second) == "confirmed"
    return files - shared


def test_a_bracket_game_takes_the_documented_path(
    broker, only_the_standings_handler, bracket, judge, second_judge
):
    numbers = {p.player_number: 0 for p in seated(bracket)}
    files = posted_path(bracket, (judge, second_judge), numbers)
    assert files == documented("### A bracket event's game")
    assert len(files) <= MOST_FILES


def test_a_one_on_one_game_takes_the_documented_path(
    broker, only_the_standings_handler, swiss_event, judge, second_judge
):
    event = swiss_event(4, best_of=3, swiss_rounds=2)
    rnd = rounds.seat_next_round(event, seed=4)
    rounds.publish_round(rnd)
    match = rnd.brackets.order_by("table").first()
    numbers = {p.player_number: 0 for p in seated(match)}
    files = posted_path(match, (judge, second_judge), numbers)
    assert files == documented("### A one-on-one event's game")
    assert len(files) <= MOST_FILES
