"""`manage.py backup` and `restore`: a round trip gives back the same standings and the same
stored files; a wrong archive is refused with the reason. (CI's deploy check does the same
round trip on PostgreSQL with pg_dump/pg_restore.)"""

import io
import json
import subprocess
import tarfile

import pytest
from django.core.management import CommandError, call_command

from tests.support.events import build_event
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


POSTGRES_SETTINGS = {
    "ENGINE": "django.db.backends.postgresql",
    "NAME": "spellfire",
    "USER": "spellfire",
    "PASSWORD": "s3cr'et pass",
    "HOST": "db.example",
    "PORT": "5433",
    "OPTIONS": {"sslmode": "verify-full", "sslrootcert": "/run/ca.pem", "pool": True},
}


def test_pg_dump_gets_the_password_in_its_environment_and_keeps_sslmode(tmp_path, monkeypatch):
    """What pg_dump and pg_restore are started with on PostgreSQL: the password only in the
    environment (PGPASSWORD; `ps` shows every user the arguments), the host, port, user,
    database and the libpq options of DATABASE_URL on the command line (`sslmode`), not
    psycopg's own (`pool`)."""
    from django.db import connections

    from tournament.core import backup

    started = []

    def run(command, **kwargs):
        started.append((command, kwargs["env"]))
        (tmp_path / "database.pgdump").write_bytes(b"PGDMP")
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(backup.subprocess, "run", run)
    monkeypatch.setattr(connections["default"], "settings_dict", POSTGRES_SETTINGS)
    monkeypatch.setenv("PGPASSWORD", "not this one")
    backup._dump_database(backup.POSTGRES, tmp_path)
    monkeypatch.setattr(backup.connections, "close_all", lambda: None)
    backup._restore_database(backup.POSTGRES, tmp_path / "database.pgdump")

    assert [command[0] for command, _env in started] == ["pg_dump", "pg_restore"]
    for command, env in started:
        assert not any("s3cr" in argument for argument in command), command
        assert env["PGPASSWORD"] == "s3cr'et pass"
        dbname = next(a for a in command if a.startswith("--dbname="))
        assert dbname == (
            "--dbname=host='db.example' port='5433' user='spellfire' dbname='spellfire' "
            "sslmode='verify-full' sslrootcert='/run/ca.pem'"
        )


def test_a_connection_string_value_is_quoted_for_libpq():
    from tournament.core.backup import _quoted

    # libpq: values in single quotes, a quote and a backslash escaped with a backslash
    assert _quoted("it's") == r"'it\'s'"
    assert _quoted("a\\b") == r"'a\\b'"
    assert _quoted(5432) == "'5432'"
