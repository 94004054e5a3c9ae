"""`manage.py backup` and `restore`: a round trip gives back the same standings and the same
stored files; a wrong archive is refused with the reason. (CI's deploy check does the same
round trip on PostgreSQL with pg_dump/pg_restore.)"""

import io
import json
import tarfile

import pytest
from django.core.management import CommandError, call_command

from tests.standings.conftest import build_event
from tournament.standings.models import EventStanding

pytestmark = pytest.mark.django_db(transaction=True)


def standings_snapshot() -> list[tuple]:
    return list(
        EventStanding.objects.order_by("event__name", "place", "player__name").values_list(
            "event__name", "player__player_number", "place", "points", "status"
        )
    )


def test_a_backup_restores_the_standings_and_the_stored_files(organizer, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    build_event(organizer, 9, seed=3, name="Backup Open")
    pdf = settings.MEDIA_ROOT / "documents" / "sheet.pdf"
    pdf.parent.mkdir(parents=True)
    pdf.write_bytes(b"%PDF-1.7 stored sheet")
    before = standings_snapshot()
    assert len(before) == 9
    archive = tmp_path / "site.tar.gz"
    call_command("backup", str(archive), stdout=io.StringIO())

    call_command("flush", "--no-input")  # the disaster: every table emptied
    pdf.unlink()
    assert standings_snapshot() == []

    call_command("restore", str(archive), "--yes", stdout=io.StringIO())
    assert standings_snapshot() == before
    assert pdf.read_bytes() == b"%PDF-1.7 stored sheet"


def test_an_archive_of_another_database_engine_is_refused(tmp_path):
    from django.db import connection

    this = connection.vendor
    other = {"sqlite": "postgresql", "postgresql": "sqlite"}[this]
    archive = tmp_path / "other.tar.gz"
    manifest = json.dumps({"format": 1, "engine": other, "database": "database.x"})
    with tarfile.open(archive, "w:gz") as tar:
        info = tarfile.TarInfo("manifest.json")
        info.size = len(manifest)
        tar.addfile(info, io.BytesIO(manifest.encode()))
    with pytest.raises(CommandError, match=f"holds a {other} database; this site runs on {this}"):
        call_command("restore", str(archive), "--yes")


def test_a_file_that_is_no_backup_is_refused(tmp_path):
    archive = tmp_path / "junk.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(__file__, "notes.txt")
    with pytest.raises(CommandError, match=r"no manifest\.json"):
        call_command("restore", str(archive), "--yes")
    with pytest.raises(CommandError, match="no such file"):
        call_command("restore", str(tmp_path / "missing.tar.gz"), "--yes")
