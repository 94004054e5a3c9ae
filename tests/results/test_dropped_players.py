"""A dropped player takes no part in the games recorded after his drop (SPEC §4 [decision]):
the entry form does not offer him, the services refuse an entry that records him, and the
others play on. The story of a real event: Marina dropped at table 1 before game 1."""

import uuid

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from tests.support.results import bracket_url, game_post, post_game
from tournament.events.models import Registration, Seat
from tournament.results import selectors, services
from tournament.results.models import Game, GameEntry
from tournament.results.services import GameData
from tournament.rounds.services.rounds import drop_player, undo_drop

pytestmark = pytest.mark.django_db


@pytest.fixture
def marina(event, seated):
    """The first seated player, dropped by the organizer before any game is recorded."""
    drop_player(Registration.objects.get(event=event, player=seated[0]))
    return seated[0]


def seat_of(bracket, player) -> Seat:
    return Seat.objects.get(bracket=bracket, registration__player=player)


def test_the_form_neither_offers_nor_asks_a_dropped_player(client_as, judge, bracket, marina):
    page = client_as(judge).get(bracket_url(bracket)).content.decode()
    form = page[page.index('class="form result-form"') :]
    assert f'name="winner" value="{marina.pk}"' not in form
    assert f'name="unrazed_{marina.pk}"' not in form
    assert "dropped: takes no part in this game" in form


def test_a_dropped_player_cannot_be_recorded_as_winner(client_as, judge, bracket, seated, marina):
    # The judge picks Marina as winner of game 1 with 6 realms: refused, nothing stored.
    response = post_game(client_as(judge), bracket, seated, [6, 4, 4], winner=marina)
    assert response.status_code == 200
    assert "dropped before this game" in response.content.decode()
    assert not GameEntry.objects.exists()
    # The services refuse it too (a posted form is not the only way in).
    data = GameData(marina.pk, "victory", {str(p.pk): 4 for p in seated} | {str(marina.pk): 6})
    with pytest.raises(ValidationError, match="dropped before this game"):
        services.submit_entry(bracket, data, judge, uuid.uuid4(), number=1)
    assert not GameEntry.objects.exists()


def test_the_others_play_on_and_the_dropped_player_is_last(
    client_as, judge, second_judge, bracket, seated, marina
):
    lucas, third = seated[1], seated[2]
    others = [lucas, third]
    for number in (1, 2):
        post_game(client_as(judge), bracket, others, [6, 3], winner=lucas, number=number)
        entry = GameEntry.objects.get(number=number)
        services.confirm_entry(entry, second_judge)
    assert Game.objects.filter(bracket=bracket).count() == 2
    # SPEC §4: Lucas won two games → 1st (4 points); the other 3 + 3 = 6 realms → 2nd (3);
    # Marina, dropped, ranks last: 3rd (2 points), her games counted 0.
    assert [
        (seat_of(bracket, p).figures.place, seat_of(bracket, p).figures.points) for p in seated
    ] == [
        (3, 2),
        (1, 4),
        (2, 3),
    ]
    assert all(str(marina.pk) not in g.unrazed for g in Game.objects.all())


def test_a_correction_of_a_game_before_the_drop_keeps_his_count(
    client_as, judge, second_judge, bracket, seated, event
):
    # Game 1 is played by all three; then Marina drops. Correcting game 1 still asks her
    # count (she took part in it), and game 2 does not.
    marina = seated[0]
    post_game(client_as(judge), bracket, seated, [6, 4, 3], winner=marina)
    services.confirm_entry(GameEntry.objects.get(), second_judge)
    drop_player(Registration.objects.get(event=event, player=marina))
    assert selectors.dropped_before(bracket, 1) == frozenset()
    assert selectors.dropped_before(bracket, 2) == {marina.pk}
    correction = GameData(
        marina.pk, "victory", {str(p.pk): c for p, c in zip(seated, [6, 5, 3], strict=True)}
    )
    outcome = services.submit_entry(
        bracket, correction, judge, uuid.uuid4(), number=1, correction=True
    )
    assert outcome.created


def test_undoing_the_drop_offers_him_again(client_as, judge, bracket, seated, event, marina):
    undo_drop(Registration.objects.get(event=event, player=marina))
    assert seat_of(bracket, marina).dropped_after_games is None
    page = client_as(judge).get(bracket_url(bracket)).content.decode()
    assert f'name="unrazed_{marina.pk}"' in page
    assert game_post(seated, [6, 4, 4], winner=marina)  # the form takes her again


def test_the_refusal_is_in_the_judges_language(client_as, judge, bracket, seated, marina):
    # Every engine issue the result form shows comes from the one catalogue, translated.
    client = client_as(judge)
    client.post("/i18n/setlang/", {"language": "pt-br", "next": "/"})
    with translation.override("en"):  # the language the page activates ends with the test
        response = post_game(client, bracket, seated, [6, 4, 4], winner=marina)
    assert "desistiu antes desta partida" in response.content.decode()
