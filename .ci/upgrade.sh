#!/usr/bin/env bash
# The upgrade check: a database made by the previous release (deploy/previous-release, its
# code taken from git into a temporary folder), holding what a site holds — the demo's
# finished bracket event, Team Spirit event and league, plus a one-on-one event with a top
# cut played to its end, API tokens and webhooks — is migrated by this commit's code, and
# every stored row, every event's export, the standings' and the ranking's CSV must be what
# the previous release showed. SQLite and tasks in-process: fast, nothing else to start.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
printf '\n==== %s ====\n' "upgrade from the previous release"
PREVIOUS="$(grep -v '^#' deploy/previous-release | head -1)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
git cat-file -e "$PREVIOUS^{commit}" 2>/dev/null \
  || git fetch -q origin "$PREVIOUS" 2>/dev/null \
  || { echo "upgrade check FAILED: commit $PREVIOUS is not in this clone" >&2; exit 1; }
mkdir -p "$WORK/previous" "$WORK/data"
git archive "$PREVIOUS" | tar -x -C "$WORK/previous"
echo "previous release: $(git log -1 --format='%h %cd' --date=short "$PREVIOUS")"
run() {  # run CODE_DIR manage.py ARGS...: the site's commands on the shared database
  local dir="$1"
  shift
  (cd "$dir" && env -u REDIS_URL -u PRODUCTION SPELLFIRE_DATA_DIR="$WORK/data" \
    DATABASE_URL="sqlite:///$WORK/data/db.sqlite3" LOG_LEVEL=ERROR \
    EMAIL_BACKEND=django.core.mail.backends.dummy.EmailBackend \
    "$PYTHON" manage.py "$@")
}
snapshot() {
  run "$1" shell -c "$(cat "$ROOT/.ci/upgrade_snapshot.py")" | sed -n 's/^SNAPSHOT //p'
}
started=$SECONDS
LOG="$WORK/previous.log"
{
  run "$WORK/previous" migrate --noinput
  run "$WORK/previous" seed_demo
  run "$WORK/previous" shell -c "$(cat "$ROOT/.ci/upgrade_data.py")"
} >"$LOG" 2>&1 || { tail -40 "$LOG"; echo "upgrade check FAILED: the previous release's data" >&2; exit 1; }
grep '^upgrade data:' "$LOG"
snapshot "$WORK/previous" >"$WORK/before.json"
echo "the previous release's database made in $((SECONDS - started)) s"
applied="$(run "$ROOT" migrate --noinput | grep -c '^  Applying' || true)"
echo "migrations applied by this release: $applied"
snapshot "$ROOT" >"$WORK/after.json"
"$PYTHON" "$ROOT/.ci/upgrade_compare.py" "$WORK/before.json" "$WORK/after.json"
echo "upgrade check: ok in $((SECONDS - started)) s"
