"""The notifications outbox and each person's choices."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.events.models import Event
from tournament.notifications.kinds import Kind


class Preferences(models.Model):
    """What a person wants to be told, and in which language."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_prefs"
    )
    email = models.BooleanField(_("send me e-mails"), default=True)
    muted = models.JSONField(_("kinds turned off"), default=list, blank=True)
    language = models.CharField(
        _("language"), max_length=10, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )

    class Meta:
        verbose_name = _("notification preferences")
        verbose_name_plural = _("notification preferences")

    def __str__(self) -> str:
        return str(self.user)

    def wants(self, kind: str) -> bool:
        return self.email and kind not in self.muted


class Message(models.Model):
    """One message to one person, written in the transaction of the change it tells of and
    sent after commit. `key` is unique: the same news is never queued twice."""

    class Outcome(models.TextChoices):
        PENDING = "pending", _("Pending")
        SENT = "sent", _("Sent")
        SKIPPED = "skipped", _("Not sent (turned off or no address)")
        FAILED = "failed", _("Failed")

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

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["outcome", "created_at"], name="notification_due")]
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} → {self.recipient}"
