"""The result services check their callers' roles themselves (not only the pages and the
API): a player can neither reject an entry nor decide a tie-break, and an official seated as
a player does not report his own bracket's games (he enters them as an official, where a
second official confirms)."""

import uuid

import pytest
from django.core.exceptions import PermissionDenied

from tests.support.players import make_player
from tournament.events.models import Registration
from tournament.results import services
from tournament.results.models import EntryStatus, GameEntry
from tournament.results.services import GameData
from tournament.rounds.services.rounds import publish_round, seat_next_round


def game(seated, winner, counts) -> GameData:
    return GameData(
        winner.pk, "victory", {str(p.pk): c for p, c in zip(seated, counts, strict=True)}
    )


def test_a_player_cannot_reject_an_entry(bracket, seated, judge):
    entry = services.submit_entry(
        bracket, game(seated, seated[0], [6, 4, 3]), judge, uuid.uuid4(), number=1
    ).entry
    with pytest.raises(PermissionDenied):
        services.reject_entry(entry, seated[1])
    entry.refresh_from_db()
    assert entry.status == EntryStatus.UNCONFIRMED


def test_a_player_cannot_decide_a_tie_break(bracket, seated, judge, second_judge):
    # Two games won by seat 1 with seats 2 and 3 level (4 + 4 realms each, no win): the
    # bracket waits for the judge's order of the two.
    a, b, c = seated
    for number in (1, 2):
        data = game(seated, a, [6, 4, 4])
        services.submit_entry(bracket, data, judge, uuid.uuid4(), number=number)
        services.submit_entry(bracket, data, second_judge, uuid.uuid4(), number=number)
    bracket.refresh_from_db()
    assert bracket.state == "needs_decision"
    with pytest.raises(PermissionDenied):
        services.decide_tiebreak(bracket, [[str(c.pk), str(b.pk)]], b)
    bracket.refresh_from_db()
    assert bracket.tiebreak_order is None and bracket.state == "needs_decision"
    services.decide_tiebreak(bracket, [[str(c.pk), str(b.pk)]], judge)
    bracket.refresh_from_db()
    assert bracket.state == "complete"


@pytest.fixture
def judge_plays(event, judge):
    """An event where players report results; its judge also plays (registered, seated)."""
    event.status = "running"
    event.players_report_results = True
    event.save()
    Registration.objects.create(event=event, player=judge, checked_in=True)
    for i in range(8):
        Registration.objects.create(
            event=event, player=make_player(f"jp{i}", f"Jay {i}"), checked_in=True
        )
    rnd = seat_next_round(event, seed=5)
    publish_round(rnd)
    return rnd.brackets.get(seats__registration__player=judge)


def test_an_official_seated_as_a_player_does_not_report(judge_plays, judge):
    bracket = judge_plays
    seated = [s.registration.player for s in bracket.seats.order_by("position")]
    data = game(seated, seated[0], [6, 4, 3][: len(seated)] + [2] * (len(seated) - 3))
    with pytest.raises(PermissionDenied):
        services.report_result(bracket, data, judge, uuid.uuid4(), number=1)
    assert not GameEntry.objects.exists()
    other = next(p for p in seated if p != judge)
    services.report_result(bracket, data, other, uuid.uuid4(), number=1)  # a player may
    assert GameEntry.objects.get().submitted_by == other
