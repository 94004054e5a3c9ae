"""Forms of the event pages."""

from django import forms
from django.db.models import Exists, OuterRef
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tournament.accounts.models import Player
from tournament.core.fields import RowChoiceField, RowsChoiceField
from tournament.core.timezones import time_zone_names, wall_time_in
from tournament.events.choices import TopCut, Variant
from tournament.events.models import FORMAT_FIELDS, Event
from tournament.events.services.editing import frozen_fields_error
from tournament.events.structures import structure_named
from tournament.events.to_engine import swiss_participants, swiss_rounds_of

# A one-on-one event's settings (SPEC §11); the page shows the last three only for it.
STRUCTURE_FIELDS = ("structure", "best_of", "swiss_rounds", "top_cut")
ONE_ON_ONE_FIELDS = STRUCTURE_FIELDS[1:]


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
            "language",
            "venue",
            "address",
            "description",
            "capacity",
            "registration_deadline",
            *FORMAT_FIELDS,
            *STRUCTURE_FIELDS,
            "single_entry",
            "players_report_results",
            "players_confirm_reports",
            "spread_clubs",
            "seed_by_ranking",
            "seed_by_rating",
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
        # Omitted (an API call, an older form) they keep the event's value or the default.
        for name in (*STRUCTURE_FIELDS, "language"):
            self.fields[name].required = False
        self.fields["structure"].help_text = _(
            "Brackets of three or four, or one-on-one matches: Swiss rounds, then an optional "
            "top cut. It cannot change once round 1 is seated or paired."
        )
        self.fields["best_of"].help_text = _("One-on-one events only.")
        self.fields["top_cut"].help_text = _(
            "One-on-one events only: the best of the Swiss standing play single elimination "
            "(1 v 8, 4 v 5, 2 v 7, 3 v 6). It needs at least as many players who have not "
            "dropped when it is paired."
        )
        self.fields["swiss_rounds"].help_text = self._swiss_rounds_help()

    def _swiss_rounds_help(self) -> str:
        """What an empty number of Swiss rounds means, and for this event what it will be."""
        text = _(
            "One-on-one events only. Leave empty for the usual count, one round per doubling "
            "of the players (⌈log₂ players⌉): 3 rounds for 5 to 8 players, 4 for 9 to 16, 5 for "
            "17 to 32, 6 for 33 to 64."
        )
        if self.instance.pk is None:
            return text
        players = len(swiss_participants(self.instance))
        if players < 2:
            return text
        usual = swiss_rounds_of(Event(swiss_rounds=None), players)
        checked_in = ngettext(
            "With the %(players)s player checked in now",
            "With the %(players)s players checked in now",
            players,
        ) % {"players": players}
        that_is = ngettext(
            "%(checked_in)s, that is %(rounds)s round.",
            "%(checked_in)s, that is %(rounds)s rounds.",
            usual,
        ) % {"checked_in": checked_in, "rounds": usual}
        return f"{text} {that_is}"

    def clean(self):
        data = super().clean()
        if not data.get("language") and "language" not in self.errors:
            data["language"] = self.instance.language  # omitted: as stored (new: the site's)
        for name in STRUCTURE_FIELDS:  # omitted or blank: as stored (a new event: the default)
            if data.get(name) in (None, "") and name != "swiss_rounds":
                data[name] = getattr(self.instance, name)
        if self._structure_frozen(data):
            return data
        if not structure_named(data.get("structure")).one_on_one:
            # Brackets play until two wins: the one-on-one settings mean nothing there.
            data["best_of"] = self.instance.best_of
            data["swiss_rounds"] = None
            data["top_cut"] = TopCut.NONE
        else:
            if self.instance.pk is not None:
                self._check_one_on_one_changes(data)
            self._check_top_cut(data)
        return data

    def _check_top_cut(self, data: dict) -> None:
        """Refuse a top cut larger than the players still in the event (SPEC §11): those
        registered (not on the waiting list) who have not dropped; a new event, without
        players yet, by its capacity."""
        cut = data.get("top_cut") or 0
        if not cut:
            return
        if self.instance.pk is not None and self.instance.registrations.exists():
            players = self.instance.registrations.filter(
                waitlisted=False, dropped_in_round__isnull=True
            ).count()
        else:
            players = data.get("capacity")
        if players is not None and players < cut:
            self.add_error(
                "top_cut",
                ngettext(
                    "A top cut of %(cut)d needs %(cut)d players still in the event: it has "
                    "%(count)d.",
                    "A top cut of %(cut)d needs %(cut)d players still in the event: it has "
                    "%(count)d.",
                    players,
                )
                % {"cut": cut, "count": players},
            )

    def _structure_frozen(self, data: dict) -> bool:
        """Refuse another structure once round 1 is seated or paired (its rounds are
        brackets or matches for good)."""
        event = self.instance
        if (
            event.pk is None
            or structure_named(data.get("structure")).one_on_one == event.is_one_on_one
        ):
            return False
        if not event.rounds.exists():
            return False
        self.add_error(
            "structure",
            _(
                "Round 1 is already seated or paired as %(structure)s: the structure can no "
                "longer change."
            )
            % {"structure": event.get_structure_display()},
        )
        return True

    def _check_one_on_one_changes(self, data: dict) -> None:
        """Refuse changes the rounds already paired were played under (SPEC §11)."""
        event = self.instance
        rounds = list(event.rounds.order_by("number"))
        if not rounds:
            return
        if data.get("best_of") != event.best_of:
            self.add_error(
                "best_of",
                _(
                    "Round 1 is paired and its matches are played best of %(best_of)s: the "
                    "games per match can no longer change."
                )
                % {"best_of": event.best_of},
            )
        decided = next((r for r in rounds if r.is_cut or r.is_final), None)
        for name in ("swiss_rounds", "top_cut"):
            if data.get(name) == getattr(event, name):
                continue
            if decided is not None:
                self.add_error(
                    name,
                    _(
                        "Round %(number)s, the top cut or the last round, is paired: the "
                        "Swiss rounds and the top cut can no longer change."
                    )
                    % {"number": decided.number},
                )
            elif name == "swiss_rounds":
                paired = sum(1 for r in rounds if not r.is_cut)
                wanted = data.get(name) or swiss_rounds_of(
                    Event(swiss_rounds=None), len(swiss_participants(event))
                )
                if wanted <= paired:
                    self.add_error(
                        name,
                        _(
                            "%(paired)s Swiss rounds are already paired: choose more, or leave "
                            "the number as it was."
                        )
                        % {"paired": paired},
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
