"""Apps that act for a person through OAuth 2.0 (django-oauth-toolkit): the authorization
code with PKCE, the scopes of the personal tokens (`ApiToken.Scope`), the person's
consent on `oauth2_provider/authorize.html`, and his authorized apps beside his tokens on
the account page (`accounts:api_tokens`), each revocable at once.

An app is registered by the site's administrators (Django admin: *Applications*, with its
exact redirect URIs); the API reads its access tokens as it reads personal ones
(`api/tokens.py: has_scope`)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from oauth2_provider.models import AccessToken, Application, Grant, RefreshToken
from oauth2_provider.scopes import BaseScopes

from tournament.accounts.models import ApiToken


class TokenScopes(BaseScopes):
    """The scopes an app may ask for: the personal tokens' (`SCOPES_BACKEND_CLASS`), worded
    in the reader's language on the consent page."""

    def get_all_scopes(self) -> dict[str, str]:
        return {value: str(label) for value, label in ApiToken.Scope.choices}

    def get_available_scopes(self, application=None, request=None, *args, **kwargs) -> list[str]:
        return list(ApiToken.Scope.values)

    def get_default_scopes(self, application=None, request=None, *args, **kwargs) -> list[str]:
        return [ApiToken.Scope.READ]


@dataclass(frozen=True)
class AuthorizedApp:
    application: Application
    scopes: list[str]
    authorized_at: object


def authorized_apps(user) -> list[AuthorizedApp]:
    """The apps holding a live access or refresh token of the person, with what they may."""
    now = timezone.now()
    live = AccessToken.objects.filter(user=user, expires__gt=now).select_related("application")
    refreshable = RefreshToken.objects.filter(user=user, revoked__isnull=True).select_related(
        "application", "access_token"
    )
    apps: dict[int, AuthorizedApp] = {}
    for token in [*live, *(r.access_token for r in refreshable if r.access_token)]:
        if token.application_id is None:
            continue
        known = apps.get(token.application_id)
        scopes = sorted(set(token.scope.split()) | set(known.scopes if known else ()))
        first = min(filter(None, [token.created, known and known.authorized_at]))
        apps[token.application_id] = AuthorizedApp(token.application, scopes, first)
    return sorted(apps.values(), key=lambda a: a.application.name.casefold())


def revoke_app(user, application: Application) -> None:
    """Everything the person granted the app, gone at once: its tokens and waiting codes."""
    with transaction.atomic():
        RefreshToken.objects.filter(user=user, application=application).delete()
        AccessToken.objects.filter(user=user, application=application).delete()
        Grant.objects.filter(user=user, application=application).delete()
