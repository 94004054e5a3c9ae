"""Personal API tokens: made by their owner on the account page (the secret shown once, only
its SHA-256 kept) and revoked there.

A token's lookup (the token, its user and the user's player profile) is kept in the cache
for `TOKEN_CACHE_SECONDS`: the busiest writes of the site (judges' results through the
API) then read the database for their work only. What the lookup carries is forgotten as
soon as it changes: a token revoked, renamed or deleted, its owner's account or player
profile saved or deleted (`forget_token`, `forget_tokens`, connected by the site's
subscriptions), at once and again after the commit. Not `core/memo.py`'s versioned facts:
the key here comes from whatever secret a client sends, and a memo's version key is kept
for ever; only found tokens are kept, for a short while. A cache that lost writes while
Redis was away starts a new generation when it is back (`core/cache.py`): nothing
forgotten meanwhile is served.
"""

from __future__ import annotations

import hashlib
import secrets

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from tournament.accounts.models import ApiToken

TOKEN_PREFIX = "sft_"
TOKEN_CACHE_SECONDS = 30
TOKEN_CACHE_KEY = "api-token:{digest}"


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


def active_token(raw: str) -> ApiToken | None:
    """The unrevoked token whose secret is ``raw``, with its user and the user's player
    profile (None: no such token, or revoked)."""
    if not raw.startswith(TOKEN_PREFIX):
        return None
    hashed = digest(raw)
    key = TOKEN_CACHE_KEY.format(digest=hashed)
    token = cache.get(key)
    if token is None:
        token = (
            ApiToken.objects.select_related("user__player")
            .filter(digest=hashed, revoked_at=None)
            .first()
        )
        if token is not None:
            cache.set(key, token, TOKEN_CACHE_SECONDS)
    return token


def used(token: ApiToken, now) -> None:
    """Store when the token was last used (its cached lookup too: read with the time)."""
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    token.last_used_at = now
    cache.set(TOKEN_CACHE_KEY.format(digest=token.digest), token, TOKEN_CACHE_SECONDS)


def forget_token(token: ApiToken) -> None:
    """The token is looked up in the database again from now on."""
    _forget([TOKEN_CACHE_KEY.format(digest=token.digest)])


def forget_tokens(user_id: int | None) -> None:
    """Every token of the user is looked up in the database again from now on."""
    if user_id is not None:
        digests = ApiToken.objects.filter(user_id=user_id).values_list("digest", flat=True)
        _forget([TOKEN_CACHE_KEY.format(digest=d) for d in digests])


def _forget(keys: list[str]) -> None:
    # Now, and again after the commit: a request that read the old row before the commit
    # may have cached it meanwhile.
    if keys:
        cache.delete_many(keys)
        transaction.on_commit(lambda: cache.delete_many(keys), robust=True)


def token_saved(sender, instance: ApiToken, **kwargs) -> None:
    forget_token(instance)


def user_saved(sender, instance, **kwargs) -> None:
    """An account saved or deleted (active, superuser): its tokens' lookups carry the old."""
    forget_tokens(instance.pk)


def player_saved(sender, instance, **kwargs) -> None:
    """A player profile saved or deleted (name, confirmed address): the same for its user."""
    forget_tokens(instance.user_id)
