"""A finished event's page: podium, officials' points, review status; an eliminated
player's "my seat" leads to his results."""

import random

from django.urls import reverse

from tests.support.events import add_players
from tests.support.players import login
from tournament.events.models import Seat
from tournament.rounds.services import rounds as svc
from tournament.rounds.simulate import play_round


def run_to_the_end(event) -> None:
    """Nine players: round 1 (three brackets), the final (one bracket of three), finish."""
    for seed in (1, 2):
        rnd = svc.seat_next_round(event, seed=seed)
        svc.publish_round(rnd)
        play_round(rnd, random.Random(seed))
        svc.close_round(rnd)
    svc.finish_event(event)


def test_podium_officials_and_review_status(event, client):
    add_players(event, 9)
    run_to_the_end(event)
    final = event.rounds.get(number=2).brackets.get()
    by_place = {
        seat.figures.place: seat.registration.player.name
        for seat in Seat.objects.filter(bracket=final).select_related("registration__player")
    }
    page = login(client, event.organizer).get(event.get_absolute_url()).content.decode()
    podium = page[page.index('class="podium card"') : page.index("Full standings")]
    # The final's three players, in the final's order (SPEC §6: the final decides places 1-3).
    assert final.winner.name == by_place[1]
    positions = [podium.index(by_place[place]) for place in (1, 2, 3)]
    assert positions == sorted(positions)
    assert "Winner" in podium and "2nd" in podium and "3rd" in podium
    assert "Officials&#x27; points" in page or "Officials' points" in page
    assert f"{event.organizer.name} · Coordinator" in page
    assert "Ranking review" in page and "Submit scoring form" in page


def test_eliminated_player_is_led_to_his_results(event, client):
    add_players(event, 9)
    rnd = svc.seat_next_round(event, seed=1)
    svc.publish_round(rnd)
    play_round(rnd, random.Random(1))
    rnd = svc.close_round(rnd)
    final = svc.seat_next_round(event, seed=2)
    svc.publish_round(final)
    out = (
        event.registrations.exclude(player_id__in=[int(p) for p in rnd.advancing])
        .select_related("player")
        .first()
    )
    login(client, out.player)
    page = client.get(reverse("rounds:my_seat", args=[event.pk])).content.decode()
    assert "your event is over" in page
    assert reverse("standings:player", args=[out.player.player_number]) in page
