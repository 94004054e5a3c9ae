"""The accepted result of each game of a bracket (what placement and points are computed from)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring import model as engine
from tournament.accounts.models import Player
from tournament.events.choices import engine_choices
from tournament.events.models import Bracket

EndedBy = engine_choices(
    "EndedBy",
    {
        engine.EndedBy.VICTORY: _("Victory condition reached"),
        engine.EndedBy.OUT_OF_CARDS: _("A player ran out of cards"),
        engine.EndedBy.TIME: _("Time called"),
    },
)


def result_key(winner_id, ended_by, unrazed, razed, holdings) -> tuple:
    """What a result says: two results agree when their keys are equal."""
    return (winner_id, ended_by, unrazed, razed, holdings)


def game_cells(player_id: int, games: Iterable[GameResult | None]) -> list[dict]:
    """One player's line of the advancement grid: per game, the player's unrazed realms
    (None for a game not played yet) and whether the player won it."""
    return [
        {
            "realms": game.unrazed.get(str(player_id)) if game else None,
            "won": bool(game and game.winner_id == player_id),
        }
        for game in games
    ]


# The counts a judge records per player and game (SPEC §5), as the result form names them.
COUNTS = ("unrazed", "razed", "holdings")


class GameResult(models.Model):
    """The fields of one game's result, shared by the accepted `Game` and each `GameEntry`;
    counts are keyed by the player's engine id (str(Player.pk))."""

    winner = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    ended_by = models.CharField(_("ended by"), max_length=20, choices=EndedBy)
    unrazed = models.JSONField(_("unrazed realms"))
    razed = models.JSONField(_("razed realms"), default=dict, blank=True)
    holdings = models.JSONField(_("holdings"), default=dict, blank=True)

    class Meta:
        abstract = True

    def result_key(self) -> tuple:
        """What the result says (two results agree when their keys are equal)."""
        return result_key(self.winner_id, self.ended_by, self.unrazed, self.razed, self.holdings)


class Game(GameResult):
    """One accepted game; counts are keyed by the player's id (str(Player.pk))."""

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField(_("game"))

    class Meta:
        ordering = ["bracket", "number"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["bracket", "number"], name="unique_game_number")
        ]

    def __str__(self) -> str:
        return f"{self.bracket} — {_('game')} {self.number}"


class EntryStatus(models.TextChoices):
    UNCONFIRMED = "unconfirmed", _("Unconfirmed")
    CONFIRMED = "confirmed", _("Confirmed")
    SUPERSEDED = "superseded", _("Superseded")
    REJECTED = "rejected", _("Rejected")


class GameEntry(GameResult):
    """One submitted version of a game's result; the confirmed one is copied to `Game`."""

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveSmallIntegerField(_("game"))
    version = models.PositiveSmallIntegerField(_("version"))
    is_correction = models.BooleanField(_("correction"), default=False)
    reason = models.CharField(
        _("reason"), max_length=300, blank=True, help_text=_("Why a correction was made.")
    )
    status = models.CharField(
        _("status"), max_length=20, choices=EntryStatus, default=EntryStatus.UNCONFIRMED
    )
    submitted_by = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("submitted by")
    )
    submitted_at = models.DateTimeField(_("submitted at"), auto_now_add=True)
    ip_address = models.GenericIPAddressField(_("IP address"), null=True, blank=True)
    user_agent = models.CharField(_("user agent"), max_length=300, blank=True)
    confirmed_by = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    resolved_by = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("rejected or superseded by"),
    )
    resolved_at = models.DateTimeField(_("resolved at"), null=True, blank=True)
    # A submission key names one submission at one bracket: a resend to the same bracket
    # finds the first entry, the same key at another bracket is another submission.
    idempotency_key = models.UUIDField(_("submission key"))

    class Meta:
        ordering = ["bracket", "number", "version"]
        verbose_name = _("game entry")
        verbose_name_plural = _("game entries")
        constraints = [
            models.UniqueConstraint(
                fields=["bracket", "number"],
                condition=models.Q(status=EntryStatus.CONFIRMED),
                name="one_confirmed_entry_per_game",
            ),
            models.UniqueConstraint(
                fields=["bracket", "idempotency_key"], name="one_entry_per_submission_key"
            ),
            models.UniqueConstraint(
                fields=["bracket", "number", "version"], name="unique_entry_version"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.bracket} — {_('game')} {self.number} v{self.version}"
