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
    """At log-in, the person's own zone goes into his session (read by every page)."""
    from tournament.core.timezones import remember_person_zone
    from tournament.notifications.models import Preferences

    name = Preferences.objects.filter(user=user).values_list("time_zone", flat=True).first()
    if name:
        remember_person_zone(request, name)
