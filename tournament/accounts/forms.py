"""Sign-up and profile forms."""

from django import forms
from django.conf import settings
from django.contrib.auth.forms import BaseUserCreationForm, PasswordResetForm, UserCreationForm
from django.contrib.auth.models import User
from django.db import transaction
from django.template import loader
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django_countries import countries

from tournament.accounts import preferences
from tournament.accounts.locations import choices_with_country
from tournament.accounts.models import ApiToken, Player, Region
from tournament.accounts.tasks import send_later
from tournament.core.timezones import time_zone_names

OTHER_REGION = "other"  # the region choice of a player whose region is not in the list


class RegionSelect(forms.Select):
    """A select of regions: each option whose label is a `locations.RegionLabel` carries its
    country as `data-country`, and the select names the form's country field in
    `data-country-of`; `static/js/site.js` then shows only the chosen country's regions."""

    def __init__(self, attrs=None, country_field: str = "country", choices=()):
        super().__init__({"data-country-of": country_field, **(attrs or {})}, choices)

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        country = getattr(label, "country", "")
        if country:
            option["attrs"]["data-country"] = country
        return option


def region_choices() -> list[tuple[str, str]]:
    """Every region (the page shows the chosen country's), then “other”."""
    regions = Region.objects.order_by("name", "country")
    return [
        ("", "—"),
        *choices_with_country(regions, lambda r: str(r.pk)),
        (OTHER_REGION, _("Other (write it below)")),
    ]


def country_choices() -> list[tuple[str, str]]:
    """Every ISO country, named and sorted in the active language, after an empty choice."""
    return [("", "—"), *((code, str(name)) for code, name in countries)]


class LocationFields(forms.Form):
    """Country (a select of ISO countries, names in the page's language), region (a select of
    the regions of that country, or “other”) and a note for a region not in the list."""

    # A callable: the names are sorted and translated in each request's language (choices
    # taken from the model field at import would stay in the language of the first import).
    country = forms.ChoiceField(label=_("Country"), required=False, choices=country_choices)
    region = forms.ChoiceField(
        label=_("Region"), required=False, choices=region_choices, widget=RegionSelect
    )
    location_note = forms.CharField(
        label=_("Region not in the list"),
        max_length=200,
        required=False,
        help_text=_("If your region is not in the list, choose “Other” and write it here."),
    )

    def clean(self):
        cleaned = super().clean()
        choice = cleaned.get("region") or ""
        country = cleaned.get("country") or ""
        note = (cleaned.get("location_note") or "").strip()
        region = None
        if choice == OTHER_REGION:
            if not note:
                self.add_error(
                    "location_note", _("Write your region, or choose one from the list.")
                )
        elif choice:
            region = Region.objects.filter(pk=choice).first()
            if region is None:
                self.add_error("region", _("Choose a region from the list."))
            elif not country:
                cleaned["country"] = str(region.country)
            elif str(region.country) != country:
                self.add_error("region", _("This region is not in the chosen country."))
            note = ""  # a region from the list: the note is no longer needed
        if "region" not in self.errors:
            cleaned["region"] = region
        if "location_note" not in self.errors:
            cleaned["location_note"] = note
        return cleaned

    def location_initial(self, player: Player | None) -> None:
        """Shows the player's region (or “other” when he wrote one) as chosen."""
        if player is not None and not self.is_bound:
            if player.region_id:
                self.initial["region"] = str(player.region_id)
            elif player.location_note:
                self.initial["region"] = OTHER_REGION

    def location(self) -> dict:
        """The cleaned country, region and note, as `Player` fields."""
        return {name: self.cleaned_data[name] for name in ("country", "region", "location_note")}


def language_field() -> forms.ChoiceField:
    """Not required: a form posted without it keeps the page's language (sign-up) or the
    language chosen before (profile)."""
    return forms.ChoiceField(
        label=_("Language of my e-mails"),
        choices=settings.LANGUAGES,
        required=False,
        help_text=_("Notifications are written in this language, dates and numbers too."),
    )


def set_mail_language(user, language: str) -> None:
    preferences.keep(user, language=language)


class SignUpForm(LocationFields, BaseUserCreationForm):
    """The sign-up fields. Whether the username or the address is taken is not the form's
    business: the sign-up (`accounts.signup.sign_up`) answers the same either way and tells
    the address's owner by e-mail."""

    name = forms.CharField(label=_("Full name"), max_length=120)
    email = forms.EmailField(
        label=_("Email"),
        help_text=_("We send a link to confirm it; also used to reset your password."),
    )
    club = forms.CharField(label=_("Club / team"), max_length=120, required=False)
    language = language_field()
    field_order = [
        *("username", "email", "password1", "password2", "name"),
        *("country", "region", "location_note", "club", "language"),
    ]

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def validate_unique(self) -> None:
        """No "already exists" error: that would tell anyone which names and addresses have
        an account (the database still refuses a second one)."""

    def save(self, commit: bool = True) -> User:
        """The account and its player, whose address is not confirmed yet."""
        with transaction.atomic():
            user = super().save(commit=True)
            Player.create_for_user(
                user,
                name=self.cleaned_data["name"],
                club=self.cleaned_data["club"],
                email_verified=False,
                **self.location(),
            )
            chosen = self.cleaned_data.get("language") or translation.get_language()
            set_mail_language(user, preferences.supported_language(chosen))
        return user


def zone_choices() -> list[tuple[str, str]]:
    return [
        ("", _("The site's (%(zone)s)") % {"zone": settings.TIME_ZONE}),
        *((name, name) for name in time_zone_names()),
    ]


class ProfileForm(LocationFields, forms.ModelForm):
    language = language_field()
    time_zone = forms.ChoiceField(
        label=_("My time zone"),
        choices=zone_choices,
        required=False,
        help_text=_("For times on pages that are not an event's: an event shows its own zone."),
    )

    class Meta:
        model = Player
        fields = ("name", "country", "region", "location_note", "club")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.location_initial(self.instance)
        if self.instance.user_id and not self.is_bound:
            prefs = preferences.chosen_or_default(self.instance.user)
            self.initial.update(language=prefs.language, time_zone=prefs.time_zone)

    def save(self, commit: bool = True) -> Player:
        with transaction.atomic():
            player = super().save(commit=commit)
            if commit and player.user_id:
                chosen = {}
                if self.cleaned_data.get("language"):
                    chosen["language"] = self.cleaned_data["language"]
                if "time_zone" in self.data:  # a page without the field keeps the choice
                    chosen["time_zone"] = self.cleaned_data.get("time_zone") or ""
                if chosen:
                    preferences.keep(player.user, **chosen)
        return player


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
        # In the language of the account's owner, not of whoever typed the address.
        found = preferences.chosen(context["user"])
        language = preferences.reading_language(found.language if found else None)
        with translation.override(language):
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
