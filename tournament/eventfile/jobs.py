"""Large event-file imports run as a background job, with a progress page.

A job is two files in the media storage (shared by the site and the worker, as printed
documents are): the uploaded bytes and a small JSON state that the task updates at each step.
No database table is needed, and a job of a lost task is seen as stale by its age.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import uuid
from dataclasses import asdict, dataclass, field
from enum import StrEnum

from celery import current_app
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.eventfile import EventFileError
from scoring.eventlimits import cap_issues
from tournament.accounts.models import Player
from tournament.core import queueing
from tournament.eventfile.services import import_event

logger = logging.getLogger(__name__)

# Files up to this size are imported while the request waits (a few seconds at most).
BACKGROUND_BYTES = getattr(settings, "EVENTFILE_BACKGROUND_BYTES", 256 * 1024)
# A job that reported nothing for this long lost its task (worker killed, Redis emptied).
STALE_AFTER = dt.timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 60)
FOLDER = "imports"
# The task that runs an import (`tasks.import_event_file`), queued by its name.
IMPORT_TASK = "eventfile.import_event_file"


class JobState(StrEnum):
    """Where a background import is: queued → running (step) → done | failed."""

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


@dataclass
class ImportJob:
    """The state of one background import."""

    id: str
    user_id: int
    state: str = JobState.QUEUED
    step: str = ""
    updated: str = field(default_factory=lambda: timezone.now().isoformat())
    event_url: str = ""
    issues: list[list[str]] = field(default_factory=list)  # [path, message]
    warnings: list[str] = field(default_factory=list)
    error: str = ""

    @property
    def finished(self) -> bool:
        return self.state in {JobState.DONE, JobState.FAILED}

    @property
    def is_stale(self) -> bool:
        age = timezone.now() - dt.datetime.fromisoformat(self.updated)
        return not self.finished and age > STALE_AFTER

    def save(self) -> None:
        self.updated = timezone.now().isoformat()
        path = _state_path(self.id)
        if default_storage.exists(path):
            default_storage.delete(path)
        default_storage.save(path, ContentFile(json.dumps(asdict(self)).encode()))


def _state_path(job_id: str) -> str:
    return f"{FOLDER}/{job_id}.json"


def _upload_path(job_id: str) -> str:
    return f"{FOLDER}/{job_id}.upload"


def load(job_id: str) -> ImportJob | None:
    try:
        with default_storage.open(_state_path(job_id), "rb") as handle:
            return ImportJob(**json.loads(handle.read()))
    except (FileNotFoundError, ValueError, TypeError):
        return None


def start(data: bytes, user_id: int) -> ImportJob:
    """Store the upload and queue its import (in-process when there is no broker)."""
    job = ImportJob(id=uuid.uuid4().hex, user_id=user_id)
    default_storage.save(_upload_path(job.id), ContentFile(data))
    job.save()
    if current_app.conf.task_always_eager:
        queueing.run_here(IMPORT_TASK, job.id)
        return load(job.id) or job
    try:
        queueing.enqueue(IMPORT_TASK, job.id)
    except Exception as error:  # broker down: do it now, the request only gets slower
        logger.warning("eventfile: could not queue import %s (%s); importing now", job.id, error)
        run(job.id)
    return load(job.id) or job


def run(job_id: str) -> None:
    """The import itself (the task's body): every step is written to the job's state."""
    job = load(job_id)
    if job is None or job.finished:
        return  # run twice (re-delivered task): the first run already finished it

    def progress(step: str) -> None:
        job.state, job.step = JobState.RUNNING, step
        job.save()

    try:
        with default_storage.open(_upload_path(job_id), "rb") as handle:
            data = handle.read()
        organizer = Player.objects.get(user_id=job.user_id)
        warnings: list[str] = []
        event = import_event(data, organizer, warnings=warnings, progress=progress)
    except EventFileError as error:
        job.state = JobState.FAILED
        job.issues = [[issue.path, issue.message] for issue in cap_issues(list(error.issues))]
    except Exception as error:
        logger.exception("eventfile: import %s failed", job_id)
        job.state, job.error = (
            JobState.FAILED,
            _("The import failed unexpectedly: %(error)s") % {"error": type(error).__name__},
        )
    else:
        job.state, job.event_url, job.warnings = JobState.DONE, event.get_absolute_url(), warnings
    job.save()
    default_storage.delete(_upload_path(job_id))
