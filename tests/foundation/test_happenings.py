"""The bus of happenings (`core/happenings.py`) and the one place subscriptions are declared
(`tournament/site/subscriptions.py`)."""

import gc
import importlib
import inspect
import weakref
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from django.dispatch import Signal

from tests.support.players import make_player
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


def _site_connections() -> set[tuple[Signal, object, int]]:
    """Every live connection of the site's code to a Django signal, read from the signals
    themselves (whatever connected it): the signal, the receiver and its sender's id."""
    found = set()
    # type(), not isinstance(): a lazy object (the CSP nonce) is never evaluated by the scan.
    for signal in (o for o in gc.get_objects() if issubclass(type(o), Signal)):
        for (_uid, sender_id), receiver, _is_async in signal.receivers:
            if isinstance(receiver, weakref.ReferenceType):
                receiver = receiver()
            try:
                module = getattr(receiver, "__module__", "") or ""
            except ReferenceError:  # a proxy whose object is gone: no live connection
                continue
            if module.startswith("tournament."):
                found.add((signal, receiver, sender_id))
    return found


def _named(connections: set[tuple[Signal, object, int]]) -> list[str]:
    return sorted(f"{r.__module__}.{r.__qualname__}" for _signal, r, _sender in connections)


def _site_subscriptions() -> set[tuple[type[Happening], object]]:
    """Every live subscription of the site's code to a happening."""
    return {
        (kind, handler)
        for kind in _declared_happenings()
        for handler in happenings.handlers(kind)
        if handler.__module__.startswith("tournament.")
    }


def test_every_subscription_and_signal_connection_is_made_by_subscriptions(monkeypatch, bus):
    """What is connected once the site is set up is exactly what `subscriptions.connect`
    connects: a connection made anywhere else (an app's `ready`, a module's import) fails."""
    live_connections, live_subscriptions = _site_connections(), _site_subscriptions()
    declared_connections, declared_subscriptions = set(), set()
    connect = Signal.connect

    def recording_connect(signal, receiver, sender=None, *args, **kwargs):
        declared_connections.add((signal, receiver, id(sender)))
        return connect(signal, receiver, sender, *args, **kwargs)

    def recording_subscribe(kind, handler):
        declared_subscriptions.add((kind, handler))
        subscribe(kind, handler)

    monkeypatch.setattr(Signal, "connect", recording_connect)
    monkeypatch.setattr(subscriptions, "subscribe", recording_subscribe)
    subscriptions.connect()  # connecting twice changes nothing: it only names them
    assert len(declared_connections) >= 10 and len(declared_subscriptions) >= 20
    assert _named(live_connections - declared_connections) == []  # connected elsewhere
    assert _named(declared_connections - live_connections) == []
    assert live_subscriptions == declared_subscriptions


def test_no_handler_reads_update_fields():
    # A handler reacts to what a service announced, never to which fields a save touched.
    handlers = sorted(APPS.glob("*/handlers.py"))
    assert len(handlers) >= 6
    for path in handlers:
        assert "update_fields" not in path.read_text(), path
    assert "update_fields" not in (APPS / "site" / "subscriptions.py").read_text()


def test_the_site_app_is_installed_last(settings):
    assert settings.INSTALLED_APPS[-1] == "tournament.site"
