#!/usr/bin/env bash
# The production commands of docker-compose.yml, run without Docker: gunicorn (the compose web
# command line, production settings), a Celery worker and beat on the PostgreSQL and Redis
# that .ci/run started ($DATABASE_URL, $REDIS_URL). Checks /healthz, a page in pt-BR, a PDF
# rendered by the worker and static files; stops everything it started.
# With a Docker daemon, also builds the image and validates the compose file.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DATABASE_URL:?PostgreSQL must be running}" "${REDIS_URL:?Redis must be running}"

command -v curl >/dev/null || apt-get install -y -qq curl >/dev/null

PORT="${DEPLOY_CHECK_PORT:-8765}"
BASE="http://127.0.0.1:$PORT"
DATA="$(mktemp -d)"
PIDS=()
stop_all() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$DATA"
}
trap stop_all EXIT
fail() { echo "deploy check FAILED: $*" >&2; for f in "$DATA"/*.log; do echo "--- $f"; tail -30 "$f"; done >&2; exit 1; }

export PATH="$PWD/.venv/bin:$PATH"
export PRODUCTION=1 DEBUG=0 PORT WEB_CONCURRENCY=2 SPELLFIRE_DATA_DIR="$DATA" \
  STATIC_ROOT="$DATA/static" ALLOWED_HOSTS=localhost,127.0.0.1 EMAIL_URL=console:// \
  SECRET_KEY="deploy-$(head -c 48 /dev/urandom | base64 | tr -d '/+=')"
# Build steps of the Dockerfile: translations and static files into the image's path.
python manage.py compilemessages_py >/dev/null
python manage.py collectstatic --noinput >/dev/null
echo "translations and static files built in ${SECONDS}s"

# The exact command lines of docker-compose.yml (the data volume is $DATA here).
compose_command() {
  sed -n "/^  $1:/,/^  [a-z]*:\$/p" docker-compose.yml | sed -n 's/^    command: //p' \
    | sed -e 's/^sh -c "\(.*\)"$/\1/' -e "s#/data/#$DATA/#g"
}
migrate_cmd="$(compose_command migrate)"
web_cmd="$(compose_command web)"
worker_cmd="$(compose_command worker)"
beat_cmd="$(compose_command beat)"
[ -n "$migrate_cmd" ] && [ -n "$web_cmd" ] && [ -n "$worker_cmd" ] && [ -n "$beat_cmd" ] \
  || fail "compose commands not found"
echo "migrate: $migrate_cmd"
sh -c "$migrate_cmd" >"$DATA/migrate.log" 2>&1 || { cat "$DATA/migrate.log"; fail "the one-shot migrate service failed"; }
echo "web:    $web_cmd"
echo "worker: $worker_cmd"
echo "beat:   $beat_cmd"
sh -c "$web_cmd" >"$DATA/web.log" 2>&1 & PIDS+=($!)
sh -c "exec $worker_cmd" >"$DATA/worker.log" 2>&1 & PIDS+=($!)
sh -c "exec $beat_cmd" >"$DATA/beat.log" 2>&1 & PIDS+=($!)

https() { curl -sS -H "X-Forwarded-Proto: https" "$@"; }
for _ in $(seq 120); do
  https -o /dev/null "$BASE/healthz" 2>/dev/null && break
  sleep 1
done
health="$(https "$BASE/healthz")" || fail "/healthz does not answer"
echo "healthz after ${SECONDS}s: $health"
echo "$health" | grep -q '"status": "ok"' || fail "/healthz is not ok"
echo "$health" | grep -q '"broker": "ok"' || fail "/healthz did not reach the broker"

# Demo data, a bracket-sheet PDF queued for the worker, and an organizer's session cookie.
python manage.py seed_demo >/dev/null
read -r event_id doc_id session <<<"$(python manage.py shell -c '
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from tournament.events.models import Round
from tournament.printing import services
from tournament.printing.documents import DocumentRequest
from tournament.printing.models import CachedDocument
rnd = Round.objects.select_related("event").filter(published=True).order_by("-pk").first()
# The database may outlive an earlier check whose media folder is gone: render afresh.
CachedDocument.objects.filter(event=rnd.event).delete()
doc = services.request_document(DocumentRequest(
    kind="brackets", event=rnd.event, paper="A4", round=rnd, bracket=None, registration=None,
    base_url="https://localhost", language="pt-br"))
user = User.objects.get(username="organizer")
session = SessionStore()
session.update({SESSION_KEY: str(user.pk), HASH_SESSION_KEY: user.get_session_auth_hash(),
                BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend"})
session.create()
print(rnd.event_id, doc.pk, session.session_key)
' | tail -1)"
[ -n "$session" ] || fail "could not queue a document"

page="$(https -H "Accept-Language: pt-BR" "$BASE/events/")"
echo "$page" | grep -q '<html lang="pt-br">' || fail "the events page is not in pt-BR"
echo "$page" | grep -q "Eventos" || fail "the events page has no Portuguese text"
echo "pt-BR page: ok"

pdf=""
for _ in $(seq 90); do
  code="$(https -o "$DATA/sheet.pdf" -w '%{http_code} %{content_type}' \
    -H "Cookie: sessionid=$session" "$BASE/events/$event_id/print/documents/$doc_id/download/")"
  if [ "$code" = "200 application/pdf" ]; then pdf=yes; break; fi
  sleep 1
done
[ -n "$pdf" ] || fail "the worker rendered no PDF (last answer: $code)"
head -c 5 "$DATA/sheet.pdf" | grep -q '%PDF-' || fail "the download is not a PDF"
echo "PDF rendered by the worker: $(wc -c <"$DATA/sheet.pdf") bytes, at ${SECONDS}s"

css="$(echo "$page" | grep -o '/static/css/site\.[0-9a-f]*\.css' | head -1)"
[ -n "$css" ] || fail "the page links no hashed stylesheet (manifest storage)"
headers="$(https -D - -o /dev/null "$BASE$css")"
echo "$headers" | grep -q '^HTTP/1.1 200' || fail "static file $css is not served"
echo "$headers" | grep -qi '^cache-control:.*max-age=315360000' || fail "static files not cached"
echo "static: $css served with a far-future Cache-Control"
grep -q 'ready' "$DATA/worker.log" || fail "the worker never became ready"
grep -q 'beat: Starting' "$DATA/beat.log" || fail "beat did not start"
grep -q 'method=GET path="/healthz"' "$DATA/web.log" || fail "gunicorn wrote no access log"

if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
  SECRET_KEY=compose-config-check docker compose config --quiet
  docker build -q -t spellfire-tournament-manager:ci . >/dev/null
  echo "docker: image built, compose file valid"
else
  echo "docker: no daemon here, image build and compose check skipped"
fi
echo "deploy check: ok"
