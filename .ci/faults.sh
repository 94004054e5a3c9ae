#!/usr/bin/env bash
# Fault suite: the running site (gunicorn), the Celery workers, PostgreSQL and Redis, with
# Redis stopped mid-run, the worker killed mid-render, PostgreSQL restarted during a burst of
# result submissions, and Redis losing its data mid-render (restarted empty, flushed; with
# beat and both compose workers running: webhooks and e-mails done and no PDF left pending
# within 30 s, every PDF done within 90 s; the seconds are printed). Called by .ci/run with
# DATABASE_URL and REDIS_URL set and both running.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-.venv/bin/python}"
printf '\n==== %s ====\n' "fault suite: Redis stopped or emptied, worker killed, PostgreSQL restarted"
export SPELLFIRE_FAULTS=1
export FAULT_REDIS_PORT="${FAULT_REDIS_PORT:-6390}"
export FAULT_PG_RESTART="${FAULT_PG_RESTART:-service postgresql restart >/dev/null}"
"$PYTHON" manage.py migrate --noinput
"$PYTHON" -m pytest -p no:xdist -m faults tests/faults -q -rA
