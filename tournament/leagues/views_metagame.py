"""A league's metagame page (`decks:league_metagame`): the metagame pages' statistics,
tables and charts (`decks.views_metagame.MetagamePage`) over the league's public lists.

It is mounted in the metagame's namespace with the decks' pages by `tournament/urls.py`
(`DECK_PAGES` in `leagues/urls.py`): the leagues stand above the decks.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournament.decks import metagame as selector
from tournament.decks.views_metagame import (
    EventName,
    MetagamePage,
    events_by_date,
    format_asked,
    format_label,
    format_query,
)
from tournament.leagues import metagame
from tournament.leagues.models import League


class LeagueMetagameView(MetagamePage):
    """A league's (season's) public lists: its accepted events, its countries' players; of
    one format when `?deck_size=&deck_rules=&tournament_type=` narrows it."""

    def get(self, request, *args, **kwargs):
        self.league = get_object_or_404(League, pk=kwargs["pk"])
        self.format = format_asked(request)
        self.export_name = f"metagame-league-{self.league.pk}" + (
            "-{}-{}-{}".format(*self.format) if self.format else ""
        )
        return super().get(request, *args, **kwargs)

    def stamp(self) -> object:
        return self.league.updated_at.timestamp()

    @cached_property
    def public(self):
        """The league's public lists, every format (built once a request)."""
        return metagame.league_public(self.league)

    def lists(self):
        return metagame.league_lists(self.public, self.format)

    def watched(self):
        return metagame.league_lists(self.public)

    def more_figures(self) -> dict[str, Any]:
        """The league's formats (every one, whichever the page narrows to), with their counts."""
        return {"formats": selector.formats(registrations=self.public)}

    def results_context(self, events: dict[int, EventName], figures: dict) -> dict[str, Any]:
        formats = [
            {
                "name": format_label(*fmt),
                "url": f"{self.request.path}?{format_query(fmt)}",
                "current": fmt == self.format,
                "events": f["events"],
                "decks": f["decks"],
            }
            for f in figures["formats"]
            for fmt in [
                (f["event__deck_size"], f["event__deck_rules"], f["event__tournament_type"])
            ]
        ]
        return {
            "included_events": events_by_date(events),
            "league_formats": formats,
            "league_url": self.request.path,
            "narrowed": self.format is not None,
        }

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        scope = self.league.name
        if self.format:
            scope = _("%(league)s, %(format)s") % {
                "league": scope,
                "format": format_label(*self.format),
            }
        context.update(scope=scope, league=self.league)
        return context


def metagame_leagues(request: HttpRequest) -> dict[str, object]:
    """The metagame index lists the leagues, each with its metagame
    (`decks.views_metagame.MetagameIndexView.extras`)."""
    return {"leagues": League.objects.only("pk", "name", "starts", "ends")}
