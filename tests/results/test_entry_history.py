"""Every entry of a game is kept, in the order it was made (SPEC §5 "Results entry": "every
entry and correction is kept (who, when, what) and can be reviewed"). Values are the spec's:
a bracket of three, Standard victory (6 unrazed realms wins, SPEC §2)."""

import uuid

from tests.support.results import record, victory
from tournament.results import services
from tournament.results.models import EntryStatus, GameEntry


def report(bracket, by, winner, counts):
    return services.report_result(bracket, victory(winner, counts), by, uuid.uuid4(), number=1)


def test_reports_of_one_game_are_numbered_in_the_order_they_came(reporting, bracket, seated):
    a, b, c = seated
    report(bracket, a, a, {a: 6, b: 3, c: 2})
    report(bracket, b, b, {a: 3, b: 6, c: 2})  # differs: both wait for a judge
    report(bracket, a, a, {a: 6, b: 2, c: 3})  # a's second thought replaces his first

    kept = GameEntry.objects.filter(bracket=bracket, number=1).order_by("version")
    assert [(e.version, e.submitted_by, e.status) for e in kept] == [
        (1, a, EntryStatus.SUPERSEDED),
        (2, b, EntryStatus.UNCONFIRMED),
        (3, a, EntryStatus.UNCONFIRMED),
    ]


def test_a_second_judge_entering_the_same_result_confirms_the_first_entry(
    bracket, seated, judge, second_judge
):
    """SPEC §5: an entry is unconfirmed until a second judge confirms it; the second judge's
    matching entry is that confirmation, not an entry of its own (the API answers 200 with
    the first entry, not 201)."""
    a, b, c = seated
    game = victory(a, {a: 6, b: 3, c: 2})
    first = services.submit_entry(bracket, game, judge, uuid.uuid4(), number=1)
    second = services.submit_entry(bracket, game, second_judge, uuid.uuid4(), number=1)

    assert (first.created, second.created) == (True, False)
    assert second.entry == first.entry
    kept = GameEntry.objects.get(bracket=bracket, number=1)
    assert (kept.submitted_by, kept.status, kept.confirmed_by) == (
        judge,
        EntryStatus.CONFIRMED,
        second_judge,
    )


def test_an_over_long_reason_and_browser_name_are_kept_cut_to_their_300_characters(
    bracket, seated, judge, second_judge
):
    """Who, when, what is kept with each entry (SPEC §5); a correction's reason and the
    browser's name fit their 300 characters (a longer one is cut, never refused: PostgreSQL
    refuses a longer value outright)."""
    a, b, c = seated
    record(bracket, 1, victory(a, {a: 6, b: 3, c: 2}), judge, second_judge)
    reason, browser = "r" * 299 + "XYZ", "b" * 299 + "XYZ"

    outcome = services.submit_entry(
        bracket,
        victory(a, {a: 6, b: 2, c: 3}),
        judge,
        uuid.uuid4(),
        number=1,
        correction=True,
        reason=reason,
        user_agent=browser,
    )

    kept = GameEntry.objects.get(pk=outcome.entry.pk)
    assert (kept.reason, kept.user_agent) == ("r" * 299 + "X", "b" * 299 + "X")


def test_a_second_confirmation_of_an_entry_changes_nothing(bracket, seated, judge, second_judge):
    """SPEC §5: an entry is confirmed once; a second tap on "confirm" answers that it is
    already confirmed, by whom, and creates nothing (the API's 200)."""
    a, b, c = seated
    first = services.submit_entry(
        bracket, victory(a, {a: 6, b: 3, c: 2}), judge, uuid.uuid4(), number=1
    )
    services.confirm_entry(first.entry, second_judge)

    again = services.confirm_entry(first.entry, second_judge)

    assert (again.created, again.message) == (False, f"Already confirmed by {second_judge.name}.")
    assert GameEntry.objects.filter(bracket=bracket).count() == 1


def test_a_stale_form_repeating_the_recorded_result_is_answered_with_that_result(
    bracket, seated, judge, second_judge
):
    """SPEC §5: a game is recorded once. A form sent again after game 1 was confirmed, with
    the same result (a new key: a reloaded page), saves nothing and answers with the
    confirmed entry, not created (the API's 200)."""
    a, b, c = seated
    game = victory(a, {a: 6, b: 3, c: 2})
    record(bracket, 1, game, judge, second_judge)
    confirmed = GameEntry.objects.get(bracket=bracket, number=1)

    again = services.submit_entry(bracket, game, judge, uuid.uuid4(), number=1)

    assert (again.entry, again.created) == (confirmed, False)
    assert again.message == "Game 1 was already recorded with this result."
    assert GameEntry.objects.filter(bracket=bracket).count() == 1


def test_a_players_matching_report_confirms_the_first_and_is_no_entry_of_its_own(
    event, bracket, seated
):
    """SPEC §5 decision: where players may confirm each other's reports, a second seated
    player reporting the same result confirms the first report (not created: the API's
    200)."""
    event.players_report_results = event.players_confirm_reports = True
    event.save(update_fields=["players_report_results", "players_confirm_reports"])
    a, b, c = seated
    first = report(bracket, a, a, {a: 6, b: 3, c: 2})

    second = report(bracket, b, a, {a: 6, b: 3, c: 2})

    assert (second.entry, second.created) == (first.entry, False)
    kept = GameEntry.objects.get(bracket=bracket, number=1)
    assert (kept.status, kept.confirmed_by) == (EntryStatus.CONFIRMED, b)
