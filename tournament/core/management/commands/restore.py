"""`manage.py restore FILE`: replace the database and the media files with a backup's."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.core.backup import BackupError, restore


class Command(BaseCommand):
    help = (
        "Replace the database and the stored files (media) with those of a backup archive. "
        "Stop the web, worker and beat services first."
    )

    def add_arguments(self, parser):
        parser.add_argument("archive", type=Path, help="an archive written by `backup`")
        parser.add_argument(
            "--yes", action="store_true", help="do not ask: everything now stored is replaced"
        )

    def handle(self, *args, archive: Path, yes: bool, **options):
        if not archive.is_file():
            raise CommandError(f"{archive}: no such file")
        if not yes and input("Replace the database and media with the backup's? [y/N] ") != "y":
            raise CommandError("nothing restored")
        try:
            manifest = restore(archive)
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"restored {archive} (made {manifest['created']})")
