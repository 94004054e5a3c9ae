from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from tournament.notifications import push
from tournament.notifications.kinds import Kind
from tournament.notifications.models import Preferences


class PreferencesForm(forms.ModelForm):
    """E-mails and phone notifications on or off, the language they are written in, and
    which kinds to receive (a kind turned off is off on both channels)."""

    wanted = forms.MultipleChoiceField(
        label=_("Tell me about"),
        choices=Kind.choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    class Meta:
        model = Preferences
        fields = ["email", "push", "language"]
        widgets = {"language": forms.Select(choices=settings.LANGUAGES)}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["language"].required = True  # saved here, it is a choice
        if not push.offered():  # no VAPID keys: the site sends no phone notifications
            del self.fields["push"]
        self.fields["wanted"].initial = [k for k in Kind.values if k not in self.instance.muted]

    def save(self, commit: bool = True) -> Preferences:
        wanted = set(self.cleaned_data["wanted"])
        self.instance.muted = [k for k in Kind.values if k not in wanted]
        return super().save(commit=commit)
