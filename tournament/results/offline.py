"""The judge's offline app: web app manifest, service worker, and JSON answers for its queue.

Judge pages (dashboard, bracket pages) opt in to the service worker's cache with the
`OFFLINE_HEADER` response header; no other page is ever cached, so public standings are
never served stale. Every result, confirmation or rejection a judge submits there is kept in
the browser (IndexedDB) and sent in order, asking for JSON (`Accept: application/json`): each
answer says how it ended (confirmed, waiting, conflict, rejected, refused). Sent at once
from its form (`X-Queue-Live`), the page then moves on as after an ordinary post; offline, it
waits until the network returns. A resend of a received entry finds it by its idempotency
key, so an answer lost on the way is never counted twice.
"""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.accounts.models import Player
from tournament.results import selectors, services
from tournament.results.models import EntryStatus, GameEntry

OFFLINE_HEADER = "X-Offline-Cache"
# "<event id> <its latest round's number>" on a kept page: offline, a copy made before a later
# round was seated says it is out of date (the service worker compares the kept copies).
ROUND_HEADER = "X-Offline-Round"

# How a sent request ended (the judge's app shows one label for each).
CONFIRMED, WAITING, CONFLICT, REJECTED, REFUSED = (
    "confirmed",
    "waiting",
    "conflict",
    "rejected",
    "refused",
)

# Static files a judge page needs; the service worker caches them when it installs.
PRECACHE = (
    "css/site.css",
    "css/results.css",
    "js/htmx.min.js",
    "js/results.js",
    "js/offline.js",
    "icons/judge.svg",
    "icons/judge-192.png",
    "icons/judge-512.png",
)


def wants_json(request: HttpRequest) -> bool:
    """The offline queue asks for a JSON answer instead of a page."""
    return "application/json" in request.headers.get("Accept", "")


def mark_offline_page(response: HttpResponse, event_id: int, latest_round: int) -> HttpResponse:
    """Let the service worker keep a copy of this judge page for offline use, saying which
    round was the event's latest when it was rendered (0: none seated yet)."""
    response[OFFLINE_HEADER] = "judge-page"
    response[ROUND_HEADER] = f"{event_id} {latest_round}"
    return response


def entry_state(entry: GameEntry) -> str:
    """Where the entry stands now, in the queue's terms."""
    if entry.status == EntryStatus.CONFIRMED:
        return CONFIRMED
    if entry.status == EntryStatus.UNCONFIRMED:
        entries = list(GameEntry.objects.filter(bracket_id=entry.bracket_id, number=entry.number))
        return CONFLICT if entry.number in selectors.conflicts(entries) else WAITING
    return REJECTED


def _tell(request: HttpRequest, message: str) -> None:
    """Sent live from its form, the page moves on next: show the message there, as a post would."""
    if request.headers.get("X-Queue-Live") == "1":
        messages.success(request, message)


def answer(request: HttpRequest, entry: GameEntry, message: str) -> JsonResponse:
    """The queue's answer for an entry the server holds (created now or found again)."""
    _tell(request, message)
    state = entry_state(entry)
    if state == REJECTED:
        message = _("%(message)s It has since been %(status)s.") % {
            "message": message,
            "status": entry.get_status_display().lower(),
        }
    bracket = entry.bracket
    url = reverse("results:bracket", args=[bracket.round.event_id, bracket.pk])
    return JsonResponse(
        {"state": state, "message": message, "number": entry.number, "bracket_url": url}
    )


def refused(reasons: list[str]) -> JsonResponse:
    """Nothing was saved: the server's reasons, for the judge to read."""
    return JsonResponse({"state": REFUSED, "message": " ".join(reasons)}, status=400)


def form_refused(form) -> JsonResponse:
    """A refused result form: every error, each field's prefixed by its label."""
    reasons = list(form.non_field_errors())
    for name, errors in form.errors.items():
        if name in form.fields:
            reasons += [f"{form.fields[name].label}: {error}" for error in errors]
    return refused(reasons)


def entry_action(request: HttpRequest, action: str, entry: GameEntry, by: Player) -> JsonResponse:
    """A queued confirmation or rejection, answered in the queue's terms."""
    try:
        if action == "confirm":
            outcome = services.confirm_entry(entry, by)
            return answer(request, outcome.entry, outcome.message)
        services.reject_entry(entry, by)
    except ValidationError as error:
        return refused(error.messages)
    except PermissionDenied as error:
        return refused([str(error)])
    _tell(request, rejected_message(entry))
    return JsonResponse({"state": REJECTED, "message": rejected_message(entry)})


def rejected_message(entry: GameEntry) -> str:
    """What a judge who rejected an entry is told (on the page or in the queue)."""
    return _("Entry %(version)s of game %(number)s is rejected.") % {
        "version": entry.version,
        "number": entry.number,
    }


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, served from the site root so its scope covers every judge page.

    Its logic is a static file; this tiny prologue hands it the static URLs of this deploy
    (hashed in production) and a cache version that changes whenever they do.
    """
    precache = [static(name) for name in PRECACHE]
    version = hashlib.sha256("\n".join(precache).encode()).hexdigest()[:12]
    config = {
        "version": version,
        "precache": precache,
        "static_url": settings.STATIC_URL,
        "static_network_first": settings.DEBUG,
        "header": OFFLINE_HEADER,
        "round_header": ROUND_HEADER,
    }
    body = (
        f"self.OFFLINE_CONFIG = {json.dumps(config)};\n"
        f"importScripts({json.dumps(static('js/offline_sw.js'))});\n"
    )
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    # Browsers check for a new worker on every visit; never let a proxy keep an old one.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest that makes the judge's pages installable."""
    icons = [
        {"src": static("icons/judge-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("icons/judge-512.png"), "sizes": "512x512", "type": "image/png"},
        {"src": static("icons/judge.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    data = {
        "name": _("Spellfire judge"),
        "short_name": _("Judge"),
        "description": _("Enter and confirm game results, even when the venue's network drops."),
        "start_url": reverse("events:list"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#fbf8f2",
        "theme_color": "#8a2d1b",
        "icons": icons,
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response
