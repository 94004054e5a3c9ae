"""Signals other apps listen to without the events app importing them."""

from django.dispatch import Signal

# Sent (inside the transaction) after `engine.refresh_results` stored new results; kwarg: event.
results_changed = Signal()
