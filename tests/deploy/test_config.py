"""Production configuration from the environment: e-mail, admins, JSON logs, /healthz, files."""

import json
import logging
import re
from pathlib import Path

import pytest

from tournament.envconfig import CONSOLE_BACKEND, SMTP_BACKEND, admins, email_settings
from tournament.logformat import JsonFormatter

ROOT = Path(__file__).resolve().parents[2]


def test_email_url_with_starttls_and_encoded_password():
    values = email_settings({"EMAIL_URL": "smtp://bot%40x.org:p%3Ass@mail.x.org:587?tls=1"})
    assert values["EMAIL_BACKEND"] == SMTP_BACKEND
    assert (values["EMAIL_HOST"], values["EMAIL_PORT"]) == ("mail.x.org", 587)
    assert (values["EMAIL_HOST_USER"], values["EMAIL_HOST_PASSWORD"]) == ("bot@x.org", "p:ss")
    assert values["EMAIL_USE_TLS"] is True and values["EMAIL_USE_SSL"] is False


def test_smtps_url_means_implicit_tls_on_465():
    values = email_settings({"EMAIL_URL": "smtps://u:p@mail.x.org"})
    assert values["EMAIL_PORT"] == 465
    assert values["EMAIL_USE_SSL"] is True and values["EMAIL_USE_TLS"] is False


def test_unknown_scheme_is_refused():
    with pytest.raises(ValueError, match="imap"):
        email_settings({"EMAIL_URL": "imap://x"})


def test_separate_variables_and_the_console_default():
    assert email_settings({})["EMAIL_BACKEND"] == CONSOLE_BACKEND
    values = email_settings(
        {"EMAIL_HOST": "smtp.x.org", "EMAIL_PORT": "2525", "EMAIL_USE_TLS": "yes"}
    )
    assert values["EMAIL_BACKEND"] == SMTP_BACKEND
    assert values["EMAIL_PORT"] == 2525 and values["EMAIL_USE_TLS"] is True


def test_admins():
    assert admins("Ann Org <ann@x.org>, bob@x.org,") == [
        ("Ann Org", "ann@x.org"),
        ("bob@x.org", "bob@x.org"),
    ]


def test_json_log_lines_carry_extras_and_exceptions():
    record = logging.LogRecord("tournament.x", logging.ERROR, "f.py", 1, "hello %s", ("you",), None)
    record.delivery = 7
    line = json.loads(JsonFormatter().format(record))
    assert line["message"] == "hello you" and line["level"] == "ERROR"
    assert line["logger"] == "tournament.x" and line["delivery"] == 7
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        import sys

        record.exc_info = sys.exc_info()
    assert "RuntimeError: boom" in json.loads(JsonFormatter().format(record))["exception"]


def test_runtime_requirements_carry_no_test_tools():
    runtime = (ROOT / "requirements.txt").read_text().lower()
    for tool in ("pytest", "hypothesis", "playwright", "ruff", "schemathesis"):
        assert not re.search(rf"^{tool}\b", runtime, re.M), tool
    dev = (ROOT / "requirements-dev.txt").read_text()
    assert dev.splitlines()[1] == "-r requirements.txt"


def test_one_gunicorn_command_line_and_a_config_file():
    compose = (ROOT / "docker-compose.yml").read_text()
    dockerfile = (ROOT / "Dockerfile").read_text()
    command = "gunicorn --config gunicorn.conf.py tournament.wsgi"
    assert command in compose
    assert '["gunicorn", "--config", "gunicorn.conf.py", "tournament.wsgi"]' in dockerfile
    gunicorn_lines = [
        line for line in (compose + dockerfile).splitlines() if "gunicorn" in line.lower()
    ]
    for option in ("--workers", "--bind", "--timeout"):
        assert not any(option in line for line in gunicorn_lines), option
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert {".venv", "var", ".git"} <= set(ignored)


def _settings_probe(tmp_path, code: str, **env: str) -> str:
    import os
    import subprocess
    import sys

    clean = {k: v for k, v in os.environ.items() if k not in {"SENTRY_DSN", "DATABASE_URL"}}
    clean.update(SPELLFIRE_DATA_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="tournament.settings")
    clean.update(env)
    out = subprocess.run(
        [sys.executable, "-c", "import django; django.setup();" + code],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_sentry_only_when_a_dsn_is_set(tmp_path):
    probe = "import sentry_sdk; print(sentry_sdk.get_client().is_active())"
    assert _settings_probe(tmp_path, probe) == "False"
    dsn = "https://public@sentry.example.org/1"
    assert _settings_probe(tmp_path, probe, SENTRY_DSN=dsn) == "True"


def test_mail_settings_reach_django(tmp_path):
    probe = (
        "from django.conf import settings as s;"
        "print(s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_USE_TLS, s.SERVER_EMAIL, s.ADMINS)"
    )
    out = _settings_probe(
        tmp_path,
        probe,
        EMAIL_URL="smtp://u:p@mail.x.org:587?tls=1",
        SERVER_EMAIL="errors@x.org",
        ADMINS="Ann <ann@x.org>",
    )
    assert out == "mail.x.org 587 True errors@x.org [('Ann', 'ann@x.org')]"


def test_production_refuses_a_database_without_a_password(tmp_path):
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in {"SENTRY_DSN"}}
    env.update(
        SPELLFIRE_DATA_DIR=str(tmp_path),
        DJANGO_SETTINGS_MODULE="tournament.settings",
        PRODUCTION="1",
        SECRET_KEY="x" * 60,
        DATABASE_URL="postgres://spellfire@db:5432/spellfire",
    )
    out = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode != 0 and "needs a database password" in out.stderr
    assert (
        _settings_probe(
            tmp_path,
            "from django.conf import settings; print(settings.DATABASES['default']['PASSWORD'])",
            PRODUCTION="1",
            SECRET_KEY="x" * 60,
            DATABASE_URL="postgres://spellfire:s3cret@db:5432/spellfire",
        )
        == "s3cret"
    )


def test_production_takes_the_scheme_from_gunicorn_not_from_a_header(tmp_path):
    """A client reaching gunicorn directly may send X-Forwarded-Proto: https; only gunicorn
    (which honours it from FORWARDED_ALLOW_IPS alone) decides the scheme, so Django must not
    read the header itself."""
    probe = "from django.conf import settings; print(settings.SECURE_PROXY_SSL_HEADER)"
    out = _settings_probe(
        tmp_path,
        probe,
        PRODUCTION="1",
        SECRET_KEY="x" * 60,
        DATABASE_URL="postgres://spellfire:s3cret@db:5432/spellfire",
    )
    assert out == "None"
