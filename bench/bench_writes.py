"""Fifty judges writing through the API at once: `.venv/bin/python -m bench.bench_writes`.

Needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL; a database of its own, it is migrated
and written to). Builds one running event of `--players` checked-in players (round 1 seated
by the site's service and published: one bracket per three players), `--judges` officials
with `judge`-scope API tokens, then serves the site with gunicorn and the production
configuration (`gunicorn.conf.py`: its workers, threads and persistent database
connections, unless `--workers` / `--threads` say otherwise) on loopback. Each of
`--clients` client threads (`http.client`, one kept-alive connection per judge) plays its
own brackets back to back for `--seconds`: judge A enters game N (POST
events/{id}/brackets/{bracket}/entries/ with an Idempotency-Key), judge B enters the same
game, which confirms it; the winners rotate so a bracket takes four games.

A Celery worker runs beside gunicorn, on the same cores, as in production: the work a
confirmation leaves to the queue (the event-wide re-rank of the places, `standings.rerank`)
is done within the run. The broker's queue is purged first (tasks of earlier runs).

Prints writes per second (each POST is a write), the 50th and 95th percentile latency of a
write, the errors (any answer that is not 2xx, or a second entry that did not confirm), and
then checks in the database that every acknowledged confirmation is a stored `Game` with its
winner, waits for the worker to clear the event's stale mark (how long after the last write)
and compares the stored standings (places, points, statuses, the winner) with a synchronous
recompute of the whole event. Target: at least 100 writes per second on the 2-core machine,
no error, nothing lost, the standings right.

`--profile DIR` runs each gunicorn worker under cProfile and writes one `.prof` file per
worker process into DIR when it stops (read them with `python -m pstats`).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import runpy
import signal
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

ROOT = Path(__file__).resolve().parent.parent
API = "/api/v1/events/{event}/brackets/{bracket}/entries/"
TARGET = 100.0


# --- the profiled WSGI application (`--profile`): gunicorn imports this module ------------


def _profiled_application():
    import atexit
    import cProfile

    from django.core.wsgi import get_wsgi_application

    app = get_wsgi_application()
    profile = cProfile.Profile()
    out = Path(os.environ["BENCH_PROFILE_DIR"])

    def dump():
        profile.dump_stats(out / f"worker-{os.getpid()}.prof")

    atexit.register(dump)
    signal.signal(signal.SIGTERM, lambda *_a: (dump(), os._exit(0)))

    def application(environ, start_response):
        profile.enable()
        try:
            return app(environ, start_response)
        finally:
            profile.disable()

    return application


if os.environ.get("BENCH_PROFILE_DIR") and __name__ != "__main__":
    application = _profiled_application()


# --- building the event -------------------------------------------------------------------


def build(players: int, judges: int) -> tuple[int, list[tuple[int, list[str]]], list[str]]:
    """(event id, [(bracket id, seated player numbers)], judges' token secrets)."""
    from django.contrib.auth.models import User

    from bench.fixtures import event_with_players
    from tournament.accounts.api_tokens import make_token
    from tournament.accounts.models import ApiToken, Player
    from tournament.rounds.services.rounds import publish_round, seat_next_round

    tag = f"W{int(time.time())}"
    users = [User.objects.create_user(f"{tag.lower()}-judge-{i:02d}") for i in range(judges)]
    officials = [Player.create_for_user(u, name=u.username) for u in users]
    event = event_with_players(tag, players, organizer=officials[0])
    event.judges.set(officials[1:])
    rnd = seat_next_round(event, seed=players)
    publish_round(rnd, True)
    brackets = [
        (
            b.pk,
            [
                s.registration.player.player_number
                for s in b.seats.select_related("registration__player").order_by("position")
            ],
        )
        for b in rnd.brackets.order_by("table")
    ]
    tokens = [make_token(u, "bench", [ApiToken.Scope.JUDGE])[1] for u in users]
    return event.pk, brackets, tokens


# --- the server ---------------------------------------------------------------------------


def gunicorn_settings(workers: int | None, threads: int | None) -> dict:
    """The environment of the server, and the workers and threads `gunicorn.conf.py` gives
    it (the production configuration, unless told otherwise)."""
    env = dict(os.environ)
    if workers:
        env["WEB_CONCURRENCY"] = str(workers)
    if threads:
        env["GUNICORN_THREADS"] = str(threads)
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        conf = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
        env["CONN_MAX_AGE"] = os.environ.get("CONN_MAX_AGE", "0")  # as the workers see it
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return {"env": env, "workers": conf["workers"], "threads": conf["threads"]}


def start_server(port: int, settings: dict, profile: str | None):
    env = dict(settings["env"])
    env.update(
        BIND=f"127.0.0.1:{port}",
        GUNICORN_LOG_LEVEL="warning",
        PRODUCTION="1",
        SECURE_SSL_REDIRECT="0",  # plain HTTP on loopback, as behind the proxy
        LOG_LEVEL="WARNING",
    )
    app = "tournament.wsgi:application"
    if profile:
        Path(profile).mkdir(parents=True, exist_ok=True)
        env["BENCH_PROFILE_DIR"] = str(Path(profile).resolve())
        app = "bench.bench_writes:application"
    command = [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"]
    command += ["--access-logfile", "/dev/null", app]
    server = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status < 500:
                return server
        except OSError:
            time.sleep(0.3)
        if server.poll() is not None:
            raise SystemExit("gunicorn did not start")
    raise SystemExit("gunicorn did not answer within 60 s")


def stop_server(server) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=40)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def start_worker():
    """A Celery worker as production runs it (prefork, one process: the cores are shared)."""
    from tournament.celery import app

    app.control.purge()  # tasks queued by earlier runs are not this run's work
    env = dict(os.environ, PRODUCTION="1", SECURE_SSL_REDIRECT="0", LOG_LEVEL="WARNING")
    command = [sys.executable, "-m", "celery", "-A", "tournament", "worker"]
    command += ["--concurrency=1", "--loglevel=WARNING", "--without-heartbeat", "--without-gossip"]
    worker = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    deadline = time.time() + 60
    while time.time() < deadline:
        if worker.poll() is not None:
            raise SystemExit("the Celery worker did not start")
        if app.control.ping(timeout=0.5):
            return worker
    raise SystemExit("the Celery worker did not answer within 60 s")


def cpu_seconds(group: int | None = None, database: str | None = None) -> float:
    """User and system CPU seconds of the processes of a process group (with their reaped
    children's), or of the PostgreSQL backends serving a database (Linux)."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if database is not None:
                words = (entry / "cmdline").read_bytes().replace(b"\0", b" ").split()
                if not (words[:1] == [b"postgres:"] and database.encode() in words):
                    continue
            elif int(fields[2]) != group:  # pgrp
                continue
        except (OSError, IndexError):
            continue
        # utime and stime, and cutime and cstime: the workers gunicorn recycled
        # (`max_requests`) and reaped during the run count too.
        total += sum(int(fields[i]) for i in (11, 12, 13, 14))
    return total / os.sysconf("SC_CLK_TCK")


# --- the clients --------------------------------------------------------------------------

GAMES_PER_BRACKET = 4  # winners rotate: the first seat's second win (game 4) ends it


class Judge:
    """One official's kept-alive connection."""

    def __init__(self, port: int, token: str):
        self.port, self.token = port, token
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def get(self, path: str) -> int:
        self.conn.request("GET", path, headers={"Authorization": f"Bearer {self.token}"})
        answer = self.conn.getresponse()
        answer.read()
        return answer.status

    def post(self, path: str, body: dict, key: str) -> tuple[int, dict, float]:
        payload = json.dumps(body)
        headers = {
            "Authorization": f"Bearer {self.token}",
            "Content-Type": "application/json",
            "Idempotency-Key": key,
        }
        start = time.perf_counter()
        try:
            self.conn.request("POST", path, payload, headers)
            answer = self.conn.getresponse()
            raw = answer.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()  # the server closed a kept-alive connection: once more
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            self.conn.request("POST", path, payload, headers)
            answer = self.conn.getresponse()
            raw = answer.read()
        seconds = time.perf_counter() - start
        try:
            data = json.loads(raw)
        except ValueError:
            data = {"raw": raw[:200].decode(errors="replace")}
        return answer.status, data, seconds


class Client(threading.Thread):
    def __init__(self, port, event_id, brackets, token_a, token_b, deadline):
        super().__init__(daemon=True)
        self.judge_a, self.judge_b = Judge(port, token_a), Judge(port, token_b)
        self.event_id, self.brackets, self.deadline = event_id, brackets, deadline
        self.latencies: list[float] = []
        self.by_judge: dict[str, list[float]] = {"unconfirmed": [], "confirmed": []}
        self.errors: list[str] = []
        self.confirmed: list[tuple[int, int, str]] = []  # (bracket, number, winner)

    def warm_up(self) -> None:
        """Open both connections and load the site in the workers (untimed)."""
        path = f"/api/v1/events/{self.event_id}/entries/"
        for judge in (self.judge_a, self.judge_b):
            if judge.get(path) != 200:
                self.errors.append(f"warm-up GET {path} failed")

    def run(self) -> None:
        for bracket_id, numbers in self.brackets:
            path = API.format(event=self.event_id, bracket=bracket_id)
            for number in range(1, GAMES_PER_BRACKET + 1):
                if time.perf_counter() >= self.deadline:
                    return
                winner = numbers[(number - 1) % len(numbers)]
                body = {
                    "number": number,
                    "winner": winner,
                    "ended_by": "victory",
                    "unrazed": {n: (6 if n == winner else 3) for n in numbers},
                }
                for judge, expected in ((self.judge_a, "unconfirmed"), (self.judge_b, "confirmed")):
                    status, data, seconds = judge.post(path, body, str(uuid.uuid4()))
                    self.latencies.append(seconds)
                    self.by_judge[expected].append(seconds)
                    if not 200 <= status < 300 or data.get("status") != expected:
                        self.errors.append(f"bracket {bracket_id} game {number}: {status} {data}")
                        break
                else:
                    self.confirmed.append((bracket_id, number, winner))
                    continue
                break  # an error: leave this bracket


def run_clients(port, event_id, brackets, tokens, clients, seconds):
    share = [brackets[i::clients] for i in range(clients)]
    threads = [
        Client(
            port,
            event_id,
            share[i],
            tokens[i % len(tokens)],
            tokens[(i + 1) % len(tokens)],
            deadline=0.0,  # set once every client is warm
        )
        for i in range(clients)
    ]
    warm = [threading.Thread(target=t.warm_up) for t in threads]
    for thread in warm:
        thread.start()
    for thread in warm:
        thread.join()
    start = time.perf_counter()
    for thread in threads:
        thread.deadline = start + seconds
        thread.start()
    for thread in threads:
        thread.join()
    return threads, time.perf_counter() - start


def verify(confirmed: list[tuple[int, int, str]]) -> int:
    """Acknowledged confirmations missing from the database (or with another winner)."""
    from tournament.results.models import Game

    stored = {
        (g.bracket_id, g.number): g.winner.player_number if g.winner_id else None
        for g in Game.objects.filter(bracket_id__in={b for b, _n, _w in confirmed}).select_related(
            "winner"
        )
    }
    return sum(1 for b, n, w in confirmed if stored.get((b, n)) != w)


def caught_up(event_id: int, timeout: float = 120.0) -> float | None:
    """When (`time.perf_counter`) the event's standings were no longer marked stale (None:
    still stale after `timeout` seconds)."""
    from tournament.standings.models import EventScoring

    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        stale = EventScoring.objects.filter(event_id=event_id, standings_stale_since__isnull=False)
        if not stale.exists():
            return time.perf_counter()
        time.sleep(0.1)
    return None


STANDING_FIGURES = (
    "registration_id",
    "place",
    "points",
    "status",
    "last_round",
    "last_place",
    "unrazed_total",
    "games_won",
)


def standings_differ(event_id: int) -> tuple[int, int]:
    """(rows, rows that differ): the stored standings and winner against a synchronous
    recompute of the whole event (`recompute.refresh_event`)."""
    from tournament.events.models import Event
    from tournament.standings.models import EventScoring, EventStanding
    from tournament.standings.recompute import refresh_event

    def stored() -> dict:
        rows = EventStanding.objects.filter(event_id=event_id).values_list(*STANDING_FIGURES)
        winner = EventScoring.objects.values_list("winner_id", flat=True).get(event_id=event_id)
        return {row[0]: row for row in rows} | {"winner": winner}

    before = stored()
    refresh_event(Event.objects.get(pk=event_id))
    after = stored()
    return len(after) - 1, sum(
        1 for key in before.keys() | after.keys() if before.get(key) != after.get(key)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1620, help="checked-in players")
    parser.add_argument("--judges", type=int, default=50)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--workers", type=int, help="gunicorn workers (gunicorn.conf.py's)")
    parser.add_argument("--threads", type=int, help="threads a worker (gunicorn.conf.py's)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--profile", metavar="DIR", help="cProfile each gunicorn worker")
    parser.add_argument(
        "--no-analyze",
        action="store_true",
        help="keep the planner statistics from before the event was built",
    )
    args = parser.parse_args()

    django.setup()
    from django.core.management import call_command
    from django.db import connection, connections

    if connection.vendor != "postgresql" or not os.environ.get("REDIS_URL"):
        raise SystemExit("Set DATABASE_URL (PostgreSQL) and REDIS_URL: see bench/README.md")
    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    event_id, brackets, tokens = build(args.players, args.judges)
    print(
        f"event {event_id}: {args.players} players, {len(brackets)} brackets, "
        f"{args.judges} judges (built in {time.perf_counter() - start:.1f} s)"
    )
    if not args.no_analyze:
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")  # what autovacuum does once it notices the new rows
    connections.close_all()
    gunicorn = gunicorn_settings(args.workers, args.threads)
    worker = start_worker()
    try:
        server = start_server(args.port, gunicorn, args.profile)
        try:
            database = connection.settings_dict["NAME"]
            cpu = cpu_seconds(server.pid), cpu_seconds(worker.pid), cpu_seconds(database=database)
            bench_cpu = time.process_time()
            clients, elapsed = run_clients(
                args.port, event_id, brackets, tokens, args.clients, args.seconds
            )
            end = time.perf_counter()
            bench_cpu = time.process_time() - bench_cpu  # the fifty clients
            web_cpu = cpu_seconds(server.pid) - cpu[0]
            db_cpu = cpu_seconds(database=database) - cpu[2]
            settled = caught_up(event_id)
        finally:
            stop_server(server)
        worker_cpu = cpu_seconds(worker.pid) - cpu[1]
    finally:
        stop_server(worker)
    latencies = sorted(s for c in clients for s in c.latencies)
    errors = [e for c in clients for e in c.errors]
    confirmed = [g for c in clients for g in c.confirmed]
    lost = verify(confirmed)
    writes = len(latencies)
    rate = writes / elapsed
    p95 = statistics.quantiles(latencies, n=20)[-1] if len(latencies) > 1 else 0.0
    print(
        f"gunicorn: {gunicorn['workers']} workers × {gunicorn['threads']} threads, "
        f"CONN_MAX_AGE={gunicorn['env']['CONN_MAX_AGE']}; {args.clients} clients, "
        f"{elapsed:.1f} s; load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"writes {writes} ({rate:.1f}/s), confirmations {len(confirmed)}, "
        f"p50 {statistics.median(latencies) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
        f"errors {len(errors)}, lost {lost}"
    )
    first = [s for c in clients for s in c.by_judge["unconfirmed"]]
    second = [s for c in clients for s in c.by_judge["confirmed"]]
    if first and second:
        print(
            f"  p50 first entry {statistics.median(first) * 1000:.0f} ms, "
            f"confirming entry {statistics.median(second) * 1000:.0f} ms"
        )
    per_write = 1000 / max(writes, 1)
    print(
        f"  CPU a write: gunicorn {web_cpu * per_write:.1f} ms, PostgreSQL {db_cpu * per_write:.1f}"
        f" ms, Celery worker {worker_cpu * per_write:.1f} ms (the clients "
        f"{bench_cpu * per_write:.1f} ms); the cores spent {elapsed * os.cpu_count():.0f} s, "
        f"the bench's processes {web_cpu + db_cpu + worker_cpu + bench_cpu:.0f} s"
    )
    for error in errors[:5]:
        print("  error:", error)
    rows, differ = standings_differ(event_id)
    print(
        "standings: "
        + (f"re-ranked {settled - end:.1f} s after the run" if settled else "STILL STALE")
        + f"; {rows} rows against a synchronous recompute: {differ} differ"
    )
    right = settled is not None and not differ
    verdict = "PASS" if rate >= TARGET and not errors and not lost and right else "FAIL"
    print(f"target ≥ {TARGET:.0f} writes/s, 0 errors, nothing lost, standings right: {verdict}")


if __name__ == "__main__":
    main()
