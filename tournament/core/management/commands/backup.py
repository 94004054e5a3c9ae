"""`manage.py backup FILE`: the database and the media files in one archive."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.core.backup import BackupError, backup


class Command(BaseCommand):
    help = "Write the database and the stored files (media) to one .tar.gz archive."

    def add_arguments(self, parser):
        parser.add_argument("archive", type=Path, help="the archive to write, e.g. backup.tar.gz")

    def handle(self, *args, archive: Path, **options):
        try:
            manifest = backup(archive)
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(
            f"{archive}: {manifest['engine']} database and {manifest['media_files']} media files"
        )
