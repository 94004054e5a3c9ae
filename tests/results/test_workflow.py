"""Confirmation, conflicts, corrections, idempotency, permissions, tie-breaks and dashboard."""

import uuid

import pytest
from django.urls import reverse

from tests.support.results import bracket_url, game_post, post_game
from tournament.events.models import Bracket, Seat
from tournament.results import services
from tournament.results.models import EntryStatus, Game, GameEntry
from tournament.results.services import GameData
from tournament.rounds.services.rounds import close_round, seat_next_round


def confirm_url(entry) -> str:
    return reverse(
        "results:confirm", args=[entry.bracket.round.event_id, entry.bracket_id, entry.pk]
    )


def seat_of(bracket, player) -> Seat:
    return Seat.objects.get(bracket=bracket, registration__player=player)


# --- confirmation ---------------------------------------------------------------------------


def test_entry_waits_for_a_second_official(client_as, judge, bracket, seated):
    a = seated[0]
    response = post_game(client_as(judge), bracket, seated, [6, 4, 4], winner=a)
    assert response.status_code == 302
    entry = GameEntry.objects.get()
    assert entry.status == EntryStatus.UNCONFIRMED
    assert entry.submitted_by == judge and entry.ip_address == "127.0.0.1"
    assert not Game.objects.exists()
    assert seat_of(bracket, a).figures.games_won == 0


def test_submitter_cannot_confirm_own_entry(client_as, judge, bracket, seated):
    client = client_as(judge)
    post_game(client, bracket, seated, [6, 4, 4], winner=seated[0])
    entry = GameEntry.objects.get()
    response = client.post(confirm_url(entry))
    assert response.status_code == 403
    entry.refresh_from_db()
    assert entry.status == EntryStatus.UNCONFIRMED
    assert not Game.objects.exists()


@pytest.mark.parametrize("confirmer", ["second_judge", "organizer"])
def test_other_judge_or_organizer_confirms(request, client_as, judge, bracket, seated, confirmer):
    a = seated[0]
    post_game(client_as(judge), bracket, seated, [6, 4, 4], winner=a)
    entry = GameEntry.objects.get()
    who = request.getfixturevalue(confirmer)
    response = client_as(who).post(confirm_url(entry))
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == EntryStatus.CONFIRMED and entry.confirmed_by == who
    game = Game.objects.get()
    assert game.winner == a and game.unrazed[str(a.pk)] == 6
    assert seat_of(bracket, a).figures.games_won == 1
    assert seat_of(bracket, a).figures.unrazed_total == 6
    # Confirming again (double tap) is harmless.
    assert client_as(who).post(confirm_url(entry)).status_code == 302
    assert GameEntry.objects.filter(status=EntryStatus.CONFIRMED).count() == 1


def test_single_entry_event_confirms_at_once(client_as, judge, single_entry, bracket, seated):
    post_game(client_as(judge), bracket, seated, [6, 4, 4], winner=seated[0])
    entry = GameEntry.objects.get()
    assert entry.status == EntryStatus.CONFIRMED and entry.confirmed_by == judge
    assert Game.objects.count() == 1


def test_matching_entry_of_another_judge_confirms(client_as, judge, second_judge, bracket, seated):
    a = seated[0]
    post_game(client_as(judge), bracket, seated, [6, 4, 4], winner=a)
    post_game(client_as(second_judge), bracket, seated, [6, 4, 4], winner=a)
    entry = GameEntry.objects.get()
    assert entry.status == EntryStatus.CONFIRMED and entry.confirmed_by == second_judge
    assert Game.objects.count() == 1


# --- conflicts ------------------------------------------------------------------------------


def test_conflicting_entries_shown_side_by_side(
    client_as, judge, second_judge, organizer, bracket, seated
):
    a, b, _c = seated
    post_game(client_as(judge), bracket, seated, [6, 4, 4], winner=a)
    post_game(client_as(second_judge), bracket, seated, [4, 6, 4], winner=b)
    first, second = GameEntry.objects.order_by("version")
    assert {first.status, second.status} == {EntryStatus.UNCONFIRMED}
    page = client_as(organizer).get(bracket_url(bracket))
    html = page.content.decode()
    assert "Conflicting entries" in html
    assert f'id="entry-{first.pk}"' in html and f'id="entry-{second.pk}"' in html
    client_as(organizer).post(confirm_url(second))
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.status == EntryStatus.REJECTED and second.status == EntryStatus.CONFIRMED
    assert Game.objects.get().winner == b


def test_reject_entry(client_as, judge, second_judge, bracket, seated):
    post_game(client_as(judge), bracket, seated, [6, 4, 4], winner=seated[0])
    entry = GameEntry.objects.get()
    url = reverse("results:reject", args=[bracket.round.event_id, bracket.pk, entry.pk])
    assert client_as(second_judge).post(url).status_code == 302
    entry.refresh_from_db()
    assert entry.status == EntryStatus.REJECTED and not Game.objects.exists()


# --- idempotency ----------------------------------------------------------------------------


def test_same_post_twice_makes_one_entry(client_as, judge, bracket, seated):
    client = client_as(judge)
    data = game_post(seated, [6, 4, 4], winner=seated[0], key=uuid.uuid4())
    first = client.post(bracket_url(bracket), data)
    second = client.post(bracket_url(bracket), data)
    assert first.status_code == second.status_code == 302
    assert GameEntry.objects.count() == 1


def test_same_post_twice_single_entry(client_as, judge, single_entry, bracket, seated):
    client = client_as(judge)
    data = game_post(seated, [6, 4, 4], winner=seated[0])
    client.post(bracket_url(bracket), data)
    assert client.post(bracket_url(bracket), data, follow=True).status_code == 200
    assert GameEntry.objects.count() == 1 and Game.objects.count() == 1


# --- corrections ----------------------------------------------------------------------------


def record(bracket, by, winner, counts, number):
    players = [s.registration.player for s in bracket.seats.order_by("position")]
    unrazed = {str(p.pk): n for p, n in zip(players, counts, strict=True)}
    return services.submit_entry(
        bracket, GameData(winner.pk, "victory", unrazed), by, uuid.uuid4(), number=number
    )


def correct_url(bracket, number) -> str:
    return reverse("results:correct", args=[bracket.round.event_id, bracket.pk, number])


def test_correction_recomputes_points_and_keeps_history(
    client_as, judge, organizer, single_entry, bracket, seated
):
    a, b, c = seated
    record(bracket, judge, a, [6, 4, 4], 1)
    record(bracket, judge, a, [6, 5, 3], 2)
    assert seat_of(bracket, a).figures.place == 1 and seat_of(bracket, a).figures.points == 4
    assert seat_of(bracket, b).figures.points == 3 and seat_of(bracket, c).figures.points == 2
    client = client_as(organizer)
    assert client.get(correct_url(bracket, 2)).status_code == 200
    corrected = game_post(seated, [6, 3, 5], a, number=2)
    refused = client.post(correct_url(bracket, 2), corrected)  # no reason given
    assert refused.status_code == 200
    assert "Say why the result is corrected." in refused.content.decode()
    response = client.post(correct_url(bracket, 2), corrected | {"reason": "b's 5 was c's"})
    assert response.status_code == 302
    assert seat_of(bracket, b).figures.points == 2 and seat_of(bracket, c).figures.points == 3
    versions = GameEntry.objects.filter(number=2).order_by("version")
    assert [v.status for v in versions] == [EntryStatus.SUPERSEDED, EntryStatus.CONFIRMED]
    assert versions[1].is_correction and versions[1].reason == "b's 5 was c's"
    history = client.get(reverse("results:history", args=[bracket.round.event_id, bracket.pk]))
    html = history.content.decode()
    assert html.count("Superseded") >= 1 and html.count("Confirmed") >= 2
    assert "b&#x27;s 5 was c&#x27;s" in html  # the reason stays in the history


def test_correction_needs_confirmation_without_single_entry(
    client_as, judge, second_judge, bracket, seated
):
    a, b, _c = seated
    record(bracket, judge, a, [6, 4, 4], 1)
    services.confirm_entry(GameEntry.objects.get(), second_judge)
    data = game_post(seated, [6, 5, 4], a) | {"reason": "counted again"}
    response = client_as(judge).post(correct_url(bracket, 1), data, follow=True)
    assert "The correction of game 1 is entered." in response.content.decode()
    correction = GameEntry.objects.get(version=2)
    assert correction.status == EntryStatus.UNCONFIRMED
    assert Game.objects.get().unrazed[str(b.pk)] == 4  # the old result still counts
    client_as(second_judge).post(confirm_url(correction))
    assert Game.objects.get().unrazed[str(b.pk)] == 5
    assert GameEntry.objects.get(version=1).status == EntryStatus.SUPERSEDED


def test_correction_refused_once_next_round_is_seated(
    client_as, judge, event, single_entry, round1, seated
):
    for b in round1.brackets.all():
        first = b.seats.order_by("position").first().registration.player
        record(b, judge, first, [6, 4, 4], 1)
        record(b, judge, first, [6, 4, 3], 2)
    close_round(round1)
    seat_next_round(event, seed=3)
    bracket = round1.brackets.order_by("table").first()
    response = client_as(judge).post(
        correct_url(bracket, 2),
        game_post(seated, [6, 3, 4], seated[0], number=2) | {"reason": "late check"},
    )
    assert response.status_code == 200
    assert "already seated" in " ".join(response.context["form"].non_field_errors())
    assert GameEntry.objects.filter(is_correction=True).count() == 0


def test_correction_that_breaks_later_games_is_refused(judge, single_entry, bracket, seated):
    a, b, c = seated
    record(bracket, judge, a, [6, 4, 4], 1)
    record(bracket, judge, b, [4, 6, 4], 2)
    record(bracket, judge, a, [6, 4, 4], 3)
    with pytest.raises(Exception, match="later game"):
        services.submit_entry(
            bracket,
            GameData(a.pk, "victory", {str(a.pk): 6, str(b.pk): 4, str(c.pk): 4}),
            judge,
            uuid.uuid4(),
            number=2,
            correction=True,
        )


# --- tie-break ------------------------------------------------------------------------------


def test_tiebreak_decision(client_as, judge, single_entry, bracket, seated):
    a, b, c = seated
    record(bracket, judge, a, [6, 4, 4], 1)
    record(bracket, judge, a, [6, 4, 4], 2)
    bracket.refresh_from_db()
    assert bracket.state == Bracket.State.NEEDS_DECISION
    client = client_as(judge)
    page = client.get(bracket_url(bracket)).content.decode()
    assert "tie-break decision" in page
    url = reverse("results:tiebreak", args=[bracket.round.event_id, bracket.pk])
    bad = client.post(url, {"g0_0": str(c.pk), "g0_1": str(c.pk)})
    assert bad.status_code == 200 and "exactly one place" in bad.content.decode()
    client.post(url, {"g0_0": str(c.pk), "g0_1": str(b.pk)})
    bracket.refresh_from_db()
    assert bracket.state == Bracket.State.COMPLETE
    assert bracket.tiebreak_decided_by == judge
    assert seat_of(bracket, c).figures.place == 2 and seat_of(bracket, b).figures.place == 3


# --- permissions ----------------------------------------------------------------------------


def test_players_and_strangers_get_403(client_as, player, stranger, bracket, seated):
    for who in (player, stranger, seated[0]):
        response = post_game(client_as(who), bracket, seated, [6, 4, 4], winner=seated[0])
        assert response.status_code == 403
    assert not GameEntry.objects.exists()


def test_anonymous_is_sent_to_login(client_as, bracket, seated):
    response = post_game(client_as(None), bracket, seated, [6, 4, 4], winner=seated[0])
    assert response.status_code == 302 and "login" in response["Location"]
    assert not GameEntry.objects.exists()


def test_public_reads_published_bracket_without_form(client_as, bracket, seated):
    page = client_as(None).get(bracket_url(bracket))
    assert page.status_code == 200
    html = page.content.decode()
    assert seated[0].name in html and seated[0].player_number in html
    assert "result-form" not in html


def test_unpublished_round_hidden_from_public(client_as, judge, round1, bracket):
    round1.published = False
    round1.save()
    assert client_as(None).get(bracket_url(bracket)).status_code == 404
    page = client_as(judge).get(bracket_url(bracket))
    assert page.status_code == 200 and "result-form" in page.content.decode()


# --- dashboard ------------------------------------------------------------------------------


def test_dashboard_lists_what_needs_this_judge(client_as, judge, second_judge, bracket, seated):
    url = reverse("results:dashboard", args=[bracket.round.event_id])
    html = client_as(judge).get(url).content.decode()
    assert html.count("Enter game results") == 3
    post_game(client_as(judge), bracket, seated, [6, 4, 4], winner=seated[0])
    mine = client_as(judge).get(url, headers={"HX-Request": "true"}).content.decode()
    assert "<html" not in mine and "Your entry awaits confirmation" in mine
    theirs = client_as(second_judge).get(url).content.decode()
    assert "Confirm another judge" in theirs and 'hx-trigger="every 10s"' in theirs


def test_dashboard_for_officials_only(client_as, player, round1):
    url = reverse("results:dashboard", args=[round1.event_id])
    assert client_as(player).get(url).status_code == 403
    assert client_as(None).get(url).status_code == 302


def test_a_conflict_marks_the_cells_that_differ(
    client_as, judge, second_judge, organizer, bracket, seated
):
    # Two judges agree on the winner and on c's count, and differ on a's: 6 against 7.
    a, b, c = seated
    post_game(client_as(judge), bracket, seated, [6, 4, 4], winner=a)
    post_game(client_as(second_judge), bracket, seated, [7, 4, 4], winner=a)
    page = client_as(organizer).get(bracket_url(bracket))
    rows = page.context["conflicts"][1]
    for row in rows:
        marked = {cell["player"].pk: cell["differs"] for cell in row["rows"]}
        assert marked == {a.pk: True, b.pk: False, c.pk: False}
        assert not row["winner_differs"] and not row["ended_differs"]
    assert page.content.decode().count('<td class="num differs"') == 2  # a's cell in each entry


def test_a_judge_waiting_for_confirmation_is_told_so_and_offered_game_2(
    client_as, judge, second_judge, bracket, seated
):
    a, _b, _c = seated
    post_game(client_as(judge), bracket, seated, [6, 4, 4], winner=a)
    mine = client_as(judge).get(bracket_url(bracket))
    assert mine.context["form"]["number"].value() == 2  # no blank game 1 again: game 2
    assert "Your entry of game 1 waits for another judge" in mine.content.decode()
    assert "enter the next game meanwhile" in mine.content.decode()
    theirs = client_as(second_judge).get(bracket_url(bracket))
    assert "form" in theirs.context
    assert "Another official entered this game" in theirs.content.decode()
