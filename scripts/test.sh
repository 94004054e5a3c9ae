#!/usr/bin/env bash
# Command 2: set up and run the whole test suite (extra arguments go to pytest).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# Browser tests drive Debian's Chromium; install it when we can (CI and fresh machines run as root).
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
    || echo "warning: could not install chromium; browser tests will be skipped" >&2
fi
.venv/bin/python manage.py compilemessages_py
exec .venv/bin/python -m pytest -n "${PYTEST_WORKERS:-2}" "$@"
