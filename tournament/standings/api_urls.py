"""Versioned read-only JSON API (mounted under /api/)."""

urlpatterns: list = []
