"""IANA time zones: an event's zone (the clock of its pages, PDFs, CSVs, e-mails and
histories, and its times in calendar feeds), the form's choices, and zone labels."""

from __future__ import annotations

import datetime as dt
from contextlib import contextmanager
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import formats, timezone
from django.utils.translation import gettext as _


@cache
def time_zone_names() -> tuple[str, ...]:
    """Every zone name the installed tz database knows (tzdata), sorted; read once."""
    return tuple(sorted(available_timezones()))


def default_time_zone() -> str:
    """A new event's zone: the site's (`TIME_ZONE`)."""
    return settings.TIME_ZONE


def validate_time_zone(value: str) -> None:
    """An IANA time zone name ("America/Sao_Paulo")."""
    if value not in time_zone_names():
        raise ValidationError(
            _("%(zone)s is not a time zone name (for example America/Sao_Paulo).") % {"zone": value}
        )


def zone(name: str | None) -> dt.tzinfo | None:
    """The zone of this name; None for an empty or unknown name (never an error)."""
    if not name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name too long for a file
        return None


def event_zone(event) -> dt.tzinfo:
    """An event's zone: where it is played (`Event.time_zone`), else the site's."""
    return zone(getattr(event, "time_zone", None)) or timezone.get_default_timezone()


@contextmanager
def event_clock(event):
    """Show times in the event's zone inside (`timezone.override`): a PDF, a CSV or an
    e-mail of the event rendered outside a request of its pages. No event: no change."""
    if event is None:
        yield
        return
    with timezone.override(event_zone(event)):
        yield


def zone_name(tz: dt.tzinfo | None = None) -> str:
    """The name people read beside a time: the IANA name ("America/Sao_Paulo") of the given
    zone or the active one."""
    tz = tz or timezone.get_current_timezone()
    return getattr(tz, "key", None) or str(tz)


def labelled(value: dt.datetime | None, fmt: str = "SHORT_DATETIME_FORMAT", tz=None) -> str:
    """A moment in the active (or given) zone and language, with its zone named where it
    could be misread: "21/11/2026 18:00 (America/Sao_Paulo)". Empty for None."""
    if value is None:
        return ""
    tz = tz or timezone.get_current_timezone()
    if timezone.is_aware(value):
        value = timezone.localtime(value, tz)
    return f"{formats.date_format(value, fmt)} ({zone_name(tz)})"


def wall_time_in(value: dt.datetime | None, name: str) -> dt.datetime | None:
    """The same wall-clock time in the zone `name`: a form's "18:00" read as 18:00 where
    the event is played, whatever zone was active when the form was parsed."""
    tz = zone(name)
    if value is None or tz is None:
        return value
    naive = timezone.make_naive(value) if timezone.is_aware(value) else value
    return timezone.make_aware(naive, tz)


# Where a signed-in person's own zone is kept for his requests (set at log-in and when he
# saves his profile): reading it costs no query.
SESSION_ZONE = "time_zone"


def person_zone(request) -> dt.tzinfo | None:
    """The signed-in person's own zone (`notifications.Preferences.time_zone`, as his session
    holds it); None when he chose none: the site's zone applies."""
    session = getattr(request, "session", None)
    return zone(session.get(SESSION_ZONE)) if session is not None else None


def remember_person_zone(request, name: str) -> None:
    if getattr(request, "session", None) is not None:
        request.session[SESSION_ZONE] = name or ""
