"""Hooks through which an app above adds its part to a lower app's page or check.

Imports run down only, yet a page of a low app sometimes shows a part that belongs to an
app above it (the profile shows the events' calendar feeds; a player's page his league
places; the metagame index the leagues), and a low app's check may have a rule of an app
above (an event file whose results are an accepted event's is refused by the review). The
low app declares the hook beside its page or check; the app above hands its part in when
Django starts, in the one place where the apps are wired together
(`tournament/site/subscriptions.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec

P = ParamSpec("P")


class Contributions(Generic[P]):
    """Functions added by the apps above, called in the order added; adding one twice is a
    no-op. `name` says what they contribute to (shown by `repr`, read in the tests)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._parts: list[Callable[P, object]] = []

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}: {len(self._parts)}>"

    def add(self, part: Callable[P, object]) -> None:
        if part not in self._parts:
            self._parts.append(part)

    @property
    def parts(self) -> tuple[Callable[P, object], ...]:
        return tuple(self._parts)


class PageExtras(Contributions[P]):
    """Template variables a page's context gets from the apps above its own: each part is
    called with the page's arguments (e.g. the request and the player shown) and gives a
    dict of variables."""

    def context(self, *args: P.args, **kwargs: P.kwargs) -> dict[str, object]:
        found: dict[str, object] = {}
        for part in self._parts:
            found.update(part(*args, **kwargs))
        return found


class Checks(Contributions[P]):
    """Rules of the apps above that a low app's check also applies: each part gives a list
    of problems (what the declaring app's own check gives), all of them concatenated."""

    def run(self, *args: P.args, **kwargs: P.kwargs) -> list:
        found: list = []
        for part in self._parts:
            found.extend(part(*args, **kwargs))
        return found
