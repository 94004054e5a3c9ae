from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.webhooks.models import Kind, Webhook


class WebhookForm(forms.ModelForm):
    url = forms.URLField(
        label=_("URL"),
        max_length=500,
        assume_scheme="https",
        help_text=_("Where to POST the notifications, e.g. a Discord channel's webhook URL."),
    )
    kinds = forms.MultipleChoiceField(
        label=_("Notifications"),
        choices=Kind.choices,
        initial=Kind.values,
        widget=forms.CheckboxSelectMultiple,
    )

    class Meta:
        model = Webhook
        fields = ["url", "kinds"]
