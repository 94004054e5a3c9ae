"""The bus of happenings: services say what happened; subscribers react, declared in one place.

A service announces a `Happening` (a frozen dataclass declared in its app's `happenings.py`,
carrying the objects it already loaded) at the point where the thing happened:
``announce(GamesConfirmed(...))``. `announce` calls, synchronously and in the caller's
transaction, every handler subscribed to that happening's class, in subscription order; a
handler that raises fails the service (and rolls its transaction back) like any other line
of it. A handler that must run after the commit (a mail, a webhook, a document re-render, a
cache version) registers itself with ``transaction.on_commit``: the outbox pattern.

Subscriptions are made by ``subscribe(kind, handler)`` in one module only,
`tournament/site/subscriptions.py` (the top app `site` calls its ``connect()`` when Django
starts). There is no discovery: a happening nobody subscribed to is announced to nobody.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar


@dataclass(frozen=True)
class Happening:
    """Something a service did. Subclasses are frozen dataclasses (one per kind of news)."""


H = TypeVar("H", bound=Happening)
Handler = Callable[[H], None]

_handlers: dict[type[Happening], list[Handler]] = defaultdict(list)


def subscribe(kind: type[H], handler: Callable[[H], None]) -> None:
    """Call `handler` with every `kind` announced from now on (after those subscribed before);
    subscribing the same handler to the same kind twice is a no-op."""
    if not (isinstance(kind, type) and issubclass(kind, Happening)):
        raise TypeError(f"{kind!r} is not a Happening class")
    if handler not in _handlers[kind]:
        _handlers[kind].append(handler)


def announce(happening: Happening) -> None:
    """Call every handler subscribed to this happening's exact class, in subscription order,
    here and now (inside the caller's transaction); an exception propagates to the caller."""
    for handler in tuple(_handlers.get(type(happening), ())):
        handler(happening)


def handlers(kind: type[Happening]) -> tuple[Handler, ...]:
    """The handlers subscribed to `kind`, in order (what the tests and docs check)."""
    return tuple(_handlers.get(kind, ()))
