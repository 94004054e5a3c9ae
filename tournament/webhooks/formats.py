"""The body of a delivery in its hook's format, built at each attempt from the stored payload.

- **generic**: the stored payload with the delivery's id, as JSON with sorted keys (what the
  site has always sent; receivers parse it).
- **discord**: a message for a Discord channel's webhook URL (Discord's *Execute Webhook*):
  one rich embed with a title (the event's name and what happened), a description, the
  event page as its link when the site knows its public address (`SITE_URL`), and the time
  the notification was made; `allowed_mentions` empty so that no text can ping anyone.
- **slack**: a message for a Slack incoming webhook: `text` in Slack's mrkdwn, the title as a
  `<url|title>` link (plain when the site has no public address) and the description on the
  next line, with `&`, `<` and `>` escaped as Slack asks.

Chat messages are written in the hook's language; the generic payload is not translated.
A one-on-one event's round (its payload's round says ``"structure": "one-on-one"``) is told
as pairings and matches, a top-cut round as such.
Everything is read from the stored payload and the delivery, so a retry sends the same body.
"""

from __future__ import annotations

import datetime
import json
from urllib.parse import urlsplit

from django.utils import translation
from django.utils.translation import gettext as _

from tournament.events.structures import structure_named
from tournament.webhooks.models import Delivery, Format, Kind


def body(delivery: Delivery) -> bytes:
    """What to POST for this delivery, in its hook's format."""
    hook = delivery.webhook
    if hook.format == Format.DISCORD:
        return _json(discord_message(delivery.payload, delivery.created_at, hook.language))
    if hook.format == Format.SLACK:
        return _json(slack_message(delivery.payload, hook.language))
    return json.dumps({**delivery.payload, "delivery": delivery.pk}, sort_keys=True).encode()


def _json(message: dict) -> bytes:
    return json.dumps(message, ensure_ascii=False).encode()


def _round_number(payload: dict) -> object:
    return (payload.get("round") or {}).get("number", "?")


def _one_on_one(payload: dict) -> bool:
    return structure_named((payload.get("round") or {}).get("structure")).one_on_one


def match_headline(payload: dict) -> tuple[str, str] | None:
    """(title, description) of a one-on-one round's notification (None: the usual words)."""
    kind = payload.get("type")
    cut = bool((payload.get("round") or {}).get("is_cut"))
    if kind == Kind.ROUND_SEATED:
        if cut:
            return (
                _("%(event)s: top-cut round %(number)s paired"),
                _(
                    "Round %(number)s of the top cut is paired; the pairings are shown once "
                    "they are published."
                ),
            )
        return (
            _("%(event)s: round %(number)s paired"),
            _("Round %(number)s is paired; the pairings are shown once they are published."),
        )
    if kind == Kind.ROUND_PUBLISHED:
        if cut:
            return (
                _("%(event)s: top-cut round %(number)s pairings published"),
                _(
                    "The pairings of top-cut round %(number)s are published: find your match "
                    "on the event page."
                ),
            )
        return (
            _("%(event)s: round %(number)s pairings published"),
            _("The pairings of round %(number)s are published: find your match on the event page."),
        )
    if kind == Kind.RESULTS_CONFIRMED:
        return (
            _("%(event)s: results updated"),
            _("New match results of round %(number)s are confirmed and the standings are updated."),
        )
    return None


def headline(payload: dict) -> tuple[str, str]:
    """(title, description) of a notification, in the active language."""
    kind = payload.get("type")
    name = (payload.get("event") or {}).get("name", "")
    values = {"event": name, "number": _round_number(payload)}
    words = match_headline(payload) if _one_on_one(payload) else None
    if words is not None:
        title, text = words
    elif kind == Kind.ROUND_SEATED:
        title = _("%(event)s: round %(number)s seated")
        text = _("Round %(number)s is seated; the seating is shown once it is published.")
    elif kind == Kind.ROUND_PUBLISHED:
        title = _("%(event)s: round %(number)s seating published")
        text = _("The seating of round %(number)s is published: find your table on the event page.")
    elif kind == Kind.TIME_CALLED:
        title = _("%(event)s: time called in round %(number)s")
        text = _("Time has been called in round %(number)s.")
    elif kind == Kind.RESULTS_CONFIRMED:
        title = _("%(event)s: results updated")
        text = _("New results are confirmed and the standings are updated.")
    elif kind == Kind.EVENT_FINISHED:
        title = _("%(event)s: event finished")
        text = _("The event is finished: the final standings are on the event page.")
    else:  # a kind added later and not worded here yet: its one-line content
        return str(payload.get("content", "")), ""
    return title % values, text % values


def page_link(payload: dict) -> str | None:
    """The event page's address when it is absolute (the site's SITE_URL is set)."""
    page = (payload.get("event") or {}).get("page") or ""
    parts = urlsplit(page)
    return page if parts.scheme in ("http", "https") and parts.netloc else None


def discord_message(payload: dict, created_at: datetime.datetime, language: str) -> dict:
    """A Discord *Execute Webhook* JSON body: one embed, no mentions."""
    with translation.override(language):
        title, description = headline(payload)
    embed = {
        # within Discord's limits (256 and 4096 characters): an event name has at most 150
        "title": title,
        "description": description,
        "timestamp": created_at.astimezone(datetime.UTC).isoformat(),
    }
    link = page_link(payload)
    if link:
        embed["url"] = link
    return {"embeds": [embed], "allowed_mentions": {"parse": []}}


def slack_escape(text: str) -> str:
    """Slack's control characters as the entities Slack asks for (nothing else is encoded)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def slack_message(payload: dict, language: str) -> dict:
    """A Slack incoming-webhook JSON body: the title (a link to the event page) and the text."""
    with translation.override(language):
        title, description = headline(payload)
    link = page_link(payload)
    first = f"<{link}|{slack_escape(title)}>" if link else slack_escape(title)
    return {"text": f"{first}\n{slack_escape(description)}" if description else first}
