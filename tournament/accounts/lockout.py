"""Log-in lockouts (django-axes): who is locked out now, and lifting a lockout.

Axes locks a username tried from one client address after `AXES_FAILURE_LIMIT` wrong
passwords, for `AXES_COOLOFF_TIME` hours. A lockout is lifted by a password reset (the
owner proved he reads the account's e-mail) or by the organizer of an event the locked
player officiates, from the event's judges page.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.db.models import Max
from django.utils import timezone


def _cooloff() -> datetime.timedelta:
    return datetime.timedelta(hours=float(settings.AXES_COOLOFF_TIME))


def locked_until(usernames: Iterable[str]) -> dict[str, datetime.datetime]:
    """The usernames among these that are locked out now, with when the lockout ends."""
    since = timezone.now() - _cooloff()
    rows = (
        AccessAttempt.objects.filter(
            username__in=list(usernames),
            failures_since_start__gte=settings.AXES_FAILURE_LIMIT,
            attempt_time__gte=since,
        )
        .values("username")
        .annotate(last=Max("attempt_time"))
    )
    return {row["username"]: row["last"] + _cooloff() for row in rows}


def unlock(username: str) -> int:
    """Lift every lockout of this username (from any address); how many were lifted."""
    return reset(username=username)
