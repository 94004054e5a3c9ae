"""Template helpers of one-on-one events (SPEC §11): what the projector and the overlay read
beside a round's matches. They read stored rows only."""

from django import template

from tournament.accounts.models import Player
from tournament.events.models import Round

register = template.Library()


@register.simple_tag
def bye_players(rnd: Round) -> list[Player]:
    """The players given a bye in this round (stored on the round), by name."""
    if not rnd.byes:
        return []
    return list(Player.objects.filter(pk__in=rnd.byes).order_by("name", "pk"))


@register.filter
def match_score(bracket) -> str:
    """A match's games won, seat by seat ("2–1"); a dash before its first game."""
    if bracket.state == bracket.State.WAITING:
        return "–"
    return "–".join(str(seat.figures.games_won) for seat in bracket.seats.all())
