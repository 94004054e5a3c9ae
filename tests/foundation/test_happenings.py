"""The bus of happenings (`core/happenings.py`) and the one place subscriptions are declared
(`tournament/site/subscriptions.py`)."""

import importlib
import inspect
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction

from tests.conftest import make_player
from tournament.core import happenings
from tournament.core.happenings import Happening, announce, subscribe
from tournament.events.happenings import Registered
from tournament.events.models import Registration
from tournament.events.services.registration import register
from tournament.site import subscriptions

ROOT = Path(__file__).resolve().parents[2]
APPS = ROOT / "tournament"


@dataclass(frozen=True)
class Rang(Happening):
    what: str


@dataclass(frozen=True)
class Knocked(Happening):
    what: str


@pytest.fixture
def bus():
    """The site's subscriptions, restored after the test whatever it subscribed."""
    saved = {kind: list(found) for kind, found in happenings._handlers.items()}
    yield
    happenings._handlers.clear()
    happenings._handlers.update(saved)


def test_handlers_run_in_subscription_order_with_the_happening(bus):
    heard = []
    subscribe(Rang, lambda h: heard.append(("first", h.what)))
    subscribe(Rang, lambda h: heard.append(("second", h.what)))
    subscribe(Knocked, lambda h: heard.append(("knock", h.what)))
    announce(Rang("bell"))
    assert heard == [("first", "bell"), ("second", "bell")]  # only the class announced
    announce(Knocked("door"))
    assert heard[-1] == ("knock", "door")


def test_a_happening_nobody_follows_is_announced_to_nobody(bus):
    announce(Rang("nobody listens"))  # no error, nothing happens


def test_subscribing_twice_calls_once_and_only_happenings_are_subscribed(bus):
    heard = []

    def handler(h):
        heard.append(h)

    subscribe(Rang, handler)
    subscribe(Rang, handler)
    announce(Rang("once"))
    assert len(heard) == 1
    with pytest.raises(TypeError):
        subscribe(dict, handler)


def test_happenings_are_frozen():
    with pytest.raises(AttributeError):
        Rang("x").what = "y"


@pytest.mark.django_db(transaction=True)
def test_handlers_run_inside_the_announcing_services_transaction(bus, event):
    seen = []
    subscribe(Registered, lambda h: seen.append(transaction.get_connection().in_atomic_block))
    register(event, make_player("newcomer"))
    assert seen == [True]


@pytest.mark.django_db
def test_a_handler_that_raises_rolls_the_service_back(bus, event):
    def refuse(happening):
        raise ValidationError("no")

    subscribe(Registered, refuse)
    newcomer = make_player("newcomer")
    with pytest.raises(ValidationError):
        register(event, newcomer)
    assert not Registration.objects.filter(event=event, player=newcomer).exists()


def _declared_happenings() -> list[type[Happening]]:
    found = []
    for path in sorted(APPS.glob("*/happenings.py")):
        module = importlib.import_module(f"tournament.{path.parent.name}.happenings")
        for _name, value in inspect.getmembers(module, inspect.isclass):
            if (
                issubclass(value, Happening)
                and value is not Happening
                and value.__module__ == module.__name__
            ):
                found.append(value)
    return found


def test_every_declared_happening_is_subscribed_or_listed_as_followed_by_nobody():
    declared = _declared_happenings()
    assert len(declared) >= 15  # every announcing app's happenings were found
    for kind in declared:
        subscribed = happenings.handlers(kind)
        if kind in subscriptions.UNSUBSCRIBED:
            assert not subscribed, f"{kind.__name__} is subscribed: take it off UNSUBSCRIBED"
        else:
            assert subscribed, f"{kind.__name__} is announced but nobody subscribes to it"


def test_every_happening_is_a_frozen_dataclass():
    for kind in _declared_happenings():
        assert kind.__dataclass_params__.frozen, kind


def test_subscriptions_and_signal_connections_are_made_in_one_place_only():
    allowed = {APPS / "site" / "subscriptions.py", APPS / "core" / "happenings.py"}
    pattern = re.compile(
        r"^\s*subscribe\(|\b(post_save|post_delete|pre_delete|pre_save|m2m_changed)\.connect\(",
        re.MULTILINE,
    )
    offenders = [
        str(path.relative_to(ROOT))
        for path in APPS.rglob("*.py")
        if path not in allowed and pattern.search(path.read_text())
    ]
    assert offenders == []


def test_no_handler_reads_update_fields():
    # A handler reacts to what a service announced, never to which fields a save touched.
    handlers = sorted(APPS.glob("*/handlers.py"))
    assert len(handlers) >= 6
    for path in handlers:
        assert "update_fields" not in path.read_text(), path
    assert "update_fields" not in (APPS / "site" / "subscriptions.py").read_text()


def test_the_site_app_is_installed_last(settings):
    assert settings.INSTALLED_APPS[-1] == "tournament.site"
