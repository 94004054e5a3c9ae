from django.apps import AppConfig


class DemoConfig(AppConfig):
    """The demo (`manage.py seed_demo`): events, players, lists and a season built through
    every app's services, so it stands on top of them all."""

    name = "tournament.demo"
    verbose_name = "Demo"
