"""The decklist paste form (validated live with htmx)."""

from django import forms
from django.utils.translation import gettext_lazy as _

DECK_HELP = _(
    "One card a line: “Shaqat Beetles”, “3 Shaqat Beetles”, “Menzoberranzan (4th/001)”. "
    "Type headings like “Realms:” are optional; a “Sideboard:” heading starts the sideboard."
)


class DecklistForm(forms.Form):
    text = forms.CharField(
        label=_("Decklist"),
        required=False,
        help_text=DECK_HELP,
        widget=forms.Textarea(attrs={"rows": 24, "spellcheck": "false", "class": "deck-text"}),
    )
    sideboard_text = forms.CharField(
        label=_("Sideboard (exactly 7 cards)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "class": "deck-text"}),
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
