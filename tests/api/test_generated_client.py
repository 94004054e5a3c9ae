"""A client generated from the served schema runs a whole event against a live server, with
no HTML: the schema is written (`manage.py spectacular`), `openapi-python-client` makes a
Python package of it, and the test drives the event through that package only.

The event, by hand from SPEC §4-§6: 13 players, so round 1 seats a table of 4 and three of
3 (13 = 4 + 3 + 3 + 3); at each table the first seat wins games 1 and 2 (6 unrazed realms,
the others 4, 3 and 2), each game entered by the organizer and confirmed by the judge's
matching entry (the two-official rule, §5); the 4 winners advance to a final of 4 (round
2), played the same way; its winner is 1st. Then the event is finished and its scoring
form sent.

It takes about 20 s (most of it writing the schema and generating the package; the event
itself a few seconds), so it runs in the normal suite."""

import base64
import datetime
import hashlib
import importlib
import secrets
import subprocess
import sys
import uuid
from urllib.parse import parse_qs, urlparse

import pytest
from django.core.management import call_command
from django.urls import reverse
from oauth2_provider.models import Application

from tournament.accounts.api_tokens import make_token

PACKAGE = "spellfire_api_client"


@pytest.fixture
def generated(tmp_path):
    """The client package generated from the schema, imported (and forgotten afterwards)."""
    schema = tmp_path / "schema.yaml"
    call_command("spectacular", "--file", str(schema))
    config = tmp_path / "config.yaml"
    config.write_text("post_hooks: []\n")  # no formatter run on the generated code
    subprocess.run(
        [
            sys.executable,
            "-m",
            "openapi_python_client",
            "generate",
            "--path",
            str(schema),
            "--meta",
            "none",
            "--output-path",
            str(tmp_path / PACKAGE),
            "--config",
            str(config),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    sys.path.insert(0, str(tmp_path))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def _api(package, name: str):
    return importlib.import_module(f"{package.__name__}.api.events.{name}")


def _model(package, name: str):
    return getattr(importlib.import_module(f"{package.__name__}.models"), name)


def oauth_token(client, user, scopes: str) -> str:
    """An app's access token for `user`, through the authorization code with PKCE (S256):
    the person allows the app on the consent page, the app trades code and verifier."""
    redirect = "https://bot.example/callback"
    app = Application.objects.create(
        name="League Bot",
        client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris=redirect,
        algorithm="",
    )
    verifier = secrets.token_urlsafe(48)
    digest = hashlib.sha256(verifier.encode()).digest()
    challenge = base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
    client.force_login(user)
    query = {
        "response_type": "code",
        "client_id": app.client_id,
        "redirect_uri": redirect,
        "scope": scopes,
        "code_challenge": challenge,
        "code_challenge_method": "S256",
    }
    page = client.get(reverse("oauth2_provider:authorize"), query)
    form = {k: v for k, v in page.context["form"].initial.items() if v is not None}
    allowed = client.post(reverse("oauth2_provider:authorize"), {**form, "allow": "Authorize"})
    code = parse_qs(urlparse(allowed["Location"]).query)["code"][0]
    client.logout()
    body = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": redirect,
        "client_id": app.client_id,
        "code_verifier": verifier,
    }
    return client.post(reverse("oauth2_provider:token"), body).json()["access_token"]


@pytest.mark.parametrize("boss_signs_in", ["personal token", "oauth"])
def test_a_generated_client_runs_an_event(
    generated, live_server, client, organizer, judge, boss_signs_in
):
    """The organizer's side with a personal token, or as an app he allowed through OAuth
    (the third run: a league bot's flow); the second official with a personal token."""
    api = lambda name: _api(generated, name)  # noqa: E731
    model = lambda name: _model(generated, name)  # noqa: E731
    if boss_signs_in == "oauth":
        boss_token = oauth_token(client, organizer.user, "read judge organize")
    else:
        _t, boss_token = make_token(organizer.user, "venue laptop", ["organize", "judge"])
    _t, judge_token = make_token(judge.user, "tablet", ["judge"])
    calls = []
    hooks = {"event_hooks": {"request": [calls.append]}}  # every HTTP request either sends
    boss = generated.AuthenticatedClient(
        base_url=live_server.url,
        token=boss_token,
        raise_on_unexpected_status=True,
        httpx_args=hooks,
    )
    helper = generated.AuthenticatedClient(
        base_url=live_server.url,
        token=judge_token,
        raise_on_unexpected_status=True,
        httpx_args=hooks,
    )
    Error = model("Error")

    def ok(answer, status: int = 200):
        assert answer.status_code == status, answer.content
        return answer.parsed

    event = ok(
        api("events_create").sync_detailed(
            client=boss,
            body=model("EventIn")(
                name="Generated Open", date=datetime.date(2026, 12, 12), venue="Library"
            ),
        ),
        201,
    )
    event_id = event.id
    assert event.status.value == "draft" and event.organizer == organizer.player_number
    changed = ok(
        api("events_settings_create").sync_detailed(
            event_id, client=boss, body=model("EventChangesIn")(capacity=16)
        )
    )
    assert changed.capacity == 16 and changed.name == "Generated Open"
    status_in = model("StatusIn")(status=model("StatusChangeEnum")("registration"))
    opened = ok(api("events_status_create").sync_detailed(event_id, client=boss, body=status_in))
    assert opened.status.value == "registration"
    ok(
        api("events_judges_create").sync_detailed(
            event_id, client=boss, body=model("JudgesIn")(judges=[judge.player_number])
        )
    )

    rows = "\n".join(f"Visitor {i}" for i in range(1, 14))
    imported = ok(
        api("events_registrations_import_create").sync_detailed(
            event_id, client=boss, body=model("ImportIn")(csv=f"name\n{rows}\n")
        ),
        201,
    )
    numbers = [r.player_number for r in imported.registered]
    assert len(numbers) == 13
    checked = ok(  # the whole list in one call (not one a player)
        api("events_registrations_check_in_many").sync_detailed(
            event_id, client=helper, body=model("BulkCheckInIn")(player_numbers=numbers)
        )
    )
    assert [r.checked_in for r in checked.registrations] == [True] * 13

    def play(round_number: int) -> list[str]:
        """Seat and publish the next round, play every table, close it; the winners."""
        seated = ok(api("events_rounds_seat_create").sync_detailed(event_id, client=boss), 201)
        assert seated.number == round_number
        refused = api("events_rounds_seat_create").sync_detailed(event_id, client=boss)
        assert refused.status_code == 409 and isinstance(refused.parsed, Error)
        ok(
            api("events_rounds_publish_create").sync_detailed(
                event_id, round_number, client=boss, body=model("PublishIn")(published=True)
            )
        )
        winners = []
        for bracket in seated.brackets:
            seats = [seat.player_number for seat in bracket.seats]
            a = seats[0]
            counts = dict(zip(seats, (6, 4, 3, 2), strict=False))
            for game_number in (1, 2):
                game = model("EntryIn")(
                    number=game_number,
                    winner=a,
                    ended_by=model("EndedByEnum")("victory"),
                    unrazed=model("EntryInUnrazed").from_dict(counts),
                )
                for client, status in ((boss, 201), (helper, 200)):
                    entry = ok(
                        api("events_brackets_entries_create").sync_detailed(
                            event_id,
                            bracket.id,
                            client=client,
                            body=game,
                            idempotency_key=str(uuid.uuid4()),
                        ),
                        status,
                    )
                assert entry.status == "confirmed"
            winners.append(a)
        closed = ok(
            api("events_rounds_close_create").sync_detailed(event_id, round_number, client=boss)
        )
        assert closed.state == "closed"
        return winners

    first_round = play(1)
    assert len(first_round) == 4  # 13 players: a table of 4 and three of 3
    (champion,) = play(2)  # the final: one table of the 4 winners
    assert champion in first_round

    finished = ok(api("events_finish_create").sync_detailed(event_id, client=boss))
    assert finished.status.value == "finished"
    sent = ok(
        api("events_scoring_form_create").sync_detailed(
            event_id, client=boss, body=model("ScoringFormIn")()
        )
    )
    assert sent.state == "submitted"
    standings = ok(api("events_standings_list").sync_detailed(event_id, client=boss))
    assert standings.results[0].player_number == champion
    assert standings.results[0].place == 1
    # 4 to set the event up, 2 to register and check 13 players in, 5 tables × 2 games × 2
    # officials' entries, 4 a round (seat, a refused seat, publish, close) twice, finish,
    # the scoring form and the standings
    assert len(calls) == 4 + 2 + 20 + 8 + 3 == 37
