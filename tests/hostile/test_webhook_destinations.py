"""Webhooks never reach inside: refused on save and on send, pinned to the vetted address; the
single request (`transport.post`) follows no redirect, and a delivery's redirects are vetted
one by one (tests/webhooks/test_redirects.py). Each case is one way a URL could lead to the
server's own network."""

import http.server
import socket
import threading

import pytest
from django.core.exceptions import ValidationError

from tournament.core import transport
from tournament.webhooks.models import Kind, Webhook

pytestmark = pytest.mark.django_db

PUBLIC = "93.184.216.34"


@pytest.fixture(autouse=True)
def production_rules(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = False


def saved(event, url: str) -> Webhook:
    hook = Webhook(event=event, url=url, kinds=Kind.values)
    hook.full_clean(exclude=["created_by"])
    hook.save()
    return hook


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("http://169.254.169.254/latest/meta-data/", "private network"),  # cloud metadata
        ("http://10.0.0.1/hook", "private network"),
        ("http://127.0.0.1:8000/hook", "private network"),
        ("http://[::1]/hook", "private network"),
        ("http://2130706433/hook", "private network"),  # 127.0.0.1 written as one number
        ("http://0x7f.1/hook", "private network"),  # 127.0.0.1 in hexadecimal
        ("http://100.64.0.1/hook", "private network"),  # carrier-grade NAT (shared)
        ("http://[::ffff:10.0.0.1]/hook", "private network"),  # IPv4-mapped IPv6
        ("ftp://hooks.example/hook", "Only http:// and https://"),
        ("file:///etc/passwd", "Only http:// and https://"),
        ("http://hooks.example:99999/hook", "port"),
    ],
)
def test_an_address_inside_is_refused_when_saved(event, fake_dns, url, why):
    fake_dns["hooks.example"] = [PUBLIC]
    with pytest.raises(ValidationError, match=why):
        saved(event, url)
    assert not Webhook.objects.exists()


def test_a_name_that_resolves_inside_is_refused_when_saved(event, fake_dns):
    fake_dns["metadata.google.internal"] = ["169.254.169.254"]
    with pytest.raises(ValidationError, match=r"metadata\.google\.internal is an address inside"):
        saved(event, "http://metadata.google.internal/computeMetadata/v1/")
    # one private address among public ones is enough to refuse
    fake_dns["mixed.example"] = [PUBLIC, "10.1.2.3"]
    with pytest.raises(ValidationError, match=r"\(10\.1\.2\.3\)"):
        saved(event, "https://mixed.example/hook")


def test_a_name_nobody_can_look_up_is_refused_with_a_message(event):
    with pytest.raises(ValidationError, match="could not be looked up"):
        saved(event, "https://no-such-host.invalid/hook")


def test_a_public_address_is_saved(event, fake_dns):
    fake_dns["hooks.example"] = [PUBLIC]
    assert saved(event, "https://hooks.example/api/1").pk


def test_the_organizers_form_says_why(client_as, organizer, event, fake_dns):
    fake_dns["metadata.google.internal"] = ["169.254.169.254"]
    response = client_as(organizer).post(
        f"/events/{event.pk}/webhooks/",
        {"url": "http://metadata.google.internal/", "kinds": ["event.finished"]},
    )
    assert response.status_code == 200
    assert "notifications are sent to public addresses only" in response.content.decode()
    assert not Webhook.objects.exists()


def test_the_send_checks_again_and_connects_to_the_address_it_checked(fake_dns, monkeypatch):
    """DNS rebinding: the name answers a public address to the check and a private one
    afterwards. The sender looks up once and connects to what it checked."""
    fake_dns["rebind.example"] = [PUBLIC]
    connected: list[tuple] = []

    def create_connection(address, *args, **kwargs):
        connected.append(address)
        fake_dns["rebind.example"] = ["127.0.0.1"]  # the next answer would lead inside
        raise ConnectionRefusedError("test: no network")

    monkeypatch.setattr(socket, "create_connection", create_connection)
    with pytest.raises(ConnectionRefusedError):
        transport.post("http://rebind.example/hook", b"{}", {})
    assert connected == [(PUBLIC, 80)]
    assert fake_dns.lookups == ["rebind.example"]
    # a stored hook whose name now resolves inside is refused at the send
    with pytest.raises(transport.RefusedDestination):
        transport.post("http://rebind.example/hook", b"{}", {})


class Redirecting(http.server.BaseHTTPRequestHandler):
    hits: list[str]
    location = ""

    def do_POST(self):
        self.hits.append(self.path)
        if self.location:
            self.send_response(301)
            self.send_header("Location", self.location)
        else:
            self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


def serve(handler):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_a_single_request_answers_the_redirect_without_following_it(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = True  # both servers run on this machine
    inside = type("Inside", (Redirecting,), {"hits": []})
    outside = type("Outside", (Redirecting,), {"hits": []})
    inner, outer = serve(inside), serve(outside)
    try:
        outside.location = f"http://127.0.0.1:{inner.server_address[1]}/admin"
        status = transport.post(f"http://127.0.0.1:{outer.server_address[1]}/hook", b"{}", {})
        assert status == 301
        assert outside.hits == ["/hook"] and inside.hits == []
    finally:
        for server in (inner, outer):
            server.shutdown()
            server.server_close()


def test_the_refusal_is_worded_in_portuguese(event, fake_dns):
    from django.utils import translation

    fake_dns["metadata.google.internal"] = ["169.254.169.254"]
    with translation.override("pt-br"):
        with pytest.raises(ValidationError) as refused:
            saved(event, "http://metadata.google.internal/")
        assert "só são enviadas a endereços públicos" in str(refused.value)


@pytest.mark.parametrize(
    "address",
    [
        "64:ff9b::7f00:1",  # NAT64 (RFC 6052) of 127.0.0.1
        "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254, cloud metadata
        "64:ff9b:1::a00:1",  # local-use NAT64 (RFC 8215): the operator's own gateway
        "2002:7f00:1::",  # 6to4 (RFC 3056) of 127.0.0.1
        "2002:a00:1::1",  # 6to4 of 10.0.0.1
        "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo
        "224.0.0.1",  # IPv4 multicast, all hosts
        "ff02::1",  # IPv6 multicast, all nodes
        "::ffff:127.0.0.1",  # IPv4-mapped loopback
    ],
)
def test_an_address_wrapping_one_inside_is_refused(event, fake_dns, address):
    """`ipaddress.is_global` alone accepts NAT64, 6to4 and multicast forms of inside
    addresses: the address inside is unwrapped and checked."""
    fake_dns["wrapped.example"] = [address]
    with pytest.raises(ValidationError, match="address inside"):
        saved(event, "http://wrapped.example/hook")
    host = f"[{address}]" if ":" in address else address
    with pytest.raises(ValidationError):
        saved(event, f"http://{host}/hook")
    assert not Webhook.objects.exists()


@pytest.mark.parametrize(
    "address", ["64:ff9b::5db8:d822", "2002:5db8:d822::1", PUBLIC, "2606:4700::1111"]
)
def test_a_wrapped_public_address_is_public(address):
    """NAT64 and 6to4 of 93.184.216.34 lead to that public address."""
    assert transport.is_public_address(address)
