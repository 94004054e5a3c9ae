#!/usr/bin/env bash
# Command 1: set up, migrate, load the card data and the demo, and serve on localhost:8000.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export DEBUG="${DEBUG:-1}"
# The address served below: e-mails' links are absolute (the console shows them clickable).
export SITE_URL="${SITE_URL:-http://${HOST:-127.0.0.1}:${PORT:-8000}}"
.venv/bin/python manage.py migrate --noinput
.venv/bin/python manage.py compilemessages_py
.venv/bin/python manage.py import_cards
.venv/bin/python manage.py seed_demo
echo "Serving on ${SITE_URL} — demo logins: organizer / judge1 / judge2 / player1..30, password 'spellfire-demo'"
exec .venv/bin/python manage.py runserver "${HOST:-127.0.0.1}:${PORT:-8000}"
