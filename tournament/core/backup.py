"""Backups: the database and the stored files (media) in one archive, and back.

An archive is a ``.tar.gz`` with ``manifest.json`` (what it holds), the database
(``database.pgdump`` from ``pg_dump --format=custom`` on PostgreSQL, ``database.sqlite3``
from SQLite's online backup on the embedded default) and ``media/`` (rendered documents,
import jobs). Restoring replaces the database and the media folder with the archive's and
refuses an archive of the other database engine. `manage.py backup` / `restore` call these;
docs/operations.md says how to run them in compose.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.db import connections
from django.utils import timezone

FORMAT = 1
POSTGRES, SQLITE = "postgresql", "sqlite"


class BackupError(Exception):
    """The backup or restore could not be done (the message says why)."""


def _engine() -> str:
    vendor = connections["default"].vendor
    if vendor not in (POSTGRES, SQLITE):
        raise BackupError(f"backups support PostgreSQL and SQLite, not {vendor}")
    return vendor


# libpq's connection keywords that Django's OPTIONS may carry (`?sslmode=require` in
# DATABASE_URL) and pg_dump/pg_restore must keep; psycopg's own options (a pool, cursor
# classes) are no libpq keywords and stay out.
LIBPQ_KEYWORDS = frozenset(
    {
        "application_name",
        "channel_binding",
        "connect_timeout",
        "gssencmode",
        "hostaddr",
        "keepalives",
        "keepalives_count",
        "keepalives_idle",
        "keepalives_interval",
        "krbsrvname",
        "load_balance_hosts",
        "options",
        "passfile",
        "require_auth",
        "service",
        "ssl_max_protocol_version",
        "ssl_min_protocol_version",
        "sslcert",
        "sslcompression",
        "sslcrl",
        "sslcrldir",
        "sslkey",
        "sslmode",
        "sslnegotiation",
        "sslrootcert",
        "sslsni",
        "target_session_attrs",
        "tcp_user_timeout",
    }
)


def _quoted(value: object) -> str:
    """A libpq connection-string value: in single quotes, `\\` and `'` escaped."""
    text = str(value).replace("\\", "\\\\").replace("'", "\\'")
    return f"'{text}'"


def connection_arguments() -> tuple[str, dict[str, str]]:
    """The database for pg_dump and pg_restore: a libpq connection string with the host, the
    port, the user, the database and every libpq option Django connects with (`sslmode`
    …), and the environment to run them in, which carries the password (`PGPASSWORD`).

    The password is never on the command line: every local user can read a process's
    arguments (`ps`), only its owner its environment."""
    db = connections["default"].settings_dict
    fields = {
        "host": db.get("HOST") or "localhost",
        "port": db.get("PORT") or "",
        "user": db.get("USER") or "",
        "dbname": db["NAME"],
    }
    options = db.get("OPTIONS") or {}
    fields.update({k: v for k, v in options.items() if k in LIBPQ_KEYWORDS})
    conninfo = " ".join(f"{key}={_quoted(value)}" for key, value in fields.items() if value != "")
    env = {**os.environ}
    env.pop("PGPASSWORD", None)
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = str(db["PASSWORD"])
    return conninfo, env


def _run(command: list[str], env: dict[str, str] | None = None) -> None:
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    except FileNotFoundError as error:
        raise BackupError(f"{command[0]} is not installed (PostgreSQL's client tools)") from error
    if done.returncode != 0:
        raise BackupError(f"{command[0]} failed: {done.stderr.strip()[-500:]}")


def _dump_database(engine: str, folder: Path) -> str:
    if engine == POSTGRES:
        target = folder / "database.pgdump"
        conninfo, env = connection_arguments()
        _run(["pg_dump", "--format=custom", "--no-owner", f"--file={target}",
              f"--dbname={conninfo}"], env)  # fmt: skip
    else:
        target = folder / "database.sqlite3"
        source = connections["default"]
        source.ensure_connection()
        with sqlite3.connect(target) as copy:
            source.connection.backup(copy)
    return target.name


def backup(archive: Path) -> dict:
    """Write the database and the media files to `archive`; returns its manifest."""
    engine = _engine()
    media = Path(settings.MEDIA_ROOT)
    with tempfile.TemporaryDirectory(prefix="backup-") as work:
        folder = Path(work)
        manifest = {
            "format": FORMAT,
            "engine": engine,
            "database": _dump_database(engine, folder),
            "created": timezone.now().isoformat(),
            "media_files": sum(1 for p in media.rglob("*") if p.is_file()) if media.exists() else 0,
        }
        (folder / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
        archive.parent.mkdir(parents=True, exist_ok=True)
        partial = archive.with_name(archive.name + ".partial")
        with tarfile.open(partial, "w:gz") as tar:
            tar.add(folder / "manifest.json", "manifest.json")
            tar.add(folder / manifest["database"], manifest["database"])
            if media.exists():
                tar.add(media, "media")
        partial.replace(archive)  # never a half-written archive under the real name
    return manifest


def _read_manifest(tar: tarfile.TarFile) -> dict:
    try:
        member = tar.extractfile("manifest.json")
    except KeyError:
        member = None
    if member is None:
        raise BackupError("not a backup archive: it has no manifest.json")
    manifest = json.loads(member.read())
    if manifest.get("format") != FORMAT:
        raise BackupError(f"unknown backup format {manifest.get('format')!r}")
    return manifest


def _restore_database(engine: str, path: Path) -> None:
    connections.close_all()
    if engine == POSTGRES:
        conninfo, env = connection_arguments()
        _run(["pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction",
              f"--dbname={conninfo}", str(path)], env)  # fmt: skip
    else:
        target = connections["default"]
        target.ensure_connection()
        with sqlite3.connect(path) as source:
            source.backup(target.connection)


def restore(archive: Path) -> dict:
    """Replace the database and the media files with the archive's; returns its manifest."""
    engine = _engine()
    with tarfile.open(archive, "r:gz") as tar, tempfile.TemporaryDirectory() as work:
        manifest = _read_manifest(tar)
        if manifest["engine"] != engine:
            raise BackupError(
                f"the archive holds a {manifest['engine']} database; this site runs on {engine}"
            )
        tar.extractall(work, filter="data")  # no absolute paths, links or devices
        _restore_database(engine, Path(work) / manifest["database"])
        media = Path(settings.MEDIA_ROOT)
        if media.exists():
            shutil.rmtree(media)
        if (Path(work) / "media").exists():
            shutil.copytree(Path(work) / "media", media)
    cache.clear()  # what the cache keeps (pages, token lookups, judges) is the old database's
    return manifest
