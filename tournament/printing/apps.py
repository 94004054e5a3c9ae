from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrintingConfig(AppConfig):
    name = "tournament.printing"
    label = "printing"
    verbose_name = _("Printing")

    def ready(self) -> None:
        from tournament.events.signals import results_changed
        from tournament.printing.services import refresh_stale_documents

        def regenerate_on_change(sender, event, **kwargs) -> None:
            refresh_stale_documents(event)

        results_changed.connect(regenerate_on_change, weak=False, dispatch_uid="printing-refresh")
