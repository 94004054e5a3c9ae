"""Calling the API as an integrator does: a JSON body, a bearer token, an idempotency key."""

import uuid

from django.test import Client


def post_json(client: Client, url: str, body: dict, token: str, key: uuid.UUID | None = None):
    """POST `body` as JSON with the token and a fresh (or the given) Idempotency-Key."""
    return client.post(
        url,
        body,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
        HTTP_IDEMPOTENCY_KEY=str(key or uuid.uuid4()),
    )
