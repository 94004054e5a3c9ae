"""Stored ratings (SPEC §12): written only by `ratings/services.py`, read by the pages and
the API. They are derived from the games of finished events and can always be rebuilt from
nothing (`manage.py recompute_ratings`)."""

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.accounts.models import Player
from tournament.events.models import Event


class EventRating(models.Model):
    """What the ratings took from one finished event: its games as the model sees them
    (`games`: each a list of ``[sides, ranks]``, sides as player ids), or, when the event
    could not be rated, why (`issues`: the engine's issues, code, template and parameters)."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="rating_input")
    games = models.JSONField(default=list)
    issues = models.JSONField(default=list, encoder=DjangoJSONEncoder)
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("event's rated games")
        verbose_name_plural = _("events' rated games")

    def __str__(self) -> str:
        return f"{self.event_id}: {len(self.games)} games"

    @property
    def rated(self) -> bool:
        return not self.issues


class Rating(models.Model):
    """A player's current rating: the model's μ and σ, the value shown (μ − 3σ), the games
    rated, in all and per structure (the ratings page filters by structure), and the value
    after each event he played."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="rating")
    mu = models.FloatField()
    sigma = models.FloatField()
    value = models.FloatField(_("rating"), db_index=True)
    games = models.PositiveIntegerField(_("games"), default=0)
    bracket_games = models.PositiveIntegerField(default=0)
    one_on_one_games = models.PositiveIntegerField(default=0)
    # The value after each event played, in order: ``[[event id, value], ...]`` (the chart
    # and the API's history). One list per player, not a row per event: a refresh rewrites
    # every rating, and 200,000 step rows took most of its time.
    history = models.JSONField(default=list)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")

    def __str__(self) -> str:
        return f"{self.player_id}: {self.value:.1f}"
