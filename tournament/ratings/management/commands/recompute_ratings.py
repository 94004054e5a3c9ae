"""`manage.py recompute_ratings`: every rating from nothing (SPEC §12)."""

from django.core.management.base import BaseCommand

from tournament.ratings import services


class Command(BaseCommand):
    help = "Compute every player's rating from nothing, from the games of every finished event."

    def handle(self, *args, **options) -> None:
        rated = services.recompute_all()
        unrated = services.unrated_events().count()
        self.stdout.write(f"{rated} events rated, {unrated} not rated")
