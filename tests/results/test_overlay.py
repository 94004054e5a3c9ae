"""The stream overlay of a feature table: who sees it, what it shows, that it is never cached
and refreshes itself, and that it shows the figures stored on the seats."""

import re
import uuid

import pytest
from django.urls import reverse

from tests.support.events import paired
from tests.support.results import bracket_url, post_game
from tournament.events.models import Bracket, Event, Seat
from tournament.results import services as results
from tournament.results.models import GameEntry
from tournament.rounds.services import rounds as round_service
from tournament.standings.models import SeatFigures

pytestmark = pytest.mark.django_db


def overlay_url(bracket) -> str:
    return reverse("results:overlay", args=[bracket.round.event_id, bracket.pk])


def cards(html: str) -> list[str]:
    """The text of each side's card, in page order, whitespace collapsed."""
    end = r'</li>\s*(?=<li class="overlay-side|</ol>\s*</main>)'
    found = re.findall(r'<li class="overlay-side[^"]*">(.*?)' + end, html, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", card).split()) for card in found]


def winners(html: str) -> list[str]:
    """The names on the cards marked as the bracket's winner."""
    return re.findall(r'<li class="overlay-side winner">\s*<div class="overlay-name">([^<]*)', html)


def confirm_game(client_as, judge, second_judge, bracket, players, counts, winner, number=1):
    post_game(client_as(judge), bracket, players, counts, winner=winner, number=number)
    entry = GameEntry.objects.get(bracket=bracket, number=number, status="unconfirmed")
    url = reverse("results:confirm", args=[bracket.round.event_id, bracket.pk, entry.pk])
    assert client_as(second_judge).post(url).status_code == 302


def test_anyone_sees_a_published_table_with_its_players_and_game_one(client, bracket, seated):
    response = client.get(overlay_url(bracket))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Autumn Open" in html and f"Round 1 · table {bracket.table}" in html
    assert '<span class="overlay-game" id="overlay-game">Game 1</span>' in html
    shown = cards(html)
    assert len(shown) == 3
    for card, player in zip(shown, seated, strict=True):  # no place yet: seat order
        assert card.startswith(player.name)
        assert "Place — Points — Wins 0 Total 0 Last game —" in card


def test_the_page_is_never_cached_and_polls_every_three_seconds_without_inline_script(
    client, bracket
):
    response = client.get(overlay_url(bracket))
    assert response["Cache-Control"] == "no-store"
    html = response.content.decode()
    assert 'hx-trigger="every 3s"' in html and 'hx-select="#overlay"' in html
    assert f'hx-get="{overlay_url(bracket)}"' in html
    # the site's CSP allows scripts from its own files only: no inline script or handler
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert re.findall(r"<script(?![^>]*\ssrc=)", html) == []
    assert re.findall(r"\son[a-z]+=", html) == []
    # a standalone page: none of the site's header, menus or footer
    assert "site-header" not in html and "site-footer" not in html
    assert "css/overlay.css" in html


def test_a_confirmed_game_shows_at_the_next_poll(
    client, client_as, judge, second_judge, bracket, seated
):
    a, b, c = seated
    before = client.get(overlay_url(bracket)).content.decode()
    confirm_game(client_as, judge, second_judge, bracket, seated, [6, 4, 3], winner=a)
    client.logout()
    html = client.get(overlay_url(bracket)).content.decode()
    assert html != before
    assert '<span class="overlay-game" id="overlay-game">Game 2</span>' in html
    shown = cards(html)
    # Seat order outside Team Spirit (as on the judges' page). One game of three decides no
    # place yet: none is stored, so none is shown; wins and realms are.
    assert [card.split(" Place ")[0] for card in shown] == [a.name, b.name, c.name]
    assert shown[0].endswith("Place — Points — Wins 1 Total 6 Last game 6 G1 6 ★")
    assert shown[1].endswith("Place — Points — Wins 0 Total 4 Last game 4 G1 4")
    assert shown[2].endswith("Place — Points — Wins 0 Total 3 Last game 3 G1 3")


def test_it_reads_the_stored_figures_and_computes_none(client, bracket, seated):
    """Figures written straight into the seats (as the recompute step would) are what shows,
    even where no game could give them."""
    a, b, c = seated
    stored = {a: (3, 9, 2, 17), b: (1, 12, 0, 5), c: (2, 0, 1, 8)}
    for player, (place, points, wins, total) in stored.items():
        SeatFigures.objects.update_or_create(
            seat=Seat.objects.get(bracket=bracket, registration__player=player),
            defaults={"place": place, "points": points, "games_won": wins, "unrazed_total": total},
        )
    shown = cards(client.get(overlay_url(bracket)).content.decode())
    assert [card.split(" Place ")[0] for card in shown] == [a.name, b.name, c.name]
    assert "Place 3 Points 9 Wins 2 Total 17" in shown[0]
    assert "Place 1 Points 12 Wins 0 Total 5" in shown[1]
    assert "Place 2 Points 0 Wins 1 Total 8" in shown[2]


def test_an_unpublished_round_is_for_officials_only(
    client, client_as, judge, player, round1, event
):
    round1.published = False
    round1.save()
    bracket = round1.brackets.order_by("table").first()
    assert client.get(overlay_url(bracket)).status_code == 404
    assert client_as(player).get(overlay_url(bracket)).status_code == 404
    assert client_as(judge).get(overlay_url(bracket)).status_code == 200


def test_a_draft_event_and_another_events_bracket_are_not_found(client, bracket, event):
    another = Event.objects.create(
        name="Winter Open",
        date=event.date,
        venue="Truro",
        organizer=event.organizer,
        status="registration",
    )
    assert client.get(reverse("events:detail", args=[another.pk])).status_code == 200
    other = reverse("results:overlay", args=[another.pk, bracket.pk])
    assert client.get(other).status_code == 404
    event.status = "draft"
    event.save()
    assert client.get(overlay_url(bracket)).status_code == 404


def test_officials_find_the_overlay_on_the_judges_bracket_page(client, client_as, judge, bracket):
    link = f'<a href="{overlay_url(bracket)}">Stream overlay</a>'
    assert link in client_as(judge).get(bracket_url(bracket)).content.decode()
    client.logout()
    assert link not in client.get(bracket_url(bracket)).content.decode()


def test_the_overlay_in_portuguese(client, bracket):
    client.cookies["django_language"] = "pt-br"
    html = client.get(overlay_url(bracket)).content.decode()
    assert '<html lang="pt-br">' in html
    assert "Partida 1" in html and "Rodada 1 · mesa" in html and "Colocação" in html


# --- Team Spirit ---------------------------------------------------------------------------


@pytest.fixture
def team_table(event):
    """Three teams of two at one final table (SPEC §10), one official confirms alone."""
    event.tournament_type = "team-spirit"
    event.victory = "enhanced"
    event.single_entry = True
    event.save()
    teams = paired(event, 3)
    rnd = round_service.seat_next_round(event, seed=4)
    round_service.publish_round(rnd)
    bracket = rnd.brackets.get()
    return bracket, [s.registration.player for s in bracket.seats.order_by("position")], teams


def record(bracket, by, winner, counts, number):
    seats = [s.registration.player for s in bracket.seats.order_by("position")]
    unrazed = {str(p.pk): n for p, n in zip(seats, counts, strict=True)}
    data = results.GameData(winner.pk, "victory", unrazed)
    results.submit_entry(bracket, data, by, uuid.uuid4(), number=number)


def team_name(teams, player) -> str:
    return next(t.name for t in teams if player.pk in (t.first.player_id, t.second.player_id))


def test_team_spirit_shows_each_team_with_its_members_and_the_result(client, organizer, team_table):
    bracket, (a1, b1, c1, a2, _b2, c2), teams = team_table
    # The worked example of tests/events/test_teams.py: team A 6 + 4 = 10 wins game 1
    # although B has 6 + 6 = 12; A wins game 2 (5 + 5). A 1st; B 12 + 6 = 18 realms, 2nd;
    # C 2 + 6 = 8, 3rd. One table (the final): 5, 3 and 2 points.
    record(bracket, organizer, a1, [6, 6, 1, 4, 6, 1], number=1)
    html = client.get(overlay_url(bracket)).content.decode()
    assert '<span class="overlay-game" id="overlay-game">Game 2</span>' in html
    record(bracket, organizer, a2, [5, 3, 3, 5, 3, 3], number=2)
    html = client.get(overlay_url(bracket)).content.decode()
    shown = cards(html)
    team_a, team_b, team_c = (team_name(teams, p) for p in (a1, b1, c1))
    assert [card.split(" Place ")[0] for card in shown] == [team_a, team_b, team_c]
    assert shown[0].startswith(f"{team_a} Place 1 Points 5 Wins 2 Total 20")
    assert shown[1].startswith(f"{team_b} Place 2 Points 3 Wins 0 Total 18")
    assert shown[2].startswith(f"{team_c} Place 3 Points 2 Wins 0 Total 8")
    # members beneath their team, each with his own count per game (the team's wins on both)
    assert f"{a1.name} Last game 5 G1 6 ★ G2 5 ★" in shown[0]
    assert f"{a2.name} Last game 5 G1 4 ★ G2 5 ★" in shown[0]
    assert f"{b1.name} Last game 3 G1 6 G2 3" in shown[1]
    assert f"{c2.name} Last game 3 G1 1 G2 3" in shown[2]
    # play is over: the stored state and the winning team instead of a game number
    assert "Complete · Winner: " + team_a in html
    assert winners(html) == [team_a]
    # the stored winner may be either member: the team's card is the winner's
    Bracket.objects.filter(pk=bracket.pk).update(winner=a2)
    html = client.get(overlay_url(bracket)).content.decode()
    assert winners(html) == [team_a]
