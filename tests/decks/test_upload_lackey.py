"""LackeyCCG deck files (`.dek`) and deck files pasted into the text box, on the player's and
the judge's decklist pages, in `validate_deck` and in the API's decklist write (SPEC §3).
Bad input (entities, external references, a billion-laughs payload, 10 MB, binary data) gets
a clear message and nothing is saved."""

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.decks.test_upload import GENCON, list_url, my_url, run, upload
from tests.decks.test_upload_api import post
from tournament.accounts.api_tokens import make_token
from tournament.decks.models import Decklist

LACKEY = Path(__file__).resolve().parents[1] / "scoring" / "decks" / "lackey"
SMALL = LACKEY / "small_with_sideboard.dek"
LEGAL_55 = LACKEY / "legal_community_55.dek"
HOSTILE = ["entity.dek", "external_dtd.dek", "external_entity.dek", "billion_laughs.dek"]

pytestmark = pytest.mark.usefixtures("cards_db")


def saved(registration) -> Decklist | None:
    return Decklist.objects.filter(registration=registration).exclude(text="").first()


def test_player_uploads_a_dek_file_saved_as_its_typed_list(client_as, event, player, registration):
    response = client_as(player).post(my_url(event), {"text": "", "upload": upload(LEGAL_55)})
    assert response.status_code == 302
    decklist = saved(registration)
    # 55 <card> elements: the typed list holds them, the 3 Shaqat Beetles counted on one line.
    assert decklist.card_count == 55 and "3 Shaqat Beetles (4th)" in decklist.text
    assert decklist.status == Decklist.Status.LEGAL


def test_judge_uploads_a_dek_file_for_a_player(client_as, event, judge, registration):
    response = client_as(judge).post(list_url(registration), {"text": "", "upload": upload(SMALL)})
    assert response.status_code == 302
    text = saved(registration).text
    assert "Sideboard:" in text and "2 Shaqat Beetles (4th)" in text


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_dek_files_are_refused_and_nothing_saved(
    client_as, event, player, registration, name
):
    response = client_as(player).post(my_url(event), {"text": "", "upload": upload(LACKEY / name)})
    assert response.status_code == 200
    assert "This file is not a LackeyCCG deck file (.dek) that can be read safely" in (
        response.content.decode()
    )
    assert saved(registration) is None


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"<deck>" + b"x" * (10 * 1024 * 1024), "The file is too large"),
        (b"<deck>\x00\x01\x02", "This file is not a text file or a deck file"),
    ],
)
def test_huge_or_binary_dek_files_are_refused(
    client_as, event, player, registration, content, message
):
    bad = SimpleUploadedFile("deck.dek", content)
    response = client_as(player).post(my_url(event), {"text": "", "upload": bad})
    assert response.status_code == 200 and message in response.content.decode()
    assert saved(registration) is None


def test_a_cfd_pasted_into_the_box_is_read_as_the_file(client_as, event, player, registration):
    cfd = GENCON.read_bytes().decode("iso-8859-1")
    response = client_as(player).post(my_url(event), {"text": cfd})
    assert response.status_code == 302
    text = saved(registration).text
    # cards.csv: CrossFire's RR raw 116 is RRc/16 Gib Kcir (the GenCon list's chase card).
    assert "RRc/16 Gib Kcir" in text and "tempDeck" not in text


def test_a_dek_pasted_into_the_box_is_read_as_the_file(client_as, event, player, registration):
    live = client_as(player).post(
        reverse("decks:validate", args=[event.pk]), {"text": SMALL.read_text(encoding="utf-8")}
    )
    html = live.content.decode()
    assert "Shaqat Beetles" in html and "superzone" not in html
    client_as(player).post(my_url(event), {"text": SMALL.read_text(encoding="utf-8")})
    assert "<deck" not in saved(registration).text


def test_a_100000_character_line_is_refused_with_its_line_number(
    client_as, event, player, registration
):
    text = "Waterdeep\nCormyr\n" + "x" * 100_000
    response = client_as(player).post(my_url(event), {"text": text})
    assert response.status_code == 200
    assert "Line 3 is too long (100000 characters" in response.content.decode()
    assert saved(registration) is None


def test_validate_deck_reads_a_dek_path():
    code, doc, _err = run(str(LEGAL_55))
    assert (code, doc["resolved"], doc["total"], doc["is_legal"]) == (0, True, 55, True)


@pytest.mark.parametrize("name", HOSTILE)
def test_validate_deck_refuses_a_hostile_dek(name):
    code, doc, err = run(str(LACKEY / name))
    assert code == 2 and doc is None and "document type or entities" in err


def test_the_api_takes_a_dek_file(client, player, registration):
    _token, raw = make_token(player.user, "deck tool", ["read"])
    answer = post(client, registration, {"dek": LEGAL_55.read_text(encoding="utf-8")}, raw)
    assert answer.status_code == 200, answer.json()
    assert answer.json()["cards"] == 55 and answer.json()["status"] == "legal"


@pytest.mark.parametrize("name", HOSTILE)
def test_the_api_refuses_a_hostile_dek(client, player, registration, name):
    _token, raw = make_token(player.user, "deck tool", ["read"])
    answer = post(client, registration, {"dek": (LACKEY / name).read_text()}, raw)
    assert answer.status_code == 400 and "dek" in answer.content.decode()
    assert saved(registration) is None


def test_validate_deck_says_how_each_line_was_read(tmp_path):
    # Eauprofonde is FRN/001, the French Waterdeep (its latest printing 3rd/001); the
    # post's first line is its title.
    path = tmp_path / "post.txt"
    path.write_text("Deck do Zé — Campeão Carioca\nEauprofonde\n120 1st Ed. Nyrond\n", "utf-8")
    _code, doc, _err = run(str(path))
    assert doc["title"] == "Deck do Zé — Campeão Carioca"
    first, second = doc["cards"]
    assert (first["card_id"], first["written"]) == ("3rd/001", "Eauprofonde")
    assert "French name of Waterdeep" in first["note"]
    assert (second["card_id"], second["note"]) == ("1st/120", "")  # a web table's row
