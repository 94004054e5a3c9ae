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
from django.utils import translation

# Where a signed-in person's chosen language is kept for his requests (set at log-in, by the
# language menu and the profile): his pages, and the judge's offline copies fetched with his
# session, are in it whatever the browser's Accept-Language says; reading it costs no query.
SESSION_LANGUAGE = "language"


def offered_language(code: str | None) -> str | None:
    """The site's language for `code` (a browser's "pt-BR" → "pt-br"), or None when the site
    does not offer it (a language Django knows but `LANGUAGES` lacks, or nonsense)."""
    try:
        return translation.get_supported_language_variant((code or "").lower())
    except LookupError:
        return None


def supported_language(code: str | None) -> str:
    """The site's language closest to `code`, else the site's own (`LANGUAGE_CODE`)."""
    return offered_language(code) or settings.LANGUAGE_CODE


def reading_language(person: str | None, event=None) -> str:
    """The language to write to someone in: his own when he chose one, else the event's
    (`Event.language`), else the site's; a code the site does not offer counts as none."""
    return (
        offered_language(person)
        or offered_language(getattr(event, "language", None))
        or settings.LANGUAGE_CODE
    )


def remember_language(request, language: str | None) -> None:
    """Keep the person's chosen language in his session ("" or None: he chose none)."""
    session = getattr(request, "session", None)
    if session is None:
        return
    offered = offered_language(language)
    if offered:
        session[SESSION_LANGUAGE] = offered
    else:
        session.pop(SESSION_LANGUAGE, None)


def session_language(request) -> str | None:
    """The signed-in person's chosen language as his session holds it, or None."""
    session = getattr(request, "session", None)
    return offered_language(session.get(SESSION_LANGUAGE)) if session is not None else None


@dataclass(frozen=True)
class Chosen:
    """A person's chosen language (of his pages and e-mails; "": never chose) and time zone
    ("": the site's)."""

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
    found = chosen(user) or Chosen(language="")
    return Chosen(language=supported_language(found.language), time_zone=found.time_zone)


def keep(user, **values: str) -> None:
    """Store the person's `language` and/or `time_zone`."""
    if not _keeper:
        raise ImproperlyConfigured("No installed app keeps people's language and time zone.")
    _keeper[0].write(user, **values)
