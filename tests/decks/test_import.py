"""import_cards: counts, idempotence, updates from a newer file, and the DB card index."""

import csv
import shutil
from io import StringIO
from pathlib import Path

from django.conf import settings
from django.core.management import call_command

from scoring.cards import load_card_index
from scoring.deckformat import DeckFormat
from scoring.deckrules import validate_decklist
from tests.support.decks import DECKS
from tournament.decks.carddata import card_index_from_db, import_card_data
from tournament.decks.models import Card, CardIdentity, CardImport, CardName, CardSet, Placeholder
from tournament.decks.services.checking import check_stored
from tournament.decks.services.saving import save_decklist

DATA = Path(settings.CARD_DATA_DIR)


def _identity_keys() -> set[str]:
    with (DATA / "card_identities.csv").open(encoding="utf-8") as handle:
        return {row["identity_key"] for row in csv.DictReader(handle)}


# cards_international.csv: 21 Portuguese printings fail the same-number match; two of them are
# known English cards (POR/381 Ego Coin per 003, POR/154), 19 are Portuguese-edition cards.
PORTUGUESE_OWN = 21 - 2


def test_counts_match_the_data_set(cards_db):
    assert Card.objects.count() == 3839 + PORTUGUESE_OWN + 344
    assert Card.objects.filter(card_set__set_class="fan-br").count() == 344
    assert Card.objects.filter(card_set__code="POR").count() == PORTUGUESE_OWN
    csv_keys = _identity_keys()
    # the data README: Adventurers!, Siege! and Call to Arms! got identities of their own
    assert len(csv_keys) == 2506 + 3
    index = load_card_index(DATA)
    own = {c.identity_key for c in index.cards if c.is_fan_set or c.set_code == "POR"} - csv_keys
    assert CardIdentity.objects.count() == len(csv_keys) + len(own)
    assert CardName.objects.count() == 2125
    assert CardName.objects.filter(is_alias=True, set_code="POR").exists()
    assert Placeholder.objects.count() == 60
    assert CardSet.objects.filter(code="Carioca 2017", is_fan_set=True).exists()
    beetles = Card.objects.get(card_id="4th/234")
    assert beetles.identity.multiples_allowed and beetles.identity.deck_limit is None


def test_rerun_changes_nothing(cards_db):
    imports = CardImport.objects.count()
    out = StringIO()
    call_command("import_cards", str(DATA), stdout=out)
    assert "nothing changed" in out.getvalue()
    assert "cards: 4202 rows (0 created, 0 updated, 0 deleted)" in out.getvalue()
    assert CardImport.objects.count() == imports


def test_newer_file_updates_rows(cards_db, tmp_path):
    for name in DATA.iterdir():
        if name.is_file():
            shutil.copy(name, tmp_path / name.name)
    path = tmp_path / "cards.csv"
    text = path.read_text(encoding="utf-8")
    # A fact, not a text: the shipped card data has no texts. NO/001 Waterdeep is the first
    # row with these attributes.
    old = ",Coastal|Phase 2,"
    path.write_text(text.replace(old, ",Coastal|Phase 3,", 1), encoding="utf-8")
    before = card_index_from_db()
    result = import_card_data(tmp_path)
    assert result.counts["cards"].updated == 1 and result.counts["cards"].created == 0
    assert result.counts["identities"].changed is False
    assert Card.objects.get(card_id="NO/001").attributes == "Coastal|Phase 3"
    after = card_index_from_db()
    assert after is not before and after.by_id("NO/001").attributes == ("Coastal", "Phase 3")
    assert import_card_data(tmp_path).changed is False


def test_db_index_equals_csv_index(cards_db):
    db_index, csv_index = card_index_from_db(), load_card_index(DATA)
    assert db_index.cards == csv_index.cards
    assert db_index.identities.keys() == csv_index.identities.keys()
    for key, identity in csv_index.identities.items():
        db_identity = db_index.identities[key]
        # The database lists fan-set reprints among an identity's printings too.
        assert set(identity.card_ids) <= set(db_identity.card_ids)
        assert (db_identity.multiples_allowed, db_identity.deck_limit) == (
            identity.multiples_allowed,
            identity.deck_limit,
        )
    assert db_index.by_id("POR/7") == csv_index.by_id("POR/7")
    for path in sorted(DECKS.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        fmt = DeckFormat(55)
        assert validate_decklist(text, db_index, fmt) == validate_decklist(text, csv_index, fmt)


def test_missing_directory_is_an_error(db, tmp_path):
    from django.core.management.base import CommandError

    try:
        call_command("import_cards", str(tmp_path), stdout=StringIO())
    except CommandError as error:
        assert "missing" in str(error)
    else:  # pragma: no cover
        raise AssertionError("no error for an empty directory")


def _merged_adventurers(data: Path, target: Path) -> Path:
    """The card data as it was before Adventurers! got its own identity (one merged key)."""
    for name in data.iterdir():
        if name.is_file():
            shutil.copy(name, target / name.name)
    cards = (target / "cards.csv").read_text(encoding="utf-8")
    (target / "cards.csv").write_text(
        cards.replace(",Hero|adventurers!\n", ",Hero|adventurers\n"), encoding="utf-8"
    )
    identities = (target / "card_identities.csv").read_text(encoding="utf-8").splitlines(True)
    kept = [line for line in identities if not line.startswith("Hero|adventurers!,")]
    (target / "card_identities.csv").write_text("".join(kept), encoding="utf-8")
    return target


def test_identity_split_is_imported_and_old_lists_are_flagged(
    cards_db, tmp_path, event, player, registration
):
    old = _merged_adventurers(DATA, tmp_path)
    merged = import_card_data(old)
    assert merged.splits == {"Hero|adventurers!": ["Hero|adventurers"]}
    text = (DECKS / "legal_community_55.txt").read_text(encoding="utf-8")
    text = text.replace("Adventurers! (1st/053)", "Adventurers")
    decklist, _check, _changed = save_decklist(registration, player.user, text)
    assert decklist.status == "legal"  # one "Adventurers" card in the old data
    out = StringIO()
    call_command("import_cards", str(DATA), stdout=out)
    output = out.getvalue()
    # data README: Adventurers! NO/053 and Adventurers NO/056 are two identities now
    assert "identity Hero|adventurers split into Hero|adventurers, Hero|adventurers!" in output
    assert "the decklist of Pat Player" in output and "no longer legal" in output
    decklist.refresh_from_db()
    assert decklist.status == "illegal"
    check = check_stored(decklist, event)
    problem = check.problems[0]
    assert [p.code for p in check.problems] == ["ambiguous_card", "total_size"], check.problems
    assert problem.code == "ambiguous_card"
    assert problem.params["options"][0]["name"] == "Adventurers!"
    assert Card.objects.get(card_id="1st/053").identity.key == "Hero|adventurers!"
    again = StringIO()
    call_command("import_cards", str(DATA), stdout=again)
    assert "nothing changed" in again.getvalue() and "split" not in again.getvalue()
