"""A player's reports of his bracket's games, that planted one-line bugs once got past.

SPEC §5 "Results entry": a report counts once a judge confirms it, and every entry is kept
(who, what): the same report sent twice is one entry. SPEC §4: a dropped player "takes no
part in the games recorded after his drop", so he reports none of them. A closed round
takes corrections by officials only: its players' reports are refused."""

import uuid

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests.results.test_refusals import data
from tournament.results import services
from tournament.results.models import EntryStatus, GameEntry
from tournament.rounds.services.rounds import close_round, drop_player


def test_the_same_report_sent_again_is_the_first_one(reporting, bracket, seated):
    # A reports game 1 (A 6, B 3, C 2, A wins), then sends the very same report again (a
    # second tap, a new key): he is told he already reported it, and one entry waits.
    a, _b, _c = seated
    first = services.report_result(bracket, data(seated, [6, 3, 2], a), a, uuid.uuid4(), number=1)
    again = services.report_result(bracket, data(seated, [6, 3, 2], a), a, uuid.uuid4(), number=1)
    assert first.created and not again.created
    assert again.entry.pk == first.entry.pk
    assert str(again.message) == "You already reported this result."
    entries = GameEntry.objects.filter(bracket=bracket)
    assert [(e.submitted_by_id, e.status) for e in entries] == [(a.pk, EntryStatus.UNCONFIRMED)]


def test_a_dropped_player_reports_no_more_games(reporting, bracket, seated):
    # A drops before game 1: B and C play on. A's report of game 1 between B and C
    # (B 6, C 2, B wins) is refused as from a player not seated there, nothing is stored.
    a, b, c = seated
    drop_player(reporting.registrations.get(player=a))
    with pytest.raises(PermissionDenied, match="Only a player seated in this bracket"):
        services.report_result(bracket, data([b, c], [6, 2], b), a, uuid.uuid4(), number=1)
    assert not GameEntry.objects.exists()


def test_no_report_once_the_round_is_closed(reporting, played_round):
    # Round 1 is played to the end and closed: a player of its first bracket reporting one
    # more game is told the round is closed (not only that the bracket is over).
    close_round(played_round)
    bracket = played_round.brackets.order_by("table").first()
    players = [s.registration.player for s in bracket.seats.order_by("position")]
    before = GameEntry.objects.count()
    number = bracket.games.count() + 1
    with pytest.raises(ValidationError, match="This round is closed"):
        services.report_result(
            bracket,
            data(players, [6, 3, 2], players[0]),
            players[0],
            uuid.uuid4(),
            number=number,
        )
    assert GameEntry.objects.count() == before


def test_a_dropped_player_does_not_confirm_another_players_report(reporting, bracket, seated):
    # Players confirm each other's reports here. C drops before game 1; A reports game 1
    # between A and B (A 6, B 3, A wins). C no longer plays at the table (SPEC §4), so his
    # confirmation is refused and the report still waits for someone who does.
    reporting.players_confirm_reports = True
    reporting.save(update_fields=["players_confirm_reports"])
    a, b, c = seated
    drop_player(reporting.registrations.get(player=c))
    entry = services.report_result(bracket, data([a, b], [6, 3], a), a, uuid.uuid4(), number=1)
    with pytest.raises(PermissionDenied):
        services.confirm_entry(entry.entry, c)
    assert GameEntry.objects.get(pk=entry.entry.pk).status == EntryStatus.UNCONFIRMED
    assert not bracket.games.exists()
