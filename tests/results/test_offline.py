"""Server side of the judge's offline app: JSON answers for the queue, resends, worker, manifest.

Outcomes follow SPEC §5 (an entry waits for a second official unless the event allows single
entry; different entries of one game conflict; games are recorded in order).
"""

import json
import uuid

from django.contrib.staticfiles import finders
from django.urls import reverse

from tests.support.results import bracket_url, game_post
from tournament.results import services
from tournament.results.models import EntryStatus, Game, GameEntry
from tournament.results.offline import OFFLINE_HEADER

JSON = {"HTTP_ACCEPT": "application/json"}


def _queued_post(client, bracket, seated, counts, **kwargs):
    data = game_post(seated, counts, winner=seated[0], **kwargs)
    return client.post(bracket_url(bracket), data, **JSON)


def test_queued_entry_waits_for_a_second_judge(client_as, judge, bracket, seated):
    answer = _queued_post(client_as(judge), bracket, seated, [6, 4, 3])
    assert answer.status_code == 200
    assert answer.json()["state"] == "waiting"
    assert answer.json()["bracket_url"] == bracket_url(bracket)
    assert GameEntry.objects.get().status == EntryStatus.UNCONFIRMED


def test_queued_entry_in_single_entry_event_is_confirmed(
    client_as, judge, single_entry, bracket, seated
):
    answer = _queued_post(client_as(judge), bracket, seated, [6, 4, 3])
    assert answer.json()["state"] == "confirmed"
    assert Game.objects.count() == 1


def test_queued_entry_that_differs_from_another_judges_conflicts(
    client_as, judge, second_judge, bracket, seated
):
    _queued_post(client_as(second_judge), bracket, seated, [6, 5, 3])
    answer = _queued_post(client_as(judge), bracket, seated, [6, 4, 3])
    assert answer.json()["state"] == "conflict"
    assert GameEntry.objects.filter(status=EntryStatus.UNCONFIRMED).count() == 2


def test_queued_entry_refused_with_the_servers_reason(client_as, judge, bracket, seated):
    answer = _queued_post(client_as(judge), bracket, seated, [6, 4, 3], number=2)
    assert answer.status_code == 400
    assert answer.json() == {
        "state": "refused",
        "message": "Game 1 must be recorded before game 2.",
    }
    assert not GameEntry.objects.exists()


def test_queued_form_error_names_the_field(client_as, judge, bracket, seated):
    data = game_post(seated, [6, 4, 3], winner=seated[0])
    del data["winner"]
    answer = client_as(judge).post(bracket_url(bracket), data, **JSON)
    assert answer.json()["message"] == "Winner: Choose the winner, or draw."


def test_resend_after_a_lost_answer_returns_the_first_entry(
    client_as, judge, single_entry, bracket, seated
):
    # Game 1's answer was lost; game 2 was then entered from another device; the queue
    # resends game 1 with its key: the server finds the entry, nothing is counted twice.
    client = client_as(judge)
    key = uuid.uuid4()
    first = _queued_post(client, bracket, seated, [6, 4, 3], key=key)
    _queued_post(client, bracket, seated, [6, 5, 2], number=2)
    again = _queued_post(client, bracket, seated, [6, 4, 3], key=key)
    assert first.json()["state"] == again.json()["state"] == "confirmed"
    assert again.json()["message"] == (
        f"This submission was already received for table {bracket.table}."
    )
    assert again.json()["number"] == 1
    assert GameEntry.objects.count() == 2 and Game.objects.count() == 2


def test_resend_of_an_entry_rejected_meanwhile_says_so(
    client_as, judge, second_judge, bracket, seated
):
    key = uuid.uuid4()
    _queued_post(client_as(judge), bracket, seated, [6, 4, 3], key=key)
    entry = GameEntry.objects.get()
    reject = reverse("results:reject", args=[bracket.round.event_id, bracket.pk, entry.pk])
    client_as(second_judge).post(reject, **JSON)
    again = _queued_post(client_as(judge), bracket, seated, [6, 4, 3], key=key)
    assert again.json()["state"] == "rejected"
    assert "has since been rejected" in again.json()["message"]
    assert GameEntry.objects.count() == 1


def test_queued_confirmation(client_as, judge, second_judge, bracket, seated):
    _queued_post(client_as(judge), bracket, seated, [6, 4, 3])
    entry = GameEntry.objects.get()
    confirm = reverse("results:confirm", args=[bracket.round.event_id, bracket.pk, entry.pk])
    own = client_as(judge).post(confirm, **JSON)
    assert own.json()["state"] == "refused"
    assert "another judge or the organizer must confirm it" in own.json()["message"]
    answer = client_as(second_judge).post(confirm, **JSON)
    assert answer.json()["state"] == "confirmed"
    # A confirmation sent twice (its answer lost) changes nothing the second time.
    again = client_as(second_judge).post(confirm, **JSON)
    assert again.json() == {**answer.json(), "message": "Already confirmed by Cy Judge."}
    assert Game.objects.count() == 1


def test_only_judge_pages_opt_in_to_the_offline_cache(
    client_as, judge, player, event, bracket, seated
):
    client = client_as(judge)
    assert client.get(bracket_url(bracket))[OFFLINE_HEADER] == "judge-page"
    dashboard = client.get(reverse("results:dashboard", args=[event.pk]))
    assert dashboard[OFFLINE_HEADER] == "judge-page"
    # The dashboard lists every bracket page of the round for the app to keep.
    pages = dashboard.context["offline_pages"]
    assert bracket_url(bracket) in pages and len(pages) == 3
    standings = client.get(reverse("standings:event", args=[event.pk]))
    assert OFFLINE_HEADER not in standings
    public = client_as(player).get(bracket_url(bracket))
    assert public.status_code == 200 and OFFLINE_HEADER not in public
    assert b"offline-queue" not in public.content


def test_service_worker_is_served_from_the_root(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    config = json.loads(body.split("self.OFFLINE_CONFIG = ", 1)[1].split(";\n", 1)[0])
    assert "/static/css/results.css" in config["precache"]
    assert 'importScripts("/static/js/offline_sw.js")' in body


def test_manifest_names_the_app_and_its_icons(client):
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["name"] == "Spellfire judge" and data["display"] == "standalone"
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in data["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]


def test_only_a_live_send_leaves_a_message_for_the_next_page(
    client_as, judge, single_entry, bracket, seated
):
    client = client_as(judge)
    _queued_post(client, bracket, seated, [6, 4, 3])
    assert b"Game 1 is recorded" not in client.get(bracket_url(bracket)).content
    data = game_post(seated, [6, 5, 2], winner=seated[0], number=2)
    client.post(bracket_url(bracket), data, HTTP_X_QUEUE_LIVE="1", **JSON)
    assert b"Game 2 is recorded" in client.get(bracket_url(bracket)).content


def test_a_submission_key_is_scoped_to_its_bracket(judge, single_entry, round1):
    # The same key sent to two tables is two submissions: the second table stores its own
    # game instead of answering "already received" with nothing stored.
    first, second = round1.brackets.order_by("table")[:2]
    key = uuid.uuid4()
    for bracket in (first, second):
        seats = [s.registration.player for s in bracket.seats.order_by("position")]
        data = services.GameData(seats[0].pk, "victory", {str(p.pk): 4 for p in seats})
        data.unrazed[str(seats[0].pk)] = 6
        outcome = services.submit_entry(bracket, data, judge, key, number=1)
        assert outcome.created
    assert Game.objects.filter(bracket=second).count() == 1


def test_a_game_sent_to_a_closed_round_is_refused_in_the_judges_language(
    client_as, judge, round1, bracket, seated
):
    """A copy kept during round 1, sent after round 1 closed (and its brackets were decided
    without this entry): nothing is saved, and the judge reads why in the language he chose,
    whatever his phone's Accept-Language."""
    import random

    from tournament.accounts import preferences
    from tournament.rounds.services.rounds import close_round
    from tournament.rounds.simulate import play_round

    play_round(round1, random.Random(3))
    close_round(round1)
    games = Game.objects.filter(bracket=bracket).count()
    preferences.keep(judge.user, language="pt-br")
    client = client_as(judge)
    data = game_post(seated, [6, 4, 3], winner=seated[0], number=games + 1)
    answer = client.post(bracket_url(bracket), data, HTTP_ACCEPT_LANGUAGE="en-US", **JSON)
    assert answer.status_code == 400
    assert answer.json() == {
        "state": "refused",
        "message": f"A rodada 1 está fechada: não é mais possível lançar uma nova partida na "
        f"mesa {bracket.table}. Nada foi salvo.",
    }
    assert Game.objects.filter(bracket=bracket).count() == games
    assert not GameEntry.objects.exists()
