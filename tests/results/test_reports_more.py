"""A player's own reports, that a planted one-line bug once got past (SPEC §5 "Results
entry": every entry is kept, who and what; the event lets its players report their games,
and a report counts once a judge confirms it)."""

import uuid

import pytest
from django.core.exceptions import ValidationError

from tests.results.test_refusals import data
from tournament.results import services
from tournament.results.models import EntryStatus, Game, GameEntry


def test_a_player_who_reports_a_different_result_replaces_his_report(event, bracket, seated):
    # A reports game 1 as won by himself, then reports it again as won by B: the second
    # report is a new entry, waiting for a judge, and his first is kept as superseded (not
    # answered "already reported" with the first one left standing).
    event.players_report_results = True
    event.save(update_fields=["players_report_results"])
    a, b, c = seated
    first = services.report_result(bracket, data(seated, [6, 3, 2], a), a, uuid.uuid4(), number=1)
    second = services.report_result(
        bracket, data([b, a, c], [6, 3, 2], b), a, uuid.uuid4(), number=1
    )
    assert second.created
    entries = GameEntry.objects.filter(bracket=bracket, number=1).order_by("version")
    assert [(e.submitted_by_id, e.winner_id, e.status) for e in entries] == [
        (a.pk, a.pk, EntryStatus.SUPERSEDED),
        (a.pk, b.pk, EntryStatus.UNCONFIRMED),
    ]
    assert first.entry.pk == entries[0].pk


def test_agreeing_reports_of_a_game_after_a_waiting_one_do_not_confirm_it(event, bracket, seated):
    # Players report and confirm each other's reports. Game 1 is only reported (waiting);
    # A and B then report game 2 alike: game 2 is not confirmed ahead of game 1 — B's report
    # waits beside A's, and no game is accepted.
    event.players_report_results = event.players_confirm_reports = True
    event.save(update_fields=["players_report_results", "players_confirm_reports"])
    a, b, _c = seated
    services.report_result(bracket, data(seated, [6, 3, 2], a), a, uuid.uuid4(), number=1)
    services.report_result(bracket, data(seated, [6, 3, 2], a), a, uuid.uuid4(), number=2)
    outcome = services.report_result(bracket, data(seated, [6, 3, 2], a), b, uuid.uuid4(), number=2)
    assert outcome.created
    assert not Game.objects.filter(bracket=bracket).exists()
    assert list(
        GameEntry.objects.filter(bracket=bracket, number=2).values_list("status", flat=True)
    ) == [EntryStatus.UNCONFIRMED, EntryStatus.UNCONFIRMED]


def test_no_report_once_the_event_is_not_running_even_with_its_round_seated(event, bracket, seated):
    # The services finish an event only with its rounds closed, but the status can be
    # written around them (the admin, an import): a player's report is taken only while the
    # event runs (SPEC §5), whatever state its round was left in.
    event.players_report_results = True
    event.status = "finished"
    event.save(update_fields=["players_report_results", "status"])
    a = seated[0]
    with pytest.raises(ValidationError, match="This round is closed"):
        services.report_result(bracket, data(seated, [6, 3, 2], a), a, uuid.uuid4(), number=1)
    assert not GameEntry.objects.filter(bracket=bracket).exists()
