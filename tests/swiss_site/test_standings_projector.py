"""The venue's screens of a one-on-one event (SPEC §11): the projector's pairings (table,
A vs B, games won, byes), the projector's standings with match points, and the stream
overlay of one match (two players, games won, realms)."""

import pytest
from django.urls import reverse

from tests.support.one_on_one import play_game
from tests.support.results import seated
from tournament.rounds.services import rounds

pytestmark = pytest.mark.django_db


def test_the_projector_shows_the_pairings_with_scores_and_the_bye(
    swiss_event, judge, second_judge, client
):
    # 5 players, best of 3: two matches and a bye. Table 1: a wins game 1 (6–2), so it
    # reads 1–0 with nobody the winner yet; table 2 not started reads "–".
    event = swiss_event(5, best_of=3)
    rnd = rounds.seat_next_round(event, seed=3)
    rounds.publish_round(rnd)
    first, _second = rnd.brackets.order_by("table")
    a, b = seated(first)
    play_game(first, a, {a: 6, b: 2}, judge, second_judge)
    url = reverse("rounds:seating", args=[event.pk, rnd.number])
    html = client.get(url, {"projector": "1"}).content.decode()
    assert 'class="pairing-list"' in html
    table1 = html.split('id="table-1"', 1)[1].split("</li>", 1)[0]
    table2 = html.split('id="table-2"', 1)[1].split("</li>", 1)[0]
    assert a.name in table1 and b.name in table1 and ">vs<" in table1
    assert '<span class="pairing-score" title="Games won">1–0</span>' in table1
    assert '<span class="pairing-score" title="Games won">–</span>' in table2
    (bye,) = rnd.byes
    bye_name = event.registrations.get(player_id=bye).player.name
    assert bye_name in html.split('class="pairing-byes"', 1)[1]
    # without the projector the usual seating page
    assert 'class="pairing-list"' not in client.get(url).content.decode()


def test_the_projector_standings_show_match_points(swiss_event, judge, second_judge, client):
    # 2 players, one round: a beats b → a 3 match points, b 0.
    event = swiss_event(2, swiss_rounds=1)
    rnd = rounds.seat_next_round(event, seed=1)
    (match,) = rnd.brackets.all()
    a, b = seated(match)
    play_game(match, a, {a: 6, b: 1}, judge, second_judge)
    rounds.close_round(rnd)
    html = client.get(reverse("standings:event", args=[event.pk]), {"projector": "1"})
    html = html.content.decode()
    assert "projector" in html and "swiss-standings" in html
    assert "Match points" in html
    row = html.split(a.name, 1)[1].split("</tr>", 1)[0]
    assert '<td class="num">3</td>' in row


def test_the_overlay_shows_a_match(swiss_event, judge, second_judge, client_as):
    # Best of 3: a wins game 1 (6–2); game 2 is at the table. Each player's games won and
    # realms so far: a 1 and 6, b 0 and 2; no place, no points.
    event = swiss_event(2, best_of=3)
    rnd = rounds.seat_next_round(event, seed=1)
    (match,) = rnd.brackets.all()
    a, b = seated(match)
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    client = client_as(judge)
    html = client.get(reverse("results:overlay", args=[event.pk, match.pk])).content.decode()
    assert "Game 2" in html and "Best of 3" in html
    sides = html.split('<li class="overlay-side match-side')[1:]
    assert len(sides) == 2
    side_a = next(s for s in sides if a.name in s)
    side_b = next(s for s in sides if b.name in s)
    assert '<dd class="wins">1</dd>' in side_a and '<dd class="total">6</dd>' in side_a
    assert '<dd class="wins">0</dd>' in side_b and '<dd class="total">2</dd>' in side_b
    assert 'class="place"' not in html and 'class="points"' not in html
