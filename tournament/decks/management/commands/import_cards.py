"""`manage.py import_cards [PATH | --crossfire DIR]`: load the card data into the database.

Without arguments it imports settings.CARD_DATA_DIR (the facts shipped in carddata/, unless
SPELLFIRE_CARD_DATA names another folder). `--crossfire DIR` converts a CrossFire checkout in
memory and imports its facts and card texts.
"""

import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tournament.decks.carddata import CrossFireError, crossfire_tables, import_card_data
from tournament.decks.models import Decklist
from tournament.decks.services.saving import refresh_statuses
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
            "--crossfire",
            metavar="DIR",
            default=None,
            help="a checkout of the CrossFire deck editor (github spellfire/CrossFire): convert "
            "its DataBase/*.tcl and import the facts and the card texts",
        )
        parser.add_argument(
            "--if-present",
            action="store_true",
            help="a missing data set is a warning, not an error (the site then runs without "
            "decklist checks until the data is imported)",
        )

    def handle(self, *args, **options):
        started = time.monotonic()
        if options["crossfire"]:
            if options["path"]:
                raise CommandError("Give either a card data directory or --crossfire, not both.")
            result = self._import_crossfire(Path(options["crossfire"]))
        else:
            data_dir = Path(options["path"] or settings.CARD_DATA_DIR)
            try:
                result = import_card_data(data_dir)
            except FileNotFoundError as exc:
                message = (
                    f"No card data set at {data_dir} ({exc}). The repository ships the card "
                    "facts in carddata/ (restore them with `git checkout -- carddata`); or run "
                    "`manage.py import_cards --crossfire <CrossFire checkout>`, or name a card "
                    "data folder in SPELLFIRE_CARD_DATA (see carddata/README.md)."
                )
                if not options["if_present"]:
                    raise CommandError(message) from exc
                self.stderr.write(
                    self.style.WARNING(f"{message} Decklists cannot be checked until then.")
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

    def _import_crossfire(self, checkout: Path):
        """Convert a CrossFire checkout in memory and import it, texts included."""
        try:
            tables = crossfire_tables(checkout)
        except CrossFireError as exc:
            raise CommandError(str(exc)) from exc
        return import_card_data(tables, label=f"CrossFire checkout {checkout}")

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
