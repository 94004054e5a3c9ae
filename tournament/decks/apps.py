from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DecksConfig(AppConfig):
    name = "tournament.decks"
    label = "decks"
    verbose_name = _("Decks")

    def ready(self) -> None:
        """Follow what the cached metagame pages show (`decks/receivers.py`)."""
        from django.db.models.signals import post_delete, post_save

        from tournament.decks import receivers
        from tournament.decks.models import CardImport, Decklist
        from tournament.events.models import Event
        from tournament.events.signals import results_changed

        for model, receiver in (
            (Decklist, receivers.list_changed),
            (Event, receivers.lists_changed),
            (CardImport, receivers.lists_changed),
        ):
            uid = f"metagame-{model.__name__}"
            post_save.connect(receiver, sender=model, dispatch_uid=f"{uid}-save")
            post_delete.connect(receiver, sender=model, dispatch_uid=f"{uid}-del")
        results_changed.connect(
            receivers.results_changed, weak=False, dispatch_uid="metagame-results"
        )
