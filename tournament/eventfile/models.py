"""What an imported event file says that the shared models cannot hold (SPEC §8).

Export → import → export must give the same document, so the file's player ids, its
wildcard-draw seed and its officials' ``played`` flags are kept here.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.events.models import Event, Registration


class ImportedEvent(models.Model):
    """An event created from an event file: the file's seed, who of its officials played and,
    for a one-on-one event, its recorded draw."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="imported_from")
    seed = models.CharField(_("wildcard draw seed"), max_length=200, null=True, blank=True)
    played_officials = models.JSONField(
        _("officials who played"),
        default=list,
        blank=True,
        help_text=_("Player ids of officials the file marks as having played."),
    )
    draw = models.JSONField(
        _("recorded draw"),
        default=list,
        blank=True,
        help_text=_(
            "One-on-one events: player ids of the file's recorded draw, first listed ranks "
            "higher among players level after every tie-breaker."
        ),
    )
    imported_at = models.DateTimeField(_("imported at"), auto_now_add=True)

    class Meta:
        verbose_name = _("imported event")
        verbose_name_plural = _("imported events")

    def __str__(self) -> str:
        return str(self.event)


class EventFileId(models.Model):
    """A registration's player id in the event file, and its position in the players list."""

    registration = models.OneToOneField(
        Registration, on_delete=models.CASCADE, related_name="file_id"
    )
    file_id = models.CharField(_("player id in the event file"), max_length=100)
    position = models.PositiveIntegerField(_("position"))

    class Meta:
        ordering = ["position"]
        verbose_name = _("event file player id")
        verbose_name_plural = _("event file player ids")

    def __str__(self) -> str:
        return self.file_id
