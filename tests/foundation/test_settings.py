"""Settings read from the environment, with safe defaults (checked in fresh processes)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import json, django; from django.conf import settings as s; django.setup();"
    "print(json.dumps({'engine': s.DATABASES['default']['ENGINE'],"
    " 'name': str(s.DATABASES['default']['NAME']), 'eager': s.CELERY_TASK_ALWAYS_EAGER,"
    " 'broker': s.CELERY_BROKER_URL, 'debug': s.DEBUG, 'key': s.SECRET_KEY,"
    " 'cache': s.CACHES['default']['BACKEND'], 'hosts': s.ALLOWED_HOSTS}))"
)
# The settings under test, plus what a test run may have set that a deployment never has.
CONFIG_VARS = (
    "DATABASE_URL",
    "REDIS_URL",
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "PRODUCTION",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "SITE_URL",
)


def run_settings(data_dir: Path, **env: str) -> dict:
    clean = {k: v for k, v in os.environ.items() if k not in CONFIG_VARS}
    clean.update(SPELLFIRE_DATA_DIR=str(data_dir), DJANGO_SETTINGS_MODULE="tournament.settings")
    clean.update(env)
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=clean, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_defaults_are_sqlite_eager_celery_and_no_debug(tmp_path):
    values = run_settings(tmp_path)
    assert values["engine"] == "django.db.backends.sqlite3"
    assert values["name"] == str(tmp_path / "db.sqlite3")
    assert values["eager"] is True
    assert values["broker"] == "memory://"
    assert values["debug"] is False
    assert values["cache"].endswith("LocMemCache")
    assert "localhost" in values["hosts"]


def test_secret_key_is_generated_once_and_kept(tmp_path):
    first = run_settings(tmp_path)["key"]
    second = run_settings(tmp_path)["key"]
    assert len(first) >= 50
    assert first == second
    assert (tmp_path / "secret_key").read_text().strip() == first
    assert run_settings(tmp_path / "other")["key"] != first


def test_environment_overrides(tmp_path):
    values = run_settings(
        tmp_path,
        DATABASE_URL="postgres://u:p@127.0.0.1:5432/spellfire",
        REDIS_URL="redis://127.0.0.1:6379/0",
        SECRET_KEY="from-the-environment",
        DEBUG="1",
        ALLOWED_HOSTS="spellfire.example.org",
    )
    assert values["engine"] == "django.db.backends.postgresql"
    assert values["name"] == "spellfire"
    assert values["eager"] is False
    assert values["broker"] == "redis://127.0.0.1:6379/0"
    assert values["cache"].endswith("RedisCache")
    assert values["key"] == "from-the-environment"
    assert values["debug"] is True
    assert values["hosts"] == ["spellfire.example.org"]


def deploy_check(data_dir: Path, **env: str) -> subprocess.CompletedProcess:
    """`manage.py check --deploy` with production's settings, changed by `env`."""
    clean = {k: v for k, v in os.environ.items() if k not in CONFIG_VARS}
    clean.update(
        SPELLFIRE_DATA_DIR=str(data_dir),
        PRODUCTION="1",
        SECRET_KEY="x" * 60 + "-a-long-random-production-secret",
        ALLOWED_HOSTS="spellfire.example.org",
        SITE_URL="https://spellfire.example.org",
    )
    clean.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
    )


@pytest.mark.parametrize("production, expect_ok", [("1", True), ("0", False)])
def test_deploy_check_passes_only_in_production_mode(tmp_path, production, expect_ok):
    out = deploy_check(tmp_path, PRODUCTION=production)
    assert (out.returncode == 0) is expect_ok, out.stderr


@pytest.mark.parametrize("site_url", ["", "tournaments.example.org", "/"])
def test_deploy_check_refuses_a_site_url_that_makes_no_absolute_link(tmp_path, site_url):
    """E-mails' links are `SITE_URL` + path: in production it must be an http(s) address."""
    out = deploy_check(tmp_path, SITE_URL=site_url)
    assert out.returncode != 0
    assert "core.E003" in out.stderr and "SITE_URL" in out.stderr, out.stderr


def test_portuguese_plurals_treat_zero_as_plural():
    """pt-BR says "0 chaves concluídas", not "0 chave concluída"."""
    from django.utils import translation
    from django.utils.translation import ngettext

    singular, plural = (
        "Round %(number)s: %(done)s bracket done.",
        ("Round %(number)s: %(done)s brackets done."),
    )
    with translation.override("pt-br"):
        texts = {n: ngettext(singular, plural, n) % {"number": 1, "done": n} for n in (0, 1, 2)}
    assert texts == {
        0: "Rodada 1: 0 chaves concluídas.",
        1: "Rodada 1: 1 chave concluída.",
        2: "Rodada 1: 2 chaves concluídas.",
    }
