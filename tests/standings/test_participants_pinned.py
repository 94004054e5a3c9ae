"""Officials' points and the participant count come from the players who played, never from
every registration (SPEC §6: "1 point per participating player"; §2 the scored minimum).

Nine registered players play; a tenth registered but never checked in (a no-show). By hand:
participants 9; the coordinator 9 points (1 per participant); each of the two judges
9 // 2 = 4. Counting the no-show would give 10, 10 and 5.
"""

import random

from scoring.eventfile import parse_event
from scoring.standings import score_event
from tests.scoring.test_engine_rules_files import event as event_file
from tests.scoring.test_engine_rules_files import seats, two_nil
from tests.support.players import make_player
from tournament.events.models import Registration
from tournament.rounds.simulate import run_event
from tournament.standings.models import EventScoring, OfficialScore
from tournament.standings.recompute import refresh_event


def test_the_site_counts_participants_not_registrations(event, registered_players):
    Registration.objects.create(event=event, player=make_player("noshow", "Nora No-Show"))
    run_event(event, random.Random(7))
    refresh_event(event)
    scoring = EventScoring.objects.get(event=event)
    assert scoring.participants == 9
    points = sorted(OfficialScore.objects.filter(event=event).values_list("role", "points"))
    assert points == [("coordinator", 9), ("judge", 4), ("judge", 4)]


def test_score_event_counts_participants_not_listed_players():
    # Ten players in the file, p10 seated nowhere; one judge (9 // 2 = 4).
    nine = [two_nil(1, seats(1, 2, 3)), two_nil(2, seats(4, 5, 6)), two_nil(3, seats(7, 8, 9))]
    data = event_file(10, [nine, [two_nil(1, seats(1, 4, 7))]])
    data["judges"] = [{"name": "Bob Judge", "player_number": "J-7", "played": False}]
    standings = score_event(parse_event(data))
    assert standings.participants == 9
    assert [(str(o.role), o.points) for o in standings.officials] == [
        ("coordinator", 9),
        ("judge", 4),
    ]
