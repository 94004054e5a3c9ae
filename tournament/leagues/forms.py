from collections.abc import Iterable

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.accounts.locations import country_name, sorted_by_name
from tournament.accounts.models import Player
from tournament.events.choices import Structure
from tournament.leagues.models import League


def country_options(chosen: Iterable[str]) -> list[tuple[str, str]]:
    """The countries players come from, and those the league already names, by name in the
    page's language (what exists: a league of a country nobody plays from counts nobody)."""
    codes = set(Player.objects.exclude(country="").values_list("country", flat=True).distinct())
    return sorted_by_name((code, country_name(code)) for code in codes | set(chosen))


class LeagueForm(forms.ModelForm):
    countries = forms.MultipleChoiceField(
        label=_("Countries"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("The countries of the players who take part; none ticked: every country."),
    )

    structures = forms.MultipleChoiceField(
        label=_("Structures counted"),
        required=False,
        choices=Structure.choices,
        widget=forms.CheckboxSelectMultiple,
        initial=[Structure.BRACKETS],
        help_text=_(
            "Bracket events count their accepted ranking points; one-on-one events, when "
            "ticked, count 3 points a match won (a bye included) and 1 a match drawn, the "
            "top cut included (an imported one only when it is among the chosen events). "
            "None ticked: bracket events only."
        ),
    )

    class Meta:
        model = League
        fields = [
            "name",
            "starts",
            "ends",
            "countries",
            "structures",
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
        self.fields["countries"].choices = country_options(self.instance.countries or [])

    def clean_structures(self) -> list[str]:
        chosen = set(self.cleaned_data["structures"]) or {Structure.BRACKETS.value}
        return [value for value in Structure.values if value in chosen]

    def clean_countries(self) -> list[str]:
        return sorted(set(self.cleaned_data["countries"]))

    def clean(self):
        data = super().clean()
        if data.get("starts") and data.get("ends") and data["ends"] < data["starts"]:
            self.add_error("ends", _("The season ends before it starts."))
        if data.get("counting") == League.Counting.BEST and not data.get("best_n"):
            self.add_error("best_n", _("Say how many events count."))
        if data.get("restrict_championship") and not data.get("championship"):
            self.add_error("championship", _("Choose the championship to restrict."))
        return data
