"""Print a new VAPID key pair for Web Push, as environment variables."""

from email.utils import parseaddr

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tournament.notifications import push


class Command(BaseCommand):
    help = (
        "Print a new VAPID key pair for Web Push notifications in the environment's format "
        "(KEY=value lines). Set them once: new keys orphan every browser already subscribed."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--subject",
            help="whom push services may contact: mailto:address or https:// URL "
            "(default: mailto: the DEFAULT_FROM_EMAIL address)",
        )

    def handle(self, *args, subject: str | None = None, **options) -> None:
        if subject is None:
            subject = f"mailto:{parseaddr(settings.DEFAULT_FROM_EMAIL)[1]}"
        if not subject.startswith(("mailto:", "https://")):
            raise CommandError("--subject must start with mailto: or https://")
        public, private = push.new_keys()
        self.stdout.write(f"WEBPUSH_VAPID_PUBLIC_KEY={public}")
        self.stdout.write(f"WEBPUSH_VAPID_PRIVATE_KEY={private}")
        self.stdout.write(f"WEBPUSH_VAPID_SUBJECT={subject}")
