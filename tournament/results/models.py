"""The accepted result of each game of a bracket (what placement and points are computed from)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.accounts.models import Player
from tournament.events.models import Bracket


class EndedBy(models.TextChoices):
    VICTORY = "victory", _("Victory condition reached")
    OUT_OF_CARDS = "out_of_cards", _("A player ran out of cards")
    TIME = "time", _("Time called")


class Game(models.Model):
    """One accepted game; counts are keyed by the player's id (str(Player.pk))."""

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField(_("game"))
    winner = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    ended_by = models.CharField(_("ended by"), max_length=20, choices=EndedBy)
    unrazed = models.JSONField(_("unrazed realms"))
    razed = models.JSONField(_("razed realms"), default=dict, blank=True)
    holdings = models.JSONField(_("holdings"), default=dict, blank=True)

    class Meta:
        ordering = ["bracket", "number"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["bracket", "number"], name="unique_game_number")
        ]

    def __str__(self) -> str:
        return f"{self.bracket} — {_('game')} {self.number}"
