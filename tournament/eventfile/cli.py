"""What the event-file commands share: reading FILE or "-", and located error messages."""

from __future__ import annotations

import sys
from collections.abc import Iterable

from django.core.management.base import CommandError

from scoring.model import Issue

# Exit codes: the file's content is invalid / the file cannot be read or the usage is wrong.
INVALID = 1
UNREADABLE = 2


def read_source(name: str, stdin=None) -> bytes:
    """The bytes of FILE, or of standard input for "-"; CommandError (exit 2) if unreadable."""
    if name == "-":
        stream = stdin if stdin is not None else sys.stdin
        data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
        return data.encode() if isinstance(data, str) else data
    try:
        with open(name, "rb") as handle:
            return handle.read()
    except OSError as error:
        raise CommandError(
            f"cannot read {name}: {error.strerror or error}", returncode=UNREADABLE
        ) from error


def invalid_file(name: str, issues: Iterable[Issue]) -> CommandError:
    """The error naming every wrong place of the file, one ``path: message`` a line."""
    label = "standard input" if name == "-" else name
    lines = "\n".join(f"  {issue}" for issue in issues) or "  (file): invalid event file"
    return CommandError(f"{label} is not a valid event file:\n{lines}", returncode=INVALID)
