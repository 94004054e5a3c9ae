from django import forms
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from tournament.webhooks.models import Format, Kind, Webhook


class WebhookForm(forms.ModelForm):
    url = forms.URLField(
        label=_("URL"),
        max_length=500,
        assume_scheme="https",
        help_text=_("Where to POST the notifications, e.g. a Discord channel's webhook URL."),
    )
    format = forms.ChoiceField(
        label=_("Format"),
        choices=Format.choices,
        initial=Format.GENERIC,
        required=False,  # left out (an older script posting the form): the generic JSON
        help_text=_(
            "Discord or Slack: a chat message for that service's incoming webhook URL. "
            "Generic JSON: the signed data described above, for your own program."
        ),
    )
    language = forms.ChoiceField(
        label=_("Language of the messages"),
        choices=settings.LANGUAGES,
        required=False,  # left out: the organizer's language
        help_text=_("Discord and Slack messages are written in this language."),
    )
    kinds = forms.MultipleChoiceField(
        label=_("Notifications"),
        choices=Kind.choices,
        initial=Kind.values,
        widget=forms.CheckboxSelectMultiple,
    )

    class Meta:
        model = Webhook
        fields = ["url", "format", "language", "kinds"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The organizer's own language by default (the one the page is shown in).
        current = translation.get_language() or settings.LANGUAGE_CODE
        known = {code for code, _name in settings.LANGUAGES}
        self.fields["language"].initial = current if current in known else settings.LANGUAGE_CODE

    def clean_format(self) -> str:
        return self.cleaned_data.get("format") or Format.GENERIC

    def clean_language(self) -> str:
        return self.cleaned_data.get("language") or self.fields["language"].initial
