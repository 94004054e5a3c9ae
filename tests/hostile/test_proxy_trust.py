"""A forged X-Forwarded-For changes neither the login lockouts nor the rate limits: only the
addresses appended by the trusted proxies count (TRUSTED_PROXY_COUNT), and only on a
connection from the proxy itself (FORWARDED_ALLOW_IPS); production refuses to start with a
proxy count and a wildcard."""

import runpy
from pathlib import Path
from types import SimpleNamespace

import pytest
from axes.models import AccessAttempt
from django.core.checks.registry import registry
from django.test import Client, RequestFactory
from django.urls import reverse
from rest_framework.throttling import AnonRateThrottle

from tests.support.players import make_player
from tournament.core.checks import proxy_trust
from tournament.core.client_ip import client_ip

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


def test_forged_forwarded_for_does_not_dodge_the_lockout(client):
    make_player("ann")  # password "pw-ann"
    url = reverse("login")
    for i in range(5):  # five guesses, each claiming another address
        client.post(
            url, {"username": "ann", "password": "wrong"}, HTTP_X_FORWARDED_FOR=f"10.9.8.{i}"
        )
    locked = client.post(
        url, {"username": "ann", "password": "pw-ann"}, HTTP_X_FORWARDED_FOR="10.9.9.9"
    )
    assert locked.status_code == 429


def test_forged_forwarded_for_does_not_dodge_the_api_rate_limit(client, monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "3/min"})
    codes = [
        client.get("/api/v1/events/", HTTP_X_FORWARDED_FOR=f"10.1.2.{i}").status_code
        for i in range(4)
    ]
    assert codes == [200, 200, 200, 429]


def test_behind_one_trusted_proxy_the_client_is_the_entry_it_appended(settings):
    # The client forged "6.6.6.6"; our proxy appended the address it saw, 203.0.113.7.
    request = RequestFactory().get(
        "/", REMOTE_ADDR="172.18.0.5", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7"
    )
    settings.TRUSTED_PROXY_COUNT = 1
    settings.FORWARDED_ALLOW_IPS = "172.18.0.5"
    assert client_ip(request) == "203.0.113.7"
    settings.FORWARDED_ALLOW_IPS = "172.18.0.0/16"  # a network works too
    assert client_ip(request) == "203.0.113.7"
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_ip(request) == "172.18.0.5"


# --- a client that reaches gunicorn without the proxy --------------------------------------
# Compose's values: one trusted proxy, Caddy at 172.31.250.2. The attacker connects from
# 198.51.100.20 (the host, a sidecar) and writes whatever X-Forwarded-For he likes.
PROXY = "172.31.250.2"
ATTACKER = "198.51.100.20"
VENUE = "203.0.113.9"  # where the judge really is, behind the proxy


@pytest.fixture
def behind_compose_proxy(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    settings.FORWARDED_ALLOW_IPS = PROXY


def test_a_peer_that_is_not_the_proxy_is_its_own_address(behind_compose_proxy):
    forged = RequestFactory().get("/", REMOTE_ADDR=ATTACKER, HTTP_X_FORWARDED_FOR=VENUE)
    assert client_ip(forged) == ATTACKER
    through_proxy = RequestFactory().get(
        "/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=f"6.6.6.6, {VENUE}"
    )
    assert client_ip(through_proxy) == VENUE


def test_a_forged_header_from_elsewhere_cannot_choose_the_lockout_address(
    client, behind_compose_proxy
):
    make_player("judge")  # password "pw-judge"
    url = reverse("login")
    for i in range(5):  # five wrong guesses, each naming the judge's venue or another address
        forged = VENUE if i % 2 else f"10.9.8.{i}"
        client.post(
            url,
            {"username": "judge", "password": "wrong"},
            REMOTE_ADDR=ATTACKER,
            HTTP_X_FORWARDED_FOR=forged,
        )
    # The attacker's own address is locked ...
    locked = client.post(url, {"username": "judge", "password": "pw-judge"}, REMOTE_ADDR=ATTACKER)
    assert locked.status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {ATTACKER}
    # ... and the judge, through the proxy from the venue, signs in.
    judge = Client().post(
        url,
        {"username": "judge", "password": "pw-judge"},
        REMOTE_ADDR=PROXY,
        HTTP_X_FORWARDED_FOR=VENUE,
    )
    assert judge.status_code == 302


def test_a_forged_header_from_elsewhere_cannot_dodge_the_api_limit(
    client, behind_compose_proxy, monkeypatch
):
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "3/min"})
    codes = [
        client.get(
            "/api/v1/events/", REMOTE_ADDR=ATTACKER, HTTP_X_FORWARDED_FOR=f"10.1.2.{i}"
        ).status_code
        for i in range(4)
    ]
    assert codes == [200, 200, 200, 429]
    # Another client behind the proxy has his own count.
    other = client.get("/api/v1/events/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=VENUE)
    assert other.status_code == 200


def test_a_forged_header_from_elsewhere_cannot_dodge_the_sign_up_limit(
    client, behind_compose_proxy, settings
):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup": "2/h"}
    codes = [
        client.post(
            reverse("accounts:signup"),
            {"username": f"u{i}", "email": f"u{i}@example.org"},  # incomplete: still a try
            REMOTE_ADDR=ATTACKER,
            HTTP_X_FORWARDED_FOR=f"10.1.2.{i}",
        ).status_code
        for i in range(3)
    ]
    assert codes == [200, 200, 429]


# --- the startup check ---------------------------------------------------------------------


def proxy_check_ids() -> list[str]:
    return [problem.id for problem in proxy_trust(None)]


@pytest.mark.parametrize(
    ("production", "count", "allowed", "ids"),
    [
        (True, 1, "*", ["core.E001"]),
        (True, 1, "172.31.250.2, *", ["core.E001"]),
        (True, 1, "172.31.250.2", []),
        (True, 1, "172.31.250.0/24,::1", []),
        (True, 0, "*", []),  # no proxy trusted: the header is never read
        (False, 1, "*", []),  # development
        (False, 0, "proxy.internal", ["core.E002"]),  # gunicorn would refuse it too
    ],
)
def test_the_startup_check_refuses_a_proxy_count_with_a_wildcard(
    settings, production, count, allowed, ids
):
    settings.PRODUCTION = production
    settings.TRUSTED_PROXY_COUNT = count
    settings.FORWARDED_ALLOW_IPS = allowed
    assert proxy_check_ids() == ids


def test_the_check_is_registered_and_gunicorn_refuses_to_start(settings):
    settings.PRODUCTION = True
    settings.TRUSTED_PROXY_COUNT = 1
    settings.FORWARDED_ALLOW_IPS = "*"
    assert proxy_trust in registry.get_checks()
    logged = []
    server = SimpleNamespace(log=SimpleNamespace(error=lambda *args: logged.append(args)))
    on_starting = runpy.run_path(str(ROOT / "gunicorn.conf.py"))["on_starting"]
    with pytest.raises(SystemExit):
        on_starting(server)
    assert logged[0][1] == "core.E001"
    settings.FORWARDED_ALLOW_IPS = PROXY
    on_starting(server)  # starts
