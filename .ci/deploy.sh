#!/usr/bin/env bash
# The production commands of docker-compose.yml, run without Docker, in a virtualenv made from
# requirements.txt alone (as the image's: a runtime import missing from it fails here): the
# Dockerfile's build steps, the one-shot migrate service, gunicorn (the compose web command
# line, production settings), the Celery workers (worker, printer) and beat on the PostgreSQL
# and Redis that .ci/run started ($DATABASE_URL, $REDIS_URL). Checks /healthz, a page in pt-BR,
# a PDF rendered by the printer and static files, then a backup round trip (backup, wipe the
# database and the media, restore: the same standings and the same stored PDF).
# With a Docker daemon, also builds the image and validates the compose file; .ci/image.sh
# (the next step) builds and runs the image itself with podman.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DATABASE_URL:?PostgreSQL must be running}" "${REDIS_URL:?Redis must be running}"

command -v curl >/dev/null || apt-get install -y -qq curl >/dev/null
command -v caddy >/dev/null || apt-get install -y -qq caddy >/dev/null  # the tls profile's proxy

PORT="${DEPLOY_CHECK_PORT:-8765}"
BASE="http://127.0.0.1:$PORT"
DATA="$(mktemp -d)"
PIDS=()
stop_services() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  PIDS=()
}
stop_all() { stop_services; rm -rf "$DATA"; }
trap stop_all EXIT
fail() { echo "deploy check FAILED: $*" >&2; for f in "$DATA"/*.log; do echo "--- $f"; tail -30 "$f"; done >&2; exit 1; }

# The image's virtualenv: requirements.txt only, with the same Python as the project's.
PROD_VENV="$DATA/venv"
"$(.venv/bin/python -c 'import sys; print(sys._base_executable)')" -m venv "$PROD_VENV"
"$PROD_VENV/bin/pip" install -q -r requirements.txt || fail "requirements.txt does not install"
echo "production virtualenv from requirements.txt alone in ${SECONDS}s"
export PATH="$PROD_VENV/bin:$PATH"
export PRODUCTION=1 DEBUG=0 PORT WEB_CONCURRENCY=2 SPELLFIRE_DATA_DIR="$DATA" \
  STATIC_ROOT="$DATA/static" ALLOWED_HOSTS=localhost,127.0.0.1 EMAIL_URL=console:// \
  SECRET_KEY="deploy-$(head -c 48 /dev/urandom | base64 | tr -d '/+=')" API_ANON_RATE=20/min \
  TRUSTED_PROXY_COUNT=1 FORWARDED_ALLOW_IPS=127.0.0.1  # compose's trust: the proxy's address only
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
printer_cmd="$(compose_command printer)"
beat_cmd="$(compose_command beat)"
[ -n "$migrate_cmd" ] && [ -n "$web_cmd" ] && [ -n "$worker_cmd" ] && [ -n "$printer_cmd" ] \
  && [ -n "$beat_cmd" ] || fail "compose commands not found"
echo "migrate: $migrate_cmd"
sh -c "$migrate_cmd" >"$DATA/migrate.log" 2>&1 || { cat "$DATA/migrate.log"; fail "the one-shot migrate service failed"; }
echo "web:    $web_cmd"
echo "worker: $worker_cmd"
echo "printer: $printer_cmd"
echo "beat:   $beat_cmd"
sh -c "exec $web_cmd" >"$DATA/web.log" 2>&1 & PIDS+=($!)  # exec: stopping it stops gunicorn
sh -c "exec $worker_cmd" >"$DATA/worker.log" 2>&1 & PIDS+=($!)
sh -c "exec $printer_cmd" >"$DATA/printer.log" 2>&1 & PIDS+=($!)
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

# Demo data, a bracket-sheet PDF queued for the printer (only it takes the renders' queue),
# and an organizer's session cookie.
python manage.py seed_demo >/dev/null
read -r event_id doc_id session <<<"$(python manage.py shell -c '
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from tournament.events.models import Round
from tournament.printing import services
from tournament.printing.documents.base import DocumentRequest
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

# The tls profile's proxy (deploy/Caddyfile, as compose runs it) in front of gunicorn: HTTPS
# answers, and a client forging X-Forwarded-For still meets the API's rate limit (Caddy
# appends the real address, the one Django trusts).
TLS_PORT=8443
CADDY_OPTIONS=$'skip_install_trust\nauto_https disable_redirects' SITE_DOMAIN="localhost:$TLS_PORT" WEB_UPSTREAM="127.0.0.1:$PORT" \
  XDG_DATA_HOME="$DATA/caddy" XDG_CONFIG_HOME="$DATA/caddy" \
  caddy run --config deploy/Caddyfile --adapter caddyfile >"$DATA/caddy.log" 2>&1 & PIDS+=($!)
for _ in $(seq 30); do
  curl -ksS -o /dev/null "https://localhost:$TLS_PORT/healthz" 2>/dev/null && break
  sleep 1
done
tls="$(curl -ksS -o /dev/null -w '%{http_code}' "https://localhost:$TLS_PORT/events/")"
[ "$tls" = 200 ] || fail "the events page through the TLS proxy answered $tls"
limited=0
for n in $(seq 25); do
  code="$(curl -ksS -o /dev/null -w '%{http_code}' -H "X-Forwarded-For: 198.51.100.$n" \
    "https://localhost:$TLS_PORT/api/v1/events/")"
  [ "$code" = 429 ] && limited=$((limited + 1))
done
[ "$limited" -ge 5 ] || fail "forged X-Forwarded-For escaped the rate limit ($limited of 25 refused)"
echo "TLS proxy: pages over HTTPS; $limited of 25 forged-address API calls refused at 20/min"
# A client that reaches gunicorn without the proxy (here from 127.0.0.2, not the trusted
# 127.0.0.1) cannot claim HTTPS: gunicorn honours X-Forwarded-Proto from the proxy only,
# so the site sends it to HTTPS instead of answering (its limits and lockouts past the
# proxy: tests/deploy/test_tls_profile.py).
code="$(https --interface 127.0.0.2 -o /dev/null -w '%{http_code}' \
  -H "X-Forwarded-For: 198.51.100.7" "$BASE/api/v1/events/")"
[ "$code" = 301 ] || fail "a client past the proxy claimed HTTPS and was believed (HTTP $code)"
echo "past the proxy: an X-Forwarded-Proto claim is ignored (HTTP 301 to HTTPS)"

pdf=""
for _ in $(seq 90); do
  code="$(https -o "$DATA/sheet.pdf" -w '%{http_code} %{content_type}' \
    -H "Cookie: sessionid=$session" "$BASE/events/$event_id/print/documents/$doc_id/download/")"
  if [ "$code" = "200 application/pdf" ]; then pdf=yes; break; fi
  sleep 1
done
[ -n "$pdf" ] || fail "the printer rendered no PDF (last answer: $code)"
head -c 5 "$DATA/sheet.pdf" | grep -q '%PDF-' || fail "the download is not a PDF"
echo "PDF rendered by the printer: $(wc -c <"$DATA/sheet.pdf") bytes, at ${SECONDS}s"

# A scripted password reset (the link the e-mail would carry, followed), an address
# confirmation, an unsubscribe link and an OAuth-style ?code=: no log of any service may
# hold the token afterwards (tournament/redact.py).
read -r uid token <<<"$(python manage.py shell -c '
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
user = User.objects.get(username="organizer")
print(urlsafe_base64_encode(force_bytes(user.pk)), default_token_generator.make_token(user))
' | tail -1)"
[ -n "${token:-}" ] || fail "no reset token made"
code="$(https -o /dev/null -w '%{http_code}' "$BASE/accounts/reset/$uid/$token/")"
[ "$code" = 302 ] || fail "the reset link answered $code, not the redirect to its form"
for address in "/accounts/confirm/$token/" "/notifications/stop/$token/" "/accounts/login/?code=$token"; do
  https -o /dev/null -H "Referer: $BASE/accounts/reset/$uid/$token/" "$BASE$address"
done
sleep 2  # the access log is written after the answer
grep -q 'path="/accounts/reset/[^/]*/\[redacted\]/"' "$DATA/web.log" || fail "the reset was not logged redacted"
if grep -l -- "$token" "$DATA"/*.log; then fail "a reset token was written to a log"; fi
echo "secrets: a reset link, a confirmation, an unsubscribe link and ?code= logged redacted"

css="$(echo "$page" | grep -o '/static/css/site\.[0-9a-f]*\.css' | head -1)"
[ -n "$css" ] || fail "the page links no hashed stylesheet (manifest storage)"
headers="$(https -D - -o /dev/null "$BASE$css")"
echo "$headers" | grep -q '^HTTP/1.1 200' || fail "static file $css is not served"
echo "$headers" | grep -qi '^cache-control:.*max-age=315360000' || fail "static files not cached"
echo "static: $css served with a far-future Cache-Control"
grep -q 'ready' "$DATA/worker.log" || fail "the worker never became ready"
grep -q 'ready' "$DATA/printer.log" || fail "the printer never became ready"
grep -q 'beat: Starting' "$DATA/beat.log" || fail "beat did not start"
grep -q 'method=GET path="/healthz"' "$DATA/web.log" || fail "gunicorn wrote no access log"

# Backup round trip, services stopped as docs/operations.md says.
stop_services
# The standings of every event, and the PDF this check had the worker render (the database
# also holds documents of the test suites, whose files were never in this media folder).
snapshot() {
  DOC_ID="$doc_id" python manage.py shell -c '
import hashlib, os
from tournament.printing.models import CachedDocument
from tournament.standings.models import EventStanding
rows = EventStanding.objects.order_by("event_id", "place", "player_id").values_list(
    "event_id", "player_id", "place", "points", "status")
doc = CachedDocument.objects.get(pk=int(os.environ["DOC_ID"]))
with doc.file.open("rb") as pdf:
    digest = hashlib.sha256(pdf.read()).hexdigest()
print(hashlib.sha256(repr(list(rows)).encode()).hexdigest(), len(rows), digest)
' | tail -1
}
before="$(snapshot)"
# As a managed database asks: TLS required (.ci/run turns it on in CI's PostgreSQL); backup
# and restore keep the option and hand the password over in the environment only.
case "$DATABASE_URL" in *\?*) TLS_URL="$DATABASE_URL&sslmode=require" ;; *) TLS_URL="$DATABASE_URL?sslmode=require" ;; esac
DATABASE_URL="$TLS_URL" python manage.py backup "$DATA/site-backup.tar.gz" || fail "backup failed"
PGOPTIONS="--client-min-messages=warning" psql "$DATABASE_URL" -qc "DROP SCHEMA public CASCADE; CREATE SCHEMA public;" >/dev/null
rm -rf "$DATA/media"
[ "$(python manage.py shell -c 'from django.db import connection; print(len(connection.introspection.table_names()))' | tail -1)" = 0 ] \
  || fail "the database was not wiped"
DATABASE_URL="$TLS_URL" python manage.py restore "$DATA/site-backup.tar.gz" --yes || fail "restore failed"
after="$(snapshot)"
[ "$before" = "$after" ] || fail "restored data differ: before $before, after $after"
case "$before" in *" 0 "*|*" "|*" 0") fail "the round trip compared no standings or no PDF: $before" ;; esac
echo "backup round trip: standings and stored PDF identical ($before)"

if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
  SECRET_KEY=compose-config-check docker compose config --quiet
  docker build -q -t spellfire-tournament-manager:ci . >/dev/null
  echo "docker: image built, compose file valid"
else
  echo "docker: no daemon here, image build and compose check skipped"
fi
echo "deploy check: ok"
