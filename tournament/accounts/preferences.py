"""A person's language and time zone: asked and used by accounts, kept by an app above.

Sign-up and the profile ask for them; the confirmation e-mail is written in that language
and the zone is remembered in the session at log-in (`core.timezones`). The app that
writes to people keeps them (`notifications.Preferences`, with what else it may send), and
says so when Django starts with `keep_in(keeper)` (`tournament/site/subscriptions.py`):
accounts imports no app above it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


@dataclass(frozen=True)
class Chosen:
    """A person's chosen language (of his e-mails) and time zone ("": the site's)."""

    language: str
    time_zone: str = ""


class Keeper(Protocol):
    def read(self, user) -> Chosen | None:
        """What the person chose, or None when he never chose (one query)."""

    def write(self, user, **chosen: str) -> None:
        """Store what is named (`language`, `time_zone`), keeping the rest."""


_keeper: list[Keeper] = []


def keep_in(keeper: Keeper) -> None:
    """The one place where people's language and zone are kept (a second call replaces it)."""
    _keeper[:] = [keeper]


def chosen(user) -> Chosen | None:
    """What the person chose, or None (also when no app keeps them)."""
    return _keeper[0].read(user) if _keeper else None


def chosen_or_default(user) -> Chosen:
    """What the person chose, else the site's language and zone."""
    return chosen(user) or Chosen(language=settings.LANGUAGE_CODE)


def keep(user, **values: str) -> None:
    """Store the person's `language` and/or `time_zone`."""
    if not _keeper:
        raise ImproperlyConfigured("No installed app keeps people's language and time zone.")
    _keeper[0].write(user, **values)
