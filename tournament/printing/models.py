"""Generated print documents, cached as files until they expire or their data changes.

A document is about one event (its sheets, forms and lists) or one league (its table).
"""

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
    ALL_DECKLISTS = "decklists", _("All decklists")
    LEAGUE_TABLE = "league-table", _("League table")


# Kinds that are about one round (they need ?round=).
ROUND_KINDS = {Kind.BRACKETS, Kind.BLANK_BRACKETS, Kind.SEATING}
# Kinds printed one sheet per bracket: they can be limited to a range of tables. (They and
# all decklists render in chunks: `documents.base.PrintedDocument.parts`.)
SHEET_KINDS = {Kind.BRACKETS, Kind.BLANK_BRACKETS}
# Kinds about a league rather than an event: never asked for, nor served, under an event.
LEAGUE_KINDS = {Kind.LEAGUE_TABLE}


class CachedDocument(models.Model):
    """A rendered PDF and the fingerprint of the data it was built from (cf. pretix CachedFile)."""

    class State(models.TextChoices):
        PENDING = "pending", _("Being generated")
        DONE = "done", _("Ready")
        FAILED = "failed", _("Failed")

    kind = models.CharField(_("document"), max_length=20, choices=Kind)
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, null=True, blank=True, related_name="printed_documents"
    )
    league = models.ForeignKey(
        "leagues.League",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="printed_documents",
    )
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    bracket = models.ForeignKey(
        Bracket, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    table_from = models.PositiveIntegerField(_("from table"), null=True, blank=True)
    table_to = models.PositiveIntegerField(_("to table"), null=True, blank=True)
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
    # Progress of a document of sheets (bracket sheets, all decklists) while it is rendered
    # ("312 of 729 sheets").
    sheets_done = models.PositiveIntegerField(_("sheets rendered"), default=0)
    sheets_total = models.PositiveIntegerField(_("sheets in the document"), default=0)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("printed document")
        verbose_name_plural = _("printed documents")
        indexes = [models.Index(fields=["event", "kind"]), models.Index(fields=["league", "kind"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(event__isnull=False, league__isnull=True)
                | models.Q(event__isnull=True, league__isnull=False),
                name="printed_document_event_or_league",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} — {self.subject} ({self.paper})"

    @property
    def subject(self):
        """The event or the league the document is about."""
        return self.league if self.league_id else self.event

    @property
    def is_expired(self) -> bool:
        return self.expires <= timezone.now()

    @property
    def tables(self) -> tuple[int | None, int | None] | None:
        """The range of tables a bracket-sheet document is limited to (None: all)."""
        if self.table_from is None and self.table_to is None:
            return None
        return (self.table_from, self.table_to)

    @property
    def filename(self) -> str:
        """The download name: event (or league), kind, round/player and paper."""
        scope = f"league{self.league_id}" if self.league_id else f"event{self.event_id}"
        parts = [scope, self.kind]
        if self.round_id:
            parts.append(f"round{self.round.number}")
        if self.bracket_id:
            parts.append(f"table{self.bracket.table}")
        if self.table_from is not None or self.table_to is not None:
            parts.append(f"tables{self.table_from or 1}-{self.table_to or 'end'}")
        if self.registration_id:
            parts.append(self.registration.player.player_number)
        parts.append(self.paper.lower())
        return "-".join(parts) + ".pdf"
