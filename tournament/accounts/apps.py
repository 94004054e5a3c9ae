from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "tournament.accounts"
    label = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        user_logged_in.connect(_remember_zone, dispatch_uid="accounts-person-zone", weak=False)


def _remember_zone(sender, request, user, **kwargs) -> None:
    """At log-in, the person's own zone and language go into his session (read by every
    page)."""
    from tournament.accounts.preferences import chosen, remember_language
    from tournament.core.timezones import remember_person_zone

    found = chosen(user)
    if found is not None and found.time_zone:
        remember_person_zone(request, found.time_zone)
    remember_language(request, found.language if found is not None else None)
