"""A person's language and time zone are kept here (`Preferences`), for the account pages.

accounts asks for them at sign-up and on the profile and reads them (the confirmation
e-mail's language, the zone remembered at log-in) through the keeper it declares
(`accounts.preferences`); this is that keeper, handed in when Django starts
(`tournament/site/subscriptions.py`).
"""

from __future__ import annotations

from tournament.accounts.preferences import Chosen
from tournament.notifications.models import Preferences


class PreferencesKeeper:
    def read(self, user) -> Chosen | None:
        row = Preferences.objects.filter(user=user).values("language", "time_zone").first()
        return Chosen(**row) if row is not None else None

    def write(self, user, **chosen: str) -> None:
        Preferences.objects.update_or_create(user=user, defaults=chosen)


keeper = PreferencesKeeper()
