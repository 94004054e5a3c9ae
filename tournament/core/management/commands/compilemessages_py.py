"""Compile the .po translations to .mo with Babel, so no system gettext is needed."""

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import settings
from django.core.management.base import BaseCommand

MO_MODE = 0o644  # compiled translations: written by the owner, read by any user


def compile_translations(locale_dirs: Iterable[str | Path]) -> list[Path]:
    """Write each ``*/LC_MESSAGES/*.po`` as .mo when the .mo is missing or older; return the
    .po files compiled. Each .mo is written to a temporary file and renamed into place, so
    parallel test workers never read half a file. A .mo is readable by everyone (0644, as
    a plain write would leave it): the production image compiles as root and serves as an
    unprivileged user, and the temporary file's own mode is 0600."""
    compiled = []
    for locale_dir in locale_dirs:
        for po_path in Path(locale_dir).glob("*/LC_MESSAGES/*.po"):
            mo_path = po_path.with_suffix(".mo")
            if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
                continue
            with po_path.open("rb") as po_file:
                catalog = read_po(po_file)
            handle, temporary = tempfile.mkstemp(dir=mo_path.parent, suffix=".mo.tmp")
            with os.fdopen(handle, "wb") as mo_file:
                write_mo(mo_file, catalog)
                os.fchmod(mo_file.fileno(), MO_MODE)
            os.replace(temporary, mo_path)
            compiled.append(po_path)
    return compiled


class Command(BaseCommand):
    help = "Compile every locale/*/LC_MESSAGES/*.po into .mo when the .po is newer."

    def handle(self, *args, **options) -> None:
        for po_path in compile_translations(settings.LOCALE_PATHS):
            self.stdout.write(f"compiled {po_path}")
