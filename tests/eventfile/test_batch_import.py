"""Past years brought in by a ranking officer: a zip of event files, each imported on its own
through the same checks, refused files named with their reasons, the rest untouched."""

import io
import zipfile

import pytest
from django.urls import reverse

from tests.support.eventfile import DATA
from tests.support.players import make_player
from tests.support.ranking import ranking_officer
from tournament.eventfile import batch
from tournament.eventfile.models import ImportedEvent
from tournament.events.models import Event


def zipped(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return buffer.getvalue()


@pytest.fixture
def officer(db):
    return ranking_officer()  # an account with a player profile, in the officers' group


def upload(client, data: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    archive = SimpleUploadedFile("past.zip", data, content_type="application/zip")
    return client.post(reverse("eventfile:batch_import"), {"archive": archive}, follow=True)


def test_each_file_is_imported_on_its_own_and_a_refused_one_says_why(client, officer):
    valid = (DATA / "spec_example.json").read_bytes()
    invalid = sorted(DATA.glob("invalid_*.json"))[0].read_bytes()
    client.force_login(officer)
    page = upload(client, zipped({"2019/a.json": valid, "2019/b.json": invalid, "notes.txt": b"x"}))
    text = page.content.decode()
    assert page.status_code == 200
    assert "1 of 2 files imported" in text and "1 refused" in text
    assert "This is not a valid event file; nothing was imported." in text
    assert "Left out (not .json): notes.txt" in text
    assert Event.objects.count() == 1
    # The imported event carries the review's "imported" flag like any other import.
    assert ImportedEvent.objects.filter(event=Event.objects.get()).exists()


def test_only_ranking_officers_import_a_zip(client, db):
    player = make_player("someone")
    client.force_login(player.user)
    assert client.get(reverse("eventfile:batch_import")).status_code == 403


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"not a zip at all", "This is not a zip file."),
        (zipped({"readme.txt": b"x"}), "The zip holds no .json event file."),
    ],
)
def test_a_zip_that_cannot_be_imported_is_refused_with_the_reason(client, officer, data, message):
    client.force_login(officer)
    page = upload(client, data)
    assert message in page.content.decode()
    assert Event.objects.count() == 0


def test_declared_sizes_are_checked_before_anything_is_read(monkeypatch):
    monkeypatch.setattr(batch, "MAX_FILES", 2)
    data = zipped({f"{n}.json": b"{}" for n in range(3)})
    with pytest.raises(batch.BatchError, match=r"At most 2 event files per zip\."):
        batch.event_files(data)
    monkeypatch.setattr(batch, "MAX_FILE_BYTES", 10)
    with pytest.raises(batch.BatchError, match="Too large"):
        batch.event_files(zipped({"big.json": b"x" * 11}))
