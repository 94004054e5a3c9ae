"""The ranking review of an event's scoring form (SPEC §9): its state and every decision."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.events.models import Event


class ReviewState(models.TextChoices):
    SUBMITTED = "submitted", _("Awaiting review")
    ACCEPTED = "accepted", _("Accepted")
    RETURNED = "returned", _("Returned to the organizer")
    REOPENED = "reopened", _("Corrected after acceptance")


class ScoringReview(models.Model):
    """Where an event's scoring form stands with the ranking officers.

    No row: never submitted. Only an event accepted at least once has figures in the
    ranking; those are the figures of its last acceptance (`standings.RankedScore`).
    """

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="review")
    state = models.CharField(_("state"), max_length=12, choices=ReviewState)
    # The results fingerprint (see fingerprint.py) of the figures last accepted: an
    # identical copy of an accepted event is refused at import by this indexed column.
    accepted_fingerprint = models.CharField(max_length=64, blank=True, db_index=True)
    # An imported event's officials whose coordinator or judge points the officer
    # confirmed at acceptance (player ids); the others' points do not count (§9).
    confirmed_officials = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(_("last decision"), default=timezone.now)

    class Meta:
        ordering = ["updated_at"]
        verbose_name = _("scoring form review")
        verbose_name_plural = _("scoring form reviews")
        indexes = [models.Index(fields=["state", "updated_at"], name="review_state_updated")]

    def __str__(self) -> str:
        return f"{self.event}: {self.get_state_display()}"

    @property
    def frozen(self) -> bool:
        """While a ranking officer reviews it, the organizer cannot change the event."""
        return self.state == ReviewState.SUBMITTED

    @property
    def was_accepted(self) -> bool:
        """Whether the ranking holds figures of an earlier acceptance."""
        return bool(self.accepted_fingerprint)

    def last_return(self) -> "ReviewDecision | None":
        """The officer's latest return (its reason is shown to the organizer)."""
        return self.decisions.filter(action=ReviewDecision.Action.RETURN).first()


class ReviewDecision(models.Model):
    """One recorded step of a review: who, when, what and why."""

    class Action(models.TextChoices):
        SUBMIT = "submit", _("Submitted")
        ACCEPT = "accept", _("Accepted")
        RETURN = "return", _("Returned")
        REOPEN = "reopen", _("Re-opened by a correction")

    review = models.ForeignKey(ScoringReview, on_delete=models.CASCADE, related_name="decisions")
    action = models.CharField(_("decision"), max_length=10, choices=Action)
    # The account that decided (an officer may have no player profile); None: the site
    # itself, when a correction re-opened an accepted review.
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    at = models.DateTimeField(_("when"), default=timezone.now)
    reason = models.TextField(_("reason"), blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("review decision")
        verbose_name_plural = _("review decisions")

    def __str__(self) -> str:
        return f"{self.review.event}: {self.get_action_display()} {self.at:%Y-%m-%d %H:%M}"

    @property
    def by_name(self) -> str:
        """Who decided, as people know them (player name, else the account's username)."""
        if self.by is None:
            return ""
        player = getattr(self.by, "player", None)
        return player.name if player is not None else self.by.get_username()
