"""What accounts follow, connected in `tournament/site/subscriptions.py`: a person's log-in."""

from django.contrib.auth.models import User
from django.http import HttpRequest

from tournament.accounts.preferences import chosen, remember_language
from tournament.core.timezones import remember_person_zone


def logged_in(sender: type[User], request: HttpRequest, user: User, **kwargs) -> None:
    """At log-in, the person's own zone and language go into his session (read by every
    page)."""
    found = chosen(user)
    if found is not None and found.time_zone:
        remember_person_zone(request, found.time_zone)
    remember_language(request, found.language if found is not None else None)
