"""Every rule of SPEC §5 gives its message on the right field, and nothing is saved."""

import pytest

from tests.support.results import post_game
from tournament.results.models import Game, GameEntry
from tournament.rounds.services.rounds import call_time, start_timer


def errors_of(response) -> dict:
    form = response.context["form"]
    return {name: " ".join(messages) for name, messages in form.errors.items()}


def assert_nothing_saved():
    assert GameEntry.objects.count() == 0
    assert Game.objects.count() == 0


@pytest.fixture
def judged(client_as, judge):
    return client_as(judge)


def test_missing_count_on_that_players_field(judged, bracket, seated):
    a, _b, c = seated
    response = post_game(judged, bracket, seated, [6, 4, None], winner=a)
    assert response.status_code == 200
    assert "Enter the unrazed realms of" in errors_of(response)[f"unrazed_{c.pk}"]
    assert_nothing_saved()


@pytest.mark.parametrize("value", ["16", "-1", "4.5", "lots"])
def test_count_out_of_range_or_not_whole(judged, bracket, seated, value):
    a, _b, c = seated
    response = post_game(judged, bracket, seated, [6, 4, value], winner=a)
    assert "whole number from 0 to 15" in errors_of(response)[f"unrazed_{c.pk}"]
    assert_nothing_saved()


def test_unseated_winner(judged, bracket, seated, stranger):
    response = post_game(judged, bracket, seated, [6, 4, 4], winner=stranger)
    assert "must be seated at this table" in errors_of(response)["winner"]
    assert_nothing_saved()


def test_victory_needs_a_winner(judged, bracket, seated):
    response = post_game(judged, bracket, seated, [6, 4, 4], winner=None)
    assert "choose who won" in errors_of(response)["winner"]
    assert_nothing_saved()


def test_winner_below_victory_count(judged, bracket, seated):
    a, _b, _c = seated
    response = post_game(judged, bracket, seated, [5, 4, 4], winner=a)
    assert "needs at least 6" in errors_of(response)[f"unrazed_{a.pk}"]
    assert_nothing_saved()


def test_winner_fewer_realms_than_another(judged, bracket, seated):
    a, _b, _c = seated
    response = post_game(judged, bracket, seated, [6, 7, 4], winner=a)
    assert "another player has 7" in errors_of(response)[f"unrazed_{a.pk}"]
    assert_nothing_saved()


def test_out_of_cards_winner_mismatch(judged, bracket, seated):
    a, b, _c = seated
    response = post_game(judged, bracket, seated, [3, 5, 4], winner=a, ended_by="out_of_cards")
    message = errors_of(response)["winner"]
    assert "most unrazed realms" in message and b.name in message
    assert_nothing_saved()


def test_out_of_cards_tie_asks_for_razed_realms(judged, bracket, seated):
    a, b, c = seated
    response = post_game(judged, bracket, seated, [5, 5, 4], winner=a, ended_by="out_of_cards")
    errors = errors_of(response)
    assert "Needed to break the tie" in errors[f"razed_{a.pk}"]
    assert "Needed to break the tie" in errors[f"razed_{b.pk}"]
    assert f"razed_{c.pk}" not in errors
    assert_nothing_saved()


def test_out_of_cards_tie_broken_by_razed_is_accepted(judged, bracket, seated):
    a, b, c = seated
    response = post_game(
        judged, bracket, seated, [5, 5, 4], winner=b, ended_by="out_of_cards", razed=[1, 2, 0]
    )
    assert response.status_code == 302
    assert GameEntry.objects.get().razed == {str(a.pk): 1, str(b.pk): 2, str(c.pk): 0}


def test_game_after_two_wins(judged, single_entry, bracket, seated):
    a, _b, _c = seated
    post_game(judged, bracket, seated, [6, 4, 4], winner=a, number=1)
    post_game(judged, bracket, seated, [6, 4, 4], winner=a, number=2)
    assert Game.objects.count() == 2
    response = post_game(judged, bracket, seated, [6, 4, 4], winner=a, number=3)
    assert response.status_code == 200
    assert "has won two games" in " ".join(response.context["form"].non_field_errors())
    assert Game.objects.count() == 2 and GameEntry.objects.count() == 2


def test_conquerors_game_winner_needs_three_unrazed_not_the_most(judged, event, bracket, seated):
    # 000 TOURNAMENT TYPES: the Conqueror "has at least three unrazed realms" (SPEC §2).
    event.tournament_type = "conquerors-game"
    event.save(update_fields=["tournament_type"])
    a, _b, _c = seated
    response = post_game(judged, bracket, seated, [2, 5, 4], winner=a)
    assert "at least 3" in errors_of(response)[f"unrazed_{a.pk}"]
    assert_nothing_saved()
    response = post_game(judged, bracket, seated, [3, 5, 4], winner=a)
    assert response.status_code == 302
    assert GameEntry.objects.get().winner == a


def test_stale_form_for_a_game_recorded_meanwhile(judged, single_entry, bracket, seated):
    a, b, _c = seated
    post_game(judged, bracket, seated, [6, 4, 4], winner=a, number=1)
    response = post_game(judged, bracket, seated, [4, 6, 4], winner=b, number=1)
    assert "recorded meanwhile with a different result" in " ".join(
        response.context["form"].non_field_errors()
    )
    assert Game.objects.get().winner == a


def test_time_in_an_untimed_event_is_refused_on_ended_by(judged, bracket, seated):
    # SPEC §2: a game can end by time called only in a timed event.
    a, _b, _c = seated
    response = post_game(judged, bracket, seated, [5, 4, 3], winner=a, ended_by="time")
    assert "no time limit" in errors_of(response)["ended_by"]
    assert_nothing_saved()


def test_time_only_after_time_was_called_for_the_round(judged, event, bracket, seated):
    # SPEC §2: "and only after time was called for that round".
    event.time_limit_minutes = 50
    event.save(update_fields=["time_limit_minutes"])
    a, _b, _c = seated
    response = post_game(judged, bracket, seated, [5, 4, 3], winner=a, ended_by="time")
    assert "Time has not been called" in errors_of(response)["ended_by"]
    assert_nothing_saved()
    start_timer(bracket.round)
    call_time(bracket.round)
    response = post_game(judged, bracket, seated, [5, 4, 3], winner=a, ended_by="time")
    assert response.status_code == 302
    assert GameEntry.objects.count() == 1
