"""Management commands run in-process."""

import io

from django.core.management import call_command
from django.core.management.base import CommandError


def run(command: str, *args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    """Run a management command in-process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    extra = {} if stdin is None else {"stdin": io.TextIOWrapper(io.BytesIO(stdin), "utf-8")}
    try:
        call_command(command, *args, stdout=out, stderr=err, **extra)
    except CommandError as error:
        return error.returncode, out.getvalue(), err.getvalue() + str(error)
    return 0, out.getvalue(), err.getvalue()
