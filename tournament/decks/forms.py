"""The decklist paste form (validated live with htmx)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.decklist import MAX_DECKLIST_CHARS

DECK_HELP = _(
    "One card a line: “Shaqat Beetles”, “3 Shaqat Beetles”, “Menzoberranzan (4th/001)”. "
    "Type headings like “Realms:” are optional; a “Sideboard:” heading starts the sideboard."
)


class DecklistForm(forms.Form):
    text = forms.CharField(
        label=_("Decklist"),
        required=False,
        max_length=MAX_DECKLIST_CHARS,
        help_text=DECK_HELP,
        widget=forms.Textarea(attrs={"rows": 24, "spellcheck": "false", "class": "deck-text"}),
    )
    sideboard_text = forms.CharField(
        label=_("Sideboard (exactly 7 cards)"),
        required=False,
        max_length=MAX_DECKLIST_CHARS,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "class": "deck-text"}),
    )
    sideboard_opt_out = forms.BooleanField(
        label=_("I play without a sideboard"),
        required=False,
        help_text=_("Tick this instead of listing seven cards; your opponents must be told."),
    )
    reason = forms.CharField(
        label=_("Reason for the change"),
        required=False,
        max_length=2000,
        help_text=_("Required: the list is locked since round 1 was seated."),
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(
        self, *args, sideboard: bool, reason_required: bool, validate_url: str, **kwargs
    ) -> None:
        super().__init__(*args, **kwargs)
        if not sideboard:
            del self.fields["sideboard_text"]
            del self.fields["sideboard_opt_out"]
        if reason_required:
            self.fields["reason"].required = True
        else:
            del self.fields["reason"]
        live = {
            "hx-post": validate_url,
            "hx-trigger": "input changed delay:600ms, paste delay:50ms",
            "hx-target": "#deck-report",
            "hx-include": "#decklist-form",
            "hx-sync": "closest form:replace",
        }
        for name in ("text", "sideboard_text"):
            if name in self.fields:
                self.fields[name].widget.attrs.update(live)
        if "sideboard_opt_out" in self.fields:
            self.fields["sideboard_opt_out"].widget.attrs.update({**live, "hx-trigger": "change"})


class SwapForm(forms.Form):
    """One player's swap: one card out of the deck, one card in from the sideboard."""

    game_number = forms.IntegerField(label=_("Before game"), min_value=2, max_value=99)
    out_card = forms.ChoiceField(label=_("Out of the deck"))
    in_card = forms.ChoiceField(label=_("In from the sideboard"))

    def __init__(
        self,
        *args,
        out_choices: list[tuple[str, str]],
        in_choices: list[tuple[str, str]],
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["out_card"].choices = out_choices
        self.fields["in_card"].choices = in_choices
