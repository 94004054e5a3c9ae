"""What the printed documents follow, subscribed in `tournament/site/subscriptions.py`."""

from django.db import transaction

from tournament.printing.services import refresh_stale_documents
from tournament.standings.happenings import FiguresStored


def figures_stored(happening: FiguresStored) -> None:
    """Documents printing the event's figures are rendered again once they are committed;
    robust: a queue that is down never turns a saved result into an error."""
    event = happening.event
    transaction.on_commit(lambda: refresh_stale_documents(event), robust=True)
