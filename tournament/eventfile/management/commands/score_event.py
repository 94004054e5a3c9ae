"""score_event FILE.json: the standings of an event file as JSON, without the database."""

import json

from django.core.management.base import BaseCommand

from scoring.eventfile import read_any_event
from scoring.standings import score_event, standings_json
from tournament.eventfile.cli import invalid_file, read_source


class Command(BaseCommand):
    help = (
        "Print the standings of an event file (SPEC §8) as JSON. Reads FILE, or standard "
        "input for '-'; never uses the database. Exit 1: invalid file, 2: unreadable/usage."
    )
    # Pure file work: no system checks and no migration checks, which would open the database.
    requires_system_checks = []
    requires_migrations_checks = False
    stealth_options = ("stdin",)

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the event file (JSON), or - for standard input")
        parser.add_argument(
            "--explain",
            action="store_true",
            help="also say on standard error why the event's points are not scored",
        )

    def handle(self, *args, **options) -> None:
        name = options["file"]
        record, issues = read_any_event(read_source(name, options.get("stdin")))
        if record is None or issues:
            raise invalid_file(name, issues)
        self.stdout.write(json.dumps(standings_json(record), indent=2, ensure_ascii=False))
        if options["explain"]:
            self._explain(record)

    def _explain(self, record) -> None:
        standings = score_event(record)
        if not hasattr(standings, "eligibility"):  # one-on-one (SPEC §11)
            self.stderr.write("not scored:")
            self.stderr.write("  - a one-on-one event is never scored for the ranking")
            return
        eligibility = standings.eligibility
        if eligibility.scored:
            self.stderr.write("scored: the points enter the rankings")
            return
        self.stderr.write("not scored:")
        for reason in eligibility.reasons:
            self.stderr.write(f"  - {reason}")
