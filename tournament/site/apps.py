from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The top of the site: it declares who follows what (`subscriptions.py`), the one place
    where the handlers of every app are connected to the happenings the services announce
    and to the model signals they follow. Installed last."""

    name = "tournament.site"
    label = "site"
    verbose_name = "Site"

    def ready(self) -> None:
        from tournament.site import subscriptions

        subscriptions.connect()
