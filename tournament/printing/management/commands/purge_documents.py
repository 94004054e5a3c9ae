"""Delete expired printed documents and their files (for cron when Celery beat is not run)."""

from django.core.management.base import BaseCommand

from tournament.printing import services


class Command(BaseCommand):
    help = "Delete expired printed documents; also re-send documents whose render was lost."

    def handle(self, *args, **options) -> None:
        recovered = services.recover_stuck_documents()
        purged = services.purge_expired()
        self.stdout.write(f"purged {purged} expired document(s); re-checked {recovered} stuck")
