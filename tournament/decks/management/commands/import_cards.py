"""`manage.py import_cards [PATH]`: load the shared card data set into the database."""

import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tournament.decks.carddata import import_card_data
from tournament.decks.models import Decklist
from tournament.decks.services import refresh_statuses
from tournament.events.choices import Status
from tournament.events.models import Event


class Command(BaseCommand):
    help = "Import (or update) sets, cards, identities, international names and placeholders."

    def add_arguments(self, parser):
        parser.add_argument(
            "path",
            nargs="?",
            default=None,
            help="card data directory (default: settings.CARD_DATA_DIR)",
        )
        parser.add_argument(
            "--if-present",
            action="store_true",
            help="a missing data set is a warning, not an error (the site then runs without "
            "decklist checks until the data is imported)",
        )

    def handle(self, *args, **options):
        data_dir = Path(options["path"] or settings.CARD_DATA_DIR)
        started = time.monotonic()
        try:
            result = import_card_data(data_dir)
        except FileNotFoundError as exc:
            if not options["if_present"]:
                raise CommandError(str(exc)) from exc
            self.stderr.write(
                self.style.WARNING(
                    f"No card data set at {data_dir} ({exc}): decklists cannot be checked "
                    'until it is imported (README, "The card data set").'
                )
            )
            return
        for table, count in result.counts.items():
            self.stdout.write(
                f"{table}: {result.totals[table]} rows "
                f"({count.created} created, {count.updated} updated, {count.deleted} deleted)"
            )
        for old, new in result.splits.items():
            self.stdout.write(f"identity {old} split into {', '.join(new)}")
        if result.changed:
            self._recheck_decklists()
        elapsed = time.monotonic() - started
        if result.changed:
            self.stdout.write(self.style.SUCCESS(f"Card data imported in {elapsed:.1f} s."))
        else:
            self.stdout.write(f"Card data already up to date: nothing changed ({elapsed:.1f} s).")

    def _recheck_decklists(self) -> None:
        """Re-validate the stored lists of unfinished events against the new card data, and
        name those that stop being legal (a line may now be ambiguous: its page asks which)."""
        events = Event.objects.exclude(status=Status.FINISHED).filter(
            registrations__decklist__isnull=False
        )
        for event in events.distinct():
            legal_before = set(
                Decklist.objects.filter(
                    registration__event=event, status=Decklist.Status.LEGAL
                ).values_list("pk", flat=True)
            )
            refresh_statuses(event)
            flagged = Decklist.objects.filter(pk__in=legal_before).exclude(
                status=Decklist.Status.LEGAL
            )
            for decklist in flagged.select_related("registration__player"):
                self.stdout.write(
                    self.style.WARNING(
                        f"{event}: the decklist of {decklist.registration.player} is no longer "
                        "legal with the new card data: check its page."
                    )
                )
