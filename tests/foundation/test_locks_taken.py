"""Every writer takes its locks through the one locking helper (`core/locking.py`), and this
is seen on SQLite too, where ``select_for_update`` is a no-op: the helper records what each
writer took. Each writer's first lock is the one docs/locking.md gives it, and the locks it
takes follow the documented order, widest row first (no writer locks an `Event` after a
`Bracket`): a writer that skips its lock, or takes them out of order, fails here. The
PostgreSQL tests (`tests/results/test_concurrency.py`, `tests/standings/test_standings_lock.py`,
`tests/hostile/test_races_pg.py`) show the same locks holding a second writer back."""

import re
import uuid
from pathlib import Path

import pytest
from django.db import transaction

from tests.support.players import make_player
from tests.support.ranking import ranking_officer
from tournament.core import locking
from tournament.decks.services.saving import save_decklist
from tournament.events.models import Event, Registration, Round
from tournament.events.services import registration as reg
from tournament.events.services.editing import save_event
from tournament.results import services as results
from tournament.results.services import GameData
from tournament.review import services as review
from tournament.rounds.services import rounds, swiss
from tournament.standings import recompute

LOCKING_DOC = Path(__file__).resolve().parents[2] / "docs" / "locking.md"


def documented_order() -> dict[str, int]:
    """docs/locking.md's numbered list: each **`Name`** of item N has rank N; the standings
    advisory lock is the item that names the standings lock."""
    ranks: dict[str, int] = {}
    rank = None
    for line in LOCKING_DOC.read_text(encoding="utf-8").splitlines():
        item = re.match(r"^(\d+)\. (.*)", line)
        if item:
            rank, text = int(item.group(1)), item.group(2)
        elif rank is not None and line.startswith("   "):
            text = line  # the item goes on
        else:
            rank = None
            continue
        if "standings lock" in text:
            ranks.setdefault("standings", rank)
        for name in re.findall(r"\*\*`(\w+)`\*\*", text):
            ranks[name] = rank
    return ranks


def names(taken: list[locking.Taken]) -> list[str]:
    return [t.what.rsplit(".", 1)[-1] for t in taken]


def assert_in_order(taken: list[locking.Taken]) -> None:
    ranks = documented_order()
    seen = names(taken)
    unknown = [n for n in seen if n not in ranks]
    assert not unknown, f"locks docs/locking.md does not list: {unknown}"
    order = [ranks[n] for n in seen]
    assert order == sorted(order), f"locks out of the documented order: {seen}"


def game(players, winner) -> GameData:
    counts = dict(zip(players, (6, 3, 2), strict=False))
    return GameData(winner.pk, "victory", {str(p.pk): n for p, n in counts.items()})


@pytest.fixture
def seated_round(event, registered_players) -> Round:
    rnd = rounds.seat_next_round(event, seed=7)
    rounds.publish_round(rnd)
    return rnd


def first_bracket(rnd: Round):
    bracket = rnd.brackets.order_by("table").first()
    return bracket, [s.registration.player for s in bracket.seats.order_by("position")]


def taken_by(action) -> list[locking.Taken]:
    with locking.recording() as taken:
        action()
    return taken


# Each writer: (how to set it up and run it, the lock it must take first). The set-ups use
# the shared fixtures: `event` with its judges, nine checked-in players, round 1 seated.


def w_submit(f):
    bracket, players = first_bracket(f.seated_round)
    return lambda: results.submit_entry(
        bracket, game(players, players[0]), f.judge, uuid.uuid4(), number=1
    )


def waiting_entry(f):
    bracket, players = first_bracket(f.seated_round)
    return results.submit_entry(
        bracket, game(players, players[0]), f.judge, uuid.uuid4(), number=1
    ).entry


def w_confirm(f):
    entry = waiting_entry(f)
    return lambda: results.confirm_entry(entry, f.second_judge)


def w_confirm_pending(f):
    bracket, players = first_bracket(f.seated_round)
    results.submit_entry(bracket, game(players, players[0]), f.judge, uuid.uuid4(), number=1)
    return lambda: results.confirm_pending(bracket, f.second_judge)


def w_reject(f):
    entry = waiting_entry(f)
    return lambda: results.reject_entry(entry, f.second_judge)


def w_report(f):
    f.event.players_report_results = True
    f.event.save(update_fields=["players_report_results"])
    bracket, players = first_bracket(f.seated_round)
    return lambda: results.report_result(
        bracket, game(players, players[0]), players[0], uuid.uuid4(), number=1
    )


def w_register(f):
    newcomer = make_player("newcomer")
    return lambda: reg.register(f.event, newcomer)


def w_unregister(f):
    registration = Registration.objects.filter(event=f.event).first()
    return lambda: reg.unregister(registration)


def w_check_in(f):
    registration = Registration.objects.filter(event=f.event).first()
    return lambda: reg.set_checked_in(registration, False, by=f.judge)


def w_check_in_many(f):
    ids = list(Registration.objects.filter(event=f.event).values_list("pk", flat=True))
    return lambda: reg.check_in_many(f.event, ids, False, by=f.judge)


def w_check_in_self(f):
    registration = Registration.objects.filter(event=f.event).first()
    Registration.objects.filter(pk=registration.pk).update(checked_in=False)
    return lambda: reg.check_in_self(registration)


def w_set_status(f):
    return lambda: reg.set_status(f.event, "draft")


def w_set_judges(f):
    return lambda: reg.set_judges(f.event, [f.judge])


def w_save_event(f):
    f.event.venue = "Dartmouth"
    return lambda: save_event(f.event, ["venue"])


def w_seat(f):
    return lambda: rounds.seat_next_round(f.event, seed=3)


def w_publish(f):
    return lambda: rounds.publish_round(f.seated_round, False)


def w_close(f):
    Round.objects.filter(pk=f.seated_round.pk).update(state=Round.State.CLOSED)
    f.seated_round.refresh_from_db()
    return lambda: rounds.reopen_round(f.seated_round)


def w_drop(f):
    registration = Registration.objects.filter(event=f.event).first()
    return lambda: rounds.drop_player(registration)


def w_undo_drop(f):
    registration = rounds.drop_player(Registration.objects.filter(event=f.event).first())
    return lambda: rounds.undo_drop(registration)


def w_swap(f):
    first = first_bracket(f.seated_round)[0].seats.first().registration
    other = f.seated_round.brackets.order_by("table")[1].seats.first().registration
    return lambda: rounds.swap_seats(f.seated_round, first, other)


def w_late_player(f):
    return lambda: rounds.add_late_player(f.event, name="Walk In")


def w_pair_swiss(f):
    f.event.structure = "one-on-one"
    f.event.best_of = 1
    f.event.save()
    return lambda: swiss.pair_round(f.event, seed=5)


def w_save_decklist(f):
    registration = Registration.objects.filter(event=f.event).first()
    text = "Realms:\nWaterdeep (1st/001)\n"
    return lambda: save_decklist(registration, f.organizer.user, text, reason="at the desk")


def w_refresh_event(f):
    return lambda: recompute.refresh_event(f.event)


def w_review_submit(f):
    Event.objects.filter(pk=f.event.pk).update(status="finished")
    f.event.refresh_from_db()
    return lambda: review.submit(f.event, f.organizer.user)


def w_review_accept(f):
    Event.objects.filter(pk=f.event.pk).update(status="finished")
    f.event.refresh_from_db()
    review.submit(f.event, f.organizer.user)
    return lambda: review.accept(f.event, ranking_officer())


WRITERS = {
    # results (docs/locking.md item 6: the bracket)
    "submit_entry": (w_submit, "Bracket"),
    "confirm_entry": (w_confirm, "Bracket"),
    "confirm_pending": (w_confirm_pending, "Bracket"),
    "reject_entry": (w_reject, "Bracket"),
    "report_result": (w_report, "Bracket"),
    # registration (item 1: the event first, then the registration)
    "register": (w_register, "Event"),
    "unregister": (w_unregister, "Event"),
    "set_checked_in": (w_check_in, "Event"),
    "check_in_many": (w_check_in_many, "Event"),
    "check_in_self": (w_check_in_self, "Event"),
    "set_status": (w_set_status, "Event"),
    "set_judges": (w_set_judges, "Event"),
    "save_event": (w_save_event, "Event"),
    # rounds
    "seat_next_round": (w_seat, "Event"),
    "publish_round": (w_publish, "Event"),
    "reopen_round": (w_close, "Event"),
    "drop_player": (w_drop, "Event"),
    "undo_drop": (w_undo_drop, "Event"),
    "swap_seats": (w_swap, "Event"),
    "add_late_player": (w_late_player, "Event"),
    "pair_round": (w_pair_swiss, "Event"),
    # decks (item 5), standings (item 7), review (items 1 and 3)
    "save_decklist": (w_save_decklist, "Decklist"),
    "refresh_event": (w_refresh_event, "standings"),
    "review.submit": (w_review_submit, "Event"),
    "review.accept": (w_review_accept, "Event"),
}

# Set-ups that need round 1 seated, or none (registration writers run before round 1).
BEFORE_ROUND_ONE = {
    "register",
    "unregister",
    "check_in_self",
    "set_status",
    "add_late_player",
    "seat_next_round",
    "pair_round",
}


class Fixtures:
    def __init__(self, request, writer: str):
        self.event = request.getfixturevalue("event")
        self.judge = request.getfixturevalue("judge")
        self.second_judge = request.getfixturevalue("second_judge")
        self.organizer = request.getfixturevalue("organizer")
        if writer == "set_status":
            return  # an event without players goes back to draft
        request.getfixturevalue("registered_players")
        if writer not in BEFORE_ROUND_ONE:
            self.seated_round = request.getfixturevalue("seated_round")
            self.event.refresh_from_db()


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_each_writer_takes_its_lock_first_and_the_rest_in_order(request, writer):
    setup, first = WRITERS[writer]
    action = setup(Fixtures(request, writer))
    taken = taken_by(action)
    assert taken, f"{writer} took no lock"
    assert names(taken)[0] == first, f"{writer} took {names(taken)} first"
    assert_in_order(taken)


@pytest.mark.django_db(transaction=True)
def test_a_lock_outside_a_transaction_is_refused():
    """On SQLite nothing would notice (no row lock there); the helper refuses it."""
    assert transaction.get_autocommit()
    with pytest.raises(transaction.TransactionManagementError):
        locking.lock_rows(Event.objects.filter(pk=1))
    with pytest.raises(transaction.TransactionManagementError):
        locking.advisory("standings", 1, 1)


def test_the_lock_order_document_names_every_lock_the_writers_take():
    ranks = documented_order()
    for name in ("Event", "Round", "ScoringReview", "Registration", "Bracket", "EventScoring"):
        assert name in ranks
    assert ranks["Event"] < ranks["Round"] < ranks["Bracket"] < ranks["standings"]
    assert ranks["standings"] < ranks["EventScoring"]


def test_recording_sees_nothing_outside_its_block(event):
    with transaction.atomic():
        locking.lock_rows(Event.objects.filter(pk=event.pk)).get()
        with locking.recording() as taken:
            pass
    assert taken == []


def test_a_writer_times_out_rather_than_wait_forever(settings):
    """PostgreSQL is told how long a lock is waited for, and how long a statement may run
    (settings: 5 s and 30 s unless the environment says otherwise)."""
    assert 0 < settings.DATABASE_LOCK_TIMEOUT_MS <= 10_000
    assert 0 < settings.DATABASE_STATEMENT_TIMEOUT_MS <= 60_000
