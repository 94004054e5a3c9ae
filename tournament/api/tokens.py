"""API authentication by personal token (`Authorization: Bearer sft_…`), each limited to its
scopes (`ApiToken.Scope`); tokens are made and revoked in `accounts/api_tokens.py`. An app's
OAuth 2.0 access token (also a Bearer, without the `sft_` prefix) is read by
django-oauth-toolkit's `OAuth2Authentication` and holds the same scopes
(`accounts/oauth.py`)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.contrib.django_oauth_toolkit import DjangoOAuthToolkitScheme
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.plumbing import build_bearer_security_scheme_object
from oauth2_provider.contrib.rest_framework import OAuth2Authentication
from oauth2_provider.models import AccessToken
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication
from rest_framework.permissions import BasePermission

from tournament.accounts.api_tokens import TOKEN_PREFIX, active_token, used
from tournament.accounts.models import ApiToken

# last_used_at is written at most this often per token (not on every request).
LAST_USED_PRECISION = timedelta(minutes=1)


class BearerTokenAuthentication(BaseAuthentication):
    """`Authorization: Bearer sft_…`; a bad or revoked token is a 401, never a session."""

    keyword = "Bearer"

    def authenticate(self, request):
        header = request.META.get("HTTP_AUTHORIZATION", "")
        keyword, _space, raw = header.partition(" ")
        if not header:
            return None
        if keyword != self.keyword:  # Basic, Token…: say what the API takes, not "no credentials"
            raise exceptions.AuthenticationFailed(
                _(
                    "The API does not accept the %(scheme)s scheme: send a token as "
                    "Authorization: Bearer <token>."
                )
                % {"scheme": keyword[:20]}
            )
        if not raw.strip().startswith(TOKEN_PREFIX):
            return None  # an app's OAuth access token: `OAuth2Authentication` reads it
        # The account's player profile comes too: the role checks read it (`player_of`).
        token = active_token(raw.strip())
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("The API token is unknown or revoked."))
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_PRECISION:
            used(token, now)
        return token.user, token

    def authenticate_header(self, request) -> str:
        return self.keyword  # 401 (not 403) with WWW-Authenticate: Bearer


class AppTokenAuthentication(OAuth2Authentication):
    """An app's OAuth 2.0 access token (django-oauth-toolkit); a Bearer token that is
    neither a personal token nor a live access token is a 401, never an anonymous request."""

    def authenticate(self, request):
        found = super().authenticate(request)
        keyword, _space, _raw = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
        if found is None and keyword == BearerTokenAuthentication.keyword:
            raise exceptions.AuthenticationFailed(_("The API token is unknown or revoked."))
        return found


def has_scope(request, scope: str) -> bool:
    """A token needs the scope (a personal token's, or the scopes a person granted an app
    through OAuth); the site's own pages (a session) act as their user."""
    if isinstance(request.auth, ApiToken):
        return scope in request.auth.scopes
    if isinstance(request.auth, AccessToken):
        return request.auth.is_valid([scope])
    return request.user is not None and request.user.is_authenticated


class Scoped(BasePermission):
    """Signed in (token or session) and, with a token, holding the view's `scope`."""

    message = gettext_lazy("This API token does not have the scope this operation needs.")

    def has_permission(self, request, view) -> bool:
        if not (request.user and request.user.is_authenticated):
            raise exceptions.NotAuthenticated()
        return has_scope(request, view.scope)


class BearerTokenScheme(OpenApiAuthenticationExtension):
    """The token in the OpenAPI schema: `Authorization: Bearer sft_…`."""

    target_class = BearerTokenAuthentication
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return build_bearer_security_scheme_object(
            header_name="Authorization", token_prefix=BearerTokenAuthentication.keyword
        )


class AppTokenScheme(DjangoOAuthToolkitScheme):
    """An app's token in the schema: the OAuth 2.0 authorization code flow."""

    target_class = AppTokenAuthentication
