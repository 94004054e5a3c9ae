"""One JSON object a line on stdout, for log collectors (LOG_FORMAT=json), by python-json-logger.

The fields: `time` (UTC, ISO 8601 to the millisecond), `level`, `logger`, `message`, every
value passed with `extra=`, and `exception` (the traceback) when there is one.
"""

import logging
from datetime import UTC, datetime

from pythonjsonlogger.json import JsonFormatter as LibraryJsonFormatter

FIELDS = "%(asctime)s %(levelname)s %(name)s %(message)s"
NAMES = {"asctime": "time", "levelname": "level", "name": "logger", "exc_info": "exception"}


class JsonFormatter(LibraryJsonFormatter):
    """python-json-logger's formatter with the field names the log collectors read."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("fmt", FIELDS)
        kwargs.setdefault("rename_fields", NAMES)
        kwargs.setdefault("json_ensure_ascii", False)
        super().__init__(*args, **kwargs)

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")
