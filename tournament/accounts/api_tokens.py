"""Personal API tokens: made by their owner on the account page (the secret shown once, only
its SHA-256 kept) and revoked there."""

from __future__ import annotations

import hashlib
import secrets

from django.utils import timezone

from tournament.accounts.models import ApiToken

TOKEN_PREFIX = "sft_"


def digest(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def make_token(user, name: str, scopes: list[str]) -> tuple[ApiToken, str]:
    """A new token and its secret text (shown once: only its digest is kept)."""
    raw = TOKEN_PREFIX + secrets.token_urlsafe(32)
    known = set(ApiToken.Scope.values)
    token = ApiToken.objects.create(
        user=user,
        name=name.strip()[:80] or "API",
        digest=digest(raw),
        prefix=raw[:12],
        scopes=[s for s in ApiToken.Scope.values if s in set(scopes) & known],
    )
    return token, raw


def revoke(token: ApiToken) -> None:
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
