"""The tls profile end to end: a forged X-Forwarded-For changes neither the rate limits nor the
log-in lockouts, through Caddy and past it.

On loopback, gunicorn runs the compose web command line with the web service's environment
(one trusted proxy, FORWARDED_ALLOW_IPS the proxy's address and nothing else) and Caddy runs
the repository's deploy/Caddyfile in front of it, with a certificate from its own local
authority. The proxy connects to gunicorn from 127.0.0.1, the address trusted here as compose
trusts PROXY_ADDRESS; each client binds its own loopback address (127.0.0.x), so the address
the site should count is known in advance.

Run by `.ci/run` (SPELLFIRE_TLS_PROFILE=1, after the deploy check); skipped otherwise, and
skipped when `caddy` is not installed (CI installs it with apt-get). A fresh SQLite database
and the in-process cache (one gunicorn worker, so one counter per limit) keep it self-contained;
static files are hashed without compression (the deploy check builds them the image's way).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import secrets
import shlex
import shutil
import socket
import sqlite3
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
ENABLED = os.environ.get("SPELLFIRE_TLS_PROFILE") == "1"
CADDY = shutil.which("caddy")
PROXY = "127.0.0.1"  # where Caddy connects to gunicorn from: the one trusted peer
SIGNUP_RATE = "3/h"  # three sign-up tries an hour per client address
JUDGE_PASSWORD = "judge-" + secrets.token_hex(8)

SKIP_REASON = "the tls profile check: run by .ci/run (SPELLFIRE_TLS_PROFILE=1)"
live = [pytest.mark.tls_profile, pytest.mark.skipif(not ENABLED, reason=SKIP_REASON)]
needs_caddy = pytest.mark.skipif(
    CADDY is None, reason="caddy is not installed (apt-get install caddy; .ci/run installs it)"
)


# --- the compose file ----------------------------------------------------------------------


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def compose_default(value: str) -> str:
    """A compose value with every ${NAME:-default} as its default (a required ${NAME:?...}
    or a bare ${NAME} is empty: the caller sets those)."""
    return re.sub(r"\$\{\w+(?::?-([^}]*)|:?\?[^}]*)?\}", lambda m: m.group(1) or "", str(value))


def web_service() -> dict:
    return compose()["services"]["web"]


def test_compose_defaults_trust_the_proxy_alone():
    """Out of the box web trusts X-Forwarded-* from the tls profile's Caddy only, behind one
    proxy, and is published on the host's loopback alone."""
    config = compose()
    web, proxy = config["services"]["web"], config["services"]["proxy"]
    env = {name: compose_default(value) for name, value in web["environment"].items()}
    proxy_address = compose_default(proxy["networks"]["default"]["ipv4_address"])
    subnet = compose_default(config["networks"]["default"]["ipam"]["config"][0]["subnet"])
    assert env["TRUSTED_PROXY_COUNT"] == "1"
    assert env["FORWARDED_ALLOW_IPS"] == proxy_address == "172.31.250.2"
    assert subnet == "172.31.250.0/24"
    # The same variable sets both, so they cannot drift apart.
    assert "PROXY_ADDRESS" in web["environment"]["FORWARDED_ALLOW_IPS"]
    assert "PROXY_ADDRESS" in proxy["networks"]["default"]["ipv4_address"]
    assert "*" not in env["FORWARDED_ALLOW_IPS"]
    assert proxy["profiles"] == ["tls"]
    # web: the host's loopback only; no other service publishes gunicorn's port.
    assert [compose_default(port) for port in web["ports"]] == ["127.0.0.1:8000:8000"]
    for name, service in config["services"].items():
        if name != "web":
            assert all(":8000" not in str(port) for port in service.get("ports", [])), name
    # Caddy forwards to web:8000 unless told otherwise.
    assert "{$WEB_UPSTREAM:web:8000}" in (ROOT / "deploy" / "Caddyfile").read_text()


# --- the running site ----------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def web_env(data: Path, port: int, **overrides: str) -> dict[str, str]:
    """The compose web service's environment, as production runs it (the image sets
    PRODUCTION=1), on this machine: loopback addresses, a data folder of its own."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE"}
        and not key.startswith(("AXES_", "SECURE_"))
        and not key.endswith("_RATE")
    }
    env.update(
        {name: compose_default(value) for name, value in web_service()["environment"].items()}
    )
    del env["DATABASE_URL"], env["REDIS_URL"]  # SQLite and the in-process cache: one worker
    env.update(
        DJANGO_SETTINGS_MODULE="tournament.settings",
        PRODUCTION="1",
        DEBUG="0",
        SECRET_KEY="tls-" + secrets.token_urlsafe(40),
        ALLOWED_HOSTS="localhost,127.0.0.1",
        # Caddy redirects to HTTPS in the TLS profile; the direct client (part 3) speaks
        # plain HTTP to gunicorn, and its X-Forwarded-Proto claim must not make it secure.
        SECURE_SSL_REDIRECT="0",
        EMAIL_URL="console://",
        SPELLFIRE_DATA_DIR=str(data),
        STATIC_ROOT=str(data / "static"),
        SPELLFIRE_CARD_DATA=str(ROOT / "carddata"),
        FORWARDED_ALLOW_IPS=PROXY,  # compose: PROXY_ADDRESS, Caddy's address
        HOST="127.0.0.1",  # compose publishes web on the host's loopback only
        PORT=str(port),
        WEB_CONCURRENCY="1",
        SIGNUP_RATE=SIGNUP_RATE,
        AXES_FAILURE_LIMIT="5",
        LOG_LEVEL="WARNING",
        PYTHONUNBUFFERED="1",
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    )
    env.update(overrides)
    assert env["TRUSTED_PROXY_COUNT"] == "1"
    return env


def web_command() -> list[str]:
    return shlex.split(web_service()["command"])


PREPARE = f"""
import django
django.setup()
from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.core.management import call_command
call_command("migrate", interactive=False, verbosity=0)
password = make_password({JUDGE_PASSWORD!r})
User.objects.bulk_create([User(username=name, password=password) for name in ("judge", "referee")])
"""
STATIC = """
import django
django.setup()
from django.conf import settings
from django.core.management import call_command
settings.STORAGES = {**settings.STORAGES, "staticfiles": {
    "BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"}}
call_command("collectstatic", interactive=False, verbosity=0)
"""


def wait_until(ready, seconds: float, what: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + seconds
    while not ready():
        if process.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"{what} did not start:\n{log.read_text()[-3000:]}")
        time.sleep(0.2)


def answers(connect) -> bool:
    try:
        connection = connect()
        connection.request("GET", "/healthz")
        return connection.getresponse().status == 200
    except OSError:
        return False


@dataclass
class Site:
    data: Path
    web_port: int
    tls_port: int
    ca: Path
    web_log: Path

    def connection(self, source: str, *, direct: bool = False) -> http.client.HTTPConnection:
        """A connection from `source` (a loopback address): to Caddy, or straight to gunicorn."""
        if direct:
            return http.client.HTTPConnection(
                "127.0.0.1", self.web_port, timeout=20, source_address=(source, 0)
            )
        context = ssl.create_default_context(cafile=str(self.ca))
        return http.client.HTTPSConnection(
            "localhost", self.tls_port, timeout=20, source_address=(source, 0), context=context
        )

    def attempts(self) -> list[tuple[str, str, int]]:
        """django-axes's rows: (username, ip_address, failures)."""
        with sqlite3.connect(self.data / "db.sqlite3") as db:
            return db.execute(
                "SELECT username, ip_address, failures_since_start FROM axes_accessattempt"
                " ORDER BY username, ip_address"
            ).fetchall()


def start(command: list[str], log: Path, **options) -> subprocess.Popen:
    with log.open("w") as out:
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, **options)


def finished(process: subprocess.Popen, log: Path, what: str) -> None:
    assert process.wait(timeout=120) == 0, f"{what} failed:\n{log.read_text()[-3000:]}"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[Site]:
    if CADDY is None:
        pytest.skip("caddy is not installed (apt-get install caddy; .ci/run installs it)")
    data = tmp_path_factory.mktemp("tls-profile")
    web_port, tls_port = free_port(), free_port()
    env = web_env(data, web_port)
    caddy_env = {
        **os.environ,
        "SITE_DOMAIN": f"https://localhost:{tls_port}",
        "WEB_UPSTREAM": f"127.0.0.1:{web_port}",
        "CADDY_OPTIONS": "\n".join(
            [
                "admin off",
                "local_certs",  # Caddy's own authority, not Let's Encrypt
                "skip_install_trust",
                "auto_https disable_redirects",  # no listener on port 80
                "default_bind 127.0.0.1",
            ]
        ),
        "XDG_DATA_HOME": str(data / "caddy-data"),
        "XDG_CONFIG_HOME": str(data / "caddy-config"),
    }
    site = Site(
        data,
        web_port,
        tls_port,
        data / "caddy-data" / "caddy" / "pki" / "authorities" / "local" / "root.crt",
        data / "web.log",
    )
    caddyfile = str(ROOT / "deploy" / "Caddyfile")
    processes: list[subprocess.Popen] = []
    try:
        # At once: Caddy, the compose migrate service's work (and two accounts), the static
        # files; gunicorn once the static files' manifest is written.
        caddy_log = data / "caddy.log"
        caddy = start(
            [CADDY, "run", "--config", caddyfile, "--adapter", "caddyfile"],
            caddy_log,
            cwd=data,
            env=caddy_env,
        )
        processes.append(caddy)
        prepare = start([sys.executable, "-c", PREPARE], data / "prepare.log", cwd=ROOT, env=env)
        static = start([sys.executable, "-c", STATIC], data / "static.log", cwd=ROOT, env=env)
        processes += [prepare, static]
        finished(static, data / "static.log", "collectstatic")
        web = start(web_command(), site.web_log, cwd=ROOT, env=env)
        processes.append(web)
        finished(prepare, data / "prepare.log", "migrate")
        wait_until(
            lambda: answers(lambda: site.connection("127.0.0.1", direct=True)),
            60,
            "gunicorn",
            web,
            site.web_log,
        )
        wait_until(
            lambda: site.ca.exists() and answers(lambda: site.connection("127.0.0.1")),
            30,
            "Caddy",
            caddy,
            caddy_log,
        )
        yield site
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
        for process in processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@dataclass
class Browser:
    """One client at one loopback address, with its cookies; through Caddy unless `direct`
    (then it speaks plain HTTP to gunicorn and claims HTTPS in a header, which is ignored:
    the scheme is gunicorn's, from trusted proxies only)."""

    site: Site
    source: str
    direct: bool = False
    cookies: dict[str, str] = field(default_factory=dict)

    @property
    def origin(self) -> str:
        if self.direct:
            return f"http://127.0.0.1:{self.site.web_port}"
        return f"https://localhost:{self.site.tls_port}"

    def request(self, method: str, path: str, body: str | None = None, headers=None):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if self.direct:
            headers["X-Forwarded-Proto"] = "https"
        connection = self.site.connection(self.source, direct=self.direct)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            for value in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(value).items():
                    self.cookies[name] = morsel.value
            return response.status, text
        finally:
            connection.close()

    def post_form(self, path: str, data: dict[str, str], forged: str | None = None) -> int:
        """GET the form, then POST it (CSRF token, same-origin Referer); `forged`: the
        X-Forwarded-For both requests carry. The POST's status."""
        extra = {"X-Forwarded-For": forged} if forged else {}
        status, page = self.request("GET", path, headers=extra)
        assert status == 200, (status, page[:300])
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        status, page = self.request(
            "POST",
            path,
            body=urlencode({**data, "csrfmiddlewaretoken": token}),
            headers={
                **extra,
                "Content-Type": "application/x-www-form-urlencoded",
                "Referer": self.origin + path,
            },
        )
        assert status != 403, page[:500]  # a CSRF refusal would prove nothing
        return status


SIGNUP = "/accounts/signup/"
LOGIN = "/accounts/login/"


def sign_up(browser: Browser, n: int, forged: str | None = None) -> int:
    # Incomplete (no password): still a try that counts, and nothing is created.
    return browser.post_form(
        SIGNUP, {"username": f"new{n}", "email": f"new{n}@example.org"}, forged
    )


def log_in(browser: Browser, username: str, password: str, forged: str | None = None) -> int:
    return browser.post_form(LOGIN, {"username": username, "password": password}, forged)


def web_log_remotes(site: Site, peer: str, count: int) -> list[str]:
    """The X-Forwarded-For values gunicorn logged for POSTs from `peer`, once there are
    `count` (it logs a request after answering it)."""
    deadline = time.monotonic() + 10
    while True:
        text = site.web_log.read_text()
        remotes = re.findall(rf"peer={re.escape(peer)} remote=(.*?) method=POST", text)
        if len(remotes) >= count or time.monotonic() > deadline:
            return remotes
        time.sleep(0.2)


@needs_caddy
@pytest.mark.usefixtures("site")
class TestThroughCaddy:
    pytestmark = live

    def test_a_rotating_forged_header_is_limited_exactly_as_an_honest_client(self, site):
        # 3 tries an hour: the first three answered (the form with its errors), the fourth
        # and fifth refused, for the honest client and the forger alike.
        expected = [200, 200, 200, 429, 429]
        honest = Browser(site, "127.0.0.11")
        assert [sign_up(honest, n) for n in range(5)] == expected
        forger = Browser(site, "127.0.0.12")
        forged = [sign_up(forger, 10 + n, f"198.51.100.{n}, 203.0.113.{n}") for n in range(5)]
        assert forged == expected
        # Naming another client's address spends that client's tries no more than his own:
        # 127.0.0.13 claims to be the refused 127.0.0.11 and is answered.
        assert sign_up(Browser(site, "127.0.0.13"), 20, "127.0.0.11") == 200
        # What reached gunicorn from the proxy ends with the real client's address.
        remotes = web_log_remotes(site, PROXY, 11)
        assert [remote.split(",")[-1].strip() for remote in remotes] == [
            *["127.0.0.11"] * 5,
            *["127.0.0.12"] * 5,
            "127.0.0.13",
        ]

    def test_failed_logins_with_forged_headers_lock_out_the_real_address(self, site):
        guesser = Browser(site, "127.0.0.21")
        codes = [log_in(guesser, "judge", "wrong", f"198.51.100.{n}, 127.0.0.22") for n in range(5)]
        # AXES_FAILURE_LIMIT=5: four wrong passwords are told so, the fifth locks.
        assert codes == [200, 200, 200, 200, 429]
        assert site.attempts() == [("judge", "127.0.0.21", 5)]
        # Locked at his real address, whatever address he now claims, even with the password.
        assert log_in(guesser, "judge", JUDGE_PASSWORD, "127.0.0.22") == 429
        # The judge from another address (the one the guesser named) signs in.
        assert log_in(Browser(site, "127.0.0.22"), "judge", JUDGE_PASSWORD) == 302
        assert [row[1] for row in site.attempts()] == ["127.0.0.21"]


@pytest.mark.usefixtures("site")
class TestPastTheProxy:
    """A client that reaches gunicorn without the proxy (compose: the host through the
    loopback port, another container) is counted under its own address."""

    pytestmark = [*live, needs_caddy]

    def test_a_forged_header_straight_to_gunicorn_is_ignored_by_the_limits(self, site):
        direct = Browser(site, "127.0.0.3", direct=True)
        codes = [sign_up(direct, 30 + n, f"198.51.100.{40 + n}") for n in range(5)]
        assert codes == [200, 200, 200, 429, 429]
        # It did reach gunicorn directly, forged header and all.
        remotes = web_log_remotes(site, "127.0.0.3", 5)
        assert remotes == [f"198.51.100.{40 + n}" for n in range(5)]

    def test_a_forged_header_straight_to_gunicorn_cannot_choose_the_locked_address(self, site):
        direct = Browser(site, "127.0.0.3", direct=True)
        # Five wrong passwords, each naming the referee's real address behind the proxy.
        codes = [log_in(direct, "referee", "wrong", "127.0.0.31") for _ in range(5)]
        assert codes == [200, 200, 200, 200, 429]
        assert ("referee", "127.0.0.3", 5) in site.attempts()
        assert all(row[1] != "127.0.0.31" for row in site.attempts())
        # The referee, through the proxy from 127.0.0.31, signs in.
        assert log_in(Browser(site, "127.0.0.31"), "referee", JUDGE_PASSWORD) == 302


# --- the startup check ---------------------------------------------------------------------


@pytest.mark.tls_profile
@pytest.mark.skipif(not ENABLED, reason=SKIP_REASON)
def test_a_wildcard_with_a_proxy_count_refuses_to_start(tmp_path):
    """The compose migrate command (its system checks: compose starts web only after it) and
    the web command both refuse a wildcard in FORWARDED_ALLOW_IPS with TRUSTED_PROXY_COUNT=1,
    and gunicorn never listens."""
    port = free_port()
    migrate = start(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        tmp_path / "migrate.log",
        cwd=ROOT,
        env=web_env(tmp_path, port, FORWARDED_ALLOW_IPS="*"),
    )
    web = start(
        web_command(),
        tmp_path / "web.log",
        cwd=ROOT,
        env=web_env(tmp_path, port, FORWARDED_ALLOW_IPS="172.31.250.2,*"),
    )
    for process, name in ((migrate, "migrate"), (web, "web")):
        assert process.wait(timeout=120) != 0, name
        assert "core.E001" in (tmp_path / f"{name}.log").read_text(), name
    with socket.socket() as sock:
        assert sock.connect_ex(("127.0.0.1", port)) != 0  # nothing listens


def raw_exchange(site: Site, request: bytes, direct: bool) -> tuple[int, str, str]:
    """Send bytes as they are (a client library would refuse to write a bad header): the
    answer's status, Content-Type and body."""
    sock = socket.create_connection(("127.0.0.1", site.web_port if direct else site.tls_port), 20)
    if not direct:
        context = ssl.create_default_context(cafile=str(site.ca))
        sock = context.wrap_socket(sock, server_hostname="localhost")
    with sock:
        # it may answer (and close) before reading all of it: read the answer then
        with contextlib.suppress(BrokenPipeError, ConnectionResetError, ssl.SSLEOFError):
            sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    content_type = next((v for k, v in headers.items() if k.lower() == "content-type"), "")
    return int(lines[0].split(" ")[1]), content_type, body.decode("utf-8", "replace")


def request_bytes(path: str, headers: str = "") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: localhost\r\n{headers}Connection: close\r\n\r\n".encode(
        "latin1"
    )


@needs_caddy
@pytest.mark.usefixtures("site")
class TestFrontErrors:
    """What gunicorn and Caddy refuse themselves, before Django: JSON on /api/ paths."""

    pytestmark = live

    @pytest.mark.parametrize(
        ("request_", "status"),
        [
            (request_bytes("/api/v1/events/", "X-Bad: a\x01b\r\n"), 400),  # a control byte
            (request_bytes("/api/v1/events/?q=" + "x" * 5000), 414),  # over limit_request_line
            (request_bytes("/api/v1/events/", "X-Big: " + "y" * 9000 + "\r\n"), 431),
        ],
        ids=["bad header byte", "414", "431"],
    )
    def test_gunicorns_refusals_are_json(self, site, request_, status):
        """Straight to gunicorn (as a proxy of one's own reaches it). A request line too long
        or a header it cannot read leaves it no path to tell the API by: JSON then too."""
        code, content_type, body = raw_exchange(site, request_, direct=True)
        assert code == status, body[:300]
        assert content_type.startswith("application/json"), (content_type, body[:300])
        assert set(json.loads(body)) == {"detail", "code"}

    @pytest.mark.parametrize(
        "request_",
        [
            request_bytes("/api/v1/events/?q=" + "x" * 5000),
            request_bytes("/api/v1/events/", "X-Big: " + "y" * 9000 + "\r\n"),
        ],
        ids=["414", "431"],
    )
    def test_through_caddy_gunicorns_refusals_stay_json(self, site, request_):
        code, content_type, body = raw_exchange(site, request_, direct=False)
        assert code in (414, 431), body[:300]
        assert content_type.startswith("application/json"), (content_type, body[:300])

    def test_through_caddy_a_bad_header_byte_never_reaches_gunicorn(self, site):
        """Go's HTTP server (under Caddy's configuration) refuses it first, in plain text:
        a 400 all the same, and nothing behind it sees the request."""
        code, _type, _body = raw_exchange(
            site, request_bytes("/api/v1/events/", "X-Bad: a\x01b\r\n"), direct=False
        )
        assert code == 400

    def test_a_body_over_the_proxys_limit_is_a_json_413(self, site):
        body = b"{" + b" " * (11 * 1024 * 1024) + b"}"
        request_ = (
            b"POST /api/v1/events/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json"
            + f"\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
            + body
        )
        code, content_type, text = raw_exchange(site, request_, direct=False)
        assert code == 413, text[:300]
        assert content_type.startswith("application/json")
        assert json.loads(text)["code"] == "too_large"
