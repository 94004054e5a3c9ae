"""Helpers of the fault suite (tests/faults): the site, the worker and beat as child
processes, Redis and PostgreSQL stopped and started, a logged-in HTTP session, a running event
in the real database."""

from __future__ import annotations

import datetime as dt
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
ENABLED = os.environ.get("SPELLFIRE_FAULTS") == "1"
# Short timeouts so that the suite sees recovery within its five minutes.
PENDING_SECONDS = 12
VISIBILITY_SECONDS = 20


def wait_for(check: Callable[[], object], seconds: float, what: str, every: float = 0.5):
    """Poll until check() is truthy; its value, or fail naming what never happened."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            value = check()
        except (requests.RequestException, OSError):
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: not within {seconds} s")
        time.sleep(every)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def child_env() -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tournament.settings",
        "PRINTING_PENDING_SECONDS": str(PENDING_SECONDS),
        "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_SECONDS),
        "LOG_LEVEL": "WARNING",
    }


class Processes:
    """The site, the worker (and beat) as child processes, each in its own process group;
    `env` overrides `child_env()`."""

    def __init__(self, tmp: Path, env: dict[str, str] | None = None) -> None:
        self.tmp = tmp
        self.env = env or {}
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.server: subprocess.Popen | None = None
        self.worker: subprocess.Popen | None = None
        self.printer: subprocess.Popen | None = None
        self.beat: subprocess.Popen | None = None

    def _spawn(self, name: str, *args: str) -> subprocess.Popen:
        log = (self.tmp / f"{name}.log").open("ab")
        env = {**child_env(), **self.env}
        return subprocess.Popen(
            args, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True
        )

    def start_server(self) -> None:
        bin_dir = Path(sys.executable).parent
        self.server = self._spawn(
            "gunicorn",
            str(bin_dir / "gunicorn"),
            "tournament.wsgi",
            "--bind",
            f"127.0.0.1:{self.port}",
            "--workers",
            "2",
            "--threads",
            "4",
            "--timeout",
            "60",
        )
        wait_for(lambda: requests.get(self.base + "/healthz", timeout=5).ok, 60, "site up")

    def _celery_worker(self, name: str, concurrency: int, *options: str) -> subprocess.Popen:
        bin_dir = Path(sys.executable).parent
        return self._spawn(
            name,
            str(bin_dir / "celery"),
            "-A",
            "tournament",
            "worker",
            *options,
            f"--concurrency={concurrency}",
            "--loglevel=WARNING",
        )

    def start_worker(self, concurrency: int = 1) -> None:
        """One worker taking every queue (a small site's single worker)."""
        self.worker = self._celery_worker("worker", concurrency)

    def start_workers(self, concurrency: int = 2) -> None:
        """As docker-compose runs them: `worker` for the default queue (quick tasks, the
        sweeps) and `printer` for the renders' queue, each with `concurrency` processes."""
        from django.conf import settings

        self.worker = self._celery_worker("worker", concurrency, "-Q", "celery", "-n", "worker@%h")
        self.printer = self._celery_worker(
            "printer", concurrency, "-Q", settings.PRINTING_QUEUE, "-n", "printer@%h"
        )

    def start_beat(self) -> None:
        """Celery beat with the production schedule (its state file in the run's folder)."""
        bin_dir = Path(sys.executable).parent
        self.beat = self._spawn(
            "beat",
            str(bin_dir / "celery"),
            "-A",
            "tournament",
            "beat",
            "--schedule",
            str(self.tmp / "beat-schedule"),
            "--loglevel=WARNING",
        )

    def kill_worker(self) -> None:
        """SIGKILL the worker and its pool children: nothing gets to clean up."""
        if self.worker is not None:
            os.killpg(self.worker.pid, signal.SIGKILL)
            self.worker.wait()
            self.worker = None

    def kill_pool_child(self) -> bool:
        """SIGKILL the worker's pool process (as the kernel's OOM killer would)."""
        found = subprocess.run(
            ["pgrep", "-P", str(self.worker.pid)], capture_output=True, text=True, check=False
        )
        children = [int(pid) for pid in found.stdout.split()]
        for pid in children:
            os.kill(pid, signal.SIGKILL)
        return bool(children)

    def stop(self) -> None:
        for process in (self.beat, self.worker, self.printer, self.server):
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()

    def logs(self) -> str:
        return "\n".join(
            f"--- {path.name}\n{path.read_text(errors='replace')[-12000:]}"
            for path in sorted(self.tmp.glob("*.log"))
        )


def redis_port() -> int:
    return int(os.environ.get("FAULT_REDIS_PORT", "6390"))


def stop_redis() -> None:
    subprocess.run(
        ["redis-cli", "-p", str(redis_port()), "shutdown", "nosave"], check=False, timeout=10
    )


def start_redis() -> None:
    subprocess.run(
        [
            "redis-server",
            "--port",
            str(redis_port()),
            "--bind",
            "127.0.0.1",
            "--daemonize",
            "yes",
            "--save",
            "",
            "--appendonly",
            "no",
        ],
        check=True,
        timeout=10,
    )
    wait_for(
        lambda: (
            subprocess.run(
                ["redis-cli", "-p", str(redis_port()), "ping"], capture_output=True, timeout=5
            ).stdout.strip()
            == b"PONG"
        ),
        30,
        "Redis back",
    )


def restart_postgres() -> None:
    command = os.environ.get("FAULT_PG_RESTART", "service postgresql restart")
    subprocess.run(command, shell=True, check=True, timeout=120)


def browser_for(site: Processes, user) -> requests.Session:
    """An HTTP session logged in as `user` (a session row made by Django's test client)."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    http = requests.Session()
    token = secrets.token_hex(16)  # a CSRF secret: the cookie and the header must match
    http.cookies.set("sessionid", client.cookies["sessionid"].value, domain="127.0.0.1")
    http.cookies.set("csrftoken", token, domain="127.0.0.1")
    http.headers.update({"X-CSRFToken": token, "Referer": site.base + "/"})
    return http


def build_running_event(tag: str, players: int = 30):
    """A running single-entry event whose published round 1 waits for results."""
    from django.contrib.auth.models import User

    from tournament.accounts.models import Player
    from tournament.events.models import Event, Registration
    from tournament.rounds.services import rounds as round_service

    user = User.objects.create_user(f"org-{tag}", f"org-{tag}@example.org", "x")
    organizer = Player.create_for_user(user, name=f"Organiser {tag}")
    event = Event.objects.create(
        name=f"Fault Cup {tag}",
        date=dt.date(2026, 6, 1),
        venue="CI",
        organizer=organizer,
        status="registration",
        single_entry=True,
    )
    people = Player.objects.bulk_create(
        Player(player_number=f"F{tag}{i:03d}", name=f"Fault Player {i:03d}") for i in range(players)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in people
    )
    rnd = round_service.seat_next_round(event, seed=3)
    round_service.publish_round(rnd)
    return event, rnd, organizer


def tag() -> str:
    return secrets.token_hex(3)
