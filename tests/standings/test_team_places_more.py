"""Places of an event that is not played in teams, that a planted one-line bug led to
(SPEC §6 "Final place": players are ranked by points, then the last round reached, the place
in it, unrazed realms, games won; only players equal on all of these share a place; SPEC §10:
only a Team Spirit event ranks teams)."""

import random

from tests.support.events import paired
from tournament.events.services.editing import save_event
from tournament.rounds.services import rounds as svc
from tournament.rounds.simulate import play_round
from tournament.standings.models import EventStanding

KEY = ("points", "last_round", "last_place", "unrazed_total", "games_won")


def test_teams_left_from_a_team_spirit_format_do_not_share_places(event):
    # The organizer paired six players in teams while the event was Team Spirit, then made
    # it a Championship before round 1: its players play and are ranked alone. Two players
    # share a place only when equal on every figure of the final place.
    event.tournament_type, event.victory = "team-spirit", "enhanced"
    event.save()
    paired(event, 3)
    event.tournament_type, event.victory = "championship", "standard"
    save_event(event, ["tournament_type", "victory"])
    play_round(svc.seat_next_round(event, seed=3), random.Random(1))
    rows = list(EventStanding.objects.filter(event=event).values("place", *KEY))
    assert len(rows) == 6
    for row in rows:
        for other in rows:
            if row["place"] == other["place"]:
                assert row == other
