"""Decklist files on the player's and the judge's decklist pages (SPEC §3: the CrossFire deck
file `.cfd` and text lists), the command `validate_deck` with a `.cfd` path, and suggestions
shown one card per item."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from tournament.decks.models import Decklist
from tournament.decks.services.checking import MAX_UPLOAD_BYTES

CROSSFIRE = Path(__file__).resolve().parents[1] / "scoring" / "decks" / "crossfire"
# CrossFire's 1st Edition starter deck E-1: 55 cards of the 1st edition (tempDeck), e.g.
# `{1st 193}` (1st/193) first; tempDeckTitle "1st Edition Starter Deck E-1".
STARTER = CROSSFIRE / "55-1st-edition-starter-1st-edition-starter-deck-e-1.cfd"
# The 1999 GenCon list: chase cards written with CrossFire's raw numbers ({RR 116} is RRc/16).
GENCON = CROSSFIRE / "55-standard-gencon.cfd"

pytestmark = pytest.mark.usefixtures("cards_db")


def my_url(event):
    return reverse("decks:decklist", args=[event.pk])


def list_url(registration):
    return reverse("decks:registration_decklist", args=[registration.event_id, registration.pk])


def upload(path: Path, name: str | None = None) -> SimpleUploadedFile:
    return SimpleUploadedFile(name or path.name, path.read_bytes())


def test_player_uploads_a_cfd_file_and_it_is_saved_as_its_typed_list(
    client_as, event, player, registration
):
    response = client_as(player).post(my_url(event), {"text": "", "upload": upload(STARTER)})
    assert response.status_code == 302
    decklist = Decklist.objects.get(registration=registration)
    lines = decklist.text.splitlines()
    assert lines[0] == "# 1st Edition Starter Deck E-1"
    assert "1st/193 " in decklist.text  # the file's first pair, {1st 193}
    assert decklist.card_count == 55


def test_chase_cards_of_a_cfd_file_by_their_raw_numbers(client_as, event, player, registration):
    client_as(player).post(my_url(event), {"text": "", "upload": upload(GENCON)})
    text = Decklist.objects.get(registration=registration).text
    # cards.csv: RR raw 116 is RRc/16 Gib Kcir; 1st raw 450 is 1stc/10 Delsenora.
    assert "RRc/16 Gib Kcir" in text and "1stc/10 Delsenora" in text


def test_judge_uploads_a_text_file_for_a_player(client_as, event, judge, registration):
    text_file = SimpleUploadedFile("deck.txt", b"Realms (1):\nWaterdeep (1st/001)\n")
    response = client_as(judge).post(list_url(registration), {"text": "", "upload": text_file})
    assert response.status_code == 302
    assert Decklist.objects.get(registration=registration).text.startswith("Realms (1):")


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("deck.pdf", b"%PDF-1.4", "a LackeyCCG deck file (.dek) or a text file (.txt), not"),
        ("deck.cfd", b"set tempDeck {{1st 1}", "This file is not a CrossFire deck file"),
        ("deck.cfd", b"set tempDeck {{1st x}}", "This file is not a CrossFire deck file"),
        ("deck.txt", b"\x00\x01\x02", "This file is not a text file"),
        ("deck.txt", b"x" * (MAX_UPLOAD_BYTES + 1), "The file is too large"),
    ],
)
def test_bad_files_get_a_clear_message_never_a_500(
    client_as, event, player, registration, name, content, message
):
    bad = SimpleUploadedFile(name, content)
    response = client_as(player).post(my_url(event), {"text": "", "upload": bad})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Decklist.objects.filter(registration=registration).exclude(text="").exists()


def test_the_form_posts_files(client_as, event, player, registration):
    page = client_as(player).get(my_url(event)).content.decode()
    assert 'enctype="multipart/form-data"' in page and 'name="upload"' in page


def test_suggestions_are_separate_items_on_the_page(client_as, event, player, registration):
    live = client_as(player).post(reverse("decks:validate", args=[event.pk]), {"text": "Kiri"})
    html = live.content.decode()
    # "Kiri, Avatar of Kiri-Jolith" (PO/079) is one item, not split at its comma.
    assert '<ul class="deck-choices">' in html
    assert (
        "<li><strong>Kiri, Avatar of Kiri-Jolith</strong> (Cleric, level 14, PO/079)</li>" in html
    )


def run(*args: str) -> tuple[int, dict | None, str]:
    """call_command with the exit code, the parsed JSON and stderr."""
    out, err = StringIO(), StringIO()
    code = 0
    try:
        call_command("validate_deck", *args, stdout=out, stderr=err)
    except SystemExit as exit_:
        code = exit_.code
    except CommandError as error:
        return error.returncode, None, str(error)
    text = out.getvalue()
    return code, json.loads(text) if text.strip() else None, err.getvalue()


def test_validate_deck_reads_a_cfd_path_like_a_text_file():
    code, doc, _err = run(str(STARTER))
    # The starter deck: 55 cards of the 1st edition, its problems are the format's, not reading.
    assert doc["resolved"] is True and doc["total"] == 55
    assert code in (0, 1)
    assert {c["card_id"] for c in doc["cards"]} >= {"1st/193"}


def test_validate_deck_blitz_defaults_to_25_cards(tmp_path):
    deck = Path(__file__).resolve().parents[1] / "scoring" / "decks" / "legal_newbie_25.txt"
    code, doc, _err = run(str(deck), "--rules", "blitz")
    assert code == 0 and doc["format"]["size"] == 25 and doc["format"]["rules"] == "blitz"


def test_validate_deck_refuses_a_broken_cfd(tmp_path):
    path = tmp_path / "broken.cfd"
    path.write_bytes(b"set tempDeck {{RR 116}")
    code, doc, err = run(str(path))
    assert code == 2 and doc is None and "not a CrossFire deck file" in err
