"""The decklist form: a paste box (validated live with htmx) and a file upload beside it."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scoring.decklist import text_limit_problems
from tournament.core.issues import deck_message
from tournament.decks.services.checking import MAX_UPLOAD_BYTES, decklist_from_file

DECK_HELP = _(
    "One card a line: “Shaqat Beetles”, “3 Shaqat Beetles”, “Menzoberranzan (4th/001)”, "
    "“4th/210 Myrmidons”. Type headings like “Realms:” or “Realm (12)” are optional; a "
    "“Sideboard:” heading starts the sideboard. CrossFire's printed deck, a CrossFire (.cfd) "
    "or LackeyCCG (.dek) deck file and tables copied from web pages can be pasted as they are."
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
    upload = forms.FileField(
        label=_("Or upload a file"),
        required=False,
        help_text=_(
            "A CrossFire deck file (.cfd), a LackeyCCG deck file (.dek) or a text list (.txt); "
            "it replaces the text above."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".cfd,.dek,.txt,text/plain"}),
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

    def _within_limits(self, name: str) -> str:
        """A box's text, refused with the deck check's own messages when it is too long (the
        line too long named by its number)."""
        text = self.cleaned_data.get(name, "")
        too_big = text_limit_problems(text)
        if too_big:
            raise ValidationError([deck_message(p) for p in too_big])
        return text

    def clean_text(self):
        return self._within_limits("text")

    def clean_sideboard_text(self):
        return self._within_limits("sideboard_text")

    def clean_upload(self):
        """An uploaded file's list (a .cfd file read as its typed list), checked for size and
        kind before anything else reads it."""
        upload = self.cleaned_data.get("upload")
        if not upload:
            return ""
        if upload.size is not None and upload.size > MAX_UPLOAD_BYTES:
            raise ValidationError(
                _("The file is too large: %(size)s bytes, at most %(max)s.")
                % {"size": upload.size, "max": MAX_UPLOAD_BYTES}
            )
        return decklist_from_file(upload.name or "", upload.read(MAX_UPLOAD_BYTES + 1))

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("upload"):
            cleaned["text"] = cleaned["upload"].replace("\r\n", "\n")
        return cleaned


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
