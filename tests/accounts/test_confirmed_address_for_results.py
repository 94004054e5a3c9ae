"""An account whose address is not confirmed (a sign-up that has not followed its link yet)
can neither enter nor confirm results nor report its games; it is told why."""

import uuid

import pytest
from django.core.exceptions import ValidationError

from tests.support.results import post_game
from tournament.results import services
from tournament.results.models import GameEntry

pytestmark = pytest.mark.django_db

MESSAGE = "Confirm your e-mail address first"


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def unconfirmed(player):
    player.email_verified = False
    player.save(update_fields=["email_verified"])
    return player


def a_win(seated) -> services.GameData:
    # Game 1 won by the first seat with a full line of 6 unrazed realms, the others 2 each.
    counts = {str(p.pk): 2 for p in seated}
    counts[str(seated[0].pk)] = 6
    return services.GameData(winner=seated[0].pk, ended_by="victory", unrazed=counts)


def test_an_unconfirmed_judge_is_refused_a_result_entry(client_as, judge, bracket, seated):
    client = client_as(unconfirmed(judge))
    counts = [6] + [2] * (len(seated) - 1)
    answer = post_game(client, bracket, seated, counts, winner=seated[0])
    assert answer.status_code == 200  # the form again, with the reason
    assert MESSAGE in answer.content.decode()
    assert not GameEntry.objects.exists()


def test_an_unconfirmed_judge_cannot_confirm(judge, second_judge, bracket, seated):
    outcome = services.submit_entry(bracket, a_win(seated), judge, uuid.uuid4(), number=1)
    unconfirmed(second_judge)
    with pytest.raises(ValidationError, match=MESSAGE):
        services.confirm_entry(outcome.entry, second_judge)
    outcome.entry.refresh_from_db()
    assert outcome.entry.status == "unconfirmed"


def test_an_unconfirmed_player_cannot_report(event, bracket, seated):
    event.players_report_results = True
    event.save(update_fields=["players_report_results"])
    with pytest.raises(ValidationError, match=MESSAGE):
        services.report_result(
            bracket, a_win(seated), unconfirmed(seated[1]), uuid.uuid4(), number=1
        )
    assert not GameEntry.objects.exists()


def test_once_confirmed_the_same_judge_enters_results(client_as, judge, bracket, seated):
    unconfirmed(judge)
    judge.email_verified = True
    judge.save(update_fields=["email_verified"])
    client = client_as(judge)
    counts = [6] + [2] * (len(seated) - 1)
    answer = post_game(client, bracket, seated, counts, winner=seated[0])
    assert answer.status_code == 302
    assert GameEntry.objects.filter(submitted_by=judge).count() == 1
