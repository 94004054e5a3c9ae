"""Judges at the venue: completed brackets on the dashboard, conflicts as warnings, the
tie-break decision and the tournament winner on the bracket page; players' own reports,
which count only once a judge confirms them."""

import uuid

from django.urls import reverse

from tests.support.results import bracket_url, game_post
from tournament.events.models import Bracket
from tournament.results import services
from tournament.results.models import EntryStatus, Game, GameEntry
from tournament.results.services import GameData
from tournament.rounds.services.rounds import close_round, publish_round, seat_next_round


def record(bracket, by, winner, counts, number):
    players = [s.registration.player for s in bracket.seats.order_by("position")]
    unrazed = {str(p.pk): n for p, n in zip(players, counts, strict=True)}
    return services.submit_entry(
        bracket, GameData(winner.pk, "victory", unrazed), by, uuid.uuid4(), number=number
    )


def report_url(bracket) -> str:
    return reverse("results:report", args=[bracket.round.event_id, bracket.pk])


def messages_of(response) -> str:
    return " ".join(str(m) for m in response.context["messages"]) if response.context else ""


# --- players' reports ---


def test_reports_only_where_the_event_allows_them(client_as, bracket, seated):
    a, _b, _c = seated
    page = client_as(a).get(bracket_url(bracket)).content.decode()
    assert "Report game" not in page
    response = client_as(a).post(report_url(bracket), game_post(seated, [6, 3, 2], winner=a))
    assert response.status_code == 403
    assert not GameEntry.objects.exists()


def test_a_report_waits_for_a_judge_even_in_single_entry(
    client_as, reporting, single_entry, bracket, seated
):
    a, b, _c = seated
    client = client_as(a)
    assert "Report game 1" in client.get(bracket_url(bracket)).content.decode()
    response = client.post(report_url(bracket), game_post(seated, [6, 3, 2], winner=a), follow=True)
    assert "counts once a judge confirms it" in messages_of(response)
    entry = GameEntry.objects.get()
    assert entry.status == EntryStatus.UNCONFIRMED and entry.submitted_by == a
    assert not Game.objects.exists()
    assert "Your reports awaiting a judge" in response.content.decode()
    # A second player reporting the same result does not confirm it either.
    client_as(b).post(report_url(bracket), game_post(seated, [6, 3, 2], winner=a))
    assert GameEntry.objects.filter(status=EntryStatus.UNCONFIRMED).count() == 2
    assert not Game.objects.exists()


def test_judge_confirms_a_report_with_one_tap(client_as, reporting, judge, bracket, seated):
    a, b, c = seated
    client_as(a).post(report_url(bracket), game_post(seated, [6, 3, 2], winner=a))
    entry = GameEntry.objects.get()
    client = client_as(judge)
    dashboard = client.get(reverse("results:dashboard", args=[bracket.round.event_id]))
    assert "Confirm a player&#x27;s report" in dashboard.content.decode()
    page = client.get(bracket_url(bracket)).content.decode()
    assert "reported by a player" in page
    # The waiting entry is a player's report, never called another official's entry.
    assert "A player of this table reported this game" in page
    assert "Another official entered this game" not in page
    confirm = reverse("results:confirm", args=[bracket.round.event_id, bracket.pk, entry.pk])
    client.post(confirm)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.CONFIRMED and entry.confirmed_by == judge
    game = Game.objects.get()
    assert game.winner == a and game.unrazed == {str(a.pk): 6, str(b.pk): 3, str(c.pk): 2}


def test_only_seated_players_report(client_as, reporting, round1, seated, judge):
    other = round1.brackets.order_by("table").last()
    outsider = seated[0]
    players = [s.registration.player for s in other.seats.order_by("position")]
    response = client_as(outsider).post(
        report_url(other), game_post(players, [6, 3, 2], winner=players[0])
    )
    assert response.status_code == 403
    response = client_as(judge).post(
        report_url(other), game_post(players, [6, 3, 2], winner=players[0])
    )
    assert response.status_code == 403  # judges enter results, they do not report them
    assert not GameEntry.objects.exists()


def test_an_impossible_report_is_refused_with_the_reason(client_as, reporting, bracket, seated):
    a, _b, _c = seated
    # Standard victory needs 6 unrazed realms (SPEC §2): a winner with 3 is refused.
    response = client_as(a).post(report_url(bracket), game_post(seated, [3, 2, 1], winner=a))
    assert response.status_code == 200
    assert "6" in response.content.decode()
    assert not GameEntry.objects.exists()


# --- judges ---


def test_conflict_is_a_warning_and_hides_the_entry_form(
    client_as, judge, second_judge, bracket, seated
):
    a, b, _c = seated
    record(bracket, judge, a, [6, 3, 2], 1)
    record(bracket, second_judge, b, [3, 6, 2], 1)
    page = client_as(judge).get(bracket_url(bracket)).content.decode()
    assert 'class="conflicts card warning"' in page
    assert "result-form" not in page
    assert "Settle the conflicting entries above" in page


def test_tiebreak_decision_shown_on_the_bracket_page(
    client_as, judge, single_entry, bracket, seated
):
    a, b, c = seated
    record(bracket, judge, a, [6, 4, 4], 1)
    record(bracket, judge, a, [6, 4, 4], 2)
    services.decide_tiebreak(bracket, [[str(c.pk), str(b.pk)]], judge)
    page = client_as(None).get(bracket_url(bracket)).content.decode()
    assert "Judge's tie-break decision (by Bob Judge)" in page
    decision = page[page.index("tie-break decision (by") :]
    assert decision.index(c.name) < decision.index(b.name)


def test_dashboard_keeps_completed_brackets_with_a_filter(
    client_as, judge, single_entry, bracket, seated
):
    a, b, _c = seated
    record(bracket, judge, a, [6, 3, 2], 1)
    record(bracket, judge, a, [6, 3, 2], 2)
    url = reverse("results:dashboard", args=[bracket.round.event_id])
    client = client_as(judge)
    response = client.get(url)
    assert [x.pk for x in response.context["completed"]] == [bracket.pk]
    assert response.context["done"] == 1
    assert [x.pk for x in client.get(url, {"q": b.name[-2:]}).context["completed"]] == [bracket.pk]
    assert client.get(url, {"q": str(bracket.table)}).context["completed"] == [bracket]
    assert client.get(url, {"q": "nobody at all"}).context["completed"] == []


def test_final_winner_is_the_tournament_winner(client_as, organizer, judge, event, single_entry):
    from tests.support.events import add_players

    add_players(event, 3)
    rnd = seat_next_round(event, seed=1)
    publish_round(rnd)
    final = rnd.brackets.get()
    a, _b, _c = [s.registration.player for s in final.seats.order_by("position")]
    record(final, judge, a, [6, 3, 2], 1)
    record(final, judge, a, [6, 3, 2], 2)
    final.refresh_from_db()
    assert final.state == Bracket.State.COMPLETE
    close_round(rnd)
    page = client_as(None).get(bracket_url(final)).content.decode()
    assert "Tournament winner: <strong>" + a.name in page
    round_page = client_as(organizer).get(reverse("rounds:detail", args=[event.pk, 1]))
    body = round_page.content.decode()
    assert "Tournament winner" in body and ">advances<" not in body


def test_the_confirm_card_shows_the_razed_realms_that_decided_a_timed_game(
    client_as, event, bracket, seated, judge, organizer
):
    """A game ended by time with 5–5 unrazed is decided by razed realms (SPEC §5: more
    unrazed, then more razed): the confirming official sees the razed counts, 2 against 1."""
    from tests.support.results import post_game
    from tournament.rounds.services.rounds import call_time, start_timer

    event.time_limit_minutes = 50
    event.save(update_fields=["time_limit_minutes"])
    start_timer(bracket.round)
    call_time(bracket.round)
    a, b, c = seated
    response = post_game(
        client_as(judge), bracket, seated, [5, 5, 3], winner=a, ended_by="time", razed=[2, 1, 0]
    )
    assert response.status_code == 302
    page = client_as(organizer).get(bracket_url(bracket)).content.decode()
    card = page[page.index('class="card entry') :]
    card = card[: card.index("</table>")]
    assert "Razed" in card
    rows = {
        name: card[card.index(name) :].split("</tr>", 1)[0] for name in (a.name, b.name, c.name)
    }
    assert '<td class="num">5</td><td class="num">2</td>' in rows[a.name]
    assert '<td class="num">5</td><td class="num">1</td>' in rows[b.name]
