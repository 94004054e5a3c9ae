"""The rounds pages of a one-on-one event (SPEC §11) over HTTP: pairing and re-pairing, the
pairings (table · A vs B · games won · state), byes, no-shows by the organizer or a judge,
the round's caption, the public round page and where a player sits."""

import pytest
from django.urls import reverse

from tests.support.events import add_players
from tests.support.one_on_one import play_game, win
from tests.support.results import seated
from tournament.events.models import Bracket, Round
from tournament.rounds.services import rounds
from tournament.rounds.services.swiss import record_no_show

pytestmark = pytest.mark.django_db


def url(name: str, event, number: int | None = None) -> str:
    args = [event.pk] if number is None else [event.pk, number]
    return reverse(f"rounds:{name}", args=args)


def messages_of(response) -> str:
    return " ".join(str(m) for m in response.context["messages"]) if response.context else ""


def matches(rnd: Round) -> list[Bracket]:
    return list(rnd.brackets.order_by("table"))


def play_swiss_round(event, number: int, judge, second_judge) -> Round:
    """Pair the round through the service; the first seat wins every match; close it."""
    rnd = rounds.seat_next_round(event, seed=number)
    for match in matches(rnd):
        win(match, seated(match)[0], judge, second_judge)
    return rounds.close_round(rnd)


def test_the_organizer_pairs_round_1_and_sees_the_pairings(swiss_event, client_as, organizer):
    event = swiss_event(7, swiss_rounds=3)
    client = client_as(organizer)
    page = client.get(url("list", event)).content.decode()
    assert "Pair round 1" in page and "Seat round 1" not in page
    response = client.post(url("seat", event), {"confirmed": "1"}, follow=True)
    assert "Round 1 is paired. Publish the pairings when the tables are ready." in messages_of(
        response
    )
    rnd = event.rounds.get()
    page = response.content.decode()
    assert "Round 1 of 3 Swiss" in page
    # 7 players: three matches and a bye (SPEC §11), each match "A vs B".
    assert page.count('class="card match state-waiting"') == 3
    for match in matches(rnd):
        a, b = seated(match)
        assert f'id="table-{match.table}"' in page
        assert a.name in page and b.name in page
    (bye,) = rnd.byes
    byes = page[page.index('id="byes"') :]
    assert event.registrations.get(player_id=bye).player.name in byes[: byes.index("</p>")]
    assert "A bye counts as a match won 1–0." in page
    assert "Pair again" in page and "Publish pairings" in page
    # A match seats two: players are swapped, never moved.
    assert "Swap two players" in page and "Move a player to another table" not in page


def test_the_rounds_table_names_swiss_rounds_and_the_cut(
    swiss_event, client_as, organizer, judge, second_judge
):
    event = swiss_event(4, swiss_rounds=1, top_cut=4)
    play_swiss_round(event, 1, judge, second_judge)
    page = client_as(organizer).get(url("list", event)).content.decode()
    assert "Swiss round 1 of 1" in page
    assert "Matches" in page and "Multiplier" not in page and "×1" not in page
    assert "Pair the top cut" in page
    client_as(organizer).post(url("seat", event), {"confirmed": "1"})
    page = client_as(organizer).get(url("list", event)).content.decode()
    assert "Top cut: semi-finals" in page


def test_pairing_again_before_the_first_result(swiss_event, client_as, organizer):
    event = swiss_event(6)
    rnd = rounds.seat_next_round(event, seed=1)
    response = client_as(organizer).post(url("reseat", event, 1), follow=True)
    assert "Round 1 is paired again." in messages_of(response)
    assert event.rounds.get().pk != rnd.pk


def test_a_match_shows_the_games_won_each(swiss_event, client_as, judge, second_judge):
    event = swiss_event(2, best_of=3)
    (match,) = matches(rounds.seat_next_round(event, seed=5))
    a, b = seated(match)
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    play_game(match, b, {a: 1, b: 6}, judge, second_judge)
    page = client_as(judge).get(url("detail", event, 1)).content.decode()
    card = page[page.index('id="table-1"') :]
    # One game each of a best of 3: 1–1, still being played.
    assert '<span class="match-score" title="Games won">1–1</span>' in card
    assert "state-in_progress" in card
    play_game(match, a, {a: 6, b: 0}, judge, second_judge)
    page = client_as(judge).get(url("detail", event, 1)).content.decode()
    card = page[page.index('id="table-1"') :]
    assert '<span class="match-score" title="Games won">2–1</span>' in card
    assert f'<span class="match-player winner">{a.name}' in card


def test_a_judge_records_and_takes_back_a_no_show(swiss_event, client_as, judge):
    event = swiss_event(4, best_of=3)
    rnd = rounds.seat_next_round(event, seed=2)
    match = matches(rnd)[0]
    a, b = seated(match)
    registration = event.registrations.get(player=b)
    client = client_as(judge)
    page = client.get(url("detail", event, 1)).content.decode()
    assert f"{b.name} did not come" in page
    assert f"Record that {b.name} did not come to table 1? He loses the match 0–2." in page
    # Without the page's script the question is asked on a page of its own.
    asked = client.post(
        url("no_show", event, 1), {"bracket": match.pk, "registration": registration.pk}
    )
    assert asked.status_code == 200 and b"Record the no-show" in asked.content
    match.refresh_from_db()
    assert match.no_show is None
    response = client.post(
        url("no_show", event, 1),
        {"bracket": match.pk, "registration": registration.pk, "confirmed": "1"},
        follow=True,
    )
    assert f"{b.name} did not come: the match at table 1 is lost without games." in messages_of(
        response
    )
    match.refresh_from_db()
    assert match.no_show == b and match.winner == a and match.state == Bracket.State.COMPLETE
    card = response.content.decode()
    card = card[card.index('id="table-1"') :]
    assert "did not come</span>" in card and "2–0" in card and "No-show" in card
    response = client.post(url("undo_no_show", event, 1), {"bracket": match.pk}, follow=True)
    assert "The no-show at table 1 is taken back" in messages_of(response)
    match.refresh_from_db()
    assert match.no_show is None and match.state == Bracket.State.WAITING


@pytest.mark.parametrize("who", ["player", "stranger"])
def test_no_shows_are_for_officials_only(swiss_event, client_as, request, who):
    event = swiss_event(2)
    (match,) = matches(rounds.seat_next_round(event, seed=1))
    registration = event.registrations.first()
    data = {"bracket": match.pk, "registration": registration.pk, "confirmed": "1"}
    response = client_as(request.getfixturevalue(who)).post(url("no_show", event, 1), data)
    assert response.status_code == 403
    anonymous = client_as(None).post(url("no_show", event, 1), data)
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    match.refresh_from_db()
    assert match.no_show is None


def test_no_show_refused_once_a_game_is_recorded(swiss_event, client_as, judge, second_judge):
    event = swiss_event(2, best_of=3)
    (match,) = matches(rounds.seat_next_round(event, seed=1))
    a, b = seated(match)
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    page = client_as(judge).get(url("detail", event, 1)).content.decode()
    assert "did not come</button>" not in page
    response = client_as(judge).post(
        url("no_show", event, 1),
        {
            "bracket": match.pk,
            "registration": event.registrations.get(player=b).pk,
            "confirmed": "1",
        },
        follow=True,
    )
    assert "Games of this match are recorded" in messages_of(response)


def test_no_show_in_a_bracket_event_is_refused(event, client_as, organizer):
    add_players(event, 9)
    rnd = rounds.seat_next_round(event, seed=1)
    bracket = matches(rnd)[0]
    response = client_as(organizer).post(
        url("no_show", event, 1),
        {"bracket": bracket.pk, "registration": bracket.seats.first().registration_id},
        follow=True,
    )
    assert "No-shows are recorded in one-on-one matches only." in messages_of(response)
    bracket.refresh_from_db()
    assert bracket.no_show is None


def test_closing_a_swiss_round_says_what_comes_next(swiss_event, client_as, organizer, judge):
    event = swiss_event(2, swiss_rounds=2)
    (match,) = matches(rounds.seat_next_round(event, seed=1))
    win(match, seated(match)[0], judge, organizer)
    client = client_as(organizer)
    asked = client.post(url("close", event, 1))
    assert b"Close round 1? The standings decide the next pairings." in asked.content
    response = client.post(url("close", event, 1), {"confirmed": "1"}, follow=True)
    assert "Round 1 is closed: pair the next round." in messages_of(response)
    page = response.content.decode()
    assert "Pair round 2" in page


def test_the_public_round_page_shows_the_same_pairings(
    swiss_event, client_as, organizer, judge, second_judge
):
    event = swiss_event(5, best_of=1)
    rnd = rounds.seat_next_round(event, seed=4)
    first = matches(rnd)[0]
    a, _b = seated(first)
    win(first, a, judge, second_judge)
    assert client_as(None).get(url("detail", event, 1)).status_code == 404  # not published
    rounds.publish_round(rnd, True)
    page = client_as(None).get(url("detail", event, 1)).content.decode()
    assert "Round 1 of 3 Swiss" in page  # ⌈log₂ 5⌉ = 3
    for match in matches(rnd):
        for player in seated(match):
            assert player.name in page
    assert page.count('class="card match ') == 2
    assert '<span class="match-score" title="Games won">1–0</span>' in page
    (bye,) = rnd.byes
    assert event.registrations.get(player_id=bye).player.name in page
    # Reading only: no action of the officials.
    for action in ("did not come</button>", "Drop ", "Pair again", "Enter results"):
        assert action not in page


def test_the_top_cut_captions_and_the_winner(
    swiss_event, client_as, organizer, judge, second_judge
):
    event = swiss_event(4, swiss_rounds=2, top_cut=4)
    for number in (1, 2):
        play_swiss_round(event, number, judge, second_judge)
    client = client_as(organizer)
    client.post(url("seat", event), {"confirmed": "1"})
    page = client.get(url("detail", event, 3)).content.decode()
    assert "Top cut: semi-finals" in page
    for match in matches(event.rounds.get(number=3)):
        win(match, seated(match)[0], judge, second_judge)
    client.post(url("close", event, 3), {"confirmed": "1"})
    page = client.get(url("detail", event, 3)).content.decode()
    assert "Pair the top cut: final" in page
    client.post(url("seat", event), {"confirmed": "1"})
    final = event.rounds.get(number=4)
    assert final.is_cut and final.is_final
    page = client.get(url("detail", event, 4)).content.decode()
    assert "Top cut: final" in page and "Close the final" in page
    (match,) = matches(final)
    champion = seated(match)[1]
    win(match, champion, judge, second_judge)
    response = client.post(url("close", event, 4), {"confirmed": "1"}, follow=True)
    assert "The final is closed" in messages_of(response)
    advancement = response.content.decode()
    advancement = advancement[advancement.index('class="advancement card"') :]
    assert f"Tournament winner: <strong>{champion.name}</strong>" in " ".join(advancement.split())


def test_the_last_swiss_round_without_a_cut(swiss_event, client_as, organizer, judge):
    event = swiss_event(2, swiss_rounds=1)
    rnd = rounds.seat_next_round(event, seed=1)
    (match,) = matches(rnd)
    winner = seated(match)[0]
    page = client_as(organizer).get(url("detail", event, 1)).content.decode()
    assert "Close the last round" in page
    win(match, winner, judge, organizer)
    response = client_as(organizer).post(url("close", event, 1), {"confirmed": "1"}, follow=True)
    assert "The last round is closed. Finish the event" in messages_of(response)
    assert f"<strong>{winner.name}</strong>" in response.content.decode()
    assert "Finish the event" in response.content.decode()


def test_a_player_with_a_bye_is_told_so(swiss_event, client_as, organizer):
    event = swiss_event(3)
    rnd = rounds.seat_next_round(event, seed=3)
    rounds.publish_round(rnd, True)
    (bye,) = rnd.byes
    player = event.registrations.get(player_id=bye).player
    page = client_as(player).get(url("my_seat", event)).content.decode()
    assert "You have a bye in round 1: it counts as a match won." in page
    (match,) = matches(rnd)
    a, b = seated(match)
    page = client_as(a).get(url("my_seat", event)).content.decode()
    assert "Your opponent<" in page and b.name in page


def test_swapping_two_players_between_matches(swiss_event, client_as, organizer):
    event = swiss_event(4)
    rnd = rounds.seat_next_round(event, seed=7)
    first, second = matches(rnd)
    a, _b = seated(first)
    c, _d = seated(second)
    regs = {r.player_id: r.pk for r in event.registrations.all()}
    response = client_as(organizer).post(
        url("swap", event, 1), {"first": regs[a.pk], "second": regs[c.pk]}, follow=True
    )
    assert f"{a.name} now sits at table 2, {c.name} at table 1." in messages_of(response)
    assert c in seated(first) and a in seated(second)


def test_no_show_from_an_earlier_round_is_refused(swiss_event, judge, second_judge, client_as):
    event = swiss_event(2, swiss_rounds=2)
    rnd = rounds.seat_next_round(event, seed=1)
    (match,) = matches(rnd)
    record_no_show(match, event.registrations.get(player=seated(match)[1]))
    rounds.close_round(rnd)
    response = client_as(judge).post(
        url("undo_no_show", event, 1), {"bracket": match.pk}, follow=True
    )
    assert "Round 1 is closed." in messages_of(response)
    match.refresh_from_db()
    assert match.no_show is not None


def test_the_pairings_in_portuguese(swiss_event, client_as, organizer, judge, second_judge):
    event = swiss_event(3, best_of=3, swiss_rounds=2)
    client = client_as(organizer)
    client.cookies["django_language"] = "pt-br"
    page = client.get(url("list", event)).content.decode()
    assert "Emparceirar a rodada 1" in page
    response = client.post(url("seat", event), {"confirmed": "1"}, follow=True)
    assert "A rodada 1 está emparceirada." in messages_of(response)
    page = response.content.decode()
    assert "Rodada 1 de 2 suíças" in page
    assert "Um bye conta como confronto vencido por 2–0." in page
    assert "Emparceirar de novo" in page and "Ausência ou saída" in page
    (match,) = matches(event.rounds.get())
    a, b = seated(match)
    page = client.get(reverse("results:bracket", args=[event.pk, match.pk])).content.decode()
    assert "Partida 1 de uma melhor de 3" in page and "Melhor de 3" in page
    win(match, a, judge, second_judge, best_of=3)
    page = client.get(reverse("results:bracket", args=[event.pk, match.pk])).content.decode()
    assert "Confronto decidido" in page
    assert f"O confronto está decidido ({a.name} 2–0 {b.name})" in page


def test_the_seating_page_names_the_bye(swiss_event, client_as, organizer):
    event = swiss_event(5)
    rnd = rounds.seat_next_round(event, seed=2)
    rounds.publish_round(rnd, True)
    (bye,) = rnd.byes
    page = client_as(None).get(url("seating", event, 1)).content.decode()
    byes = page[page.index('id="byes"') :]
    assert event.registrations.get(player_id=bye).player.name in byes[: byes.index("</p>")]


def test_a_no_show_with_bad_input_is_a_message_or_a_404(swiss_event, client_as, judge):
    event = swiss_event(4)
    rnd = rounds.seat_next_round(event, seed=6)
    first, second = matches(rnd)
    outsider = seated(second)[0]
    client = client_as(judge)
    # A player of another table: refused with the service's reason.
    response = client.post(
        url("no_show", event, 1),
        {
            "bracket": first.pk,
            "registration": event.registrations.get(player=outsider).pk,
            "confirmed": "1",
        },
        follow=True,
    )
    assert f"{outsider.name} does not play at table {first.table}." in messages_of(response)
    # No such match, or none given: not found, never an error page.
    for bracket in ("999999", "x", ""):
        response = client.post(url("undo_no_show", event, 1), {"bracket": bracket})
        assert response.status_code == 404
    first.refresh_from_db()
    assert first.no_show is None


def test_a_top_cut_larger_than_the_field_is_a_message(
    swiss_event, client_as, organizer, judge, second_judge
):
    event = swiss_event(3, swiss_rounds=1, top_cut=4)
    play_swiss_round(event, 1, judge, second_judge)
    response = client_as(organizer).post(url("seat", event), {"confirmed": "1"}, follow=True)
    assert response.status_code == 200
    assert "The top cut needs 4 players who have not dropped." in messages_of(response)
    assert event.rounds.count() == 1
