"""import_event FILE.json [--organizer-user USERNAME]: create an event from an event file."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scoring.eventfile import EventFileError
from tournament.accounts.models import Player
from tournament.eventfile.cli import UNREADABLE, invalid_file, read_source
from tournament.eventfile.services import import_event


class Command(BaseCommand):
    help = (
        "Import an event file (SPEC §8) into the database and print the new event's id. "
        "An invalid file is refused with every wrong place named, and nothing is saved."
    )
    stealth_options = ("stdin",)

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the event file (JSON), or - for standard input")
        parser.add_argument(
            "--organizer-user",
            help="make this user's player the organizer (instead of the file's coordinator)",
        )

    def handle(self, *args, **options) -> None:
        organizer = self._organizer(options["organizer_user"])
        name = options["file"]
        warnings: list[str] = []
        try:
            event = import_event(read_source(name, options.get("stdin")), organizer, warnings)
        except EventFileError as error:
            raise invalid_file(name, error.issues) from error
        for warning in warnings:
            self.stderr.write(f"warning: {warning}")
        self.stdout.write(str(event.pk))

    def _organizer(self, username: str | None) -> Player | None:
        if not username:
            return None
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no user {username!r}", returncode=UNREADABLE)
        player = Player.objects.filter(user=user).first()
        return player or Player.create_for_user(user)
