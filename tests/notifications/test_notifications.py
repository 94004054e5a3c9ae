"""Notifications: queued with the change they tell of, sent after commit, once, in the
recipient's language, never for an unconfirmed or rolled-back change, and never lost when
the broker or the mail server is down."""

import datetime
from unittest import mock

import pytest
from django.core import mail
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from tests.support.players import make_player
from tests.support.results import game_post, post_game
from tournament.events.models import Event, Registration, Seat
from tournament.events.services.registration import register, unregister
from tournament.notifications import services, tasks
from tournament.notifications.kinds import Kind
from tournament.notifications.models import Message, Preferences
from tournament.rounds.services.rounds import call_time, start_timer


def of_kind(kind) -> list[Message]:
    return list(Message.objects.filter(kind=kind).select_related("recipient"))


def recipients(kind) -> set[str]:
    return {m.recipient.username for m in of_kind(kind)}


@pytest.fixture
def newcomer(db):
    return make_player("newcomer", "Nina Newcomer")


def test_a_registration_is_confirmed_by_one_email_after_commit(
    event, newcomer, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        register(event, newcomer)
        assert mail.outbox == []  # nothing before the commit
    for callback in callbacks:
        callback()
    (sent,) = mail.outbox
    assert sent.to == ["newcomer@example.org"]
    assert sent.subject == "[Spellfire] You are registered for Autumn Open"
    assert "Halifax" in sent.body and f"/events/{event.pk}/" in sent.body
    assert sent.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    (message,) = of_kind(Kind.REGISTERED)
    assert message.outcome == Message.Outcome.SENT
    # Sent once: a second delivery and a sweep find nothing to do.
    assert services.deliver(message.pk) == "busy"
    assert tasks.sweep() == 0 and len(mail.outbox) == 1


def test_the_message_is_written_in_the_recipients_language(event, newcomer):
    Preferences.objects.create(user=newcomer.user, language="pt-br")
    register(event, newcomer)
    (message,) = of_kind(Kind.REGISTERED)
    services.deliver(message.pk)
    assert mail.outbox[0].subject == "[Spellfire] Sua inscrição em Autumn Open está feita"
    assert "Para não receber mais estes e-mails" in mail.outbox[0].body


def test_a_rolled_back_change_tells_nobody(event, newcomer):
    with pytest.raises(RuntimeError), transaction.atomic():
        register(event, newcomer)
        raise RuntimeError
    assert Message.objects.count() == 0


def test_a_full_event_waitlists_and_a_freed_place_moves_the_next_one_up(event, newcomer):
    event.capacity = 3
    event.save()
    players = [make_player(f"p{i}") for i in range(4)]
    registrations = [register(event, p) for p in players]
    assert recipients(Kind.REGISTERED) == {"p0", "p1", "p2"}
    assert recipients(Kind.WAITLISTED) == {"p3"}
    unregister(registrations[0])
    assert recipients(Kind.MOVED_UP) == {"p3"}


def test_the_broker_down_loses_nothing_and_the_sweep_sends_it(
    event, newcomer, django_capture_on_commit_callbacks
):
    no_broker = mock.patch.object(tasks.deliver, "delay", side_effect=ConnectionError("down"))
    with no_broker, django_capture_on_commit_callbacks(execute=True):
        register(event, newcomer)
    (message,) = of_kind(Kind.REGISTERED)
    assert message.outcome == Message.Outcome.PENDING and mail.outbox == []
    assert tasks.sweep() == 1
    assert len(mail.outbox) == 1
    message.refresh_from_db()
    assert message.outcome == Message.Outcome.SENT


def test_a_mail_server_down_is_retried_later(event, newcomer):
    register(event, newcomer)
    (message,) = of_kind(Kind.REGISTERED)
    with mock.patch("django.core.mail.EmailMultiAlternatives.send", side_effect=OSError("down")):
        assert services.deliver(message.pk) == "retry"
    message.refresh_from_db()
    assert message.outcome == Message.Outcome.PENDING and "down" in message.error
    assert tasks.sweep() == 1 and len(mail.outbox) == 1


def test_a_person_gets_at_most_the_hourly_limit(event, newcomer, settings):
    settings.NOTIFICATIONS_PER_HOUR = 1
    register(event, newcomer)
    other = Event.objects.create(
        name="Winter Cup",
        date=datetime.date(2026, 12, 5),
        venue="Recife",
        organizer=event.organizer,
        status="registration",
    )
    register(other, newcomer)
    first, second = Message.objects.order_by("pk")
    assert services.deliver(first.pk) == "sent"
    assert services.deliver(second.pk) == "later"
    assert len(mail.outbox) == 1


def test_one_click_unsubscribe_turns_that_kind_off(client, event, newcomer):
    token = services.unsubscribe_token(newcomer.user, Kind.REGISTERED)
    url = reverse("notifications:unsubscribe", args=[token])
    assert "Stop e-mails about" in client.get(url).content.decode()
    # RFC 8058: the mail app posts "List-Unsubscribe=One-Click", with no CSRF token.
    client.post(url, {"List-Unsubscribe": "One-Click"})
    assert Preferences.objects.get(user=newcomer.user).muted == ["registered"]
    register(event, newcomer)
    (message,) = of_kind(Kind.REGISTERED)
    assert services.deliver(message.pk) == "skipped" and mail.outbox == []
    bad = reverse("notifications:unsubscribe", args=["not-a-token"])
    assert client.get(bad).status_code == 404


def test_published_seating_tells_each_player_his_table(round1):
    seats = Seat.objects.filter(bracket__round=round1).select_related(
        "bracket", "registration__player__user"
    )
    tables = {s.registration.player.user.username: s.bracket.table for s in seats}
    messages = of_kind(Kind.SEATED)
    assert {m.recipient.username: m.params["table"] for m in messages} == tables
    message = messages[0]
    services.deliver(message.pk)
    table = tables[message.recipient.username]
    assert mail.outbox[0].subject.endswith(f"Autumn Open, round 1: your table is {table}")


def test_officials_are_told_of_conflicts_at_once_and_nobody_of_a_single_game(
    client_as, judge, second_judge, organizer, bracket, seated
):
    a = seated[0]
    post_game(client_as(judge), bracket, seated, [6, 4, 3], winner=a)
    # An entry waiting for another official tells nobody yet (see test_mails.py).
    assert of_kind(Kind.ENTRY_WAITING) == []
    assert of_kind(Kind.CONFLICT) == [] and of_kind(Kind.RESULT_CONFIRMED) == []
    post_game(client_as(second_judge), bracket, seated, [7, 4, 3], winner=a)
    assert recipients(Kind.CONFLICT) == {"organizer", "judge", "judge2"}
    post_game(client_as(organizer), bracket, seated, [7, 4, 3], winner=a)  # agrees: confirmed
    # One game is not the table's result: the players are told when all its games are in.
    assert of_kind(Kind.RESULT_CONFIRMED) == []


def test_time_called_tells_the_officials_and_the_players_still_playing(
    event, round1, registered_players
):
    event.time_limit_minutes = 60
    event.status = "running"
    event.save()
    start_timer(round1)
    call_time(round1)
    # No table has finished: all nine seated players are still playing.
    players = {p.user.username for p in registered_players}
    assert recipients(Kind.TIME_CALLED) == {"organizer", "judge", "judge2"} | players


def test_the_organizer_sees_what_was_sent_for_his_event(client_as, organizer, event, newcomer):
    register(event, newcomer)
    page = client_as(organizer).get(reverse("notifications:event_log", args=[event.pk]))
    assert "Nina Newcomer" in page.content.decode()
    assert client_as(newcomer).get(
        reverse("notifications:event_log", args=[event.pk])
    ).status_code in (403, 404)


def test_settings_turn_kinds_off_and_choose_the_language(client_as, newcomer):
    client = client_as(newcomer)
    client.post(
        reverse("notifications:preferences"),
        {"email": "on", "language": "pt-br", "wanted": ["seated", "result-confirmed"]},
    )
    prefs = Preferences.objects.get(user=newcomer.user)
    assert prefs.language == "pt-br"
    assert "registered" in prefs.muted and "seated" not in prefs.muted
    assert prefs.wants("seated") and not prefs.wants("registered")


def test_registrations_of_imported_or_finished_events_tell_nobody(event, newcomer):
    event.status = "finished"
    event.save()
    Registration.objects.create(event=event, player=newcomer)
    assert Message.objects.count() == 0


def test_a_players_report_asks_his_table_to_report_and_a_judge_to_confirm(
    client_as, event, bracket, seated
):
    event.players_report_results = True
    event.status = "running"
    event.save()
    reporter = seated[0]
    url = reverse("results:report", args=[event.pk, bracket.pk])
    client_as(reporter).post(url, game_post(seated, [6, 4, 4], winner=reporter))
    others = {p.user.username for p in seated[1:]}
    assert recipients(Kind.REPORT_WAITING) == others  # never the reporter himself
    # The officials are told once it has waited some minutes (any of them may confirm it).
    from tournament.notifications import waiting

    assert of_kind(Kind.ENTRY_WAITING) == []
    waiting.check(timezone.now() + waiting.ENTRY_WAIT)
    assert recipients(Kind.ENTRY_WAITING) == {"organizer", "judge", "judge2"}


def test_a_table_is_asked_to_report_once_and_never_a_player_who_reported(
    client_as, event, bracket, seated
):
    event.players_report_results = True
    event.status = "running"
    event.save()
    a, b, c = seated
    url = reverse("results:report", args=[event.pk, bracket.pk])
    client_as(a).post(url, game_post(seated, [6, 4, 4], winner=a))
    assert recipients(Kind.REPORT_WAITING) == {b.user.username, c.user.username}
    from tournament.results import services as results
    from tournament.results.models import GameEntry

    results.confirm_entry(GameEntry.objects.get(bracket=bracket, number=1), event.judges.first())
    client_as(a).post(url, game_post(seated, [6, 4, 3], winner=a, number=2))
    assert GameEntry.objects.filter(bracket=bracket, number=2).count() == 1
    assert len(of_kind(Kind.REPORT_WAITING)) == 2  # one ask per table and person
    message = next(m for m in of_kind(Kind.REPORT_WAITING) if m.recipient == c.user)
    _subject, body = services.render(message, "en")
    assert "Report it too, and your table's other games as they end" in body
    # A player who reported first is never asked.
    Message.objects.all().delete()
    other = bracket.round.brackets.exclude(pk=bracket.pk).order_by("table").first()
    players = [s.registration.player for s in other.seats.order_by("position")]
    url = reverse("results:report", args=[event.pk, other.pk])
    client_as(players[0]).post(url, game_post(players, [6, 4, 4], winner=players[0]))
    client_as(players[1]).post(url, game_post(players, [6, 4, 4], winner=players[0]))
    asked = {m.recipient for m in of_kind(Kind.REPORT_WAITING)}
    assert asked == {players[1].user, players[2].user}  # asked by the first report only


def test_a_player_who_registered_himself_is_not_mailed_what_the_page_told_him(
    event, newcomer, organizer
):
    register(event, newcomer, by=newcomer)  # the site's register button
    assert of_kind(Kind.REGISTERED) == []
    someone = make_player("someone", "Sal Someone")
    register(event, someone, by=organizer)  # the organizer did it: he is told
    assert recipients(Kind.REGISTERED) == {"someone"}


def test_a_missing_or_illegal_decklist_is_reminded_once_before_the_lists_close(event, newcomer):
    from tournament.decks.models import Decklist
    from tournament.notifications.reminders import decklist_reminders

    register(event, newcomer)
    legal = make_player("legal", "Lee Legal")
    Decklist.objects.create(registration=register(event, legal), status="legal", text="x")
    # Lists close at the deadline: 21 Nov 2026 10:00 UTC; 48 hours before, a reminder is due.
    event.registration_deadline = datetime.datetime(2026, 11, 21, 10, tzinfo=datetime.UTC)
    event.save()
    too_early = datetime.datetime(2026, 11, 19, 9, tzinfo=datetime.UTC)  # 49 h before
    assert decklist_reminders(too_early) == 0
    now = datetime.datetime(2026, 11, 19, 11, tzinfo=datetime.UTC)  # 47 h before
    decklist_reminders(now)
    decklist_reminders(now)  # the beat runs hourly: still one reminder
    assert recipients(Kind.DECKLIST_PROBLEMS) == {"newcomer"}
    assert len(of_kind(Kind.DECKLIST_PROBLEMS)) == 1
    after = datetime.datetime(2026, 11, 21, 11, tzinfo=datetime.UTC)
    assert decklist_reminders(after) == 0  # closed: too late to tell


def test_every_kind_is_written_in_portuguese_too():
    """The Brazilian league is a core user group: no message goes out in English to it."""
    from tournament.notifications.kinds import WORDS

    params = {
        **{"event": "E", "url": "u", "count": 1, "round": 2, "table": 1, "game": 1},
        **{"place": 2, "points": 3, "players": 9, "player": "P", "by": "B", "reason": "r"},
        **{"date": "2026-11-21", "venue": "V", "problems": 1, "closes": "2026-11-21T10:00Z"},
    }
    for kind in WORDS:
        message = Message(kind=kind, params=params)
        english = services.render(message, "en")
        portuguese = services.render(message, "pt-br")
        assert portuguese[0] != english[0] and portuguese[1] != english[1], kind
        assert "—" not in english[0], kind  # every subject's parameters are in `params`
    # The variants: a seating or the end carrying results, a bye.
    result = {"round": 1, "table": 3, "place": 1, "points": 4, "bracket": 7, "url": "r"}
    result["games"] = [{"game": 1, "winner": "W", "realms": 6}]
    result["corrected"] = [{"game": 1, "reason": "typo"}]
    variants = [
        (Kind.SEATED, {"opponents": ["X", "Y"], "results": [result]}),
        (Kind.SEATED, {"bye": True, "table": None}),
        (Kind.SEATED, {"bye": True, "results": [result]}),
        (Kind.EVENT_FINISHED, {"results": [result]}),
    ]
    for kind, extra in variants:
        message = Message(kind=kind, params={**params, **extra})
        english = services.render(message, "en")
        portuguese = services.render(message, "pt-br")
        assert portuguese[0] != english[0] and portuguese[1] != english[1], (kind, extra)
        assert "—" not in english[0] + english[1], (kind, extra)
    assert "Seu resultado (rodada 1, mesa 3): posição 1 da mesa, com 4 pontos." in portuguese[1]
    assert "- partida 1 foi corrigida: typo" in portuguese[1]
    # Plurals through the translation machinery: "1 problem", "2 problemas".
    message = Message(kind=Kind.DECKLIST_ILLEGAL, params={**params, "problems": 1})
    assert "(1 problem)" in services.render(message, "en")[1]
    message.params["problems"] = 2
    assert "(2 problemas)" in services.render(message, "pt-br")[1]
    missing = Message(kind=Kind.DECKLIST_PROBLEMS, params={**params, "problems": 0})
    assert "(no list saved)" in services.render(missing, "en")[1]
    # An unscored event stores no points: the words say so.
    message = Message(kind=Kind.EVENT_FINISHED, params={**params, "points": None})
    assert services.render(message, "en")[0] == "E is finished: place 2, no points"
    assert services.render(message, "pt-br")[0] == "E foi encerrado: posição 2, sem pontos"
