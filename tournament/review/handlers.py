"""What the review follows, subscribed in `tournament/site/subscriptions.py`."""

from tournament.review.services import reopen_if_changed
from tournament.standings.happenings import FiguresChanged


def figures_changed(happening: FiguresChanged) -> None:
    """A correction to an accepted event re-opens its review (SPEC §9)."""
    reopen_if_changed(happening.event)
