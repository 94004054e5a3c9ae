"""Fewer and clearer mails: a table's result once, naming the round, carried by the player's
next mail (the next seating, the event's end) or alone hours later; a correction told once,
saying what changed, to those who were told the old figures; entries waiting told after some
minutes, grouped; the hourly limit never holds a time-critical mail; a drop, the event's end,
a submitted scoring form, an illegal list.

Points are worked out by hand from SPEC §6: round 1, three players, the first wins both
games with 6 realms, the others hold 4 and 3 each game: he is 1st (4 points × round 1), the
second (8 realms) 2nd with 3, the third (6 realms) 3rd with 2."""

import datetime
import uuid

import pytest
from django.core import mail
from django.utils import timezone

from tests.support.players import make_player
from tournament.core.happenings import announce
from tournament.decks.happenings import DecklistChanged
from tournament.events.models import Registration
from tournament.events.to_engine import engine_id
from tournament.notifications import handlers, services, waiting
from tournament.notifications.kinds import Kind
from tournament.notifications.models import Message, Preferences
from tournament.results import services as results
from tournament.review.happenings import Decided
from tournament.rounds.happenings import EventFinished
from tournament.rounds.services.rounds import (
    close_round,
    drop_player,
    publish_round,
    seat_next_round,
)


def of_kind(kind) -> list[Message]:
    return list(Message.objects.filter(kind=kind).select_related("recipient").order_by("pk"))


def sent_to(kind, username: str, **params):
    """The person's e-mail of this kind (delivered now if it was not after its commit); with
    `params`, the one whose parameters hold these values."""
    (message,) = [
        m
        for m in of_kind(kind)
        if m.recipient.username == username and all(m.params.get(k) == v for k, v in params.items())
    ]
    if message.outcome == Message.Outcome.PENDING:
        mail.outbox.clear()
        assert services.deliver(message.pk) == "sent"
    else:
        assert message.outcome == Message.Outcome.SENT
    (sent,) = [
        m
        for m in mail.outbox
        if m.to == [message.recipient.email] and message.params["event"] in m.subject
    ]
    return sent


def game(seated, realms, winner) -> results.GameData:
    unrazed = {engine_id(p.pk): n for p, n in zip(seated, realms, strict=True)}
    return results.GameData(winner=winner.pk, ended_by="victory", unrazed=unrazed)


@pytest.fixture
def running(event):
    event.status = "running"
    event.save()
    return event


def enter(bracket, number, data, by, **kw):
    return results.submit_entry(bracket, data, by, uuid.uuid4(), number=number, **kw).entry


def play_table(bracket, judge, confirmer, realms=(6, 4, 3)):
    """Two games, each won by the first seated player (his realms first), entered by the
    judge and confirmed by another official, each committed."""
    seated = [s.registration.player for s in bracket.seats.order_by("position")]
    for number in (1, 2):
        entry = enter(bracket, number, game(seated, list(realms), seated[0]), judge)
        results.confirm_entry(entry, confirmer)
    return seated


def later(hours: float = 0) -> datetime.datetime:
    return timezone.now() + handlers.RESULT_HOLD + datetime.timedelta(hours=hours, minutes=1)


def test_a_tables_result_rides_on_the_next_seating_or_goes_alone_hours_later(
    running, round1, judge, second_judge, django_capture_on_commit_callbacks
):
    """Nobody is mailed when his table's games are all in; a winner reads his result with
    the final's seating; a player eliminated reads his alone when no mail follows within
    `RESULT_HOLD` of the table's last confirmation."""
    bracket, *others = list(round1.brackets.order_by("table"))
    before = Message.objects.count()
    with django_capture_on_commit_callbacks(execute=True):
        a, b, c = play_table(bracket, judge, second_judge)
    assert Message.objects.count() == before  # his table's result waits for his next mail
    handlers.untold_results()
    assert of_kind(Kind.RESULT_CONFIRMED) == []  # not yet: the next round may come
    with django_capture_on_commit_callbacks(execute=True):
        for other in others:
            play_table(other, judge, second_judge)
        close_round(round1)
        final = seat_next_round(running, seed=3)
        publish_round(final)
    table = final.brackets.get().table
    names = {s.registration.player.name for s in final.brackets.get().seats.all() if s != a}
    sent = sent_to(Kind.SEATED, a.user.username, final=True)
    assert sent.subject == (
        f"[Spellfire] Autumn Open, the final: your table is {table} (round 1: place 1)"
    )
    assert f"You sit at table {table} with " in sent.body
    assert all(name in sent.body for name in names)
    assert (
        f"Your result in round 1, table {bracket.table}: place 1 of the table with 4 points."
        in sent.body
    )
    assert f"- game 2: won by {a.name}; your unrazed realms: 6" in sent.body
    # b and c sit no more: told alone once the hold is over, once.
    handlers.untold_results(now=later())
    assert {m.recipient.username for m in of_kind(Kind.RESULT_CONFIRMED)} >= {
        b.user.username,
        c.user.username,
    }
    assert a.user.username not in {m.recipient.username for m in of_kind(Kind.RESULT_CONFIRMED)}
    sent = sent_to(Kind.RESULT_CONFIRMED, b.user.username)
    assert sent.subject == (
        f"[Spellfire] Autumn Open: round 1, table {bracket.table} confirmed, you are in place 2"
    )
    assert "You are in place 2 of the table with 3 points." in sent.body
    assert f"- game 1: won by {a.name}; your unrazed realms: 4" in sent.body
    told = len(of_kind(Kind.RESULT_CONFIRMED))
    handlers.untold_results(now=later(1))
    assert len(of_kind(Kind.RESULT_CONFIRMED)) == told


def finish(event, players, places_points) -> None:
    """The event ends with these places (its standings written as the pipeline would)."""
    from tournament.standings.models import EventStanding

    for p, (place, points) in zip(players, places_points, strict=True):
        registration = Registration.objects.get(event=event, player=p)
        EventStanding.objects.update_or_create(
            registration=registration,
            defaults={"event": event, "player": p, "place": place, "points": points},
        )
    event.status = "finished"
    event.save(update_fields=["status"])
    announce(EventFinished(event))  # what the finishing service announces


def test_the_end_carries_the_results_not_told_yet_in_portuguese_with_its_plural(
    running, bracket, judge, second_judge
):
    a, b, c = [s.registration.player for s in bracket.seats.order_by("position")]
    Preferences.objects.create(user=c.user, language="pt-br")
    play_table(bracket, judge, second_judge)
    finish(running, [a, b, c], [(1, 4), (2, 3), (3, 2)])
    sent = sent_to(Kind.EVENT_FINISHED, c.user.username)
    assert sent.subject == "[Spellfire] Autumn Open foi encerrado: posição 3, 2 pontos"
    assert "Você terminou na posição 3 de 9, com 2 pontos." in sent.body  # 9 registered
    assert (
        f"Seu resultado (rodada 1, mesa {bracket.table}): posição 3 da mesa, com 2 pontos."
        in sent.body
    )
    assert f"- partida 1: vencida por {a.name}; seus reinos não arrasados: 3" in sent.body
    english = sent_to(Kind.EVENT_FINISHED, b.user.username)
    assert (
        f"Your result in round 1, table {bracket.table}: place 2 of the table with 3 points."
        in english.body
    )


def test_a_correction_before_the_result_is_told_rides_in_it_afterwards_it_is_a_mail(
    running, bracket, judge, second_judge, organizer
):
    a, b, c = play_table(bracket, judge, second_judge)
    fixed = enter(bracket, 1, game([a, b, c], [6, 2, 3], a), judge, correction=True, reason="typo")
    results.confirm_entry(fixed, organizer)
    assert of_kind(Kind.RESULT_CORRECTED) == []  # nobody was told the old figures
    handlers.untold_results(now=later())
    sent = sent_to(Kind.RESULT_CONFIRMED, b.user.username)
    assert f"- game 1: won by {a.name}; your unrazed realms: 2" in sent.body
    # Told now: a second correction is a mail of its own, saying what changed.
    again = enter(
        bracket, 2, game([a, b, c], [6, 4, 1], a), judge, correction=True, reason="recount"
    )
    assert of_kind(Kind.RESULT_CORRECTED) == []  # not before it is confirmed
    results.confirm_entry(again, organizer)
    corrected = of_kind(Kind.RESULT_CORRECTED)
    assert {m.recipient.username for m in corrected} == {p.user.username for p in (a, b, c)}
    sent = sent_to(Kind.RESULT_CORRECTED, a.user.username)
    assert (
        sent.subject == f"[Spellfire] Autumn Open: round 1, table {bracket.table}, game 2 corrected"
    )
    assert f"- unrazed realms of {c.name}: 3 → 1" in sent.body
    assert "Reason: recount" in sent.body
    assert f"unrazed realms of {b.name}" not in sent.body  # unchanged, not listed


def test_the_first_correction_is_named_in_the_mail_that_tells_the_result(
    running, bracket, judge, second_judge, organizer
):
    a, b, c = play_table(bracket, judge, second_judge)
    fixed = enter(bracket, 1, game([a, b, c], [6, 2, 3], a), judge, correction=True, reason="typo")
    results.confirm_entry(fixed, organizer)
    finish(running, [a, b, c], [(1, 4), (2, 3), (3, 2)])
    sent = sent_to(Kind.EVENT_FINISHED, b.user.username)
    assert "- game 1 was corrected: typo" in sent.body
    assert f"- game 1: won by {a.name}; your unrazed realms: 2" in sent.body


def test_kinds_turned_off_choose_what_carries_a_result(
    running, round1, judge, second_judge, django_capture_on_commit_callbacks
):
    """Seatings off, results on: the result goes alone at the next seating. Results off:
    the seating goes without it."""
    brackets = list(round1.brackets.order_by("table"))
    with django_capture_on_commit_callbacks(execute=True):
        winners = [play_table(b, judge, second_judge)[0] for b in brackets]
    no_seat, no_result, plain = winners
    Preferences.objects.create(user=no_seat.user, muted=[Kind.SEATED.value])
    Preferences.objects.create(user=no_result.user, muted=[Kind.RESULT_CONFIRMED.value])
    close_round(round1)
    publish_round(seat_next_round(running, seed=3))
    final_seatings = {
        m.recipient.username: m for m in of_kind(Kind.SEATED) if m.params.get("final")
    }
    assert "results" not in final_seatings[no_seat.user.username].params
    assert [m.recipient for m in of_kind(Kind.RESULT_CONFIRMED)] == [no_seat.user]
    assert "results" not in final_seatings[no_result.user.username].params
    assert len(final_seatings[plain.user.username].params["results"]) == 1


def test_entries_waiting_are_told_after_some_minutes_grouped_per_official_and_round(
    running, round1, judge, second_judge, organizer
):
    brackets = list(round1.brackets.order_by("table"))
    entries = []
    for bracket in brackets[:2]:
        seated = [s.registration.player for s in bracket.seats.order_by("position")]
        entries.append(enter(bracket, 1, game(seated, [6, 4, 3], seated[0]), judge))
    now = timezone.now()
    assert waiting.check(now) == 0  # just entered: nobody is told
    assert of_kind(Kind.ENTRY_WAITING) == []
    later = now + waiting.ENTRY_WAIT + datetime.timedelta(seconds=1)
    assert waiting.check(later) == 2  # the organizer and the second judge, once each
    assert waiting.check(later) == 0  # the sweep runs every minute: told once
    messages = of_kind(Kind.ENTRY_WAITING)
    assert {m.recipient.username for m in messages} == {"organizer", "judge2"}
    sent = sent_to(Kind.ENTRY_WAITING, "judge2")
    assert sent.subject == "[Spellfire] Autumn Open, round 1: 2 entries wait for your confirmation"
    t1, t2 = brackets[0].table, brackets[1].table
    assert f"- table {t1}, game 1: entered by Bob Judge at" in sent.body
    assert f"- table {t2}, game 1: entered by Bob Judge at" in sent.body
    # Confirmed before the organizer's message went out: it is sent without that entry.
    results.confirm_entry(entries[0], second_judge)
    organizers = next(m for m in messages if m.recipient.username == "organizer")
    assert services.deliver(organizers.pk) == "sent"
    assert mail.outbox[-1].subject.endswith("1 entry waits for your confirmation")
    assert f"table {t1}," not in mail.outbox[-1].body
    # A new entry later is a new message, about it alone.
    third = brackets[2]
    seated = [s.registration.player for s in third.seats.order_by("position")]
    enter(third, 1, game(seated, [6, 4, 3], seated[0]), judge)
    assert waiting.check(later + 2 * waiting.ENTRY_WAIT) == 2
    newest = [m for m in of_kind(Kind.ENTRY_WAITING) if m.recipient.username == "judge2"][-1]
    assert [e["table"] for e in newest.params["entries"]] == [third.table]


def test_a_message_about_entries_all_confirmed_meanwhile_is_not_sent(
    running, bracket, seated, judge, second_judge
):
    entry = enter(bracket, 1, game(seated, [6, 4, 3], seated[0]), judge)
    waiting.check(timezone.now() + 2 * waiting.ENTRY_WAIT)
    results.confirm_entry(entry, second_judge)
    mail.outbox.clear()
    for message in of_kind(Kind.ENTRY_WAITING):
        assert services.deliver(message.pk) == Message.Outcome.STALE
    assert mail.outbox == []


def test_the_hourly_limit_never_holds_a_time_critical_mail(event, round1, settings):
    settings.NOTIFICATIONS_PER_HOUR = 1
    player = round1.brackets.first().seats.first().registration.player
    seated = Message.objects.get(recipient=player.user, kind=Kind.SEATED)
    # The player already got his one mail of this hour.
    Message.objects.create(
        recipient=player.user,
        kind=Kind.REGISTERED,
        key="earlier",
        outcome=Message.Outcome.SENT,
        sent_at=timezone.now(),
    )
    assert services.deliver(seated.pk) == "sent"  # his table: sent at once
    late = Message.objects.create(recipient=player.user, kind=Kind.FORM_ACCEPTED, key="x")
    assert services.deliver(late.pk) == "later"  # not time-critical: the next hour


def test_a_dropped_player_is_told(running, round1, registered_players):
    registration = Registration.objects.get(event=running, player=registered_players[0])
    drop_player(registration)
    (message,) = of_kind(Kind.DROPPED)
    assert message.recipient == registered_players[0].user
    sent = sent_to(Kind.DROPPED, registered_players[0].user.username)
    assert sent.subject == "[Spellfire] Autumn Open: you dropped out"
    assert "You dropped out of Autumn Open (round 1)" in sent.body


def test_a_submitted_scoring_form_tells_the_ranking_officers(event):
    from tests.support.ranking import ranking_officer
    from tournament.review.models import ReviewDecision, ScoringReview

    officer = ranking_officer()
    review = ScoringReview.objects.create(event=event, state="submitted")
    decision = ReviewDecision.objects.create(
        review=review, action="submit", by=event.organizer.user
    )
    announce(Decided(event, review, decision))  # what the review service announces
    (message,) = of_kind(Kind.FORM_SUBMITTED)
    assert message.recipient == officer
    sent = sent_to(Kind.FORM_SUBMITTED, "officer")
    assert sent.subject == "[Spellfire] Autumn Open: scoring form submitted for review"
    assert "Ann Organiser submitted the scoring form of Autumn Open (Nov. 21, 2026)" in sent.body


def test_the_end_of_the_event_tells_each_player_his_place_and_points(event, organizer):
    from tournament.events.models import Event
    from tournament.standings.models import EventStanding

    players = [make_player(f"f{i}", f"Finisher {i}") for i in range(3)]
    for place, (p, points) in enumerate(zip(players, [10, 7, 1], strict=True), start=1):
        registration = Registration.objects.create(event=event, player=p)
        EventStanding.objects.create(
            event=event, registration=registration, player=p, place=place, points=points
        )
    event.status = "finished"
    event.save(update_fields=["status"])
    announce(EventFinished(event))  # what the finishing service announces
    assert {m.recipient.username for m in of_kind(Kind.EVENT_FINISHED)} == {"f0", "f1", "f2"}
    sent = sent_to(Kind.EVENT_FINISHED, "f2")
    assert sent.subject == "[Spellfire] Autumn Open is finished: place 3, 1 point"
    assert "You finished in place 3 of 3 with 1 point." in sent.body
    # An imported event is created finished: nobody is told.
    Event.objects.create(
        name="Old Cup",
        date=datetime.date(2020, 1, 1),
        venue="x",
        organizer=organizer,
        status="finished",
    )
    assert len(of_kind(Kind.EVENT_FINISHED)) == 3


def test_an_illegal_list_saved_tells_its_player_once_in_half_an_hour(event, player):
    from tournament.decks.models import Decklist, DecklistChange

    registration = Registration.objects.create(event=event, player=player)
    event.registration_deadline = datetime.datetime(2026, 11, 20, 21, tzinfo=datetime.UTC)
    event.time_zone = "America/Sao_Paulo"
    event.save()
    decklist = Decklist.objects.create(
        registration=registration, status="illegal", problem_count=2, text="x"
    )
    for _ in range(2):  # saved twice in a row: one mail
        change = DecklistChange.objects.create(
            decklist=decklist, changed_by=player, status="illegal"
        )
        announce(DecklistChanged(change))  # what the decklist service announces
    assert len(of_kind(Kind.DECKLIST_ILLEGAL)) == 1
    sent = sent_to(Kind.DECKLIST_ILLEGAL, "player")
    assert sent.subject == "[Spellfire] Autumn Open: the decklist you saved is not legal"
    # The deadline in the event's zone (21:00 UTC is 18:00 in São Paulo), labelled, named
    # as what it is: the lists lock when round 1 is seated, planned from then (SPEC §3).
    assert "(2 problems)" in sent.body
    assert "round 1 is seated, planned from Nov. 20, 2026, 18:00 (America/Sao_Paulo)" in sent.body
    # A legal list tells nothing.
    decklist.status = "legal"
    decklist.save()
    Message.objects.all().delete()
    change = DecklistChange.objects.create(decklist=decklist, changed_by=player, status="legal")
    announce(DecklistChanged(change))
    assert of_kind(Kind.DECKLIST_ILLEGAL) == []


def test_the_sweep_sends_time_critical_mails_before_a_held_backlog(event, round1, settings):
    from tournament.notifications import tasks

    settings.NOTIFICATIONS_PER_HOUR = 1
    player = round1.brackets.first().seats.first().registration.player
    seated = Message.objects.get(recipient=player.user, kind=Kind.SEATED)
    backlog = [
        Message(recipient=player.user, kind=Kind.FORM_ACCEPTED, key=f"old{i}") for i in range(3)
    ]
    Message.objects.bulk_create(backlog)
    Message.objects.filter(key__startswith="old").update(
        created_at=timezone.now() - datetime.timedelta(hours=1)
    )
    first = services.sweep_order().first()
    assert first.kind == Kind.SEATED
    tasks.sweep()
    seated.refresh_from_db()
    assert seated.outcome == Message.Outcome.SENT


def test_a_seating_still_unsent_when_its_round_is_closed_is_not_sent(running, round1):
    from tournament.events.models import Round

    Round.objects.filter(pk=round1.pk).update(state=Round.State.CLOSED)
    message = Message.objects.filter(kind=Kind.SEATED).first()
    assert services.deliver(message.pk) == Message.Outcome.STALE


def test_a_simulated_tables_result_tells_nobody(running, round1):
    """The demo and the simulator write games directly (no entries at the venue)."""
    import random

    from tournament.notifications import tasks
    from tournament.rounds.simulate import play_round

    play_round(round1, random.Random(5))
    tasks.sweep()
    handlers.untold_results(now=later())
    assert of_kind(Kind.RESULT_CONFIRMED) == []


def test_a_one_on_one_round_names_the_opponent_and_carries_the_last_match(
    event, judge, second_judge
):
    """The same mails for matches: "round 2: table 1 with X", with the round-1 match."""
    from tests.support.one_on_one import one_on_one, win
    from tests.support.results import seated

    one_on_one(event, 4, swiss_rounds=2)
    round1 = seat_next_round(event, seed=5)
    publish_round(round1)
    matches = list(round1.brackets.order_by("table"))
    first, second = seated(matches[0])
    sent = sent_to(Kind.SEATED, first.user.username, round=1)
    assert f"You sit at table {matches[0].table} with {second.name}." in sent.body
    for match in matches:
        win(match, seated(match)[0], judge, second_judge)
    close_round(round1)
    round2 = seat_next_round(event, seed=6)
    publish_round(round2)
    sent = sent_to(Kind.SEATED, first.user.username, round=2)
    assert sent.subject.endswith("(round 1: match won)")
    # SPEC §11: a match is won, lost or drawn (no place at a table).
    assert "Your match in round 1: won." in sent.body
    loser = sent_to(Kind.SEATED, second.user.username, round=2)
    table = round2.brackets.get(seats__registration__player=second).table
    # The last Swiss round is the event's last, yet "round 2" (several matches), not a final.
    assert round2.is_final and not round2.is_cut
    assert loser.subject == (
        f"[Spellfire] Autumn Open, round 2: your table is {table} (round 1: match lost)"
    )


def test_a_bye_is_told_like_a_seat_with_the_last_match(event, judge, second_judge):
    from tests.support.one_on_one import one_on_one, win
    from tests.support.results import seated
    from tournament.accounts.models import Player

    one_on_one(event, 3, swiss_rounds=2)
    round1 = seat_next_round(event, seed=5)
    publish_round(round1)
    (bye,) = round1.byes
    user = Player.objects.get(pk=bye).user
    sent = sent_to(Kind.SEATED, user.username, round=1)
    assert sent.subject == "[Spellfire] Autumn Open, round 1: you have a bye"
    assert "You have a bye: it counts as a match won." in sent.body
    (match,) = round1.brackets.all()
    win(match, seated(match)[0], judge, second_judge)
    close_round(round1)
    round2 = seat_next_round(event, seed=6)
    publish_round(round2)
    (second_bye,) = round2.byes
    assert second_bye != bye  # a player has at most one bye (SPEC §11)
    user = Player.objects.get(pk=second_bye).user
    sent = sent_to(Kind.SEATED, user.username, round=2)
    outcome = "won" if second_bye == seated(match)[0].pk else "lost"
    assert sent.subject == (
        f"[Spellfire] Autumn Open, round 2: you have a bye (round 1: match {outcome})"
    )
    assert f"Your match in round 1: {outcome}." in sent.body
