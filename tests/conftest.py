"""Shared fixtures: users in every role of one event, and a client logged in as each."""

import datetime
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from tournament.accounts.models import Player
from tournament.events.models import Event, Registration


def pytest_addoption(parser):
    parser.addoption(
        "--run-celery-worker",
        action="store_true",
        help="run tests that need a real Redis broker and a running celery worker",
    )


def pytest_configure(config):
    from django.conf import settings

    from tournament.core.management.commands.compilemessages_py import compile_translations

    # A fresh clone has no .mo files: the pt-BR tests need the compiled catalog.
    compile_translations(settings.LOCALE_PATHS)

    # Real hashing costs ~0.3 s per account; tests create hundreds of them.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    if not config.getoption("--run-celery-worker"):
        # Ordinary runs execute tasks in-process even when REDIS_URL is set (no worker runs);
        # the celery_worker tests exercise the real broker and worker.
        from tournament.celery import app

        settings.CELERY_TASK_ALWAYS_EAGER = True
        app.conf.task_always_eager = True
        app.conf.task_eager_propagates = True


def pytest_collection_modifyitems(config, items):
    if config.getoption("--run-celery-worker"):
        return
    skip = pytest.mark.skip(reason="needs --run-celery-worker (a real broker and worker)")
    for item in items:
        if "celery_worker" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Every test starts with an empty cache (pages cache rendered tables)."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _fresh_language_and_time_zone():
    """Every test starts, and leaves, in the default language and time zone: a test that
    activates pt-BR (or a time zone) and fails before resetting it must not turn the next
    test's messages Portuguese in the same worker."""
    from django.conf import settings
    from django.utils import timezone, translation

    translation.activate(settings.LANGUAGE_CODE)
    timezone.deactivate()
    yield
    translation.deactivate()
    timezone.deactivate()


def make_player(username: str, name: str | None = None, **fields) -> Player:
    """A user account with its player profile."""
    user = User.objects.create_user(username, f"{username}@example.org", "pw-" + username)
    return Player.create_for_user(user, name=name or username.title(), **fields)


@pytest.fixture
def organizer(db) -> Player:
    return make_player("organizer", "Ann Organiser")


@pytest.fixture
def judge(db) -> Player:
    return make_player("judge", "Bob Judge")


@pytest.fixture
def second_judge(db) -> Player:
    return make_player("judge2", "Cy Judge")


@pytest.fixture
def player(db) -> Player:
    return make_player("player", "Pat Player")


@pytest.fixture
def stranger(db) -> Player:
    return make_player("stranger", "Sam Stranger")


@pytest.fixture
def event(organizer, judge, second_judge) -> Event:
    event = Event.objects.create(
        name="Autumn Open",
        date=datetime.date(2026, 11, 21),
        venue="Halifax",
        organizer=organizer,
        status="registration",
    )
    event.judges.set([judge, second_judge])
    return event


@pytest.fixture
def registered_players(event) -> list[Player]:
    """Nine registered, checked-in players (the scored minimum)."""
    players = [make_player(f"p{i}", f"Player {i:02d}", club=f"Club {i % 3}") for i in range(1, 10)]
    for p in players:
        Registration.objects.create(event=event, player=p, checked_in=True)
    return players


def ranking_officer() -> User:
    """The tests' ranking officer account (a member of the ranking officers' group, §9)."""
    from django.contrib.auth.models import Group

    from tournament.accounts.roles import RANKING_OFFICERS_GROUP

    user = User.objects.filter(username="officer").first()
    if user is None:
        user = make_player("officer", "Olga Officer").user
        user.groups.add(Group.objects.get_or_create(name=RANKING_OFFICERS_GROUP)[0])
    return user


def accept_for_ranking(*events: Event) -> None:
    """Submit each finished event's scoring form as its organizer and accept it as a ranking
    officer: only accepted events count in the ranking (SPEC §9)."""
    from tournament.review.services import accept, submit

    for event in events:
        submit(event, event.organizer.user)
        accept(event, ranking_officer())


def login(client, player: Player):
    client.force_login(player.user)
    return client


@pytest.fixture
def client_as(client):
    """client_as(player) → the test client logged in as that player (None: anonymous)."""

    def _as(player: Player | None):
        client.logout()
        if player is not None:
            client.force_login(player.user)
        return client

    return _as


CHROMIUM = "/usr/bin/chromium"
browser_test = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is not installed"),
]


@pytest.fixture
def chromium(live_server, monkeypatch):
    """Headless Debian Chromium driven by Playwright, against pytest-django's live server."""
    # Playwright's sync API runs an event loop; Django's ORM refuses that unless told.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield browser
        browser.close()


def browser_page(browser, client, live_server, player: Player | None = None, **context):
    """A new page, logged in as `player` through the test client's session cookie."""
    from django.conf import settings

    browser_context = browser.new_context(**context)
    if player is not None:
        client.force_login(player.user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        browser_context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
        )
    return browser_context.new_page()


class FakeDns(dict):
    """Host name → the addresses a lookup answers; `lookups` lists the faked names looked up."""

    def __init__(self):
        super().__init__()
        self.lookups: list[str] = []


@pytest.fixture
def fake_dns(monkeypatch) -> FakeDns:
    """A resolver whose answers the test sets (other names: the real resolver). The answers
    may change during the test, as a DNS answer can between two lookups."""
    import socket

    answers = FakeDns()
    real = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kwargs):
        if host not in answers:
            return real(host, port, *args, **kwargs)
        answers.lookups.append(host)
        return [
            (socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port))
            for a in answers[host]
        ]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return answers
