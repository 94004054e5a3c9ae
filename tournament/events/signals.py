"""Signals other apps listen to without the events app importing them."""

from django.dispatch import Signal

# Sent after commit once the recompute pipeline stored new figures of an event; kwarg: event.
results_changed = Signal()
# Sent after commit once a game result or a tie-break decision was stored; kwarg: event.
results_confirmed = Signal()
