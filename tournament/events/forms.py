"""Forms of the event pages."""

from django import forms
from django.db.models import Exists, OuterRef
from django.utils.translation import gettext_lazy as _

from tournament.accounts.models import Player
from tournament.core.fields import RowChoiceField, RowsChoiceField
from tournament.core.timezones import time_zone_names, wall_time_in
from tournament.events.choices import Variant
from tournament.events.models import FORMAT_FIELDS, Event
from tournament.events.services.editing import frozen_fields_error


class FrozenFormatMixin:
    """Refuses, with the reason, format changes that results were already checked against."""

    def _post_clean(self) -> None:
        super()._post_clean()  # the instance now holds the submitted values
        error = frozen_fields_error(self.instance, self.changed_data)
        if error is not None:
            self.add_error(None, error)


class EventForm(FrozenFormatMixin, forms.ModelForm):
    variants = forms.MultipleChoiceField(
        label=_("Variants"),
        choices=Variant.choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "start_time",
            "time_zone",
            "venue",
            "address",
            "description",
            "capacity",
            "registration_deadline",
            *FORMAT_FIELDS,
            "single_entry",
            "players_report_results",
            "spread_clubs",
            "seed_by_ranking",
            "paper_size",
            "decklists_published",
            "decklists_top",
            "decklist_opt_out_allowed",
            "check_in_code",
        ]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
            "start_time": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "description": forms.Textarea(attrs={"rows": 4}),
            "registration_deadline": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The zones the installed tz database knows (read once per process, not at import).
        self.fields["time_zone"].widget = forms.Select(
            choices=[(zone, zone) for zone in time_zone_names()]
        )

    def clean_registration_deadline(self):
        """The deadline's wall time is the event's: "18:00" is 18:00 in the zone chosen on
        this form, whatever zone the page was read in."""
        deadline = self.cleaned_data.get("registration_deadline")
        return wall_time_in(deadline, self.cleaned_data.get("time_zone") or "")


class JudgeChoiceField(RowsChoiceField):
    """Players with an account, named so that a search finds them by name, number or
    username; the event's current judges come first."""

    def label_from_instance(self, obj: Player) -> str:
        return f"{obj.name} ({obj.player_number} · {obj.user.get_username()})"


class JudgesForm(forms.Form):
    judges = JudgeChoiceField(
        label=_("Judges"),
        queryset=Player.objects.filter(user__isnull=False),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Type a name, player number or username in the search box to find them."),
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        current = event.judges.values("pk")
        self.fields["judges"].queryset = (
            Player.objects.filter(user__isnull=False)
            .exclude(pk=event.organizer_id)
            .select_related("user")
            .annotate(is_judge=Exists(current.filter(pk=OuterRef("pk"))))
            .order_by("-is_judge", "name")
        )


class TeamForm(forms.Form):
    """A new team: its name and its players (the organizer picks both, a player his partner)."""

    name = forms.CharField(label=_("Team name"), max_length=100)
    first = RowChoiceField(queryset=None, label=_("First player"))
    second = RowChoiceField(queryset=None, label=_("Partner"))

    def __init__(self, *args, free=None, organizer: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            field = self.fields[name]
            field.queryset = free
            field.label_from_instance = lambda r: f"{r.player.name} ({r.player.player_number})"
        if not organizer:
            del self.fields["first"]  # a player invites a partner for himself


class RegistrationImportForm(forms.Form):
    """A CSV of players to register: uploaded, or pasted from a spreadsheet."""

    MAX_FILE_BYTES = 200_000

    file = forms.FileField(
        label=_("CSV file"),
        required=False,
        help_text=_("Saved from a spreadsheet as CSV (commas or semicolons), UTF-8."),
    )
    text = forms.CharField(
        label=_("Or paste the rows"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text=_(
            "A header row naming the columns player_number and/or name, then one player a "
            "row: a known number registers that player; a name without a number adds a new "
            "player without an account."
        ),
    )

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload is not None:
            if upload.size > self.MAX_FILE_BYTES:
                raise forms.ValidationError(
                    _("The file is too large: at most %(kb)s kB.")
                    % {"kb": self.MAX_FILE_BYTES // 1000}
                )
            raw = upload.read()
            try:
                data["text"] = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                data["text"] = raw.decode("cp1252", errors="replace")
        if not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Choose a CSV file or paste the rows."))
        return data
