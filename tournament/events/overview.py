"""An event's structure and scoring in words, for its overview (SPEC §11 "Words"): a
one-on-one event speaks of matches, Swiss rounds and the top cut, never of brackets or
ranking points; a bracket event of its scoring. The one place the overview asks."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.events.models import Event
from tournament.events.to_engine import swiss_participants, swiss_rounds_of


def structure_words(event: Event) -> str:
    """ "Brackets of three or four", or "One-on-one · Best of 1 · 4 Swiss rounds · Top 4"."""
    if not event.is_one_on_one:
        return str(event.get_structure_display())
    parts = [_("One-on-one matches"), str(event.get_best_of_display())]
    if event.swiss_rounds or event.rounds.exists():
        rounds = swiss_rounds_of(event, len(swiss_participants(event)))
        parts.append(
            ngettext("%(count)d Swiss round", "%(count)d Swiss rounds", rounds) % {"count": rounds}
        )
    else:  # not paired yet and no number chosen: the count follows the players checked in
        parts.append(_("Swiss rounds: one per doubling of the players"))
    parts.append(
        _("top cut of %(count)d") % {"count": event.top_cut} if event.top_cut else _("no top cut")
    )
    return " · ".join(parts)


def scoring_words(event: Event) -> str:
    """ "Scored · ×1 · Every bracket counts"; empty for a one-on-one event, which is never
    scored for the ranking (SPEC §11 Ranking)."""
    if event.is_one_on_one:
        return ""
    scored = _("Scored") if event.scored else _("Unscored")
    return f"{scored} · ×{event.event_multiplier} · {event.get_points_mode_display()}"
