"""A forged X-Forwarded-For changes neither the login lockouts nor the API's rate limits:
only the addresses appended by the trusted proxies count (TRUSTED_PROXY_COUNT)."""

import pytest
from django.test import RequestFactory
from django.urls import reverse
from rest_framework.throttling import AnonRateThrottle

from tests.conftest import make_player
from tournament.core.client_ip import client_ip

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
    assert client_ip(request) == "203.0.113.7"
    settings.TRUSTED_PROXY_COUNT = 0
    assert client_ip(request) == "172.18.0.5"
