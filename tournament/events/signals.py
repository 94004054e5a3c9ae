"""Signals other apps listen to without the events app importing them."""

from django.dispatch import Signal

# Sent after commit once the recompute pipeline stored new figures of an event; kwarg: event.
results_changed = Signal()
