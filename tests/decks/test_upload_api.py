"""The API's decklist write (POST events/{id}/registrations/{number}/decklist/): a typed list
or a CrossFire deck file, the same service as the page (lock, reason, history)."""

from pathlib import Path

import pytest
from django.urls import reverse

from tournament.accounts.api_tokens import make_token
from tournament.decks.models import Decklist

pytestmark = pytest.mark.usefixtures("cards_db")

CROSSFIRE = Path(__file__).resolve().parents[1] / "scoring" / "decks" / "crossfire"
GENCON = CROSSFIRE / "55-standard-gencon.cfd"


def bearer(raw: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {raw}"}


def url(registration) -> str:
    number = registration.player.player_number
    return reverse("api-v1:decklist_write", args=[registration.event_id, number])


def post(client, registration, body, raw):
    return client.post(url(registration), body, content_type="application/json", **bearer(raw))


def test_the_player_writes_a_list_in_crossfires_printed_notation(client, player, registration):
    _token, raw = make_token(player.user, "deck tool", ["read"])
    text = "Realm (1)\n    1st/001 Waterdeep, (FR)\nTotal Cards: 2\n"
    answer = post(client, registration, {"text": text}, raw)
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    # One card, the total line says 2 (SPEC §3: reported, never taken as a card), and the
    # 55-card size is not met.
    assert body["cards"] == 1 and body["status"] == "illegal" and body["changed"] is True
    codes = [p["code"] for p in body["problems"]]
    assert "total_count" in codes and "total_size" in codes
    assert Decklist.objects.get(registration=registration).text == text.strip()


def test_a_cfd_file_is_saved_as_its_typed_list(client, player, registration):
    _token, raw = make_token(player.user, "deck tool", ["read"])
    cfd = GENCON.read_bytes().decode("iso-8859-1")
    answer = post(client, registration, {"cfd": cfd}, raw)
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    # The GenCon list: 55 cards plus a dungeon (tempDeck has 56 pairs).
    assert body["cards"] == 56 and "RRc/16 Gib Kcir" in body["text"]


def test_suggestions_come_as_items(client, player, registration):
    _token, raw = make_token(player.user, "deck tool", ["read"])
    # "Dargent" is the part before the comma of Dargent, Silver Dragon (DL/030, a Monster):
    # no short name, so the card is suggested.
    body = post(client, registration, {"text": "Dargent"}, raw).json()
    (unknown,) = [p for p in body["problems"] if p["code"] == "unknown_card"]
    first = unknown["suggestions"][0]
    assert (first["name"], first["card_id"], first["type"]) == (
        "Dargent, Silver Dragon",
        "DL/030",
        "Monster",
    )


@pytest.mark.parametrize(
    "body",
    [
        {"cfd": "set tempDeck {{1st 1}"},
        {"cfd": "not a deck at all"},
        {"text": "Waterdeep", "cfd": "set tempDeck {{1st 1}}"},
        {"text": "x" * 20_001},
    ],
)
def test_bad_input_is_a_400_naming_the_field(client, player, registration, body):
    _token, raw = make_token(player.user, "deck tool", ["read"])
    answer = post(client, registration, body, raw)
    assert answer.status_code == 400, answer.content
    assert answer.json()["code"] == "invalid"


def test_another_players_list_needs_the_judge_scope(client, judge, registration):
    _token, read_only = make_token(judge.user, "feed", ["read"])
    refused = post(client, registration, {"text": "Waterdeep"}, read_only)
    assert refused.status_code == 403
    _token, judge_token = make_token(judge.user, "venue", ["read", "judge"])
    assert post(client, registration, {"text": "Waterdeep"}, judge_token).status_code == 200


def test_a_player_cannot_write_someone_elses_list(client, other_registration, player):
    _token, raw = make_token(player.user, "deck tool", ["read", "judge"])
    # A judge scope on the token gives no judge role in the event.
    assert post(client, other_registration, {"text": "Waterdeep"}, raw).status_code == 403
