"""Sign-up and profile forms."""

from django import forms
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.contrib.auth.models import User
from django.db import transaction
from django.template import loader
from django.utils.translation import gettext_lazy as _

from tournament.accounts.models import ApiToken, Player
from tournament.accounts.tasks import send_later


class SignUpForm(UserCreationForm):
    name = forms.CharField(label=_("Full name"), max_length=120)
    email = forms.EmailField(label=_("Email"), help_text=_("Used to reset your password."))
    country = forms.CharField(label=_("Country"), max_length=60, required=False)
    region = forms.CharField(label=_("Region"), max_length=60, required=False)
    club = forms.CharField(label=_("Club / team"), max_length=120, required=False)

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_email(self) -> str:
        email = self.cleaned_data["email"]
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this email already exists."))
        return email

    def save(self, commit: bool = True) -> User:
        with transaction.atomic():
            user = super().save(commit=True)
            Player.create_for_user(
                user,
                name=self.cleaned_data["name"],
                country=self.cleaned_data["country"],
                region=self.cleaned_data["region"],
                club=self.cleaned_data["club"],
            )
        return user


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ("name", "country", "region", "club")


class QueuedPasswordResetForm(PasswordResetForm):
    """Django's reset form, whose e-mail is rendered here and sent by a task."""

    def send_mail(
        self,
        subject_template_name,
        email_template_name,
        context,
        from_email,
        to_email,
        html_email_template_name=None,
    ):
        subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
        body = loader.render_to_string(email_template_name, context)
        html = (
            loader.render_to_string(html_email_template_name, context)
            if html_email_template_name
            else None
        )
        send_later(subject, body, to_email, html)


class ApiTokenForm(forms.Form):
    name = forms.CharField(
        label=_("Name"), max_length=80, help_text=_("What uses it, e.g. “Discord bot”.")
    )
    scopes = forms.MultipleChoiceField(
        label=_("It may"),
        choices=ApiToken.Scope.choices,
        widget=forms.CheckboxSelectMultiple,
        initial=[ApiToken.Scope.READ],
    )
