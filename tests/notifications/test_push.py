"""Web Push, the outbox's second channel: each message pushed once to each of the person's
subscribed browsers, in his language, in the same delivery as the e-mail; a push service's
failure never stops the e-mail nor makes the message retry; expired subscriptions go away.

The network is `pywebpush.webpush` (mocked); push services' host names are answered by the
fake resolver (endpoints must resolve to public addresses, like webhooks)."""

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from unittest import mock

import http_ece
import pytest
import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core import mail
from django.core.checks import run_checks
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from py_vapid import Vapid
from pywebpush import WebPushException

from tests.support.browser import browser_page, browser_test
from tests.support.players import make_player
from tournament.events.services.registration import register
from tournament.notifications import push, services, tasks
from tournament.notifications.kinds import Kind
from tournament.notifications.models import Message, Preferences, PushSubscription

PUSH_HOST = "push.example.net"
SUBJECT = "mailto:ops@example.org"
SUBSCRIBE = reverse("notifications:push_subscribe")
UNSUBSCRIBE = reverse("notifications:push_unsubscribe")


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def browser() -> tuple[ec.EllipticCurvePrivateKey, dict[str, str]]:
    """A browser's private key, and the keys its subscription carries: the public point
    (p256dh) and a 16-byte secret (auth)."""
    private = ec.generate_private_key(ec.SECP256R1())
    point = private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return private, {"p256dh": b64url(point), "auth": b64url(os.urandom(16))}


def browser_keys() -> dict[str, str]:
    return browser()[1]


def endpoint(n: int) -> str:
    return f"https://{PUSH_HOST}/send/device-{n}"


def subscribe(user, n: int) -> PushSubscription:
    return PushSubscription.objects.create(user=user, endpoint=endpoint(n), **browser_keys())


def refused(status: int, reason: str) -> WebPushException:
    """What pywebpush raises when the push service answers `status`."""
    return WebPushException(
        f"Push failed: {status} {reason}\nResponse body:", response=mock.Mock(status_code=status)
    )


@pytest.fixture
def fake_push_dns(fake_dns):
    fake_dns[PUSH_HOST] = ["93.184.215.14"]  # a public address
    fake_dns["intranet.example.net"] = ["10.1.2.3"]
    return fake_dns


@pytest.fixture
def vapid(settings, fake_push_dns):
    """The site offers Web Push (keys as `webpush_keys` prints them)."""
    private = ec.generate_private_key(ec.SECP256R1())
    settings.WEBPUSH_VAPID_PUBLIC_KEY = b64url(
        private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
    )
    settings.WEBPUSH_VAPID_PRIVATE_KEY = b64url(
        private.private_numbers().private_value.to_bytes(32, "big")
    )
    settings.WEBPUSH_VAPID_SUBJECT = SUBJECT
    return settings


@pytest.fixture
def webpush():
    with mock.patch("pywebpush.webpush") as network:
        yield network


@pytest.fixture
def newcomer(db):
    return make_player("newcomer", "Nina Newcomer")


def registered_message(event, newcomer) -> Message:
    register(event, newcomer)
    return Message.objects.get(kind=Kind.REGISTERED)


def pushed_to(webpush) -> list[str]:
    return [c.args[0]["endpoint"] for c in webpush.call_args_list]


# --- delivery ---------------------------------------------------------------------------------


def test_one_push_per_subscription_in_the_recipients_language(vapid, webpush, event, newcomer):
    Preferences.objects.create(user=newcomer.user, language="pt-br")
    phone, laptop = subscribe(newcomer.user, 1), subscribe(newcomer.user, 2)
    subscribe(make_player("someone").user, 3)  # another person's browser
    message = registered_message(event, newcomer)
    assert services.deliver(message.pk) == "sent"
    assert sorted(pushed_to(webpush)) == [endpoint(1), endpoint(2)]
    first = webpush.call_args_list[0]
    assert first.args[0]["keys"] == {"p256dh": phone.p256dh, "auth": phone.auth}
    assert json.loads(first.kwargs["data"]) == {
        "title": "Sua inscrição em Autumn Open está feita",
        # The date in Portuguese too (it was formatted in the sender's language once).
        "body": "Sua inscrição em Autumn Open está feita: 21 de novembro de 2026, em Halifax.",
        "url": f"/events/{event.pk}/",
    }
    assert first.kwargs["vapid_claims"] == {"sub": SUBJECT}
    assert first.kwargs["timeout"] == 10 and first.kwargs["ttl"] == 12 * 3600
    # The e-mail goes too, in the same delivery; the message is sent once.
    assert mail.outbox[0].subject == "[Spellfire] Sua inscrição em Autumn Open está feita"
    message.refresh_from_db()
    assert message.outcome == Message.Outcome.SENT and message.pushed_at is not None
    assert services.deliver(message.pk) == "busy" and tasks.sweep() == 0
    assert webpush.call_count == 2 and len(mail.outbox) == 1
    laptop.refresh_from_db()
    assert laptop.last_error == ""


def test_an_expired_subscription_is_removed(vapid, webpush, event, newcomer):
    subscribe(newcomer.user, 1)
    subscribe(newcomer.user, 2)
    subscribe(newcomer.user, 3)
    answers = {endpoint(1): refused(410, "Gone"), endpoint(3): refused(404, "Not Found")}

    def push_service(info, **kwargs):
        if info["endpoint"] in answers:
            raise answers[info["endpoint"]]

    webpush.side_effect = push_service
    message = registered_message(event, newcomer)
    assert services.deliver(message.pk) == "sent"
    assert webpush.call_count == 3
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [endpoint(2)]
    assert len(mail.outbox) == 1


def test_a_push_failure_still_sends_the_email_once_and_is_not_retried(
    vapid, webpush, event, newcomer
):
    subscribe(newcomer.user, 1)
    subscribe(newcomer.user, 2)
    failures = {
        endpoint(1): refused(503, "Service Unavailable"),
        endpoint(2): requests.exceptions.ConnectionError("connection refused"),
    }

    def push_service(info, **kwargs):
        raise failures[info["endpoint"]]

    webpush.side_effect = push_service
    message = registered_message(event, newcomer)
    assert services.deliver(message.pk) == "sent"
    assert len(mail.outbox) == 1
    message.refresh_from_db()
    assert message.outcome == Message.Outcome.SENT and message.error == ""
    errors = dict(PushSubscription.objects.values_list("endpoint", "last_error"))
    assert errors == {
        endpoint(1): "Push failed: 503 Service Unavailable",
        endpoint(2): "ConnectionError: connection refused",
    }
    # No retry storm: nothing is due, nothing is pushed again.
    assert tasks.sweep() == 0 and webpush.call_count == 2
    # A later push that goes through clears the recorded error.
    webpush.side_effect = None
    register_again = Message.objects.create(
        recipient=newcomer.user, event=event, kind=Kind.REGISTERED, params=message.params, key="x"
    )
    services.deliver(register_again.pk)
    assert set(PushSubscription.objects.values_list("last_error", flat=True)) == {""}


def test_a_retried_email_does_not_push_again(vapid, webpush, event, newcomer):
    subscribe(newcomer.user, 1)
    message = registered_message(event, newcomer)
    with mock.patch("django.core.mail.EmailMultiAlternatives.send", side_effect=OSError("down")):
        assert services.deliver(message.pk) == "retry"
    assert webpush.call_count == 1
    assert tasks.sweep() == 1 and len(mail.outbox) == 1
    assert webpush.call_count == 1  # pushed on the first attempt only
    message.refresh_from_db()
    assert message.outcome == Message.Outcome.SENT


def test_with_the_email_off_the_message_is_only_pushed(vapid, webpush, event, newcomer):
    Preferences.objects.create(user=newcomer.user, email=False)
    subscribe(newcomer.user, 1)
    message = registered_message(event, newcomer)
    assert services.deliver(message.pk) == "sent"
    assert pushed_to(webpush) == [endpoint(1)] and mail.outbox == []


def test_pushed_nowhere_without_email_the_message_fails_once_or_is_skipped(
    vapid, webpush, event, newcomer
):
    Preferences.objects.create(user=newcomer.user, email=False)
    subscribe(newcomer.user, 1)
    webpush.side_effect = refused(500, "Internal Server Error")
    message = registered_message(event, newcomer)
    assert services.deliver(message.pk) == "failed"  # not retried: no storm
    message.refresh_from_db()
    assert message.error == "Web Push: Push failed: 500 Internal Server Error"
    webpush.side_effect = refused(410, "Gone")
    again = Message.objects.create(
        recipient=newcomer.user, event=event, kind=Kind.REGISTERED, params=message.params, key="x"
    )
    assert services.deliver(again.pk) == "skipped"  # its only browser had expired
    assert PushSubscription.objects.count() == 0 and mail.outbox == []


@pytest.mark.parametrize(
    "prefs",
    [{"push": False}, {"muted": ["registered"]}],
    ids=["channel-off", "kind-muted"],
)
def test_no_push_when_the_channel_is_off_or_the_kind_muted(vapid, webpush, event, newcomer, prefs):
    Preferences.objects.create(user=newcomer.user, **prefs)
    subscribe(newcomer.user, 1)
    message = registered_message(event, newcomer)
    outcome = services.deliver(message.pk)
    assert webpush.call_count == 0
    if "muted" in prefs:  # muting a kind mutes both channels
        assert outcome == "skipped" and mail.outbox == []
    else:
        assert outcome == "sent" and len(mail.outbox) == 1


def test_without_vapid_keys_nothing_is_pushed(webpush, event, newcomer, client_as):
    subscribe(newcomer.user, 1)
    message = registered_message(event, newcomer)
    assert services.deliver(message.pk) == "sent"
    assert webpush.call_count == 0 and len(mail.outbox) == 1
    page = client_as(newcomer).get(reverse("notifications:preferences")).content.decode()
    assert "Phone notifications are not offered on this site." in page
    assert 'name="push"' not in page and "push.js" not in page
    response = client_as(newcomer).post(SUBSCRIBE, {}, content_type="application/json")
    assert response.status_code == 404


def test_an_endpoint_that_now_resolves_inside_is_not_pushed_to(
    vapid, webpush, event, newcomer, fake_push_dns
):
    subscribe(newcomer.user, 1)
    fake_push_dns[PUSH_HOST] = ["127.0.0.1"]  # the DNS answer changed after it was stored
    message = registered_message(event, newcomer)
    assert services.deliver(message.pk) == "sent"  # the e-mail
    assert webpush.call_count == 0
    assert "non-public address" in PushSubscription.objects.get().last_error


class PushService(BaseHTTPRequestHandler):
    """A push service on this machine: takes what is posted to /device, redirects /moved."""

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        headers = {name.lower(): value for name, value in self.headers.items()}
        self.server.seen.append((self.path, headers, body))
        self.send_response(307 if self.path == "/moved" else 201)
        if self.path == "/moved":
            self.send_header("Location", "/inside")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def push_service(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = True  # it listens on 127.0.0.1
    server = HTTPServer(("127.0.0.1", 0), PushService)
    server.seen = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def test_a_real_push_is_encrypted_for_the_browser_and_never_redirected(
    vapid, push_service, newcomer
):
    base = f"http://127.0.0.1:{push_service.server_port}"
    private, keys = browser()
    device = PushSubscription.objects.create(user=newcomer.user, endpoint=f"{base}/device", **keys)
    moved = PushSubscription.objects.create(
        user=newcomer.user, endpoint=f"{base}/moved", **browser_keys()
    )
    data = push.payload("Autumn Open: time called", "Time was called.\n\nhttps://x/", "/r/1/")
    result = push.send([device, moved], data)
    assert (result.delivered, result.errors) == (1, ["Push failed: 307 Temporary Redirect"])
    assert [path for path, _headers, _body in push_service.seen] == ["/device", "/moved"]
    _path, headers, body = push_service.seen[0]
    assert headers["content-encoding"] == "aes128gcm" and headers["ttl"] == "43200"
    assert headers["authorization"].startswith("vapid t=")
    # Only the browser can read it: decrypted with its private key and secret.
    auth = base64.urlsafe_b64decode(keys["auth"] + "==")
    plain = http_ece.decrypt(body, private_key=private, auth_secret=auth, version="aes128gcm")
    assert json.loads(plain) == {
        "title": "Autumn Open: time called",
        "body": "Time was called.",
        "url": "/r/1/",
    }


# --- the browser's endpoints ------------------------------------------------------------------


def post_json(client, url, data):
    body = data if isinstance(data, str) else json.dumps(data)
    return client.post(url, body, content_type="application/json")


def test_a_browser_subscribes_and_unsubscribes(vapid, client_as, newcomer):
    keys = browser_keys()
    client = client_as(newcomer)
    response = post_json(client, SUBSCRIBE, {"endpoint": endpoint(1), "keys": keys})
    assert response.status_code == 201
    stored = PushSubscription.objects.get()
    assert (stored.user, stored.endpoint, stored.p256dh, stored.auth) == (
        newcomer.user,
        endpoint(1),
        keys["p256dh"],
        keys["auth"],
    )
    # The same browser again (another login on a shared phone): it moves, never duplicated.
    other = make_player("other")
    response = post_json(client_as(other), SUBSCRIBE, {"endpoint": endpoint(1), "keys": keys})
    assert response.status_code == 201
    assert list(PushSubscription.objects.values_list("user__username", flat=True)) == ["other"]
    # Only one's own browser can be turned off.
    assert post_json(client_as(newcomer), UNSUBSCRIBE, {"endpoint": endpoint(1)}).json() == {
        "removed": False
    }
    assert post_json(client_as(other), UNSUBSCRIBE, {"endpoint": endpoint(1)}).json() == {
        "removed": True
    }
    assert PushSubscription.objects.count() == 0


def test_a_person_keeps_his_newest_ten_browsers(vapid, client_as, newcomer):
    client = client_as(newcomer)
    for n in range(12):
        post_json(client, SUBSCRIBE, {"endpoint": endpoint(n), "keys": browser_keys()})
    kept = PushSubscription.objects.values_list("endpoint", flat=True)
    assert sorted(kept) == sorted(endpoint(n) for n in range(2, 12))


def with_keys(subscription: dict, **keys) -> dict:
    """The subscription with these keys replaced (None: left out)."""
    changed = {**subscription["keys"], **keys}
    return {**subscription, "keys": {k: v for k, v in changed.items() if v is not None}}


OFF_THE_CURVE = b64url(b"\x04" + b"\x00" * 64)  # 65 bytes, but no point of P-256

# Each case turns a real subscription into a bad request body, and names the field blamed.
BAD_SUBSCRIPTIONS = {
    "not-json": (lambda s: "{endpoint:", "body"),
    "a-list": (lambda s: [s], "body"),
    "too-large": (lambda s: {**s, "padding": "x" * 5000}, "body"),
    "no-endpoint": (lambda s: {"keys": s["keys"]}, "endpoint"),
    "endpoint-not-text": (lambda s: {**s, "endpoint": 42}, "endpoint"),
    "plain-http": (lambda s: {**s, "endpoint": f"http://{PUSH_HOST}/send/1"}, "endpoint"),
    "not-a-url": (lambda s: {**s, "endpoint": "https://"}, "endpoint"),
    "too-long": (lambda s: {**s, "endpoint": endpoint(1) + "x" * 1000}, "endpoint"),
    "private-network": (
        lambda s: {**s, "endpoint": "https://intranet.example.net/send/1"},
        "endpoint",
    ),
    "no-keys": (lambda s: {"endpoint": s["endpoint"]}, "keys"),
    "keys-not-an-object": (lambda s: {**s, "keys": "abc"}, "keys"),
    "no-p256dh": (lambda s: with_keys(s, p256dh=None), "keys.p256dh"),
    "p256dh-not-base64url": (lambda s: with_keys(s, p256dh="not base64!"), "keys.p256dh"),
    "p256dh-off-the-curve": (lambda s: with_keys(s, p256dh=OFF_THE_CURVE), "keys.p256dh"),
    "no-auth": (lambda s: with_keys(s, auth=None), "keys.auth"),
    "auth-too-short": (lambda s: with_keys(s, auth=b64url(b"short")), "keys.auth"),
    "auth-not-text": (lambda s: with_keys(s, auth=16), "keys.auth"),
}


@pytest.mark.parametrize(("spoil", "field"), BAD_SUBSCRIPTIONS.values(), ids=BAD_SUBSCRIPTIONS)
def test_a_bad_subscription_is_refused_naming_the_field(vapid, client_as, newcomer, spoil, field):
    body = spoil({"endpoint": endpoint(1), "keys": browser_keys()})
    response = post_json(client_as(newcomer), SUBSCRIBE, body)
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert response.json()["error"]
    assert PushSubscription.objects.count() == 0


def test_unsubscribe_names_a_missing_endpoint(vapid, client_as, newcomer):
    response = post_json(client_as(newcomer), UNSUBSCRIBE, {"keys": {}})
    assert response.status_code == 400 and response.json()["field"] == "endpoint"
    assert post_json(client_as(newcomer), UNSUBSCRIBE, "[").json()["field"] == "body"


def test_the_endpoints_need_a_login_and_the_csrf_token(vapid, client_as, newcomer):
    data = {"endpoint": endpoint(1), "keys": browser_keys()}
    anonymous = client_as(None)
    assert post_json(anonymous, SUBSCRIBE, data).status_code == 403
    assert post_json(anonymous, UNSUBSCRIBE, {"endpoint": endpoint(1)}).status_code == 403
    page = anonymous.get(reverse("notifications:preferences"))
    assert page.status_code == 302 and page.url.startswith(reverse("login"))
    assert anonymous.get(SUBSCRIBE).status_code == 403
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(newcomer.user)
    assert post_json(strict, SUBSCRIBE, data).status_code == 403  # no token: refused
    strict.get(reverse("notifications:preferences"))  # sets the CSRF cookie, as the page does
    token = strict.cookies["csrftoken"].value
    response = strict.post(
        SUBSCRIBE, json.dumps(data), content_type="application/json", HTTP_X_CSRFTOKEN=token
    )
    assert response.status_code == 201 and PushSubscription.objects.count() == 1


# --- in a real browser -----------------------------------------------------------------------

# Headless Chromium cannot reach a real push service: PushManager answers with this browser's
# subscription (its keys made by the test), kept in sessionStorage across page loads.
FAKE_PUSH_MANAGER = """
(() => {
  const json = %s;
  const fake = {
    endpoint: json.endpoint,
    options: { applicationServerKey: null },
    toJSON: () => json,
    unsubscribe: () => { sessionStorage.removeItem("subscribed"); return Promise.resolve(true); },
  };
  PushManager.prototype.subscribe = function (options) {
    const key = new Uint8Array(options.applicationServerKey);
    sessionStorage.setItem("subscribed", String(key.length));
    return Promise.resolve(fake);
  };
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve(sessionStorage.getItem("subscribed") ? fake : null);
  };
})();
"""


SHOWN_NOTIFICATIONS = """navigator.serviceWorker.ready
  .then(registration => registration.getNotifications())
  .then(found => found.map(n => ({title: n.title, body: n.body, url: n.data.url})))"""


def in_chromium(test):
    for mark in browser_test:
        test = mark(test)
    return test


@in_chromium
def test_the_page_turns_phone_notifications_on_and_off_and_the_worker_shows_a_push(
    vapid, chromium, client, live_server, newcomer
):
    keys = browser_keys()
    subscription = {"endpoint": endpoint(7), "expirationTime": None, "keys": keys}
    tab = browser_page(chromium, client, live_server, newcomer)
    tab.context.grant_permissions(["notifications"], origin=live_server.url)
    tab.add_init_script(FAKE_PUSH_MANAGER % json.dumps(subscription))
    tab.goto(live_server.url + reverse("notifications:preferences"))
    tab.get_by_role("button", name="Turn on phone notifications").click()
    tab.get_by_text("Phone notifications are on for this browser.").wait_for()
    stored = PushSubscription.objects.get()
    assert (stored.user, stored.endpoint, stored.p256dh, stored.auth) == (
        newcomer.user,
        endpoint(7),
        keys["p256dh"],
        keys["auth"],
    )
    assert tab.evaluate("sessionStorage.getItem('subscribed')") == "65"  # the VAPID key
    # Reloaded, the page knows this browser is on.
    tab.reload()
    tab.get_by_text("Phone notifications are on for this browser.").wait_for()

    # The service worker shows what a push brings (delivered by Chromium itself).
    cdp = tab.context.new_cdp_session(tab)
    registrations = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda event: registrations.extend(event["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    tab.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
    deadline = time.monotonic() + 10
    while not registrations and time.monotonic() < deadline:
        tab.wait_for_timeout(100)
    payload = {"title": "Autumn Open: time called", "body": "Time was called.", "url": "/x/"}
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {
            "origin": live_server.url,
            "registrationId": registrations[0]["registrationId"],
            "data": json.dumps(payload),
        },
    )
    shown = []
    deadline = time.monotonic() + 10
    while not shown and time.monotonic() < deadline:
        tab.wait_for_timeout(100)
        shown = tab.evaluate(SHOWN_NOTIFICATIONS)
    assert shown == [payload]

    tab.get_by_role("button", name="Turn off phone notifications in this browser").click()
    tab.get_by_text("Phone notifications are off for this browser.").wait_for()
    assert PushSubscription.objects.count() == 0


# --- the settings page and the keys -----------------------------------------------------------


def test_the_settings_page_offers_phone_notifications(vapid, client_as, newcomer):
    subscribe(newcomer.user, 1)
    client = client_as(newcomer)
    page = client.get(reverse("notifications:preferences")).content.decode()
    assert f'data-public-key="{vapid.WEBPUSH_VAPID_PUBLIC_KEY}"' in page
    assert "Turn on phone notifications" in page and "js/push.js" in page
    assert f'data-endpoints="[&quot;{endpoint(1)}&quot;]"' in page
    assert 'name="push"' in page and "<script>" not in page
    client.post(
        reverse("notifications:preferences"),
        {"email": "on", "language": "en", "wanted": ["seated"]},  # push left unchecked
    )
    prefs = Preferences.objects.get(user=newcomer.user)
    assert prefs.push is False and prefs.email is True
    assert not prefs.wants_push("seated") and prefs.wants("seated")


def test_webpush_keys_prints_a_working_pair(capsys):
    call_command("webpush_keys", "--subject", SUBJECT)
    lines = dict(line.split("=", 1) for line in capsys.readouterr().out.split())
    assert set(lines) == {
        "WEBPUSH_VAPID_PUBLIC_KEY",
        "WEBPUSH_VAPID_PRIVATE_KEY",
        "WEBPUSH_VAPID_SUBJECT",
    }
    assert lines["WEBPUSH_VAPID_SUBJECT"] == SUBJECT
    public = base64.urlsafe_b64decode(lines["WEBPUSH_VAPID_PUBLIC_KEY"] + "==")
    assert len(public) == 65 and public[0] == 4  # what PushManager.subscribe() takes
    signer = Vapid.from_string(lines["WEBPUSH_VAPID_PRIVATE_KEY"])
    derived = signer.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    assert derived == public


def vapid_warnings() -> set[str]:
    return {w.msg for w in run_checks() if w.id == "notifications.W001"}


def test_vapid_settings_that_cannot_work_are_warned_about(vapid):
    assert vapid_warnings() == set()
    vapid.WEBPUSH_VAPID_PUBLIC_KEY = b64url(b"\x04" + bytes(64))  # not this private key's
    vapid.WEBPUSH_VAPID_SUBJECT = "ops@example.org"  # neither mailto: nor https://
    assert vapid_warnings() == {
        "WEBPUSH_VAPID_SUBJECT must start with mailto: or https://",
        "WEBPUSH_VAPID_PUBLIC_KEY is not the public key of the private key",
    }
    vapid.WEBPUSH_VAPID_PRIVATE_KEY = ""
    assert vapid_warnings() == {"WEBPUSH_VAPID_PRIVATE_KEY not set: Web Push is not offered"}


def test_a_push_connects_to_the_address_it_vetted_never_resolving_again(
    vapid, push_service, newcomer, fake_dns, monkeypatch
):
    """DNS rebinding: the endpoint's name answers the vetting with the push service's
    address, then a different one. The push goes to the vetted address (one lookup), with
    the endpoint's own name in the Host header."""
    from tournament.core import transport

    port = push_service.server_port
    fake_dns["push.example"] = ["127.0.0.1"]
    real_vet = transport.vet

    def vet_then_rebind(url):
        destination = real_vet(url)
        fake_dns["push.example"] = ["192.0.2.1"]  # TEST-NET-1: nothing answers there
        return destination

    monkeypatch.setattr(transport, "vet", vet_then_rebind)
    _private, keys = browser()
    device = PushSubscription.objects.create(
        user=newcomer.user, endpoint=f"http://push.example:{port}/device", **keys
    )
    result = push.send([device], push.payload("Round 2", "Seated.", "/r/2/"))
    assert (result.delivered, result.errors) == (1, [])
    assert fake_dns.lookups == ["push.example"]
    path, headers, _body = push_service.seen[0]
    assert (path, headers["host"]) == ("/device", f"push.example:{port}")
