"""Why each wildcard was picked, in people's words: the engine's reason (points, unrazed
realms, games won, the recorded draw, the only candidate), stored on the closed round."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournament.core.issues import PARAM_WORDS
from tournament.events.models import Round


def reason_label(decided_by: str) -> str:
    """ "wildcard by points" and the like, translated."""
    return str(PARAM_WORDS.get(f"wildcard by {decided_by}", _("wildcard")))


def chosen_in(rnd: Round | None) -> dict[str, str]:
    """The wildcards a closed round picked, by engine player id, with why."""
    if rnd is None:
        return {}
    return {w["player"]: reason_label(w["decided_by"]) for w in rnd.wildcards or ()}


def seated_in(rnd: Round) -> dict[int, str]:
    """The wildcards seated in this round (picked by the round before), by player id."""
    if rnd.number <= 1:
        return {}
    previous = Round.objects.filter(event_id=rnd.event_id, number=rnd.number - 1).first()
    return {int(player): label for player, label in chosen_in(previous).items()}


def picked_labels(picks: dict[str, list[list]]) -> dict[int, str]:
    """Stored picks (`EventScoring.wildcards`) in words, by player id: "round 2: wildcard by
    points" (joined, for a player picked more than once)."""
    return {
        int(player): "; ".join(
            _("round %(number)d: %(why)s") % {"number": number, "why": reason_label(decided_by)}
            for number, decided_by in rounds
        )
        for player, rounds in picks.items()
    }
