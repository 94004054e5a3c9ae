"""Decklist rules for the site, one module per idea: `checking` (reading and validating a
list), `visibility` (who may see and change it, which lists are public), `saving` (drafts,
the lock, judges' changes, stored statuses), `display` (a list shaped for pages and the
printed sheet), `swaps` (sideboard swaps between games) and `deck_checks`. Callers import
from those modules."""
