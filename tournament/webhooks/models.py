"""URLs an organizer registers to be told about an event, and every delivery made to them."""

import secrets
import uuid

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.accounts.models import Player
from tournament.core.transport import RefusedDestination, vet
from tournament.events.models import Event
from tournament.webhooks import signing

REFUSALS = {
    "scheme": _("Only http:// and https:// addresses can receive notifications."),
    "host": _("The address has no host name."),
    "port": _("The port must be a number from 1 to 65535."),
    "lookup": _("%(host)s could not be looked up: check the address."),
    "private": _(
        "%(host)s is an address inside a private network (%(address)s): notifications "
        "are sent to public addresses only."
    ),
}


def public_destination(url: str) -> None:
    """A webhook URL must be one `transport.vet` accepts (checked again at every send)."""
    try:
        vet(url)
    except RefusedDestination as refusal:
        raise ValidationError(
            REFUSALS[refusal.code], code=f"webhook-{refusal.code}", params=refusal.params
        ) from refusal


class Kind(models.TextChoices):
    """What happened; the identifier is sent as `type` and in the X-Spellfire-Event header."""

    ROUND_SEATED = "round.seated", _("Round seated")
    ROUND_PUBLISHED = "round.published", _("Round seating published")
    TIME_CALLED = "round.time_called", _("Time called")
    RESULTS_CONFIRMED = "results.confirmed", _("Results confirmed")
    EVENT_FINISHED = "event.finished", _("Event finished")


class Format(models.TextChoices):
    """The body a hook receives: the signed JSON described in the docs, or a chat message
    shaped for a Discord or Slack incoming-webhook URL (`tournament/webhooks/formats.py`)."""

    GENERIC = "generic", _("Generic JSON")
    DISCORD = "discord", _("Discord")
    SLACK = "slack", _("Slack")


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def site_language() -> str:
    """The language of a new hook's chat messages unless the organizer picks another."""
    return settings.LANGUAGE_CODE


class Webhook(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(_("URL"), max_length=500, validators=[public_destination])
    kinds = models.JSONField(_("notifications"), default=list)
    format = models.CharField(_("format"), max_length=10, choices=Format, default=Format.GENERIC)
    # Discord and Slack messages are written in it (the generic JSON has no translated text).
    language = models.CharField(_("language"), max_length=10, default=site_language)
    secret = models.CharField(_("signing secret"), max_length=64, default=new_secret)
    active = models.BooleanField(_("active"), default=True)
    created_by = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "pk"]
        verbose_name = _("webhook")
        verbose_name_plural = _("webhooks")

    def __str__(self) -> str:
        return self.url

    @property
    def standard_secret(self) -> str:
        """The secret as Standard Webhooks receivers take it (`whsec_` + base64)."""
        return signing.standard_secret(self.secret)


class Delivery(models.Model):
    class State(models.TextChoices):
        PENDING = "pending", _("Pending")
        DELIVERED = "delivered", _("Delivered")
        FAILED = "failed", _("Failed")

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    # What receivers see as the delivery's id (`webhook-id`): unique across sites and
    # restores, where a row number repeats after a database is restored or replaced.
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    kind = models.CharField(_("notification"), max_length=30, choices=Kind)
    payload = models.JSONField(_("payload"))
    state = models.CharField(_("state"), max_length=10, choices=State, default=State.PENDING)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    response_status = models.PositiveSmallIntegerField(_("response status"), null=True)
    error = models.CharField(_("error"), max_length=300, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_attempt_at = models.DateTimeField(_("last attempt"), null=True)
    next_attempt_at = models.DateTimeField(_("next attempt"), null=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("delivery")
        verbose_name_plural = _("deliveries")
        indexes = [models.Index(fields=["state", "next_attempt_at"])]

    def __str__(self) -> str:
        return f"{self.kind} → {self.webhook}"
