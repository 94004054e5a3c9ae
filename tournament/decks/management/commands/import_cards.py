"""`manage.py import_cards [PATH]`: load the shared card data set into the database."""

import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tournament.decks.carddata import import_card_data


class Command(BaseCommand):
    help = "Import (or update) sets, cards, identities, international names and placeholders."

    def add_arguments(self, parser):
        parser.add_argument(
            "path",
            nargs="?",
            default=None,
            help="card data directory (default: settings.CARD_DATA_DIR)",
        )

    def handle(self, *args, **options):
        data_dir = Path(options["path"] or settings.CARD_DATA_DIR)
        started = time.monotonic()
        try:
            result = import_card_data(data_dir)
        except FileNotFoundError as exc:
            raise CommandError(str(exc)) from exc
        for table, count in result.counts.items():
            self.stdout.write(
                f"{table}: {result.totals[table]} rows "
                f"({count.created} created, {count.updated} updated, {count.deleted} deleted)"
            )
        elapsed = time.monotonic() - started
        if result.changed:
            self.stdout.write(self.style.SUCCESS(f"Card data imported in {elapsed:.1f} s."))
        else:
            self.stdout.write(f"Card data already up to date: nothing changed ({elapsed:.1f} s).")
