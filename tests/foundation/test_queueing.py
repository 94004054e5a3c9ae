"""Services queue tasks by their registered names (`core/queueing.py`): each name they use is
the name of the task in their app's `tasks.py`, found even before anything imported it, and
queued as calling the task itself would."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tournament.core import queueing
from tournament.eventfile import jobs
from tournament.eventfile import tasks as eventfile_tasks
from tournament.notifications import services as notification_services
from tournament.notifications import tasks as notification_tasks
from tournament.notifications import waiting
from tournament.printing import services as printing_services
from tournament.printing import tasks as printing_tasks
from tournament.ratings import services as rating_services
from tournament.ratings import tasks as rating_tasks
from tournament.standings import recompute
from tournament.standings import tasks as standings_tasks
from tournament.webhooks import services as webhook_services
from tournament.webhooks import tasks as webhook_tasks

ROOT = Path(__file__).resolve().parents[2]

QUEUED_BY_NAME = [
    (printing_services.RENDER_TASK, printing_tasks.render_document),
    (webhook_services.DELIVER_TASK, webhook_tasks.deliver),
    (notification_services.DELIVER_TASK, notification_tasks.deliver),
    (waiting.ENTRIES_WAITING_TASK, notification_tasks.entries_waiting),
    (jobs.IMPORT_TASK, eventfile_tasks.import_event_file),
    (recompute.RERANK_TASK, standings_tasks.rerank),
    (rating_services.REFRESH_TASK, rating_tasks.refresh),
]


@pytest.mark.parametrize(("name", "task"), QUEUED_BY_NAME, ids=[n for n, _ in QUEUED_BY_NAME])
def test_every_name_a_service_queues_is_its_apps_task(name, task):
    assert task.name == name
    assert queueing.task_named(name) is task._get_current_object()


def test_a_task_whose_module_nobody_imported_yet_is_found():
    # A fresh process, as a web worker without a broker: nothing imported tasks.py yet.
    code = (
        "import sys, django; django.setup()\n"
        "assert 'tournament.printing.tasks' not in sys.modules\n"
        "from tournament.core import queueing\n"
        "task = queueing.task_named('printing.render_document')\n"
        "print(task.__module__)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "tournament.settings"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "tournament.printing.tasks"


def test_an_unknown_name_is_a_key_error():
    with pytest.raises(KeyError):
        queueing.task_named("no.such.task")


def test_enqueue_is_the_tasks_delay_or_apply_async_with_its_options(monkeypatch):
    task = printing_tasks.render_document
    sent = []
    monkeypatch.setattr(task, "delay", lambda *args: sent.append(("delay", args, {})))
    monkeypatch.setattr(
        task, "apply_async", lambda args, **options: sent.append(("apply_async", args, options))
    )
    queueing.enqueue("printing.render_document", 7)
    queueing.enqueue("printing.render_document", 8, countdown=5, soft_time_limit=300)
    assert sent == [
        ("delay", (7,), {}),
        ("apply_async", (8,), {"countdown": 5, "soft_time_limit": 300}),
    ]
