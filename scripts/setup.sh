#!/usr/bin/env bash
# Shared set-up for the two commands: .venv in the repo root, pinned packages, migrations.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.requirements.sha256
# The commands run tests and tools too: install the dev file (it includes the runtime file).
wanted=$(cat requirements.txt requirements-dev.txt | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -r requirements-dev.txt
  echo "$wanted" > "$stamp"
fi
