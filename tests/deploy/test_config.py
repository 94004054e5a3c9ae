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


@pytest.mark.django_db
def test_healthz_reports_every_check(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "checks": {"database": "ok", "cache": "ok", "broker": "ok"},
    }
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_healthz_is_503_when_a_check_fails(client, monkeypatch):
    from tournament import health

    def broken():
        raise ConnectionError("down")

    monkeypatch.setitem(health.CHECKS, "cache", broken)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["cache"] == "error: ConnectionError"


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
