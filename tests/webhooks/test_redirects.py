"""Redirects of a receiver are followed only to addresses the private-address guard accepts.

A delivery follows at most 3 redirects (301, 302, 307, 308: the same POST again), each
Location vetted like the hook's own URL (looked up once, every address public) and connected
to the address that was checked; a Location that fails, a step down from https to http or a
fourth redirect ends the attempt, and the refusal is the delivery's error. The production
rules stand (`production_rules`): names resolve to public addresses through `fake_dns`, and
`routes` carries the connection to those addresses to local servers.
"""

import pytest

from tournament.core import transport
from tournament.webhooks import services
from tournament.webhooks.models import Delivery, Kind, Webhook

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("production_rules")]

PUBLIC = "93.184.216.34"
MOVED = "93.184.216.35"


@pytest.fixture
def outside(serve, fake_dns, routes):
    """The hook's receiver, hooks.example (a public address) on port 80."""
    receiver = serve()
    fake_dns["hooks.example"] = [PUBLIC]
    routes[(PUBLIC, 80)] = receiver.port
    return receiver


@pytest.fixture
def moved(serve, fake_dns, routes):
    """Where a receiver may move to: moved.example, another public address."""
    receiver = serve()
    fake_dns["moved.example"] = [MOVED]
    routes[(MOVED, 80)] = receiver.port
    return receiver


@pytest.fixture
def delivery(event) -> Delivery:
    hook = Webhook.objects.create(
        event=event, url="http://hooks.example/hook", kinds=Kind.values, secret="s3cret"
    )
    return Delivery.objects.create(webhook=hook, kind="event.finished", payload={"n": 1})


@pytest.mark.parametrize("status", [301, 302, 307, 308])
def test_a_redirect_to_a_public_address_is_followed_with_the_same_post(
    outside, moved, routes, fake_dns, delivery, status
):
    outside.answers["/hook"] = (status, "http://moved.example/new?x=1")
    assert services.attempt(delivery) is True
    assert delivery.state == "delivered" and delivery.response_status == 200
    assert [path for path, _h, _b in outside.received] == ["/hook"]
    assert [path for path, _h, _b in moved.received] == ["/new?x=1"]
    (_p, first, first_body), (_q, second, second_body) = outside.received + moved.received
    assert second_body == first_body
    for name in ("webhook-id", "webhook-signature", "X-Spellfire-Signature"):
        assert second[name] == first[name]
    assert second["Host"] == "moved.example"
    # each name looked up once, and each step connected to the address its check found
    assert fake_dns.lookups == ["hooks.example", "moved.example"]
    assert routes.connected == [(PUBLIC, 80), (MOVED, 80)]


def test_a_location_whose_name_changes_after_the_check_is_not_reached_inside(
    outside, fake_dns, routes, delivery, monkeypatch
):
    """DNS rebinding at a redirect: moved.example answers a public address to the check and
    a private one afterwards; the connection goes to the address that was checked."""
    fake_dns["moved.example"] = [MOVED]
    outside.answers["/hook"] = (307, "http://moved.example/new")
    real_vet = transport.vet

    def vet_then_rebind(url):
        destination = real_vet(url)
        if destination.host == "moved.example":
            fake_dns["moved.example"] = ["127.0.0.1"]  # any later lookup would lead inside
        return destination

    monkeypatch.setattr(transport, "vet", vet_then_rebind)
    assert services.attempt(delivery) is False  # MOVED has no route here: refused connection
    assert routes.connected == [(PUBLIC, 80), (MOVED, 80)]


def test_a_relative_location_stays_on_the_same_host(outside, routes, delivery):
    outside.answers["/hook"] = (308, "/v2/hook")
    assert services.attempt(delivery) is True
    assert [path for path, _h, _b in outside.received] == ["/hook", "/v2/hook"]
    assert routes.connected == [(PUBLIC, 80), (PUBLIC, 80)]


def test_a_redirect_to_a_name_inside_is_refused_and_recorded(outside, fake_dns, routes, delivery):
    fake_dns["inside.example"] = ["10.0.0.5"]
    outside.answers["/hook"] = (302, "http://inside.example/admin")
    assert services.attempt(delivery) is False
    assert delivery.response_status is None
    assert delivery.error == (
        "HTTP 302: redirect to http://inside.example/admin refused: "
        "inside.example resolves to a non-public address (10.0.0.5)"
    )
    assert delivery.state == "pending" and delivery.attempts == 1  # retried like any failure
    assert routes.connected == [(PUBLIC, 80)]  # nothing was asked of the inside address


@pytest.mark.parametrize(
    "location",
    [
        "http://169.254.169.254/latest/meta-data/",  # cloud metadata
        "http://127.0.0.1:8000/admin/",
        "http://[::1]/",
        "http://2130706433/",  # 127.0.0.1 written as one number
        "file:///etc/passwd",
        "gopher://hooks.example/",
    ],
)
def test_a_redirect_to_an_address_inside_or_another_scheme_is_refused(
    outside, routes, delivery, location
):
    outside.answers["/hook"] = (307, location)
    assert services.attempt(delivery) is False
    assert delivery.error.startswith("HTTP 307: redirect to ")
    assert " refused: " in delivery.error
    assert routes.connected == [(PUBLIC, 80)]


def test_three_redirects_are_followed_and_a_fourth_is_refused(outside, routes, delivery):
    for hop in range(4):
        outside.answers[f"/hop/{hop}"] = (301, f"/hop/{hop + 1}")
    delivery.webhook.url = "http://hooks.example/hop/1"  # 1 → 2 → 3 → 4 (200): 3 redirects
    delivery.webhook.save()
    assert services.attempt(delivery) is True
    assert [p for p, _h, _b in outside.received] == ["/hop/1", "/hop/2", "/hop/3", "/hop/4"]
    outside.received.clear()
    delivery.webhook.url = "http://hooks.example/hop/0"  # 0 → 1 → 2 → 3 → 4: one too many
    delivery.webhook.save()
    assert services.attempt(delivery) is False
    assert delivery.error == "HTTP 301: more than 3 redirects, not followed"
    assert [p for p, _h, _b in outside.received] == ["/hop/0", "/hop/1", "/hop/2", "/hop/3"]


def test_see_other_and_a_redirect_without_location_are_the_answer(outside, delivery):
    """303 asks for a GET, which would carry no notification: it is recorded, not followed."""
    outside.answers["/hook"] = (303, "http://moved.example/")
    assert services.attempt(delivery) is False
    assert (delivery.response_status, delivery.error) == (303, "HTTP 303")
    outside.answers["/hook"] = 301  # no Location header
    assert services.attempt(delivery) is False
    assert (delivery.response_status, delivery.error) == (301, "HTTP 301")
    assert len(outside.received) == 2


def test_a_step_down_from_https_to_http_is_refused(fake_dns, monkeypatch):
    """The first answer comes from https://secure.example; its redirect to plain http is not
    followed (the body would cross the network unencrypted)."""
    fake_dns["secure.example"] = [PUBLIC]
    fake_dns["moved.example"] = [MOVED]
    asked = []

    def request(destination, body, headers, timeout):
        asked.append((destination.scheme, destination.address))
        return 308, "http://moved.example/hook"

    monkeypatch.setattr(transport, "_request", request)
    with pytest.raises(transport.RefusedRedirect, match=r"from https to http://moved\.example"):
        transport.send("https://secure.example/hook", b"{}", {})
    assert asked == [("https", PUBLIC)]


def test_post_alone_still_answers_the_redirect(outside, moved):
    """`transport.post` makes one request: what callers other than deliveries get."""
    outside.answers["/hook"] = (301, "http://moved.example/")
    assert transport.post("http://hooks.example/hook", b"{}", {}) == 301
    assert moved.received == []


def test_a_send_stops_at_its_deadline(monkeypatch, fake_dns):
    """Redirects that each answer in time still end at DEADLINE_SECONDS in all, and every
    connection's timeout is cut to what is left of it (what the delivery's claim outlasts)."""
    fake_dns["slow.example"] = [MOVED]
    clock = [0.0]
    timeouts = []

    def request(destination, body, headers, timeout):
        timeouts.append(timeout)
        clock[0] += 4.5  # each hop takes 4.5 s, under the 5 s socket timeout
        return 307, "http://slow.example/again"

    monkeypatch.setattr(transport, "_request", request)
    monkeypatch.setattr(transport.time, "monotonic", lambda: clock[0])
    with pytest.raises(TimeoutError):
        transport.send("http://slow.example/hook", b"{}", {}, redirects=10)
    # 12 s: hops start at 0, 4.5 and 9 s (3 s left: a 3 s timeout); none at 13.5 s
    assert timeouts == [5, 5, 3]
