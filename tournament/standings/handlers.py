"""What the standings follow, subscribed in `tournament/site/subscriptions.py`.

Announced by the services below (`core/happenings.py`): a game confirmed, a tie-break
decided, an event's fields or judges edited; each handler calls the recompute pipeline with
the objects the happening carries (nothing is read again), in the service's transaction.

Model signals (any app or the admin renames players and regions): a player or a region
saved.
"""

from tournament.core.fragments import bump
from tournament.events.happenings import EventChanged
from tournament.results.happenings import GamesConfirmed, TiebreakDecided
from tournament.standings import recompute


def games_confirmed(happening: GamesConfirmed) -> None:
    recompute.refresh_bracket(happening.bracket, games=list(happening.games))


def tiebreak_decided(happening: TiebreakDecided) -> None:
    recompute.refresh_bracket(happening.bracket)


def event_changed(happening: EventChanged) -> None:
    changed = happening.changed
    recompute.event_edited(
        happening.event, changed - {"judges"}, judges_changed="judges" in changed
    )


def player_saved(sender, instance, created, raw=False, **kwargs) -> None:
    if created or raw:
        return
    # Tables show players' names, numbers, clubs and countries: cached renderings must go;
    # stored officials' lists copy the name and number.
    bump("players")
    recompute.players_renamed(instance)


def region_saved(sender, instance, raw=False, **kwargs) -> None:
    # Ranking and league tables show region names: renamed, their cached renderings must go.
    if not raw:
        bump("players")
