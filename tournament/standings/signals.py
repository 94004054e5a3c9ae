"""Signals the standings send to apps that depend on them (no import back into those apps)."""

from django.dispatch import Signal

# Sent with ``event=`` after a finished event's figures were stored again, or after its
# status, scored flag or date changed: its accepted ranking figures may no longer match
# (the review app re-opens an accepted review then, SPEC §9).
figures_changed = Signal()
