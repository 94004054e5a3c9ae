#!/usr/bin/env bash
# The production image, built and run as production runs it, with Debian's podman (no Docker
# daemon, no registry: only Debian's and PyPI's package mirrors are reachable).
#
# 1. Base: the Dockerfile's FROM (python:X.Y-slim-<release>) is made with debootstrap from
#    Debian's mirror, Python in /usr/local as in the official image, and tagged with that name.
# 2. Build: podman build --isolation=chroot; pip inside the build trusts this machine's CA
#    bundle (a build secret, never a layer) and uses the index this machine's pip uses.
# 3. Run, as the image's own unprivileged user (never root), a Redis on loopback beside it:
#    the compose migrate command, gunicorn (the compose web command) and the Celery workers
#    (the compose worker and printer commands). Checks /healthz, a page in pt-BR (200,
#    Portuguese text), a PDF rendered by the printer container and downloaded from web, a
#    decklist of real cards checked by `validate_deck`, and that no container logged a
#    permission or fontconfig error. Everything started here is stopped on exit.
#
# Caches (outside the clone; a fresh machine fills them): the debootstrap base tarball in
# $SPELLFIRE_CI_CACHE, podman's images and build layers in its own storage.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

CACHE="${SPELLFIRE_CI_CACHE:-/var/cache/spellfire-ci}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
IMAGE="${IMAGE_TAG:-spellfire-tournament-manager:ci}"
PORT="${IMAGE_CHECK_PORT:-8767}"
REDIS_PORT="${IMAGE_CHECK_REDIS_PORT:-6391}"
BASE="http://127.0.0.1:$PORT"
RUN_ID="spellfire-ci-$$"
WORK=""
mkdir -p "$CACHE"
started=$SECONDS
mark() { printf '[image %4ss] %s\n' "$((SECONDS - started))" "$*"; }
CONTAINERS=()
fail() {
  echo "image check FAILED: $*" >&2
  for name in "${CONTAINERS[@]}"; do
    { echo "--- $name"; podman logs --tail 40 "$name" 2>&1 || true; } >&2
  done
  exit 1
}

# ------------------------------------------------------------------ tools
need=()
for tool in podman:podman debootstrap:debootstrap runc:runc newuidmap:uidmap \
  fuse-overlayfs:fuse-overlayfs slirp4netns:slirp4netns redis-server:redis-server curl:curl; do
  command -v "${tool%%:*}" >/dev/null || need+=("${tool#*:}")
done
if [ "${#need[@]}" -gt 0 ]; then
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
mark "tools: $(podman --version)"

# ------------------------------------------------------------------ base image
# FROM python:3.11-slim-bookworm → Debian "bookworm"; its python3 must be the FROM's version.
FROM_IMAGE="$(sed -n 's/^FROM[[:space:]]\+\([^[:space:]]\+\).*/\1/p' Dockerfile | head -1)"
RELEASE="${FROM_IMAGE##*-}"
PY_VERSION="$(sed -n 's/^python:\([0-9.]*\)-.*/\1/p' <<<"$FROM_IMAGE")"
[ -n "$RELEASE" ] && [ -n "$PY_VERSION" ] || fail "cannot read a python:X.Y-slim-<release> FROM"
# A change of this recipe makes a new tarball (the name carries its hash).
RECIPE="minbase python3 python3-venv ca-certificates; venv in /usr/local; v1"
TARBALL="$CACHE/base-$RELEASE-$(sha256sum <<<"$RECIPE" | cut -c1-12).tar"

build_base() {
  local root
  rm -rf "$CACHE"/rootfs.*  # left by an interrupted run
  root="$(mktemp -d "$CACHE/rootfs.XXXXXX")"
  debootstrap --variant=minbase --include=python3,python3-venv,ca-certificates \
    "$RELEASE" "$root" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1 \
    || { tail -20 "$CACHE/debootstrap.log"; rm -rf "$root"; fail "debootstrap $RELEASE failed"; }
  local have
  have="$(chroot "$root" python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
  [ "$have" = "$PY_VERSION" ] || fail "Debian $RELEASE has Python $have, the FROM names $PY_VERSION"
  # As the official image: python and pip in /usr/local/bin (a virtual environment there, so
  # pip installs beside Debian's Python, not into it), the release's updates and security
  # suites in the sources, no package lists kept.
  chroot "$root" python3 -m venv /usr/local
  rm -f "$root/etc/apt/sources.list"
  cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $MIRROR
Suites: $RELEASE $RELEASE-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${MIRROR%/debian}/debian-security
Suites: $RELEASE-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  chroot "$root" apt-get clean
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin
  tar --numeric-owner -C "$root" -cf "$TARBALL.part" .
  mv "$TARBALL.part" "$TARBALL"
  rm -rf "$root"
}

if ! podman image exists "$FROM_IMAGE"; then
  if [ ! -s "$TARBALL" ]; then
    mark "debootstrap $RELEASE from $MIRROR (cached afterwards in $CACHE)"
    build_base
  fi
  podman import -q \
    --change 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV LANG=C.UTF-8' \
    --change 'CMD ["python3"]' \
    "$TARBALL" "$FROM_IMAGE" >/dev/null
fi
mark "base image $FROM_IMAGE ready (Debian $RELEASE, Python $PY_VERSION)"

# ------------------------------------------------------------------ build
# pip inside the build: this machine's CA bundle (a TLS proxy may sit in between) as a build
# secret, and this machine's index when it names one reachable from the build (not a file:).
pip_setting() {
  .venv/bin/python -m pip config list 2>/dev/null \
    | sed -n "s/^\(:env:\|global\)\.$1='\(.*\)'\$/\2/p" | head -1
}
CA="${PIP_CERT:-$(pip_setting cert)}"
CA="${CA:-/etc/ssl/certs/ca-certificates.crt}"
INDEX="${PIP_INDEX_URL:-$(pip_setting index-url)}"
case "$INDEX" in http://* | https://*) ;; *) INDEX="" ;; esac
# This machine's hard limits may be below podman's defaults: ask for limits within them.
LIMITS=(--ulimit nofile=4096:4096 --ulimit nproc=4096:4096)
# --format docker: the OCI image format podman builds by default has no HEALTHCHECK (nor
# SHELL, STOPSIGNAL's kin): the Dockerfile's health probe would vanish from the image.
build_args=(--pull=never --isolation=chroot --format docker "${LIMITS[@]}")
[ -s "$CA" ] && build_args+=(--secret "id=pip-ca,src=$CA")
[ -n "$INDEX" ] && build_args+=(--build-arg "PIP_INDEX_URL=$INDEX")
mark "build $IMAGE (CA bundle ${CA:-none}, index ${INDEX:-PyPI})"
previous="$(podman image inspect --format '{{.Id}}' "$IMAGE" 2>/dev/null || true)"
podman build "${build_args[@]}" -t "$IMAGE" . >"$CACHE/build.log" 2>&1 \
  || { tail -40 "$CACHE/build.log"; fail "the image does not build"; }
# The image this build replaced (its layers stay while the new one shares them).
if [ -n "$previous" ] && [ "$previous" != "$(podman image inspect --format '{{.Id}}' "$IMAGE")" ]; then
  podman rmi "$previous" >/dev/null 2>&1 || true
fi
mark "image built: $(podman image inspect --format '{{.Size}}' "$IMAGE" | numfmt --to=iec) "

# ------------------------------------------------------------------ run
WORK="$(mktemp -d)"
stop_all() {
  for name in "${CONTAINERS[@]}"; do podman rm -f -t 5 "$name" >/dev/null 2>&1 || true; done
  redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap stop_all EXIT

# The image's health probe (the Dockerfile's HEALTHCHECK, naming /healthz) must be in it.
podman image inspect "$IMAGE" | grep -q '"Healthcheck"[^}]*healthz' \
  || podman image inspect "$IMAGE" | tr -d '\n ' | grep -q '"Healthcheck":{"Test":\[[^]]*healthz' \
  || fail "the image has no HEALTHCHECK (built in the OCI format?)"
mark "the image keeps its HEALTHCHECK"
user="$(podman image inspect --format '{{.Config.User}}' "$IMAGE")"
uid="$(podman run --rm --runtime runc "${LIMITS[@]}" "$IMAGE" id -u)"
case "$user:$uid" in :* | root:* | 0:* | *:0) fail "the image runs as root (USER '$user', uid $uid)" ;; esac
mark "runs as the image's user $user (uid $uid)"
mo_mode="$(podman run --rm --runtime runc "${LIMITS[@]}" "$IMAGE" stat -c %a locale/pt_BR/LC_MESSAGES/django.mo)"
[ "$mo_mode" = 644 ] || fail "the pt-BR translations are mode $mo_mode, not 644"

# The data volume, owned by the image's user as a fresh volume would be.
mkdir -p "$WORK/data"
chown "$uid" "$WORK/data"
redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --daemonize yes --save "" --appendonly no \
  --logfile "$WORK/redis.log"
run_opts=(--runtime runc "${LIMITS[@]}" --network host -v "$WORK/data:/data"
  -e "SECRET_KEY=image-$(head -c 48 /dev/urandom | base64 | tr -d '/+=')"
  -e "ALLOWED_HOSTS=localhost,127.0.0.1" -e "REDIS_URL=redis://127.0.0.1:$REDIS_PORT/0"
  -e "PORT=$PORT" -e "HOST=127.0.0.1" -e WEB_CONCURRENCY=2 -e EMAIL_URL=console://
  -e TIME_ZONE=America/Sao_Paulo)

# The compose file's command lines (as .ci/deploy.sh reads them).
compose_command() {
  sed -n "/^  $1:/,/^  [a-z]*:\$/p" docker-compose.yml | sed -n 's/^    command: //p' \
    | sed -e 's/^sh -c "\(.*\)"$/\1/'
}
migrate_cmd="$(compose_command migrate)"
worker_cmd="$(compose_command worker)"
printer_cmd="$(compose_command printer)"
[ -n "$migrate_cmd" ] && [ -n "$worker_cmd" ] && [ -n "$printer_cmd" ] \
  || fail "compose commands not found"
CONTAINERS+=("$RUN_ID-migrate")
podman run --name "$RUN_ID-migrate" "${run_opts[@]}" "$IMAGE" sh -c "$migrate_cmd" \
  >"$WORK/migrate.log" 2>&1 || fail "the one-shot migrate service failed"
mark "migrate: $migrate_cmd"
# web: the image's own CMD (the compose web command, a test keeps them the same)
CONTAINERS+=("$RUN_ID-web" "$RUN_ID-worker" "$RUN_ID-printer")
podman run -d --name "$RUN_ID-web" "${run_opts[@]}" "$IMAGE" >/dev/null || fail "web did not start"
# shellcheck disable=SC2086  # the compose command line, split into its words
podman run -d --name "$RUN_ID-worker" "${run_opts[@]}" "$IMAGE" $worker_cmd >/dev/null \
  || fail "the worker did not start"
# shellcheck disable=SC2086  # the renders' worker (their own queue), as compose runs it
podman run -d --name "$RUN_ID-printer" "${run_opts[@]}" "$IMAGE" $printer_cmd >/dev/null \
  || fail "the printer did not start"
logs() { podman logs "$RUN_ID-$1" >"$WORK/$1.log" 2>&1 || true; }

https() { curl -sS -H "X-Forwarded-Proto: https" "$@"; }
for _ in $(seq 120); do
  https -o /dev/null "$BASE/healthz" 2>/dev/null && break
  sleep 1
done
health="$(https "$BASE/healthz")" || fail "/healthz does not answer"
echo "$health" | grep -q '"status": "ok"' || fail "/healthz is not ok: $health"
echo "$health" | grep -q '"broker": "ok"' || fail "/healthz did not reach the broker: $health"
mark "healthz: $health"

code="$(https -o "$WORK/page.html" -w '%{http_code}' -H "Accept-Language: pt-BR" "$BASE/events/")"
[ "$code" = 200 ] || fail "the events page in pt-BR answered $code"
grep -q '<html lang="pt-br">' "$WORK/page.html" || fail "the events page is not in pt-BR"
grep -q "Eventos" "$WORK/page.html" || fail "the events page has no Portuguese text"
mark "pt-BR page: 200, in Portuguese"

# Demo data, a bracket-sheet PDF queued for the printer container, an organizer's session.
podman exec "$RUN_ID-web" python manage.py seed_demo >"$WORK/seed.log" 2>&1 \
  || { cat "$WORK/seed.log"; fail "seed_demo failed"; }
read -r event_id doc_id session <<<"$(podman exec "$RUN_ID-web" python manage.py shell -c '
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from tournament.events.models import Round
from tournament.printing import services
from tournament.printing.documents.base import DocumentRequest
rnd = Round.objects.select_related("event").filter(published=True).order_by("-pk").first()
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
[ -n "${session:-}" ] || fail "could not queue a document"
pdf=""
for _ in $(seq 120); do
  code="$(https -o "$WORK/sheet.pdf" -w '%{http_code} %{content_type}' \
    -H "Cookie: sessionid=$session" "$BASE/events/$event_id/print/documents/$doc_id/download/")"
  if [ "$code" = "200 application/pdf" ]; then pdf=yes; break; fi
  sleep 1
done
[ -n "$pdf" ] || fail "the printer container rendered no PDF (last answer: $code)"
head -c 5 "$WORK/sheet.pdf" | grep -q '%PDF-' || fail "the download is not a PDF"
mark "PDF rendered by the printer container: $(wc -c <"$WORK/sheet.pdf") bytes"

# A decklist check on real cards, with the card facts that come with the image: a legal
# 55-card list passes (exit 0), a list with a realm twice is refused (exit 1, its reason).
cp tests/scoring/decks/legal_community_55.txt "$WORK/data/legal.txt"
cp tests/scoring/decks/bad_duplicate.txt "$WORK/data/duplicate.txt"
chmod 644 "$WORK/data/legal.txt" "$WORK/data/duplicate.txt"
check_deck() {
  podman run --rm "${run_opts[@]}" "$IMAGE" \
    python manage.py validate_deck --size 55 --rules community "/data/$1"
}
check_deck legal.txt >"$WORK/legal.json" 2>&1 || { cat "$WORK/legal.json"; fail "a legal list was refused"; }
grep -q '"is_legal": true' "$WORK/legal.json" || fail "a legal list is not legal: $(head -c 400 "$WORK/legal.json")"
status=0
check_deck duplicate.txt >"$WORK/duplicate.json" 2>&1 || status=$?
[ "$status" = 1 ] && grep -q '"is_legal": false' "$WORK/duplicate.json" \
  || { cat "$WORK/duplicate.json"; fail "a list with a realm twice was not refused (exit $status)"; }
mark "decklist check: a legal list passes, a realm twice is refused"

# No container may have met a file it cannot read or write as the image's user.
logs migrate; logs web; logs worker; logs printer
if grep -E "Permission ?denied|PermissionError|Fontconfig error|No writable cache" \
  "$WORK/migrate.log" "$WORK/web.log" "$WORK/worker.log" "$WORK/printer.log"; then
  fail "a container logged a permission or fontconfig error"
fi
grep -q 'method=GET path="/healthz"' "$WORK/web.log" || fail "gunicorn wrote no access log"
grep -q 'ready' "$WORK/worker.log" || fail "the worker never became ready"
grep -q 'ready' "$WORK/printer.log" || fail "the printer never became ready"
mark "image check: ok"
