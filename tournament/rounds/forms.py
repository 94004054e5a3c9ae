"""Forms of the round pages."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.accounts.models import Player
from tournament.accounts.roles import RANKING_OFFICERS_GROUP
from tournament.core.fields import RowChoiceField
from tournament.events.models import Event


class LatePlayerForm(forms.Form):
    """A late player: an existing player, or a new player without an account, by name."""

    player = RowChoiceField(
        label=_("Existing player"),
        queryset=Player.objects.none(),
        required=False,
        help_text=_("Choose a player who already has a player number…"),
    )
    name = forms.CharField(
        label=_("…or the name of a new player"),
        max_length=120,
        required=False,
        help_text=_("A new player without an account gets a fresh player number."),
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        # Eligible players only: not yet in the event, not one of its officials (the
        # organizer and judges officiate it) and no ranking officer (who reviews its results).
        self.fields["player"].queryset = (
            Player.objects.exclude(registrations__event=event)
            .exclude(pk=event.organizer_id)
            .exclude(pk__in=event.judge_ids)
            .exclude(user__groups__name=RANKING_OFFICERS_GROUP)
        )

    def clean(self) -> dict:
        data = super().clean()
        if bool(data.get("player")) == bool((data.get("name") or "").strip()):
            raise forms.ValidationError(_("Choose an existing player or give a new name (one)."))
        return data
