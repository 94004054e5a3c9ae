"""The renders have their own queue and worker, so that the quick tasks never wait behind one.

A quick task (a webhook delivery, an e-mail, a re-rank, a recovery sweep) queued behind PDF
renders waited for a render to end: after Redis lost its data, the deliveries and the
re-sending of a lost document came 48-71 s late (docs/reliability.md, "Redis loses its data").
`printing.render_document` goes to the `printing` queue; docker-compose runs a `printer`
worker for it and a `worker` for the default queue only. A worker started without `-Q`
takes both (`.ci/run`'s plain worker, a small site's one worker).
"""

import shlex
from pathlib import Path

import pytest
import yaml
from django.conf import settings

from tournament.celery import app

ROOT = Path(__file__).resolve().parents[2]

QUICK_TASKS = (
    "tournament.webhooks.tasks.deliver",
    "tournament.webhooks.tasks.retry_stale",
    "notifications.deliver",
    "notifications.send_due",
    "standings.rerank_stale",
    "printing.recover_stuck",
    "broker.check_data",
)


def queue_of(task_name: str) -> str:
    return app.amqp.router.route({}, task_name)["queue"].name


def test_a_render_goes_to_the_printing_queue():
    assert queue_of("printing.render_document") == "printing"


@pytest.mark.parametrize("name", QUICK_TASKS)
def test_quick_tasks_and_the_sweeps_stay_on_the_default_queue(name):
    assert queue_of(name) == "celery"


def test_a_worker_without_q_takes_both_queues():
    assert set(app.amqp.queues) == {"celery", "printing"}


def compose_services() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]


def queues_option(command: str) -> str | None:
    words = shlex.split(command)
    return words[words.index("-Q") + 1] if "-Q" in words else None


def test_compose_runs_one_worker_per_queue():
    services = compose_services()
    assert queues_option(services["worker"]["command"]) == settings.CELERY_TASK_DEFAULT_QUEUE
    assert queues_option(services["printer"]["command"]) == settings.PRINTING_QUEUE
    assert services["printer"]["restart"] == "unless-stopped"


@pytest.mark.parametrize("service", ["worker", "printer"])
def test_each_worker_is_pinged_by_its_own_node_name(service):
    """Both run on one host outside Docker (.ci/deploy.sh): each names its node, and the
    healthcheck pings that name."""
    spec = compose_services()[service]
    words = shlex.split(spec["command"])
    assert words[words.index("-n") + 1] == f"{service}@%h"
    assert f"-d {service}@$$HOSTNAME" in spec["healthcheck"]["test"][1]


def test_the_deploy_check_starts_the_printer():
    script = (ROOT / ".ci/deploy.sh").read_text()
    assert 'printer_cmd="$(compose_command printer)"' in script
    assert 'sh -c "exec $printer_cmd"' in script
