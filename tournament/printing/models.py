"""Generated print documents, cached as files until they expire or their data changes."""

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.events.choices import PaperSize
from tournament.events.models import Bracket, Event, Registration, Round


class Kind(models.TextChoices):
    BRACKETS = "brackets", _("Bracket sheets")
    BLANK_BRACKETS = "blank-brackets", _("Blank bracket sheets")
    SEATING = "seating", _("Seating sheet")
    SCORING_FORM = "scoring-form", _("Tournament scoring form")
    DECKLIST = "decklist", _("Decklist sheet")


# Kinds that are about one round (they need ?round=).
ROUND_KINDS = {Kind.BRACKETS, Kind.BLANK_BRACKETS, Kind.SEATING}


class CachedDocument(models.Model):
    """A rendered PDF and the fingerprint of the data it was built from (cf. pretix CachedFile)."""

    class State(models.TextChoices):
        PENDING = "pending", _("Being generated")
        DONE = "done", _("Ready")
        FAILED = "failed", _("Failed")

    kind = models.CharField(_("document"), max_length=20, choices=Kind)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="printed_documents")
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    bracket = models.ForeignKey(
        Bracket, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    paper = models.CharField(_("paper size"), max_length=10, choices=PaperSize)
    base_url = models.CharField(
        _("site address"),
        max_length=200,
        blank=True,
        help_text=_("Where QR codes point to; taken from the request that asked for the file."),
    )
    language = models.CharField(
        _("language"),
        max_length=10,
        default="en",
        help_text=_("The language of whoever asked: the worker renders the document in it."),
    )
    source_version = models.CharField(_("data fingerprint"), max_length=64, blank=True)
    file = models.FileField(_("file"), upload_to="printing/%Y/%m/", blank=True)
    state = models.CharField(max_length=10, choices=State, default=State.PENDING)
    error = models.TextField(_("error"), blank=True)
    created = models.DateTimeField(_("created"), default=timezone.now)
    expires = models.DateTimeField(_("expires"))
    generated_at = models.DateTimeField(_("generated"), null=True, blank=True)
    duration_ms = models.PositiveIntegerField(_("generation time (ms)"), null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("printed document")
        verbose_name_plural = _("printed documents")
        indexes = [models.Index(fields=["event", "kind"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} — {self.event} ({self.paper})"

    @property
    def is_expired(self) -> bool:
        return self.expires <= timezone.now()

    @property
    def filename(self) -> str:
        """The download name: event, kind, round/player and paper."""
        parts = [f"event{self.event_id}", self.kind]
        if self.round_id:
            parts.append(f"round{self.round.number}")
        if self.bracket_id:
            parts.append(f"table{self.bracket.table}")
        if self.registration_id:
            parts.append(self.registration.player.player_number)
        parts.append(self.paper.lower())
        return "-".join(parts) + ".pdf"
