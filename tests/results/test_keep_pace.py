"""Results that keep pace: a judge enters a table's next games while earlier ones wait, a
second official confirms them together (each checked by the engine in order), and where
the organizer allows it players confirm each other's reports; judges step in only when
reports differ.

SPEC §5/§4 fix what a game may say: a bracket is over once a player has won two games, so
a game entered after two pending wins of one player is refused."""

import uuid

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests.support.results import bracket_url, game_post
from tournament.results import services
from tournament.results.models import EntryStatus, Game, GameEntry
from tournament.results.services import GameData

pytestmark = pytest.mark.django_db


def enter(bracket, by, winner, counts, number, report=False):
    players = [s.registration.player for s in bracket.seats.order_by("position")]
    data = GameData(
        winner.pk, "victory", {str(p.pk): n for p, n in zip(players, counts, strict=True)}
    )
    write = services.report_result if report else services.submit_entry
    return write(bracket, data, by, uuid.uuid4(), number=number)


@pytest.fixture
def confirming_players(event):
    event.players_report_results = True
    event.players_confirm_reports = True
    event.save(update_fields=["players_report_results", "players_confirm_reports"])
    return event


def test_a_judge_enters_game_two_while_game_one_waits(judge, bracket, seated):
    a, b, _c = seated
    enter(bracket, judge, a, [6, 3, 2], 1)
    outcome = enter(bracket, judge, b, [2, 6, 3], 2)
    assert outcome.created and outcome.entry.number == 2
    assert not Game.objects.exists()  # nothing counts before a second official confirms


def test_a_later_game_is_checked_after_the_pending_ones(judge, bracket, seated):
    a, _b, _c = seated
    enter(bracket, judge, a, [6, 3, 2], 1)
    enter(bracket, judge, a, [6, 2, 2], 2)
    # a has won games 1 and 2 (pending): the bracket is over (SPEC §4), no game 3.
    with pytest.raises(ValidationError, match="won two games"):
        enter(bracket, judge, a, [6, 1, 1], 3)


def test_a_game_cannot_skip_one_that_nobody_entered(judge, bracket, seated):
    a, _b, _c = seated
    with pytest.raises(ValidationError, match="Game 1 must be recorded before game 2"):
        enter(bracket, judge, a, [6, 3, 2], 2)


def test_a_second_official_confirms_the_pending_games_in_one_action(
    judge, second_judge, bracket, seated
):
    a, b, _c = seated
    enter(bracket, judge, a, [6, 3, 2], 1)
    enter(bracket, judge, b, [2, 6, 3], 2)
    outcomes = services.confirm_pending(bracket, second_judge)
    assert [o.entry.number for o in outcomes] == [1, 2]
    assert list(Game.objects.order_by("number").values_list("number", "winner")) == [
        (1, a.pk),
        (2, b.pk),
    ]


def test_the_batch_stops_at_a_game_whose_entries_differ(
    judge, second_judge, organizer, bracket, seated
):
    a, b, _c = seated
    enter(bracket, judge, a, [6, 3, 2], 1)
    enter(bracket, judge, b, [2, 6, 3], 2)
    enter(bracket, organizer, b, [2, 6, 4], 2)  # game 2 entered differently
    outcomes = services.confirm_pending(bracket, second_judge)
    assert [o.entry.number for o in outcomes] == [1]
    assert GameEntry.objects.filter(number=2, status=EntryStatus.UNCONFIRMED).count() == 2


def test_nobody_confirms_his_own_entries_in_a_batch(judge, bracket, seated):
    a, _b, _c = seated
    enter(bracket, judge, a, [6, 3, 2], 1)
    with pytest.raises(ValidationError, match="No game of this table waits"):
        services.confirm_pending(bracket, judge)


def test_the_judges_page_offers_the_next_game_and_one_confirm_button(
    client_as, judge, second_judge, bracket, seated
):
    a, b, c = seated
    enter(bracket, judge, a, [6, 3, 2], 1)
    mine = client_as(judge).get(bracket_url(bracket))
    assert mine.context["form"]["number"].value() == 2
    assert "Your entry of game 1 waits for another judge" in mine.content.decode()
    client_as(judge).post(bracket_url(bracket), game_post(seated, [2, 6, 3], winner=b, number=2))
    theirs = client_as(second_judge).get(bracket_url(bracket))
    assert theirs.context["confirm_all"] == [1, 2]
    url = bracket_url(bracket) + "entries/confirm/"
    client_as(second_judge).post(url)
    assert Game.objects.count() == 2
    assert not GameEntry.objects.filter(status=EntryStatus.UNCONFIRMED).exists()
    del c


def test_two_players_reporting_the_same_result_confirm_it(confirming_players, bracket, seated):
    a, b, _c = seated
    enter(bracket, a, a, [6, 3, 2], 1, report=True)
    assert not Game.objects.exists()
    outcome = enter(bracket, b, a, [6, 3, 2], 1, report=True)
    assert "is confirmed" in outcome.message
    assert Game.objects.get(number=1).winner == a


def test_a_player_confirms_another_players_report(client_as, confirming_players, bracket, seated):
    a, b, _c = seated
    report = enter(bracket, a, a, [6, 3, 2], 1, report=True).entry
    page = client_as(b).get(bracket_url(bracket))
    assert [row["entry"].pk for row in page.context["reports_to_confirm"]] == [report.pk]
    client_as(b).post(bracket_url(bracket) + f"entries/{report.pk}/confirm/")
    assert Game.objects.get(number=1).winner == a


def test_reports_that_differ_wait_for_a_judge(confirming_players, bracket, seated):
    a, b, _c = seated
    enter(bracket, a, a, [6, 3, 2], 1, report=True)
    enter(bracket, b, b, [3, 6, 2], 1, report=True)
    assert not Game.objects.exists()
    assert GameEntry.objects.filter(status=EntryStatus.UNCONFIRMED).count() == 2


def test_without_the_setting_a_player_cannot_confirm(event, bracket, seated):
    event.players_report_results = True
    event.save(update_fields=["players_report_results"])
    a, b, _c = seated
    report = enter(bracket, a, a, [6, 3, 2], 1, report=True).entry
    with pytest.raises(PermissionDenied):
        services.confirm_entry(report, b)
    enter(bracket, b, a, [6, 3, 2], 1, report=True)
    assert not Game.objects.exists()  # the same report twice still waits for a judge


def test_a_player_never_confirms_his_own_report(confirming_players, bracket, seated):
    a, _b, _c = seated
    own = enter(bracket, a, a, [6, 3, 2], 1, report=True).entry
    with pytest.raises(PermissionDenied):
        services.confirm_entry(own, a)


def test_a_player_never_confirms_a_judges_entry(confirming_players, judge, bracket, seated):
    a, b, _c = seated
    entry = enter(bracket, judge, a, [6, 3, 2], 1).entry
    with pytest.raises(PermissionDenied):
        services.confirm_entry(entry, b)


def test_after_reporting_game_one_a_player_is_asked_for_game_two(
    client_as, confirming_players, bracket, seated
):
    a, b, _c = seated
    enter(bracket, a, a, [6, 3, 2], 1, report=True)
    page = client_as(a).get(bracket_url(bracket))
    # Game 1 waits for a judge or another player: his form goes on to game 2 (as a judge's).
    assert page.context["report_form"]["number"].value() == 2
    assert "Report game 2" in page.content.decode()
    # The other player has reported nothing: he is still asked for game 1 (to confirm or
    # report his own view of it).
    other = client_as(b).get(bracket_url(bracket))
    assert other.context["report_form"]["number"].value() == 1
