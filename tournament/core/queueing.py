"""Queue a background task by its registered name.

Tasks are thin entry points into the services (`tasks.py` imports its app's services, never
the other way): a service that hands work to the worker names the task
(`"printing.render_document"`) instead of importing it. The task is looked up in the Celery
app's registry, its module imported on first use (Celery's autodiscovery of every app's
`tasks.py`), and queued through its own `delay` or `apply_async`: exactly as if the caller
had imported it, so without a broker (no `REDIS_URL`: `CELERY_TASK_ALWAYS_EAGER`) it runs
at once in the caller's process.

What the broker raises when it is down reaches the caller, who decides what it means (the
document is marked failed, the delivery left for the sweep, ...): `core.broker.BROKER_ERRORS`.
"""

from __future__ import annotations

from typing import Any

from celery import Task, current_app
from celery.result import AsyncResult, EagerResult


def task_named(name: str) -> Task:
    """The registered task called `name`; KeyError if no app's `tasks.py` defines it."""
    registry = current_app.tasks
    if name not in registry:
        # Import every installed app's tasks.py now, as a worker does when it starts (without
        # the worker's start-up signal, which would run Django's set-up and checks again).
        current_app.autodiscover_tasks(force=True)
    return registry[name]


def enqueue(name: str, *args: Any, **options: Any) -> AsyncResult:
    """Queue the task `name` with the positional `args`. `options` are `apply_async`'s
    (`countdown`, `soft_time_limit`, `time_limit`, ...); without any it is the task's `delay`."""
    task = task_named(name)
    if options:
        return task.apply_async(args, **options)
    return task.delay(*args)


def run_here(name: str, *args: Any) -> EagerResult:
    """Run the task `name` now, in this process, whatever the broker (`Task.apply`)."""
    return task_named(name).apply(args=list(args))
