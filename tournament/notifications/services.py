"""The notifications outbox: queue a message in the transaction of the change it tells of,
send it after commit (Celery), never twice, in the recipient's language.

Delivery is at least once within `STALE_CLAIM`: a message is claimed, sent, then marked
sent; a worker that dies between the two leaves a stale claim that the sweep sends again.
While the broker is down nothing is lost: the sweep (Celery beat) picks up every message
still pending. A person gets at most `NOTIFICATIONS_PER_HOUR` messages an hour; the rest
wait for the next hour, except the time-critical kinds (`kinds.TIME_CRITICAL`: a seating, time
called, entries to confirm), which are sent at once. A message that is no longer news when
its turn comes (the entries it asks to confirm were confirmed meanwhile) is not sent
(`Outcome.STALE`).

A message goes by e-mail and, when the site offers Web Push (`push.py`), to the person's
subscribed browsers, in the same claimed delivery. The push is tried once (`pushed_at`): its
failures are recorded on the subscriptions, never retried, and never stop the e-mail; a
retried e-mail does not push again.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import timedelta
from smtplib import SMTPException

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.db.models import Case, F, IntegerField, Q, QuerySet, Value, When
from django.urls import reverse
from django.utils import timezone, translation

from tournament.accounts.preferences import reading_language
from tournament.core import queueing
from tournament.notifications import push
from tournament.notifications import render as rendering
from tournament.notifications.kinds import TIME_CRITICAL, Kind
from tournament.notifications.models import Message, Preferences, PushSubscription

logger = logging.getLogger(__name__)

# Longer than one delivery takes (its Web Push and SMTP time-outs, 10 s each): a claim older
# than this was left by a worker that died (or whose task was cancelled when it lost the
# broker), and the sweep sends the message again: the recovery sweeps queue one for just
# after it expires (`tournament/celery.py`), so a mail cut off by a lost broker is sent
# again within 30 s of its return.
STALE_CLAIM = timedelta(seconds=24)
# Real sending failures (SMTP errors) before a message is given up. Being put off (the hourly
# limit, a claim left by a dead worker) is not an attempt.
MAX_ATTEMPTS = 8
UNSUBSCRIBE_SALT = "notifications.unsubscribe"
# The task that sends one message (`tasks.deliver`), queued by its name.
DELIVER_TASK = "notifications.deliver"
_suppressed: ContextVar[bool] = ContextVar("notifications_suppressed", default=False)


@contextmanager
def suppressed():
    """Queue nothing inside (the demo's and the simulator's made-up events)."""
    token = _suppressed.set(True)
    try:
        yield
    finally:
        _suppressed.reset(token)


def site_url(path: str) -> str:
    """An absolute link for a message (`SITE_URL` + path; the path alone without it)."""
    return f"{settings.SITE_URL.rstrip('/')}{path}"


def queue(users: Iterable, kind: Kind, *, event, key: str, **params) -> None:
    """One message per user (accounts only; None is skipped), keyed `key:user`: the same
    news is queued once whatever saves it again. Sent after the transaction commits."""
    if _suppressed.get():
        return
    params = {"event": event.name if event else "", **params}
    for user in {u for u in users if u is not None}:
        try:
            with transaction.atomic():  # a savepoint: a repeated key leaves the rest intact
                message = Message.objects.create(
                    recipient=user, event=event, kind=kind, params=params, key=f"{key}:{user.pk}"
                )
        except IntegrityError:
            continue
        transaction.on_commit(lambda pk=message.pk: enqueue(pk))


def enqueue(message_id: int) -> None:
    try:
        queueing.enqueue(DELIVER_TASK, message_id)
    except Exception:  # the broker is down: the sweep sends it later
        logger.warning("notification %s left for the sweep (broker unavailable)", message_id)


def due() -> QuerySet[Message]:
    """Pending messages nobody is sending now (never claimed, or claimed too long ago)."""
    stale = timezone.now() - STALE_CLAIM
    return Message.objects.filter(outcome=Message.Outcome.PENDING).filter(
        Q(claimed_at=None) | Q(claimed_at__lt=stale)
    )


def preferences(user) -> Preferences:
    found = Preferences.objects.filter(user=user).first()
    return found or Preferences(user=user)


def render(message: Message, language: str) -> tuple[str, str]:
    """Subject and body in the recipient's language (`Preferences.language`), dates and
    numbers in that language, times in the event's zone (`render.render`)."""
    return rendering.render(message, language)


def unsubscribe_token(user, kind: str) -> str:
    return signing.dumps({"u": user.pk, "k": kind}, salt=UNSUBSCRIBE_SALT)


def unsubscribe_url(user, kind: str) -> str:
    return site_url(reverse("notifications:unsubscribe", args=[unsubscribe_token(user, kind)]))


def deliver(message_id: int) -> str:
    """Send one message if it is still due; the outcome, or "busy"/"later"."""
    now = timezone.now()
    claimed = due().filter(pk=message_id).update(claimed_at=now)
    if not claimed:
        return "busy"
    message = Message.objects.select_related("recipient", "event").get(pk=message_id)
    if not still_news(message):
        return _finish(message, Message.Outcome.STALE)
    user = message.recipient
    prefs = preferences(user)
    by_email = prefs.wants(message.kind) and bool(user.email)
    devices = _devices(message, prefs)
    if not (by_email or devices):
        # Pushed on an earlier attempt whose e-mail failed, and the e-mail turned off since.
        pushed_before = message.pushed_at is not None
        return _finish(message, Message.Outcome.SENT if pushed_before else Message.Outcome.SKIPPED)
    hour_ago = now - timedelta(hours=1)
    sent = Message.objects.filter(recipient=user, sent_at__gte=hour_ago).count()
    if sent >= settings.NOTIFICATIONS_PER_HOUR and message.kind not in TIME_CRITICAL:
        Message.objects.filter(pk=message.pk).update(claimed_at=None)
        return "later"
    language = reading_language(prefs.language, message.event)
    subject, body = render(message, language)
    if devices:
        pushed = push.send(devices, push.payload(subject, body, message.params.get("url", "")))
        message.pushed_at = timezone.now()
        Message.objects.filter(pk=message.pk).update(pushed_at=message.pushed_at)
        if not by_email:
            if pushed.delivered:
                return _finish(message, Message.Outcome.SENT)
            if not pushed.errors:  # every subscription had expired: nowhere to send it
                return _finish(message, Message.Outcome.SKIPPED)
            message.error = ("Web Push: " + "; ".join(pushed.errors))[:500]
            message.save(update_fields=["error"])
            return _finish(message, Message.Outcome.FAILED)
    # Only now is it an attempt: a message deferred any number of times keeps its budget.
    Message.objects.filter(pk=message.pk).update(attempts=F("attempts") + 1)
    message.attempts += 1
    try:
        _send(message, user, subject, body, language)
    except (OSError, SMTPException) as error:
        message.error = str(error)[:500]
        outcome = Message.Outcome.FAILED if message.attempts >= MAX_ATTEMPTS else None
        message.claimed_at = None
        message.save(update_fields=["error", "claimed_at"])
        return _finish(message, outcome) if outcome else "retry"
    return _finish(message, Message.Outcome.SENT)


def still_news(message: Message) -> bool:
    """Whether the message still tells something to do. Entries to confirm keep only those
    still unconfirmed (the message is rewritten to them); a report or a conflict is old news
    once its game is confirmed."""
    from tournament.results.models import EntryStatus, GameEntry

    params = message.params
    if message.kind == Kind.ENTRY_WAITING:
        ids = [e.get("id") for e in params.get("entries", [])]
        open_ids = set(
            GameEntry.objects.filter(pk__in=ids, status=EntryStatus.UNCONFIRMED).values_list(
                "pk", flat=True
            )
        )
        entries = [e for e in params.get("entries", []) if e.get("id") in open_ids]
        if len(entries) != len(params.get("entries", [])):
            message.params = {**params, "entries": entries, "count": len(entries)}
            Message.objects.filter(pk=message.pk).update(params=message.params)
        return bool(entries)
    if message.kind in (Kind.REPORT_WAITING, Kind.CONFLICT) and params.get("entry"):
        return GameEntry.objects.filter(pk=params["entry"], status=EntryStatus.UNCONFIRMED).exists()
    if message.kind in (Kind.SEATED, Kind.TIME_CALLED) and message.event_id and params.get("round"):
        # A seating or time called, still unsent when its round is closed, tells nothing.
        from tournament.events.models import Round

        return not Round.objects.filter(
            event_id=message.event_id, number=params["round"], state=Round.State.CLOSED
        ).exists()
    return True


def sweep_order() -> QuerySet[Message]:
    """Due messages, the time-critical ones first: a backlog held by the hourly limit never
    keeps a seating or a time call waiting behind it."""
    critical = Case(
        When(kind__in=[k.value for k in TIME_CRITICAL], then=Value(0)),
        default=Value(1),
        output_field=IntegerField(),
    )
    return due().order_by(critical, "created_at")


def _devices(message: Message, prefs: Preferences) -> list[PushSubscription]:
    """The subscriptions to push this message to: none when the site offers no Web Push, the
    person turned it (or this kind) off, or it was pushed on an earlier attempt."""
    if message.pushed_at or not push.offered() or not prefs.wants_push(message.kind):
        return []
    return list(PushSubscription.objects.filter(user=message.recipient))


def _send(message: Message, user, subject: str, body: str, language: str) -> None:
    unsubscribe = unsubscribe_url(user, message.kind)
    with translation.override(language):
        footer = translation.gettext("Stop these e-mails: %(url)s") % {"url": unsubscribe}
    mail = EmailMultiAlternatives(
        settings.EMAIL_SUBJECT_PREFIX + subject,
        f"{body}\n\n--\n{footer}\n",
        to=[user.email],
        headers={
            # RFC 8058: mail apps offer a one-click unsubscribe button.
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )
    mail.send()


def _finish(message: Message, outcome: str) -> str:
    message.outcome = outcome
    message.sent_at = timezone.now() if outcome == Message.Outcome.SENT else None
    message.save(update_fields=["outcome", "sent_at"])
    return outcome


def _token_data(token: str) -> dict | None:
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
        return {"u": int(data["u"]), "k": Kind(data["k"])}
    except (signing.BadSignature, KeyError, ValueError, TypeError):
        return None


def token_kind(token: str) -> Kind | None:
    """The kind an unsubscribe link is for (None: not a link this site made)."""
    data = _token_data(token)
    return data["k"] if data else None


def unsubscribe(token: str) -> Kind | None:
    """Turn off the link's kind of e-mail for its person; the kind, or None for a bad link."""
    from django.contrib.auth import get_user_model

    data = _token_data(token)
    user = get_user_model().objects.filter(pk=data["u"]).first() if data else None
    if user is None:
        return None
    prefs, _created = Preferences.objects.get_or_create(user=user)
    if data["k"] not in prefs.muted:
        prefs.muted = [*prefs.muted, data["k"].value]
        prefs.save(update_fields=["muted"])
    return data["k"]
