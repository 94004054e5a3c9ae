"""The national ranking's stored rows (SPEC §6, §9): the accepted figures of each event
(`RankedScore`), each player's totals per year (`RankingTotal`) and his ranking after each
accepted event (`RankingStep`), and the organizer's record that an event's scoring form was
sent (`ScoringFormSubmission`, due 30 days after the event).

Written only by `services` (`store_ranked_figures` on acceptance, `refresh_ranking`); the
tables keep the names they had in the standings app (`Meta.db_table`), where these models
lived before (migration 0001 moved them, no row touched).
"""

import datetime

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.accounts.models import Player
from tournament.events.models import Event

SCORING_FORM_DUE_DAYS = 30  # SPEC §6: forms are due 30 days after the event


class RankingTotal(models.Model):
    """A player's ranking points in one year (year 0: all years), from counted events only.

    Written by `services.refresh_ranking` (from refresh_standings and when an event's
    status, date or scored flag changes); the ranking page reads one indexed page of these.
    """

    ALL_YEARS = 0

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ranking_totals")
    year = models.PositiveSmallIntegerField(_("year"))
    playing_points = models.PositiveIntegerField(_("playing points"), default=0)
    official_points = models.PositiveIntegerField(_("coordinator / judge points"), default=0)
    ranking_points = models.PositiveIntegerField(_("ranking points"), default=0)
    # Within the year: competition rank by points, and the row's place in the list
    # (points desc, name, id) so the unfiltered page is one indexed range read.
    rank = models.PositiveIntegerField(_("rank"), default=0)
    position = models.PositiveIntegerField(default=0)
    # The rank before the year's latest accepted event (0: not ranked then): the movement.
    previous_rank = models.PositiveIntegerField(_("previous rank"), default=0)

    class Meta:
        db_table = "standings_rankingtotal"
        verbose_name = _("ranking total")
        verbose_name_plural = _("ranking totals")
        constraints = [
            models.UniqueConstraint(fields=["player", "year"], name="unique_ranking_total")
        ]
        indexes = [
            models.Index(fields=["year", "-ranking_points"], name="ranking_year_points"),
            models.Index(fields=["year", "position"], name="ranking_year_position"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} {self.year or 'all'}: {self.ranking_points}"


class ScoringFormSubmission(models.Model):
    """The organizer's record that the tournament scoring form was sent (§6 deadline)."""

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, related_name="scoring_form_submission"
    )
    submitted_at = models.DateTimeField(_("sent at"), default=timezone.now)
    submitted_by = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        db_table = "standings_scoringformsubmission"
        verbose_name = _("scoring form submission")
        verbose_name_plural = _("scoring form submissions")

    def __str__(self) -> str:
        return f"{self.event} — {self.submitted_at:%Y-%m-%d}"


def scoring_form_due(event: Event) -> datetime.date:
    """The date the scoring form is due: 30 days after the event."""
    return event.date + datetime.timedelta(days=SCORING_FORM_DUE_DAYS)


class RankingStep(models.Model):
    """A player's ranking right after one accepted event he took part in (year 0: over all
    years): the event's points, his running total and his rank among everyone ranked so far.
    Written with the ranking totals (`services.refresh_ranking`), from
    `scoring.ranking_history`; the player page draws them."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ranking_steps")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    year = models.PositiveSmallIntegerField(_("year"))
    order = models.PositiveIntegerField(default=0)  # the event's place in the year's sequence
    points = models.PositiveIntegerField(_("points"), default=0)
    total = models.PositiveIntegerField(_("total"), default=0)
    rank = models.PositiveIntegerField(_("rank"), default=0)

    class Meta:
        db_table = "standings_rankingstep"
        ordering = ["year", "order"]
        verbose_name = _("ranking step")
        verbose_name_plural = _("ranking steps")
        constraints = [
            models.UniqueConstraint(fields=["player", "event", "year"], name="unique_ranking_step")
        ]
        indexes = [models.Index(fields=["player", "year", "order"], name="ranking_step_player")]

    def __str__(self) -> str:
        return f"{self.player_id} after {self.event_id}: {self.rank}"


class RankedScore(models.Model):
    """A player's ACCEPTED figures of one event: what the ranking totals count (§9).

    Written only when a ranking officer accepts the event's scoring form
    (`services.store_ranked_figures`), so a later correction of the event changes its
    stored standings at once but the ranking only when the correction is accepted.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="ranked_scores")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ranked_scores")
    year = models.PositiveSmallIntegerField(_("year"))
    place = models.PositiveIntegerField(_("place"), null=True, blank=True)
    playing_points = models.PositiveIntegerField(_("playing points"), default=0)
    coordinator_points = models.PositiveIntegerField(_("coordinator points"), default=0)
    judge_points = models.PositiveIntegerField(_("judge points"), default=0)

    class Meta:
        db_table = "standings_rankedscore"
        ordering = ["event", "player"]
        verbose_name = _("accepted ranking figures")
        verbose_name_plural = _("accepted ranking figures")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="unique_ranked_score")
        ]
        indexes = [models.Index(fields=["player", "year"], name="ranked_player_year")]

    def __str__(self) -> str:
        return f"{self.player_id} @ {self.event_id} ({self.year})"

    def figures(self) -> tuple:
        """What a correction is compared on (see services.ranked_figures_differ)."""
        return (
            self.player_id,
            self.year,
            self.place,
            self.playing_points,
            self.coordinator_points,
            self.judge_points,
        )
