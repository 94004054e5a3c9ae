"""Stored event standings, officials' points and eligibility (§6).

Every figure here is written by the recompute pipeline (`recompute.py`) from the Seats it
stores (`store.py`); pages, printed forms and the API only read these rows, through
`rows.standing_rows`. The standing's figure fields are generated from `figures.py`.
"""

from django.db import models
from django.db.models.fields.related_descriptors import ReverseOneToOneDescriptor
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from scoring import model as engine
from scoring.points import ONE_ON_ONE_EVENT, TOO_FEW_PARTICIPANTS, TWO_PLAYER_GAMES_ONLY, UNSCORED
from tournament.accounts.models import Player
from tournament.events.choices import engine_choices
from tournament.events.models import Event, Registration, Seat
from tournament.standings.figures import (
    SEAT_FIGURES,
    StandingStatus,
    model_fields,
    status_words,
    stored_figures,
)


class EventScoring(models.Model):
    """An event's scored eligibility (with reasons as codes) and its participant count."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="scoring")
    eligible = models.BooleanField(_("counts toward rankings"), default=False)
    reasons = models.JSONField(_("reasons"), default=list, blank=True)
    participants = models.PositiveIntegerField(_("participants"), default=0)
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=0)
    winner = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    refreshed_at = models.DateTimeField(auto_now=True)
    # Set (in the confirmation's transaction) when players' figures changed and the places
    # of the event's standings are not re-ranked yet; cleared by the re-rank
    # (`recompute.rerank`, queued once per event after commit). The mark is in the database,
    # so a broker or worker that is down loses nothing: the next reader re-ranks.
    standings_stale_since = models.DateTimeField(null=True, blank=True, editable=False)
    # Whether the ranking totals hold ACCEPTED figures of this event, and of which year
    # (set when a ranking officer accepts it: `ranking.services.store_ranked_figures`, §9).
    ranked = models.BooleanField(_("in the ranking totals"), default=False)
    ranked_year = models.PositiveSmallIntegerField(null=True, blank=True)
    # What the standings page shows besides its rows, so it reads this one row instead of
    # a COUNT over the standings and a join over the officials (kept by refresh_standings;
    # `officials` also by writing.rename_official, when a player is renamed).
    standings_count = models.PositiveIntegerField(_("standings rows"), default=0)
    officials = models.JSONField(_("officials' points"), default=list, blank=True)
    # Player id → [[round number, what decided the pick], …]: the wildcards the closed
    # rounds picked, copied from the rounds so the standings page reads them with the row.
    wildcards = models.JSONField(_("wildcards picked"), default=dict, blank=True)

    class Meta:
        verbose_name = _("event scoring")
        verbose_name_plural = _("event scorings")

    def __str__(self) -> str:
        return f"{self.event}: {'eligible' if self.eligible else 'not eligible'}"

    @property
    def reason_texts(self) -> list[str]:
        """The reasons, translated into the current language."""
        return [reason_text(r) for r in self.reasons]


def reason_text(reason: dict) -> str:
    """One stored eligibility reason as a translated sentence."""
    code = reason.get("code")
    if code == UNSCORED:
        return str(_("The event is unscored."))
    if code == TOO_FEW_PARTICIPANTS:
        count = reason.get("count", 0)
        return ngettext(
            "Only %(count)d participant; scored events need at least %(minimum)d.",
            "Only %(count)d participants; scored events need at least %(minimum)d.",
            count,
        ) % {"count": count, "minimum": reason.get("minimum", 9)}
    if code == TWO_PLAYER_GAMES_ONLY:
        return str(
            _(
                "Every game was a two-player game: only games of three or more players count "
                "toward the rankings."
            )
        )
    if code == ONE_ON_ONE_EVENT:
        return str(
            _(
                "One-on-one events are never scored for the ranking: their games are "
                "two-player games."
            )
        )
    return str(reason.get("text", code))


class EventStanding(models.Model):
    """A player's stored result in one event: final place, and the declared figures
    (`standings/figures.py`: the bracket figures and, for a one-on-one event, SPEC §11, the
    Swiss figures), one field each, added below from the declaration."""

    Status = StandingStatus

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="standings")
    registration = models.OneToOneField(
        Registration, on_delete=models.CASCADE, related_name="standing"
    )
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="standings")
    place = models.PositiveIntegerField(_("place"))
    # Set by a result's write when a broker runs: the player's totals are re-added from his
    # seats' figures by the event's next re-rank, with every other table's results of that
    # second (`recompute.rerank`, docs/recompute.md).
    totals_stale = models.BooleanField(default=False, editable=False)

    class Meta:
        ordering = ["event", "place", "player__name"]
        verbose_name = _("event standing")
        verbose_name_plural = _("event standings")
        indexes = [models.Index(fields=["event", "place"]), models.Index(fields=["player"])]

    def __str__(self) -> str:
        return f"{self.place}. {self.player_id} @ {self.event_id}"

    @property
    def status_label(self) -> str:
        """Status in words: active, eliminated in round N, dropped in round N, winner."""
        # The event is read only for a top-cut loser's words (a one-on-one cut round's stage).
        event = self.event if self.status == StandingStatus.ELIMINATED else None
        return status_words(event)(self.status, self.eliminated_in_round)


# One field per declared figure: a figure added to the declaration is a field here, and
# `makemigrations` writes its migration.
for _name, _field in model_fields(stored_figures()).items():
    EventStanding.add_to_class(_name, _field)


class SeatFigures(models.Model):
    """A seat's figures as the rules engine computed them (`scoring.figures.SeatFigures`):
    place, points, unrazed realms, games won and best game, one field each, added below
    from the declaration (`figures.SEAT_FIGURES`). Written only by the stores
    (`store.py`, `swiss_store.py`); read as `seat.figures.<name>`.

    A seat has no row until the store first writes a figure that differs from the
    defaults; until then `seat.figures` is an unsaved row holding the defaults (None for
    place and points, 0 otherwise), never an error."""

    seat = models.OneToOneField(
        Seat, on_delete=models.CASCADE, primary_key=True, related_name="figures"
    )

    class Meta:
        verbose_name = _("seat figures")
        verbose_name_plural = _("seat figures")

    def __str__(self) -> str:
        return f"{self.seat_id}: {self.place} / {self.points}"


for _name, _field in model_fields(SEAT_FIGURES).items():
    SeatFigures.add_to_class(_name, _field)


class DefaultFigures(ReverseOneToOneDescriptor):
    """`seat.figures`: the stored row, or (no row yet: nothing played) an unsaved row with
    the declared defaults, cached on the seat like a fetched one."""

    def __get__(self, instance, cls=None):
        if instance is None:
            return self
        try:
            return super().__get__(instance, cls)
        except self.RelatedObjectDoesNotExist:
            return self.related.related_model(seat=instance)  # caches itself on the seat


Seat.figures = DefaultFigures(SeatFigures._meta.get_field("seat").remote_field)


class OfficialScore(models.Model):
    """Coordinator or judge points of an event (0 and forfeited when the official played)."""

    Role = engine_choices(
        "Role",
        {
            engine.Role.COORDINATOR: _("Coordinator"),
            engine.Role.JUDGE: _("Judge"),
        },
    )

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="official_scores")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="official_scores")
    role = models.CharField(_("role"), max_length=12, choices=Role)
    points = models.PositiveIntegerField(_("points"), default=0)
    forfeited = models.BooleanField(_("forfeited (played)"), default=False)

    class Meta:
        ordering = ["event", "role", "player__name"]
        verbose_name = _("official's points")
        verbose_name_plural = _("officials' points")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="unique_official_score")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} {self.role} @ {self.event_id}: {self.points}"
