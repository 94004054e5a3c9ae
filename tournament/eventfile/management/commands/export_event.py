"""export_event EVENT_ID [-o FILE]: the event as its canonical event file (SPEC §8)."""

from django.core.management.base import BaseCommand, CommandError

from tournament.eventfile.cli import UNREADABLE
from tournament.eventfile.services import export_text
from tournament.events.models import Event


class Command(BaseCommand):
    help = "Write an event as its canonical event file (JSON) to standard output or FILE."

    def add_arguments(self, parser) -> None:
        parser.add_argument("event_id", type=int, help="the event's id")
        parser.add_argument("-o", "--output", help="write to this file instead of standard output")

    def handle(self, *args, **options) -> None:
        try:
            event = Event.objects.select_related("organizer").get(pk=options["event_id"])
        except Event.DoesNotExist as error:
            raise CommandError(
                f"no event with id {options['event_id']}", returncode=UNREADABLE
            ) from error
        text = export_text(event)
        if not options["output"]:
            self.stdout.write(text, ending="")
            return
        try:
            with open(options["output"], "wb") as handle:
                handle.write(text.encode("utf-8"))
        except OSError as error:
            raise CommandError(
                f"cannot write {options['output']}: {error.strerror or error}",
                returncode=UNREADABLE,
            ) from error
