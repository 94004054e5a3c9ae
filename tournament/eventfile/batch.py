"""Bringing past years in: a ranking officer uploads a zip of event files, and each file is
imported as its own background job (`jobs.start`), through the same checks as a single
upload; every imported event then carries the review's "imported" flag and waits for an
officer's decision like any other.

A batch is, like a job, a small JSON state in the media storage: the jobs it started and
the file each came from.
"""

from __future__ import annotations

import io
import json
import uuid
import zipfile
from dataclasses import asdict, dataclass, field

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils.translation import gettext as _

from tournament.eventfile import jobs
from tournament.eventfile.forms import MAX_FILE_BYTES

MAX_FILES = 300
MAX_TOTAL_BYTES = 200 * 1024 * 1024  # uncompressed, all files together


class BatchError(ValueError):
    """The zip cannot be imported at all; the message says why."""


@dataclass
class Batch:
    id: str
    user_id: int
    files: list[list[str]] = field(default_factory=list)  # [file name, job id]
    skipped: list[str] = field(default_factory=list)  # names that are not event files

    def jobs(self) -> list[tuple[str, jobs.ImportJob | None]]:
        return [(name, jobs.load(job_id)) for name, job_id in self.files]


def _path(batch_id: str) -> str:
    return f"{jobs.FOLDER}/batch-{batch_id}.json"


def load(batch_id: str) -> Batch | None:
    try:
        with default_storage.open(_path(batch_id), "rb") as handle:
            return Batch(**json.loads(handle.read()))
    except (FileNotFoundError, ValueError, TypeError):
        return None


def event_files(data: bytes) -> tuple[list[tuple[str, bytes]], list[str]]:
    """The .json members of the zip (name, bytes) and the names left out; refuses what is not
    a zip, too many files, or sizes beyond the limits (declared sizes are checked before
    anything is read, so a zip bomb is never inflated)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise BatchError(_("This is not a zip file.")) from None
    members = [m for m in archive.infolist() if not m.is_dir()]
    wanted = [m for m in members if m.filename.lower().endswith(".json")]
    skipped = [m.filename for m in members if m not in wanted]
    if not wanted:
        raise BatchError(_("The zip holds no .json event file."))
    if len(wanted) > MAX_FILES:
        raise BatchError(_("At most %(most)d event files per zip.") % {"most": MAX_FILES})
    too_big = [m.filename for m in wanted if m.file_size > MAX_FILE_BYTES]
    if too_big:
        raise BatchError(
            _("Too large (at most %(mb)d MB each): %(names)s.")
            % {"mb": MAX_FILE_BYTES // (1024 * 1024), "names": ", ".join(too_big[:5])}
        )
    if sum(m.file_size for m in wanted) > MAX_TOTAL_BYTES:
        raise BatchError(_("The files of this zip are too large together."))
    try:
        files = [(m.filename, archive.read(m)) for m in sorted(wanted, key=lambda m: m.filename)]
    except (zipfile.BadZipFile, RuntimeError, NotImplementedError, OSError):
        raise BatchError(_("The zip is damaged or encrypted.")) from None
    return files, skipped


def start(data: bytes, user_id: int) -> Batch:
    """One import job per event file of the zip (each queued, or run now without a broker)."""
    files, skipped = event_files(data)
    batch = Batch(id=uuid.uuid4().hex, user_id=user_id, skipped=skipped)
    for name, content in files:
        batch.files.append([name, jobs.start(content, user_id).id])
    default_storage.save(_path(batch.id), ContentFile(json.dumps(asdict(batch)).encode()))
    return batch
