"""The judges' match page of a one-on-one event (SPEC §11): a two-seat bracket page with the
match's score, "Game 2 of a best of 3", entry and confirmation over HTTP, the match decided,
and the no-show; bracket events keep their page."""

import uuid

import pytest
from django.urls import reverse

from tests.support.events import add_players
from tests.support.one_on_one import play_game, win
from tests.support.results import seated
from tournament.events.models import Bracket
from tournament.results.models import EntryStatus, GameEntry
from tournament.rounds.services import rounds

pytestmark = pytest.mark.django_db


def page_of(client, match: Bracket) -> str:
    return client.get(
        reverse("results:bracket", args=[match.round.event_id, match.pk])
    ).content.decode()


def squeeze(html: str) -> str:
    return " ".join(html.split())


def only_match(event, **pairing) -> Bracket:
    rnd = rounds.seat_next_round(event, seed=pairing.get("seed", 5))
    return rnd.brackets.get()


def post_game(client, match: Bracket, winner, realms: dict, number: int):
    data = {
        "key": str(uuid.uuid4()),
        "number": number,
        "winner": str(winner.pk),
        "ended_by": "victory",
        **{f"unrazed_{p.pk}": str(n) for p, n in realms.items()},
    }
    url = reverse("results:bracket", args=[match.round.event_id, match.pk])
    return client.post(url, data, follow=True)


def test_a_judge_enters_and_a_second_judge_confirms_game_by_game(
    swiss_event, client_as, judge, second_judge
):
    event = swiss_event(2, best_of=3)
    match = only_match(event)
    a, b = seated(match)
    page = squeeze(page_of(client_as(judge), match))
    assert f'{a.name}</span><span class="vs">vs</span><span class="match-player">{b.name}' in (
        page.replace("> <", "><")
    )
    assert "Game 1 of a best of 3" in page and "Best of 3" in page
    assert '<strong class="match-score" aria-label="Games won">0–0</strong>' in page
    response = post_game(client_as(judge), match, a, {a: 6, b: 2}, 1)
    assert response.status_code == 200
    entry = GameEntry.objects.get(bracket=match, number=1)
    assert entry.status == EntryStatus.UNCONFIRMED
    confirm = reverse("results:confirm", args=[event.pk, match.pk, entry.pk])
    client_as(second_judge).post(confirm, follow=True)
    page = squeeze(page_of(client_as(judge), match))
    assert "Game 2 of a best of 3" in page
    assert '<strong class="match-score" aria-label="Games won">1–0</strong>' in page
    # Game 2 goes to b: 1–1, a third game is needed.
    post_game(client_as(second_judge), match, b, {a: 2, b: 6}, 2)
    entry = GameEntry.objects.get(bracket=match, number=2)
    client_as(judge).post(reverse("results:confirm", args=[event.pk, match.pk, entry.pk]))
    page = squeeze(page_of(client_as(judge), match))
    assert "Game 3 of a best of 3" in page and "1–1</strong>" in page


def test_the_match_decided_stops_the_entry(swiss_event, client_as, judge, second_judge):
    event = swiss_event(2, best_of=3, swiss_rounds=2)
    match = only_match(event)
    a, b = seated(match)
    win(match, a, judge, second_judge, best_of=3)
    page = squeeze(page_of(client_as(judge), match))
    assert "2–0</strong>" in page and "Match decided" in page
    assert f"The match is decided ({a.name} 2–0 {b.name}): no further game can be recorded." in page
    assert "Game 3 of a best of 3" not in page and "submit-result" not in page
    # A Swiss round is no final: the match's winner is not the tournament's.
    assert "tournament-winner" not in page
    # A game posted all the same (a stale phone) is refused with the engine's reason.
    response = post_game(client_as(judge), match, b, {a: 2, b: 6}, 3)
    assert "The match is decided" in response.content.decode()
    assert not GameEntry.objects.filter(bracket=match, number=3).exists()


def test_the_last_swiss_round_names_no_tournament_winner_on_a_match(
    swiss_event, client_as, judge, second_judge
):
    event = swiss_event(2, swiss_rounds=1)
    match = only_match(event)
    assert match.round.is_final and not match.round.is_cut
    win(match, seated(match)[0], judge, second_judge)
    assert "tournament-winner" not in page_of(client_as(judge), match)


def test_the_top_cut_final_names_the_tournament_winner(swiss_event, client_as, judge, second_judge):
    event = swiss_event(2, swiss_rounds=1, top_cut=2)
    first = only_match(event)
    win(first, seated(first)[0], judge, second_judge)
    rounds.close_round(first.round)
    final = rounds.seat_next_round(event).brackets.get()
    champion = seated(final)[1]
    page = squeeze(page_of(client_as(judge), final))
    assert "Top cut · best of 1" in page
    win(final, champion, judge, second_judge)
    rounds.publish_round(final.round, True)
    page = squeeze(page_of(client_as(None), final))
    assert f"Tournament winner: <strong>{champion.name}</strong>" in page


def test_a_drawn_swiss_match_asks_no_tie_break(swiss_event, client_as, judge, second_judge):
    event = swiss_event(2, best_of=3, time_limit_minutes=50)
    match = only_match(event)
    a, b = seated(match)
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    play_game(match, b, {a: 1, b: 6}, judge, second_judge)
    rounds.start_timer(match.round)
    rounds.call_time(match.round)
    equal = {a: 1, b: 1}
    play_game(
        match, None, {a: 3, b: 3}, judge, second_judge, ended_by="time", razed=equal, holdings=equal
    )
    page = squeeze(page_of(client_as(judge), match))
    # 1–1 and a drawn game: a drawn match (SPEC §11), never a judge's tie-break.
    assert "Drawn match" in page and "1–1</strong>" in page
    assert 'id="tiebreak"' not in page


def test_a_no_show_from_the_match_page(swiss_event, client_as, judge):
    event = swiss_event(2, best_of=3)
    match = only_match(event)
    _a, b = seated(match)
    client = client_as(judge)
    page = page_of(client, match)
    assert "A player did not come?" in page
    here = reverse("results:bracket", args=[event.pk, match.pk])
    response = client.post(
        reverse("rounds:no_show", args=[event.pk, 1]),
        {
            "bracket": match.pk,
            "registration": event.registrations.get(player=b).pk,
            "next": here,
            "confirmed": "1",
        },
    )
    assert response.status_code == 302 and response["Location"] == here
    page = squeeze(page_of(client, match))
    assert "No-show" in page and "2–0</strong>" in page
    assert f"{b.name} did not come: the match is lost without games." in page
    assert "Undo the no-show" in page and "submit-result" not in page


def test_the_public_reads_a_match_without_its_forms(swiss_event, client_as, judge, second_judge):
    event = swiss_event(2, best_of=3)
    match = only_match(event)
    rounds.publish_round(match.round, True)
    a, b = seated(match)
    play_game(match, a, {a: 6, b: 2}, judge, second_judge)
    page = squeeze(page_of(client_as(None), match))
    assert "1–0</strong>" in page and "Best of 3" in page
    for form in ("submit-result", "did not come?", "offline-queue"):
        assert form not in page


def test_a_bracket_event_page_is_unchanged(event, client_as, judge):
    add_players(event, 3)
    bracket = rounds.seat_next_round(event, seed=1).brackets.get()
    page = squeeze(page_of(client_as(judge), bracket))
    assert "<h3>Game 1</h3>" in page
    assert "best of" not in page and "match-score" not in page


def test_the_judges_dashboard_speaks_of_matches(swiss_event, client_as, judge, second_judge):
    event = swiss_event(4)
    rnd = rounds.seat_next_round(event, seed=3)
    first, second = rnd.brackets.order_by("table")
    win(first, seated(first)[0], judge, second_judge)
    page = squeeze(
        client_as(judge).get(reverse("results:dashboard", args=[event.pk])).content.decode()
    )
    assert "Round 1: 1 match decided." in page
    a, b = seated(second)
    assert f"{a.name} vs {b.name}" in page
    assert "Decided matches" in page


def test_a_correction_reopens_a_decided_match(swiss_event, client_as, judge, second_judge):
    event = swiss_event(2, best_of=3)
    match = only_match(event)
    a, b = seated(match)
    win(match, a, judge, second_judge, best_of=3)  # 2–0
    correct = reverse("results:correct", args=[event.pk, match.pk, 2])
    assert client_as(judge).get(correct).status_code == 200
    data = {
        "key": str(uuid.uuid4()),
        "number": 2,
        "winner": str(b.pk),
        "ended_by": "victory",
        "reason": "the players swapped their counts",
        f"unrazed_{a.pk}": "2",
        f"unrazed_{b.pk}": "6",
    }
    client_as(judge).post(correct, data)
    entry = GameEntry.objects.get(bracket=match, number=2, is_correction=True)
    client_as(second_judge).post(reverse("results:confirm", args=[event.pk, match.pk, entry.pk]))
    match.refresh_from_db()
    # Game 2 now goes to b: 1–1, the match is played on with game 3.
    assert match.state == Bracket.State.IN_PROGRESS and match.winner is None
    page = squeeze(page_of(client_as(judge), match))
    assert "1–1</strong>" in page and "Game 3 of a best of 3" in page
