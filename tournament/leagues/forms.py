from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.leagues.models import League


class LeagueForm(forms.ModelForm):
    countries = forms.CharField(
        label=_("Countries"),
        required=False,
        help_text=_("Country codes separated by commas (BR, CA); empty: every country."),
    )

    class Meta:
        model = League
        fields = [
            "name",
            "starts",
            "ends",
            "countries",
            "events_mode",
            "chosen_events",
            "counting",
            "best_n",
            "qualify",
            "qualify_per_region",
            "championship",
            "restrict_championship",
        ]
        widgets = {
            "starts": forms.DateInput(attrs={"type": "date"}),
            "ends": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.initial["countries"] = ", ".join(self.instance.countries or [])

    def clean_countries(self) -> list[str]:
        codes = [c.strip().upper() for c in self.cleaned_data["countries"].split(",") if c.strip()]
        bad = [c for c in codes if len(c) != 2 or not c.isalpha()]
        if bad:
            raise forms.ValidationError(
                _("Not a two-letter country code: %(codes)s.") % {"codes": ", ".join(bad)}
            )
        return sorted(set(codes))

    def clean(self):
        data = super().clean()
        if data.get("starts") and data.get("ends") and data["ends"] < data["starts"]:
            self.add_error("ends", _("The season ends before it starts."))
        if data.get("counting") == League.Counting.BEST and not data.get("best_n"):
            self.add_error("best_n", _("Say how many events count."))
        if data.get("restrict_championship") and not data.get("championship"):
            self.add_error("championship", _("Choose the championship to restrict."))
        return data
