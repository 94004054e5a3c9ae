"""Seasons and leagues defined by ranking officers: which accepted events count, how, and who
qualifies for the championship. The table itself is computed by `scoring/leagues.py`."""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournament.events.choices import Structure
from tournament.events.models import Event
from tournament.events.structures import structure_named


def default_structures() -> list[str]:
    """What a league counts unless it says otherwise: bracket events only (SPEC §11)."""
    return [Structure.BRACKETS.value]


class League(models.Model):
    class Counting(models.TextChoices):
        ALL = "all", _("Every event")
        BEST = "best", _("A player's best events")

    class Events(models.TextChoices):
        IN_RANGE = "range", _("Every accepted event in the dates")
        CHOSEN = "chosen", _("The chosen events only")

    name = models.CharField(_("name"), max_length=120)
    starts = models.DateField(_("from"))
    ends = models.DateField(_("to"))
    countries = models.JSONField(
        _("countries"),
        default=list,
        blank=True,
        help_text=_("Country codes (BR, CA…) of the players who take part; empty: everyone."),
    )
    events_mode = models.CharField(
        _("events that count"), max_length=10, choices=Events, default=Events.IN_RANGE
    )
    chosen_events = models.ManyToManyField(
        Event, blank=True, related_name="leagues", verbose_name=_("chosen events")
    )
    structures = models.JSONField(
        _("structures counted"),
        default=default_structures,
        help_text=_(
            "Bracket events count their accepted ranking points; one-on-one events, when "
            "counted, 3 points a match won (a bye included) and 1 a match drawn."
        ),
    )
    counting = models.CharField(
        _("counting"), max_length=10, choices=Counting, default=Counting.ALL
    )
    best_n = models.PositiveSmallIntegerField(_("best N events"), null=True, blank=True)
    qualify = models.PositiveSmallIntegerField(
        _("qualification slots"), default=0, help_text=_("Top N players qualify (0: none).")
    )
    qualify_per_region = models.BooleanField(_("slots per region"), default=False)
    championship = models.ForeignKey(
        Event,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="qualifying_leagues",
        verbose_name=_("championship"),
    )
    restrict_championship = models.BooleanField(
        _("only qualified players register for the championship"), default=False
    )
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)
    frozen = models.JSONField(default=list, blank=True)  # the table when it was closed
    # Bumped by every save, the form's included: cached tables of the league carry it.
    updated_at = models.DateTimeField(auto_now=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )

    class Meta:
        ordering = ["-starts", "name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("leagues:detail", args=[self.pk])

    @property
    def country_labels(self) -> list[str]:
        """The league's countries by name, in the active language."""
        from tournament.accounts.locations import country_name

        return [country_name(code) for code in self.countries]

    @property
    def counts_brackets(self) -> bool:
        return any(not structure_named(name).one_on_one for name in self.structures or ())

    @property
    def counts_one_on_one(self) -> bool:
        return any(structure_named(name).one_on_one for name in self.structures or ())

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None
