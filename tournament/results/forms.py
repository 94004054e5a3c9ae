"""Forms of the results screens: one game's result, and a judge's tie-break order."""

import uuid

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.events.to_engine import engine_id
from tournament.results.models import COUNTS, EndedBy
from tournament.results.services import GameData

DRAW = "draw"


def _count_widget(label: str) -> forms.TextInput:
    # Text input with a numeric keypad: a non-whole value reaches the rules engine's own check.
    return forms.TextInput(
        attrs={
            "inputmode": "numeric",
            "pattern": "[0-9]*",
            "autocomplete": "off",
            "class": "big-number",
            "aria-label": label,
        }
    )


def parse_count(raw: str) -> object:
    """A whole number when the text is one; otherwise the raw value for the engine to refuse."""
    text = raw.strip()
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text.replace(",", "."))
    except ValueError:
        return text


class ResultForm(forms.Form):
    """A game's result; counts per seated player are fields named `<count>_<player pk>`."""

    key = forms.UUIDField(widget=forms.HiddenInput)
    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    winner = forms.CharField(
        label=_("Winner"),
        error_messages={"required": _("Choose the winner, or draw.")},
    )
    ended_by = forms.ChoiceField(
        label=_("How did the game end?"),
        choices=EndedBy.choices,
        initial=EndedBy.VICTORY,
        widget=forms.RadioSelect,
    )

    def __init__(
        self,
        *args,
        players=(),
        offer_time: bool = True,
        dropped: frozenset[int] = frozenset(),
        correction: bool = False,
        **kwargs,
    ):
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("key", uuid.uuid4())
        kwargs["initial"].setdefault("ended_by", EndedBy.VICTORY)
        super().__init__(*args, **kwargs)
        # Players who dropped before this game take no part in it (SPEC §4): they are shown
        # as dropped, never offered as its winner and never asked a count.
        self.dropped = [p for p in players if p.pk in dropped]
        self.players = [p for p in players if p.pk not in dropped]
        if not offer_time and self.initial.get("ended_by") != EndedBy.TIME:
            # Shown only once time was called; a posted "time" still gets the engine's reason.
            self.fields["ended_by"].widget.choices = [
                c for c in EndedBy.choices if c[0] != EndedBy.TIME
            ]
        if correction:  # the audit trail says why an accepted result changed
            self.fields["reason"] = forms.CharField(
                label=_("Why is it corrected?"),
                max_length=300,
                error_messages={"required": _("Say why the result is corrected.")},
                widget=forms.TextInput(attrs={"autocomplete": "off"}),
            )
        # The winner is a plain value (not a checked choice): the engine says if it is seated.
        self.fields["winner"].widget = forms.RadioSelect(
            choices=[*_winner_choices(self.players), (DRAW, _("Draw (no winner)"))]
        )
        labels = {
            "unrazed": _("unrazed realms"),
            "razed": _("razed realms"),
            "holdings": _("holdings"),
        }
        for player in self.players:
            for count in COUNTS:
                label = f"{player.name}: {labels[count]}"
                self.fields[f"{count}_{player.pk}"] = forms.CharField(
                    label=label, required=False, widget=_count_widget(label)
                )

    def rows(self) -> list[dict]:
        """Per player: the player and its bound count fields (for the template)."""
        # Team Spirit: partners one under the other (seats alternate teams), so the judge
        # reads a team's count as its two lines.
        first_seen = {}
        for index, player in enumerate(self.players):
            first_seen.setdefault(getattr(player, "team_name", "") or player.pk, index)
        ordered = sorted(
            self.players,
            key=lambda p: first_seen[getattr(p, "team_name", "") or p.pk],
        )
        return [
            {"player": p, **{count: self[f"{count}_{p.pk}"] for count in COUNTS}} for p in ordered
        ]

    def dropped_rows(self) -> list[dict]:
        """The players who dropped before this game (shown, with no field)."""
        return [{"player": p, "dropped": True} for p in self.dropped]

    def game_data(self) -> GameData:
        """The submitted game for the service (only counts that were filled in)."""
        data = self.cleaned_data
        counts = {count: {} for count in COUNTS}
        for player in self.players:
            for count in COUNTS:
                raw = data.get(f"{count}_{player.pk}") or ""
                if raw.strip():
                    counts[count][engine_id(player.pk)] = parse_count(raw)
        winner = data["winner"]
        winner_id = None if winner == DRAW else _player_id(winner)
        return GameData(winner_id, data["ended_by"], **counts)


def _winner_choices(players) -> list[tuple[str, str]]:
    """One choice per player; in Team Spirit one per team, "Harpers (Karen & Lucas)": the
    engine reads a member's win as his team's, so the first member seated stands for it."""
    choices: dict[object, tuple[str, str, list[str]]] = {}
    for player in players:
        team = getattr(player, "team_name", "")
        key = team or player.pk
        choices.setdefault(key, (engine_id(player.pk), team, []))[2].append(player.name)
    return [
        (value, f"{team} ({' & '.join(names)})" if team else names[0])
        for value, team, names in choices.values()
    ]


def _player_id(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        return 0  # never a player: the engine reports "not seated"


def place_label(place: int) -> str:
    """ "1st place", "2nd place"… in the active language."""
    labels = {1: _("1st place"), 2: _("2nd place"), 3: _("3rd place"), 4: _("4th place")}
    return str(labels.get(place, _("Place %(n)s") % {"n": place}))


class TiebreakForm(forms.Form):
    """For each tied group, which player takes each of its places (best first)."""

    def __init__(self, *args, groups=(), names=None, **kwargs):
        """``groups``: (tied players, the first place they share), as the selectors give."""
        super().__init__(*args, **kwargs)
        names = names or {}
        self.groups = [list(g) for g, _first in groups]
        for g, (group, first) in enumerate(groups):
            choices = [("", "—")] + [(p, names.get(p, p)) for p in group]
            for offset in range(len(group)):
                self.fields[f"g{g}_{offset}"] = forms.ChoiceField(
                    label=place_label(first + offset),
                    choices=choices,
                    initial=group[offset],
                )

    def group_fields(self) -> list[list]:
        return [
            [self[f"g{g}_{i}"] for i in range(len(group))] for g, group in enumerate(self.groups)
        ]

    def clean(self):
        data = super().clean()
        for g, group in enumerate(self.groups):
            chosen = [data.get(f"g{g}_{i}") for i in range(len(group))]
            if sorted(c or "" for c in chosen) != sorted(group):
                raise forms.ValidationError(_("Put each tied player in exactly one place."))
        return data

    def orders(self) -> list[list[str]]:
        return [
            [self.cleaned_data[f"g{g}_{i}"] for i in range(len(group))]
            for g, group in enumerate(self.groups)
        ]
