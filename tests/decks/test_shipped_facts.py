"""The card facts shipped in carddata/: equal to the reference data set row for row (texts
aside), reproduced by the converter from CrossFire, imported without texts; and
`import_cards --crossfire` on a CrossFire checkout (facts and texts)."""

from __future__ import annotations

import csv
import os
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from scoring.cards import SHIPPED_DATA_DIR, is_generic_artifact_text, load_card_index
from scoring.crossfire.database import TEXT_COLUMNS, convert, write_facts
from scoring.deckrules import is_generic_artifact
from tournament.decks.carddata import card_index_from_db
from tournament.decks.models import Card, CardImport, CardName

REPO = Path(__file__).resolve().parents[2]
REFERENCE = REPO.parent / "shared" / "data"
FIXTURE_CHECKOUT = REPO / "tests" / "scoring" / "crossfire" / "checkout"
CONVERTED = (
    "sets.csv",
    "cards.csv",
    "card_identities.csv",
    "cards_international.csv",
    "placeholders.csv",
    "types.csv",
    "worlds.csv",
    "attributes.csv",
)
SUPPLEMENT = "supplement_br_fan_sets_gilsouza.csv"

needs_reference = pytest.mark.skipif(
    not (REFERENCE / "cards.csv").is_file(), reason="no reference data set beside the repository"
)
CROSSFIRE_DIR = os.environ.get("CROSSFIRE_DIR", "")
needs_crossfire = pytest.mark.skipif(
    not CROSSFIRE_DIR, reason="CROSSFIRE_DIR does not name a CrossFire checkout"
)


def _rows(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    with path.open(newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        return list(reader.fieldnames or []), list(reader)


def test_every_file_is_shipped():
    for name in (*CONVERTED, SUPPLEMENT, "README.md"):
        assert (SHIPPED_DATA_DIR / name).is_file(), name
    assert SHIPPED_DATA_DIR == REPO / "carddata"


@pytest.mark.parametrize("name", CONVERTED)
def test_no_text_is_shipped(name):
    columns, _ = _rows(SHIPPED_DATA_DIR / name)
    assert not TEXT_COLUMNS & set(columns)


@needs_reference
@pytest.mark.parametrize("name", CONVERTED)
def test_shipped_facts_equal_the_reference_row_for_row(name):
    ref_columns, ref_rows = _rows(REFERENCE / name)
    columns, rows = _rows(SHIPPED_DATA_DIR / name)
    facts = [c for c in ref_columns if c not in TEXT_COLUMNS]
    # Same columns, in the same order, minus the texts; cards.csv adds generic_artifact.
    assert [c for c in columns if c != "generic_artifact"] == facts
    assert len(rows) == len(ref_rows)
    for number, (row, ref) in enumerate(zip(rows, ref_rows, strict=True), start=2):
        assert {c: row[c] for c in facts} == {c: ref[c] for c in facts}, f"{name} line {number}"


@needs_reference
def test_the_supplement_is_shipped_as_it_is():
    assert (SHIPPED_DATA_DIR / SUPPLEMENT).read_bytes() == (REFERENCE / SUPPLEMENT).read_bytes()


@needs_reference
def test_generic_artifact_is_what_the_reference_texts_say():
    _columns, ref_rows = _rows(REFERENCE / "cards.csv")
    _columns, rows = _rows(SHIPPED_DATA_DIR / "cards.csv")
    for row, ref in zip(rows, ref_rows, strict=True):
        expected = is_generic_artifact_text(ref["type"], ref["world"], ref["text"])
        assert row["generic_artifact"] == ("1" if expected else "0"), ref["card_id"]
    generic = {row["card_id"] for row in rows if row["generic_artifact"] == "1"}
    # 4th/457 "can be attached to any champion"; 4th/520 carries the TSR logo.
    assert {"4th/457", "4th/520", "AR/002"} <= generic and "1st/093" not in generic


@needs_crossfire
def test_the_converter_reproduces_the_shipped_files(tmp_path):
    write_facts(convert(Path(CROSSFIRE_DIR)), tmp_path)
    for name in CONVERTED:
        assert (tmp_path / name).read_bytes() == (SHIPPED_DATA_DIR / name).read_bytes(), name


# --- the database ---


def test_imported_facts_claim_no_text(cards_db, settings):
    assert Path(settings.CARD_DATA_DIR) == SHIPPED_DATA_DIR
    assert Card.objects.count() > 4000
    # No TSR or community card has a text; the Brazilian supplement's own fan-written texts
    # (MIT) ship with it as it is.
    official = Card.objects.exclude(card_set__set_class="fan-br")
    assert official.count() == 3839 + 19  # with the Portuguese-edition cards of their own
    assert not official.exclude(text="").exists()
    index = card_index_from_db()
    assert is_generic_artifact(index.by_id("4th/457"))  # World War! still knows it
    assert not is_generic_artifact(index.by_id("1st/093"))
    assert Card.objects.get(card_id="4th/520").generic_artifact
    assert index.identity("Ally|shaqatbeetles").deck_limit is None


def test_import_from_a_crossfire_checkout_brings_texts(db):
    out = StringIO()
    call_command("import_cards", "--crossfire", str(FIXTURE_CHECKOUT), stdout=out)
    assert "cards: " in out.getvalue() and "Card data imported" in out.getvalue()
    waterdeep = Card.objects.get(card_id="1st/001")
    assert waterdeep.text == "Any champion can use wizard spells when defending Waterdeep."
    assert Card.objects.get(card_id="4th/457").generic_artifact
    assert Card.objects.get(card_id="1stc/01").name == "Sakornia"
    assert Card.objects.get(card_id="3rd/054").identity.deck_limit is None  # War Party
    # The Brazilian supplement comes from carddata/ (CrossFire does not have it).
    assert Card.objects.filter(card_set__set_class="fan-br").count() == 344
    summon = CardName.objects.get(card_id="POR/097")
    assert summon.name == "Convocação"
    assert CardImport.objects.latest("pk").source.startswith("CrossFire checkout ")


def test_a_folder_that_is_not_crossfire_is_a_clear_error(db, tmp_path):
    with pytest.raises(CommandError, match="is not a CrossFire checkout"):
        call_command("import_cards", "--crossfire", str(tmp_path), stdout=StringIO())
    with pytest.raises(CommandError, match="not both"):
        call_command("import_cards", str(tmp_path), "--crossfire", str(tmp_path), stdout=StringIO())


def test_missing_data_says_what_to_do(db, tmp_path):
    with pytest.raises(CommandError) as error:
        call_command("import_cards", str(tmp_path), stdout=StringIO())
    message = str(error.value)
    assert "missing sets.csv" in message
    assert "carddata/" in message and "--crossfire" in message
    assert "SPELLFIRE_CARD_DATA" in message and '"The card data set"' not in message


@needs_crossfire
@needs_reference
def test_import_from_crossfire_gives_the_reference_identities_limits_and_avatars(db):
    call_command("import_cards", "--crossfire", CROSSFIRE_DIR, stdout=StringIO())
    imported, reference = card_index_from_db(), load_card_index(REFERENCE)
    assert imported.identities.keys() == reference.identities.keys()
    for key, identity in reference.identities.items():
        got = imported.identities[key]
        assert (got.multiples_allowed, got.deck_limit) == (
            identity.multiples_allowed,
            identity.deck_limit,
        ), key
    assert {c.card_id for c in imported.cards if c.is_avatar} == {
        c.card_id for c in reference.cards if c.is_avatar
    }
    assert [(c.card_id, c.identity_key, c.text) for c in imported.cards] == [
        (c.card_id, c.identity_key, c.text) for c in reference.cards
    ]


def _checked(client, event, text: str) -> str:
    response = client.post(reverse("decks:validate", args=[event.pk]), {"text": text})
    assert response.status_code == 200
    return response.content.decode()


def test_a_deck_check_shows_texts_only_when_they_were_imported(
    cards_db, client_as, event, player, registration
):
    client = client_as(player)
    body = _checked(client, event, "1st/001 Waterdeep")
    assert "Waterdeep" in body and "card-text" not in body  # the shipped facts: no text
    call_command("import_cards", "--crossfire", str(FIXTURE_CHECKOUT), stdout=StringIO())
    body = _checked(client, event, "1st/001 Waterdeep")
    assert '<details class="card-text"><summary>Card text</summary>' in body
    assert "Any champion can use wizard spells when defending Waterdeep." in body
