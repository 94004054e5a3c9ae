"""Permissions, result entry, rounds and the review pinned on the site's services (SPEC §1,
§3, §4, §5, §6, §9). Each test holds one rule that a one-line change would break."""

import uuid

import pytest
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tests.support.players import make_player
from tournament.accounts.roles import RANKING_OFFICERS_GROUP
from tournament.decks.services.checking import format_key
from tournament.decks.services.saving import save_decklist
from tournament.events.models import Bracket, Event, Registration
from tournament.events.services.editing import save_event
from tournament.events.services.registration import register
from tournament.results import selectors, services
from tournament.results.forms import TiebreakForm
from tournament.results.models import GameEntry
from tournament.results.services import GameData
from tournament.review.services import accept, submit
from tournament.rounds.services import rounds as round_service
from tournament.standings.models import EventScoring, EventStanding

pytestmark = pytest.mark.django_db


def game(seats, winner, counts) -> GameData:
    return GameData(
        winner.pk, "victory", {str(p.pk): c for p, c in zip(seats, counts, strict=True)}
    )


def enter(bracket, data, judge, confirmer, number):
    outcome = services.submit_entry(bracket, data, judge, uuid.uuid4(), number=number)
    services.confirm_entry(outcome.entry, confirmer)
    return outcome.entry


def play_round(rnd, judge, confirmer) -> None:
    """Every bracket: its first seat wins two games 6–4–3 (SPEC §6: places 1, 2, 3)."""
    for b in rnd.brackets.order_by("table"):
        seats = [s.registration.player for s in b.seats.order_by("position")]
        counts = [6, 4, 3, 2][: len(seats)]
        for number in (1, 2):
            enter(b, game(seats, seats[0], counts), judge, confirmer, number)


# --- who may record results (SPEC §1, §5) --------------------------------------------------


def test_a_seated_player_cannot_record_a_result(client_as, bracket, seated):
    data = game(seated, seated[0], [6, 4, 3])
    with pytest.raises(PermissionDenied):
        services.submit_entry(bracket, data, seated[1], uuid.uuid4(), number=1)
    url = reverse("results:bracket", args=[bracket.round.event_id, bracket.pk])
    post = {
        "key": str(uuid.uuid4()),
        "number": 1,
        "winner": str(seated[0].pk),
        "ended_by": "victory",
    }
    post |= {f"unrazed_{p.pk}": c for p, c in zip(seated, [6, 4, 3], strict=True)}
    assert client_as(seated[1]).post(url, post).status_code == 403
    assert not GameEntry.objects.exists()


def test_a_judge_of_another_event_is_no_judge_here(bracket, seated, organizer):
    stranger_judge = make_player("otherjudge", "Olly Other")
    other = Event.objects.create(
        name="Elsewhere", date="2026-11-22", venue="X", organizer=organizer
    )
    other.judges.set([stranger_judge])
    with pytest.raises(PermissionDenied):
        services.submit_entry(
            bracket, game(seated, seated[0], [6, 4, 3]), stranger_judge, uuid.uuid4(), number=1
        )


def test_a_draft_is_seen_by_its_officials_only(client, client_as, organizer, player):
    draft = Event.objects.create(
        name="Secret", date="2026-12-01", venue="X", organizer=organizer, status="draft"
    )
    url = reverse("events:detail", args=[draft.pk])
    assert client.get(url).status_code == 404
    assert client_as(player).get(url).status_code == 404
    assert client_as(organizer).get(url).status_code == 200


def test_the_result_service_locks_the_bracket_row(bracket, seated, judge, monkeypatch):
    # Two judges confirming at once must queue on the bracket row (SPEC §5: nothing counted
    # twice): the service asks for the row lock on Bracket.
    locked = []
    original = type(Bracket.objects.all()).select_for_update

    def spy(qs, *args, **kwargs):
        locked.append(qs.model)
        return original(qs, *args, **kwargs)

    monkeypatch.setattr(type(Bracket.objects.all()), "select_for_update", spy)
    services.submit_entry(
        bracket, game(seated, seated[0], [6, 4, 3]), judge, uuid.uuid4(), number=1
    )
    assert locked and locked[0] is Bracket


# --- entering and correcting (SPEC §5) -----------------------------------------------------


def test_a_game_cannot_skip_ahead(bracket, seated, judge):
    with pytest.raises(ValidationError):
        services.submit_entry(
            bracket, game(seated, seated[0], [6, 4, 3]), judge, uuid.uuid4(), number=3
        )
    assert not GameEntry.objects.exists()


def test_a_confirmed_entry_cannot_be_rejected(bracket, seated, judge, second_judge):
    entry = enter(bracket, game(seated, seated[0], [6, 4, 3]), judge, second_judge, 1)
    entry.refresh_from_db()
    with pytest.raises(ValidationError, match="Only an unconfirmed entry"):
        services.reject_entry(entry, second_judge)


def test_a_tie_break_order_must_be_the_tied_players(bracket, seated, judge, second_judge):
    # seated[0] wins twice; seated[1] and seated[2] both 3 + 3 = 6, no win, best 3: tied.
    for number in (1, 2):
        enter(bracket, game(seated, seated[0], [6, 3, 3]), judge, second_judge, number)
    tied = [str(seated[1].pk), str(seated[2].pk)]
    # the tie is for 2nd and 3rd (seated[0] is 1st): the picker names those places
    assert [(sorted(g), first) for g, first in selectors.tied_groups(bracket)] == [
        (sorted(tied), 2)
    ]
    picker = TiebreakForm(groups=selectors.tied_groups(bracket))
    assert [field.label for field in picker.group_fields()[0]] == ["2nd place", "3rd place"]
    with pytest.raises(ValidationError, match="exactly one place"):
        services.decide_tiebreak(bracket, [[str(seated[0].pk), str(seated[1].pk)]], judge)
    services.decide_tiebreak(bracket, [[tied[1], tied[0]]], judge)


def test_a_correction_cannot_change_a_closed_rounds_bracket_winner(
    round1, bracket, seated, judge, second_judge
):
    play_round(round1, judge, second_judge)
    round_service.close_round(round1)
    # Game 2 corrected to a win of seated[1]: seated[0] would no longer have two wins.
    data = game(seated, seated[1], [3, 6, 4])
    with pytest.raises(ValidationError, match="closed"):
        services.submit_entry(bracket, data, judge, uuid.uuid4(), number=2, correction=True)


def test_a_dropped_player_cannot_report(event, bracket, seated):
    event.players_report_results = True
    event.save(update_fields=["players_report_results"])
    round_service.drop_player(Registration.objects.get(event=event, player=seated[1]))
    with pytest.raises((PermissionDenied, ValidationError)):
        services.report_result(
            bracket,
            game(seated[:1] + seated[2:], seated[0], [6, 3]),
            seated[1],
            uuid.uuid4(),
            number=1,
        )
    assert not GameEntry.objects.exists()


# --- stored figures follow every result (SPEC §6) ------------------------------------------


def test_places_are_reranked_after_one_bracket(round1, bracket, seated, judge, second_judge):
    for number in (1, 2):
        enter(bracket, game(seated, seated[0], [6, 4, 3]), judge, second_judge, number)
    # Only this bracket is decided: its winner (4 points) leads the event.
    assert EventStanding.objects.get(player=seated[0]).place == 1
    assert EventStanding.objects.get(player=seated[1]).place == 2


def test_eligibility_follows_two_player_games(event, round1, judge, second_judge):
    # SPEC §2: an event whose games were all two-player games is not eligible. Table 1
    # plays a game after one of its players dropped: the only game so far has two players.
    first, second = round1.brackets.order_by("table")[:2]
    seats = [s.registration.player for s in first.seats.order_by("position")]
    round_service.drop_player(Registration.objects.get(event=event, player=seats[2]))
    enter(first, game(seats[:2], seats[0], [6, 3]), judge, second_judge, 1)
    assert EventScoring.objects.get(event=event).eligible is False
    others = [s.registration.player for s in second.seats.order_by("position")]
    enter(second, game(others, others[0], [6, 4, 3]), judge, second_judge, 1)
    assert EventScoring.objects.get(event=event).eligible is True


def test_unscoring_an_event_recomputes_its_eligibility(finished_event):
    assert EventScoring.objects.get(event=finished_event).eligible is True
    finished_event.scored = False
    save_event(finished_event, ["scored"])
    assert EventScoring.objects.get(event=finished_event).eligible is False


# --- rounds (SPEC §4) ----------------------------------------------------------------------


def test_no_late_player_once_round_1_is_seated(event, round1):
    with pytest.raises(ValidationError, match="Round 1 is seated"):
        round_service.add_late_player(event, name="Lena Late")


def test_round_1_seats_only_checked_in_players(event, registered_players):
    absent = make_player("absent", "Abe Absent")
    register(event, absent)
    rnd = round_service.seat_next_round(event, seed=7)
    seated_ids = set(rnd.brackets.values_list("seats__registration__player", flat=True))
    assert absent.pk not in seated_ids and len(seated_ids) == 9


def test_a_round_with_results_cannot_be_reseated(round1, bracket, seated, judge, second_judge):
    enter(bracket, game(seated, seated[0], [6, 4, 3]), judge, second_judge, 1)
    with pytest.raises(ValidationError):
        round_service.reseat_round(round1, seed=8)


def test_a_finished_event_seats_no_round(event, registered_players):
    # A finished event (e.g. one imported as finished) never seats a round, even with
    # checked-in players and no round yet (SPEC §2: draft → registration → running →
    # finished).
    Event.objects.filter(pk=event.pk).update(status="finished")
    with pytest.raises(ValidationError, match="registration or running"):
        round_service.seat_next_round(event, seed=8)


def test_a_winner_who_drops_between_rounds_is_not_seated_again(event, round1, judge, second_judge):
    # SPEC §4: a player who leaves between rounds does not advance; 3 winners − 1 = 2
    # cannot be seated, so a wildcard joins the other two in the final.
    play_round(round1, judge, second_judge)
    round_service.close_round(round1)
    winner = round1.brackets.order_by("table").first().winner
    round_service.drop_player(Registration.objects.get(event=event, player=winner))
    final = round_service.seat_next_round(event, seed=9)
    seated_ids = set(final.brackets.values_list("seats__registration__player", flat=True))
    assert winner.pk not in seated_ids and len(seated_ids) == 3


# --- decklists (SPEC §3) -------------------------------------------------------------------


def test_a_judges_change_after_the_lock_needs_a_reason(event, round1, judge):
    registration = event.registrations.first()
    with pytest.raises(ValidationError, match="needs a reason"):
        save_decklist(registration, judge.user, "1 Gatekeeper", reason="")


def test_the_deck_format_key_includes_the_rules_edition(event):
    # SPEC §2: Regra 5.0 changes Wizard's Challenge; a stored check must not survive it.
    before = format_key(event)
    event.rules_edition = "regra-5.0"
    assert format_key(event) != before


# --- the review (SPEC §9) ------------------------------------------------------------------


def _officer_who_played(event) -> object:
    user = event.registrations.first().player.user
    user.groups.add(Group.objects.get(name=RANKING_OFFICERS_GROUP))
    return user


def test_an_officer_who_played_cannot_accept(finished_event, organizer):
    officer = _officer_who_played(finished_event)
    submit(finished_event, organizer.user)
    with pytest.raises(ValidationError, match="took part"):
        accept(finished_event, officer)


def test_only_a_finished_event_is_submitted(event, round1, organizer):
    with pytest.raises(ValidationError, match="Only a finished event's scoring form"):
        submit(event, organizer.user)


def test_no_decision_without_a_pending_submission(finished_event, organizer):
    officer = make_player("off2", "Oda Officer").user
    officer.groups.add(Group.objects.get(name=RANKING_OFFICERS_GROUP))
    with pytest.raises(ValidationError, match="not awaiting review"):
        accept(finished_event, officer)  # never submitted
    submit(finished_event, organizer.user)
    accept(finished_event, officer)
    with pytest.raises(ValidationError, match="not awaiting review"):
        accept(finished_event, officer)  # accepted already: nothing pending


def test_a_correction_that_undoes_the_finals_win_clears_the_tournament_winner(
    event, round1, judge, second_judge
):
    # SPEC §6: the final's winner is the tournament winner. Final: w0 wins games 1 and 3,
    # w1 game 2 → w0 wins. Game 3 corrected to a win of w2: one win each, nobody has two →
    # the final goes on and there is no tournament winner any more.
    play_round(round1, judge, second_judge)
    round_service.close_round(round1)
    final = round_service.seat_next_round(event, seed=9)
    bracket = final.brackets.get()
    seats = [s.registration.player for s in bracket.seats.order_by("position")]
    enter(bracket, game(seats, seats[0], [6, 4, 3]), judge, second_judge, 1)
    enter(bracket, game(seats, seats[1], [4, 6, 3]), judge, second_judge, 2)
    enter(bracket, game(seats, seats[0], [6, 3, 4]), judge, second_judge, 3)
    assert EventScoring.objects.get(event=event).winner_id == seats[0].pk
    outcome = services.submit_entry(
        bracket, game(seats, seats[2], [3, 4, 6]), judge, uuid.uuid4(), number=3, correction=True
    )
    services.confirm_entry(outcome.entry, second_judge)
    assert EventScoring.objects.get(event=event).winner_id is None
