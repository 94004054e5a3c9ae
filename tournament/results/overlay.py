"""The stream overlay of one bracket (a feature table): a lower third for OBS and the like.

It shows the players (teams in Team Spirit), the game being played, each player's unrazed
realms in every confirmed game so far (the last one picked out), and the bracket's standing
as the recompute step stored it on the seats (place, points, wins, unrazed total) and on the
bracket (state, winner): nothing is computed here. A match of a one-on-one event (SPEC §11)
shows its two players with the games each won and their realms, without places or points.
The page polls itself every few seconds (htmx), so a confirmation shows within seconds; it is
never cached.

Who may see it: whoever may see the bracket's published round (the rule of the public
bracket grid); officials also before the round is published.
"""

from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from tournament.events.models import Bracket, Seat
from tournament.events.permissions import EventRole
from tournament.events.services.teams import TeamGroup, group_by_team
from tournament.events.views_mixins import EventMixin
from tournament.results.models import Game, game_cells

PLAYING = (Bracket.State.WAITING, Bracket.State.IN_PROGRESS)


def sides(groups: list[TeamGroup], winner_id: int | None) -> list[dict]:
    """One card per side at the table, in the stored place order: a Team Spirit team (its
    figures on its first member's seat, its members' lines beneath) or a player alone."""
    found = []
    for group in groups:
        if group.side is not None:
            found.append({"name": group.side.name, "team": True, "rows": group.rows})
        else:
            found += [{"name": r["player"].name, "team": False, "rows": [r]} for r in group.rows]
    for side in found:
        side["seat"] = side["rows"][0]["seat"]  # members share the team's stored figures
        side["won"] = any(row["player"].pk == winner_id for row in side["rows"])
    return found


class OverlayView(EventMixin, TemplateView):
    template_name = "results/overlay.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        bracket = get_object_or_404(
            Bracket.objects.select_related("round", "winner").prefetch_related(
                Prefetch(
                    "seats",
                    Seat.objects.select_related("registration__player", "figures").order_by(
                        "position"
                    ),
                ),
                Prefetch("games", Game.objects.order_by("number")),
            ),
            pk=self.kwargs["bracket_id"],
            round__event=self.event,
        )
        if not bracket.round.published and self.role < EventRole.JUDGE:
            raise Http404
        games = list(bracket.games.all())
        rows = []
        for seat in bracket.seats.all():
            cells = game_cells(seat.registration.player_id, games)
            rows.append(
                {
                    "seat": seat,
                    "player": seat.registration.player,
                    "cells": cells,
                    "last": cells[-1]["realms"] if cells else None,
                }
            )
        groups = group_by_team(self.event, rows, lambda row: row["player"].pk)
        context.update(
            bracket=bracket,
            rnd=bracket.round,
            games=games,
            sides=sides(groups, bracket.winner_id),
            # the game at the table now; none once the stored state says play is over
            game_number=len(games) + 1 if bracket.state in PLAYING else None,
            # a one-on-one match (SPEC §11): two players, games won and realms, no places
            one_on_one=self.event.is_one_on_one,
            drawn=bracket.state == Bracket.State.COMPLETE
            and bracket.winner_id is None
            and bracket.no_show_id is None,
        )
        return context

    def render_to_response(self, context, **response_kwargs):
        response = super().render_to_response(context, **response_kwargs)
        response["Cache-Control"] = "no-store"
        return response
