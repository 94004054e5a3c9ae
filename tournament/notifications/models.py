"""The notifications outbox and each person's choices."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.core.timezones import validate_time_zone
from tournament.events.models import Event
from tournament.notifications.kinds import Kind


class Preferences(models.Model):
    """What a person wants to be told, and in which language."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_prefs"
    )
    email = models.BooleanField(_("send me e-mails"), default=True)
    push = models.BooleanField(
        _("send me phone notifications"),
        default=True,
        help_text=_("On the phones and browsers where you turned them on below."),
    )
    muted = models.JSONField(_("kinds turned off"), default=list, blank=True)
    # "": never chosen; he is written to in the event's language (`Event.language`).
    language = models.CharField(
        _("language"), max_length=10, choices=settings.LANGUAGES, blank=True, default=""
    )
    # The zone of the pages that are not an event's (an event's show the event's zone).
    time_zone = models.CharField(
        _("my time zone"),
        max_length=64,
        blank=True,
        validators=[validate_time_zone],
        help_text=_("For times on pages that are not an event's. Empty: the site's."),
    )

    class Meta:
        verbose_name = _("notification preferences")
        verbose_name_plural = _("notification preferences")

    def __str__(self) -> str:
        return str(self.user)

    def wants(self, kind: str) -> bool:
        """By e-mail."""
        return self.email and kind not in self.muted

    def wants_push(self, kind: str) -> bool:
        """By Web Push (a muted kind is muted on both channels)."""
        return self.push and kind not in self.muted


class Message(models.Model):
    """One message to one person, written in the transaction of the change it tells of and
    sent after commit. `key` is unique: the same news is never queued twice."""

    class Outcome(models.TextChoices):
        PENDING = "pending", _("Pending")
        SENT = "sent", _("Sent")
        SKIPPED = "skipped", _("Not sent (turned off or no address)")
        FAILED = "failed", _("Failed")
        STALE = "stale", _("Not sent (no longer news)")

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, null=True, blank=True, related_name="notifications"
    )
    kind = models.CharField(_("kind"), max_length=20, choices=Kind)
    params = models.JSONField(default=dict)
    key = models.CharField(max_length=200, unique=True)
    outcome = models.CharField(
        _("outcome"), max_length=10, choices=Outcome, default=Outcome.PENDING
    )
    created_at = models.DateTimeField(_("queued"), auto_now_add=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(_("sent"), null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)
    # Web Push is tried once per message: a retried e-mail never pushes it again.
    pushed_at = models.DateTimeField(_("pushed"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["outcome", "created_at"], name="notification_due")]
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} → {self.recipient}"


class PushSubscription(models.Model):
    """One browser or phone that receives a person's notifications by Web Push: what
    `PushManager.subscribe()` gave it. Removed when the push service says it expired."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(_("endpoint"), max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField(_("turned on"), auto_now_add=True)
    last_error = models.TextField(_("last error"), blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")

    def __str__(self) -> str:
        return f"{self.user} ({self.endpoint[:40]}…)"

    def info(self) -> dict:
        """What pywebpush wants: the subscription as the browser gave it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}
