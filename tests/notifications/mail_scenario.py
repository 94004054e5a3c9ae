"""A 13-player event played through the services as a venue plays it, every message
delivered as soon as it is queued: how many e-mails each person gets, per kind.

Two judges and the organizer; 13 players register themselves on the site (as its register
button does: `by` is the player; `registered_by="organizer"` has the organizer register them
instead) and are checked in; each round is seated
and published; in every bracket the first seated player wins two games (so two games per
bracket), each entered by the first judge and confirmed by the second a moment later; in
round 1 the clock runs and time is called while the last table still plays, one entry waits
ten minutes for its confirmation, and one game is corrected (entered by the judge, confirmed
by the organizer). The final closes, the event finishes, its scoring form is submitted and
accepted. Each step commits (its after-commit work runs) before the next.
"""

from __future__ import annotations

import datetime
import uuid
from collections import Counter

from django.contrib.auth.models import Group
from django.core import mail
from django.test import TestCase
from django.utils import timezone

from tests.support.players import make_player
from tournament.accounts.roles import RANKING_OFFICERS_GROUP
from tournament.events.models import Event, Registration
from tournament.events.services.registration import register
from tournament.events.to_engine import engine_id
from tournament.notifications import services, tasks
from tournament.notifications.models import Message
from tournament.results import services as results
from tournament.results.models import GameEntry
from tournament.review import services as review
from tournament.rounds.services import rounds as round_service

PLAYERS = 13


class step:
    """One service call committed: its after-commit work runs (announcements, deliveries),
    then whatever is still due is delivered (what the worker does right after)."""

    def __enter__(self):
        self.commit = TestCase.captureOnCommitCallbacks(execute=True)
        self.commit.__enter__()

    def __exit__(self, *exc):
        self.commit.__exit__(*exc)
        if exc[0] is None:
            flush()


def flush() -> None:
    for pk in list(services.due().values_list("pk", flat=True)):
        services.deliver(pk)


def game(bracket, winner_seat: int, shift: int = 0) -> results.GameData:
    """Seat `winner_seat` wins with 6 unrazed realms; the others hold 4, 3, 2 in seat order
    (`shift` fewer each: a corrected count), so no tie needs a judge's decision."""
    seats = list(bracket.seats.order_by("position"))
    winner = seats[winner_seat].registration.player_id
    unrazed = {
        engine_id(s.registration.player_id): 4 - index - shift for index, s in enumerate(seats)
    }
    unrazed[engine_id(winner)] = 6
    return results.GameData(winner=winner, ended_by="victory", unrazed=unrazed)


def enter_and_confirm(bracket, number, data, by, confirmer, *, correction=False, wait=None):
    with step():
        entered = results.submit_entry(
            bracket, data, by, uuid.uuid4(), number=number, correction=correction, reason="typo"
        )
    if wait is not None:  # nobody confirms it for `wait`: the sweep (every minute) runs
        GameEntry.objects.filter(pk=entered.entry.pk).update(submitted_at=timezone.now() - wait)
        with step():
            tasks.sweep()
    with step():
        results.confirm_entry(entered.entry, confirmer)


def run(
    portuguese: tuple[str, ...] = (),
    registered_by: str = "self",
    *,
    language: str = "en",
    choose=None,
) -> dict:
    """Play the event; returns {"total": n, "by_kind": Counter, "by_person": Counter,
    "event": the event}. The players named in `portuguese` ("m03") chose Portuguese for
    their e-mails; `registered_by` is "self" or "organizer"; `language` is the event's (for
    people who never chose); `choose(player)`, when given, runs for each player as his
    account is made (say, to pick a language as he would on the site)."""
    mail.outbox.clear()
    organizer = make_player("org13", "Olivia Organizer")
    judge = make_player("judge13", "Jay Judge")
    judge2 = make_player("judge13b", "June Judge")
    officer = make_player("officer13", "Otto Officer").user
    officer.groups.add(Group.objects.get_or_create(name=RANKING_OFFICERS_GROUP)[0])
    event = Event.objects.create(
        name="Thirteen Open",
        date=datetime.date(2026, 11, 21),
        venue="Recife",
        organizer=organizer,
        status="registration",
        time_limit_minutes=60,
        language=language,
    )
    event.judges.set([judge, judge2])
    for i in range(1, PLAYERS + 1):
        player = make_player(f"m{i:02d}", f"Mia {i:02d}")
        if player.user.username in portuguese:
            from tournament.notifications.models import Preferences

            Preferences.objects.create(user=player.user, language="pt-br")
        if choose is not None:
            choose(player)
        with step():
            register(event, player, by=player if registered_by == "self" else organizer)
    Registration.objects.filter(event=event).update(checked_in=True)
    number = 0
    while True:
        number += 1
        with step():
            rnd = round_service.seat_next_round(event, seed=number)
        with step():
            round_service.publish_round(rnd)
        if number == 1:
            with step():
                round_service.start_timer(rnd)
        brackets = list(rnd.brackets.order_by("table"))
        for index, bracket in enumerate(brackets):
            if number == 1 and index == len(brackets) - 1:
                with step():
                    round_service.call_time(rnd)
            slow = number == 1 and index == 1
            enter_and_confirm(bracket, 1, game(bracket, 0), judge, judge2)
            wait = datetime.timedelta(minutes=10) if slow else None
            enter_and_confirm(bracket, 2, game(bracket, 0), judge, judge2, wait=wait)
            if number == 1 and index == 0:  # a wrong count, corrected
                enter_and_confirm(
                    bracket, 1, game(bracket, 0, 1), judge, organizer, correction=True
                )
        with step():
            round_service.close_round(rnd)
        if rnd.is_final:
            break
    with step():
        round_service.finish_event(event)
    with step():
        review.submit(event, organizer.user)
    with step():
        review.accept(event, officer)
    with step():
        tasks.sweep()
    sent = Message.objects.filter(outcome=Message.Outcome.SENT).select_related("recipient")
    assert len(mail.outbox) == sent.count()
    return {
        "total": len(mail.outbox),
        "by_kind": Counter(m.kind for m in sent),
        "by_person": Counter(m.recipient.username for m in sent),
        "event": event,
    }
