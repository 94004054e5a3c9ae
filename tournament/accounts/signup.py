"""Sign-up that reveals nothing, and the link that confirms an address.

The sign-up page answers the same whether the username or the e-mail address is taken or
not: "we sent you an e-mail". What differs is the e-mail, and only the address's owner reads
it:

- a new username and a new address: the account is made, unconfirmed, and the address gets
  the link that confirms it;
- an address that already has an account: no account is made; its owner is told that someone
  tried to sign up with it (and how to sign in or reset the password);
- a new address with a taken username: no account is made; the address is told to choose
  another username.

Every case renders its e-mail in the request and hands it to the same task
(`accounts.tasks.send_later`), and every case hashes the password once, so the answer's time
does not tell them apart either. The e-mails about a taken name or address are limited per
address (`RATE_LIMITS["signup-email"]`): past it the answer is the same and nothing is sent.

A link is `django.core.signing` of the account and its address, valid `LINK_MAX_AGE`; it
confirms the address only while the account still has that address.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.core import signing
from django.db import IntegrityError
from django.http import HttpRequest
from django.template import loader
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.accounts import preferences
from tournament.accounts.api_tokens import forget_tokens
from tournament.accounts.models import Player
from tournament.accounts.tasks import send_later
from tournament.core.ratelimit import over_limit, posted_email

LINK_SALT = "tournament.accounts.confirm-email"
LINK_MAX_AGE = datetime.timedelta(days=3)


def absolute(request: HttpRequest, path: str) -> str:
    """A link for an e-mail: `SITE_URL` + path when the site knows its public address, else
    the address the request came to (a host `ALLOWED_HOSTS` accepted)."""
    if settings.SITE_URL:
        return settings.SITE_URL.rstrip("/") + path
    return request.build_absolute_uri(path)


def _send(template: str, subject, to: str, context: dict, language: str) -> None:
    """Render an e-mail in `language` now and hand it to the task that sends it."""
    with translation.override(language):
        body = loader.render_to_string(template, context)
        subject = settings.EMAIL_SUBJECT_PREFIX + str(subject)
    send_later(subject, body, to)


def _language_of(user: User) -> str:
    chosen = preferences.chosen(user)
    return preferences.reading_language(chosen.language if chosen is not None else None)


# --- the confirmation link ----------------------------------------------------------------


def confirmation_token(user: User) -> str:
    return signing.dumps({"u": user.pk, "e": user.email.casefold()}, salt=LINK_SALT)


def send_confirmation(request: HttpRequest, user: User, language: str | None = None) -> None:
    """Mail the account's address the link that confirms it."""
    path = reverse("accounts:confirm_email", args=[confirmation_token(user)])
    context = {
        "name": user.player.name,
        "username": user.get_username(),
        "number": user.player.player_number,
        "link": absolute(request, path),
        "days": LINK_MAX_AGE.days,
    }
    _send(
        "registration/signup_confirm_email.html",
        gettext_lazy("Confirm your e-mail address"),
        user.email,
        context,
        language or _language_of(user),
    )


@dataclass(frozen=True)
class Confirmation:
    """What a link did: the account it confirmed, or why it did nothing."""

    user: User | None
    problem: str = ""


def confirm_address(token: str) -> Confirmation:
    """Confirm the address a link names, if the link is genuine, fresh and the account still
    has that address."""
    try:
        data = signing.loads(token, salt=LINK_SALT, max_age=LINK_MAX_AGE)
    except signing.SignatureExpired:
        return Confirmation(
            None,
            _("This link has expired. Sign in and ask for a new one on your profile page."),
        )
    except signing.BadSignature:
        return Confirmation(None, _("This link is not valid. Check that you copied all of it."))
    if not isinstance(data, dict) or not isinstance(data.get("u"), int):
        return Confirmation(None, _("This link is not valid. Check that you copied all of it."))
    user = User.objects.filter(pk=data["u"]).select_related("player").first()
    if user is None or user.email.casefold() != data.get("e"):
        return Confirmation(None, _("This link is for an address the account no longer has."))
    Player.objects.filter(user=user).update(email_verified=True)
    forget_tokens(user.pk)  # an update saves no player: his tokens' lookups carry the old one
    return Confirmation(user)


# --- sign-up ------------------------------------------------------------------------------


def _owner_of(email: str) -> User | None:
    return User.objects.filter(email__iexact=email).first()


def _name_taken(username: str) -> bool:
    return User.objects.filter(username__iexact=username).exists()


def _tell_taken(request: HttpRequest, form, language: str) -> bool:
    """Mail the posted address about a taken address or username; False when neither is
    taken. The password is hashed as a new account's would be (the same time)."""
    data = form.cleaned_data
    owner = _owner_of(data["email"])
    if owner is None and not _name_taken(data["username"]):
        return False
    make_password(data["password1"])
    if over_limit(request, "signup-email", posted_email):
        return True  # the same answer; this address had its share of these e-mails
    if owner is not None:
        _send(
            "registration/signup_address_taken_email.html",
            gettext_lazy("Someone tried to sign up with your address"),
            owner.email,
            {
                "username": owner.get_username(),
                "login": absolute(request, reverse("login")),
                "reset": absolute(request, reverse("password_reset")),
            },
            _language_of(owner),
        )
    else:
        _send(
            "registration/signup_name_taken_email.html",
            gettext_lazy("That username is taken"),
            data["email"],
            {"username": data["username"], "signup": absolute(request, reverse("accounts:signup"))},
            language,
        )
    return True


def sign_up(request: HttpRequest, form, language: str) -> User | None:
    """Make the account a valid sign-up form describes (unconfirmed, see `SignUpForm.save`;
    its link mailed), or mail the address why not. Returns the new account or None: the
    page answers the same either way."""
    if _tell_taken(request, form, language):
        return None
    try:
        user = form.save()
    except IntegrityError:
        # A simultaneous sign-up took the address or the username after the look-ups.
        if _tell_taken(request, form, language):
            return None
        raise
    send_confirmation(request, user, language)
    return user
