"""Secrets carried by addresses — a password-reset token, an address confirmation, an
unsubscribe link, an OAuth `?code=` — are redacted in gunicorn's access log, Django's log
records, the admins' error e-mail and Sentry's events. The expected texts are written by
hand: the uid of a reset link stays (no secret), its token goes."""

import datetime
import logging
from types import SimpleNamespace

import pytest
from django.core import mail
from django.test import Client, override_settings
from django.urls import path

from tournament import redact
from tournament.urls import urlpatterns as site_urls

TOKEN = "cx7k2m-0123456789abcdef0123456789abcdef"


@pytest.mark.parametrize(
    ("address", "written"),
    [
        (f"/accounts/reset/MTI/{TOKEN}/", "/accounts/reset/MTI/[redacted]/"),
        ("/accounts/reset/MTI/set-password/", "/accounts/reset/MTI/set-password/"),
        (f"/accounts/confirm/{TOKEN}/", "/accounts/confirm/[redacted]/"),
        (f"/notifications/stop/{TOKEN}/", "/notifications/stop/[redacted]/"),
        (
            "/oauth/callback/?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz",
            "/oauth/callback/?code=[redacted]&state=xyz",
        ),
        ("/o/authorize/?client_id=app&token=abc", "/o/authorize/?client_id=app&token=[redacted]"),
        ("/events/12/standings/?year=2026", "/events/12/standings/?year=2026"),
        ("/api/v1/events/?barcode=12", "/api/v1/events/?barcode=12"),  # not `code`
    ],
)
def test_addresses_are_written_without_their_secrets(address, written):
    assert redact.redact_url(address) == written


def test_gunicorns_access_log_line(monkeypatch):
    logger_class = redact.AccessLogger
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": f"/accounts/reset/MTI/{TOKEN}/?code=abc",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "PATH_INFO": f"/accounts/reset/MTI/{TOKEN}/",
        "QUERY_STRING": "code=abc",
        "HTTP_REFERER": f"https://site.example/accounts/confirm/{TOKEN}/",
        "REMOTE_ADDR": "127.0.0.1",
    }
    response = SimpleNamespace(status="302 Found", sent=0, headers=[])
    request = SimpleNamespace(headers=[("REFERER", environ["HTTP_REFERER"])])
    logger = logger_class.__new__(logger_class)
    logger.cfg = SimpleNamespace(
        access_log_format='%(r)s path="%(U)s" query="%(q)s" ref=%(f)s %({referer}i)s'
    )
    atoms = logger.atoms(response, request, environ, datetime.timedelta(milliseconds=5))
    line = logger.cfg.access_log_format % atoms
    assert TOKEN not in line and "abc" not in line
    assert (
        line == "GET /accounts/reset/MTI/[redacted]/?code=[redacted] HTTP/1.1 "
        'path="/accounts/reset/MTI/[redacted]/" query="code=[redacted]" '
        "ref=https://site.example/accounts/confirm/[redacted]/ "
        "https://site.example/accounts/confirm/[redacted]/"
    )


def test_djangos_request_log_is_redacted(client, caplog):
    """A reset link nothing answers: Django logs "Not Found: <path>" (django.request)."""
    handler = logging.StreamHandler()
    handler.addFilter(redact.RedactingFilter())
    with caplog.at_level(logging.WARNING, logger="django.request"):
        client.get(f"/accounts/confirm/{TOKEN}/extra/nothing/")
    records = [r for r in caplog.records if r.name == "django.request"]
    assert records
    for record in records:
        handler.filter(record)
        assert TOKEN not in record.getMessage()
        assert TOKEN not in record.request.path
        assert "/accounts/confirm/[redacted]/" in record.getMessage()


def broken(request, token):
    secret = token  # a local the report would show
    raise RuntimeError(f"cannot use {len(secret)} characters")


urlpatterns = [path("accounts/confirm/<str:token>/boom/", broken), *site_urls]


@pytest.mark.django_db
@pytest.mark.urls(__name__)
@override_settings(ADMINS=[("Ops", "ops@example.org")], DEBUG=False)
def test_the_admins_error_mail_holds_no_token():
    client = Client(raise_request_exception=False)
    response = client.get(
        f"/accounts/confirm/{TOKEN}/boom/?code=oauth-secret",
        HTTP_REFERER=f"/accounts/reset/MTI/{TOKEN}/",
    )
    assert response.status_code == 500
    assert mail.outbox
    for message in mail.outbox:
        texts = [message.subject, message.body] + [
            content for content, _type in getattr(message, "alternatives", [])
        ]
        for text in texts:
            assert TOKEN not in str(text), (message.subject, str(text)[:2000])
            assert "oauth-secret" not in str(text)
    assert any("/accounts/confirm/[redacted]/boom/" in m.body for m in mail.outbox)


def test_sentrys_event_is_redacted():
    event = {
        "request": {
            "url": f"https://site.example/accounts/reset/MTI/{TOKEN}/",
            "query_string": "code=oauth-secret&x=1",
            "headers": {"Referer": f"https://site.example/notifications/stop/{TOKEN}/"},
        },
        "breadcrumbs": {"values": [{"message": f"GET /accounts/confirm/{TOKEN}/"}]},
        "transaction": f"/accounts/reset/MTI/{TOKEN}/",
    }
    cleaned = redact.sentry_before_send(event, {})
    assert TOKEN not in repr(cleaned) and "oauth-secret" not in repr(cleaned)
    assert cleaned["request"]["url"] == "https://site.example/accounts/reset/MTI/[redacted]/"
    assert cleaned["request"]["query_string"] == "code=[redacted]&x=1"
