"""`manage.py write_deck_facts`: write what the lists of finished events contribute to the
metagame (`decks/facts.py`) where it is missing or old: after an upgrade from a release
without the facts, after the card data was imported again, after lists were written in bulk.
The pages would read those lists themselves; this spares their first reader the wait."""

import time

from django.core.management.base import BaseCommand

from tournament.decks.facts import refresh_event
from tournament.events.choices import Status
from tournament.events.models import Event


class Command(BaseCommand):
    help = "Write the metagame facts of finished events' lists that are missing or old."

    def handle(self, *args, **options):
        started = time.monotonic()
        events = Event.objects.filter(
            status=Status.FINISHED, registrations__decklist__isnull=False
        ).distinct()
        written = sum(refresh_event(event) for event in events.order_by("pk"))
        elapsed = time.monotonic() - started
        self.stdout.write(f"Metagame facts written for {written} lists in {elapsed:.1f} s.")
