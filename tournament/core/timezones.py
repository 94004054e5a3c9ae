"""IANA time zones: an event's zone (its times in calendar feeds) and the form's choices."""

from functools import cache
from zoneinfo import available_timezones

from django.conf import settings
from django.core.exceptions import ValidationError
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
