"""How many e-mails a 13-player event sends (`mail_scenario.py`), kind by kind.

Worked out by hand: 13 players sit in round 1 at four tables (4 + 3 + 3 + 3); the four
winners play the final. Before this count was kept, the same event sent 93 e-mails (a result
mail per confirmed game to every player of the table: 34, and 3 more for the correction; an
entry-waiting mail per entry to two officials: 22; 17 seatings, 13 registrations, time
called to the 3 officials, the accepted form to the organizer)."""

import pytest

from tests.notifications import mail_scenario


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_a_13_player_event_sends_one_mail_per_thing_a_person_needs(db, settings):
    settings.NOTIFICATIONS_PER_HOUR = 10_000  # count them all, whenever they would leave
    outcome = mail_scenario.run(portuguese=("m03",))
    event = outcome["event"]
    round1 = event.rounds.get(number=1)
    tables = list(round1.brackets.order_by("table"))
    assert sorted(t.seats.count() for t in tables) == [3, 3, 3, 4]
    corrected_table = tables[0].seats.count()  # its players: the correction, once
    last_table = tables[-1].seats.count()  # still playing when time was called
    expected = {
        "registered": 13,
        "seated": 13 + 4,  # round 1, then the final
        "result-confirmed": 13,  # each round-1 player once, for his table (the final: below)
        "result-corrected": corrected_table,
        "time-called": 3 + last_table,  # the officials and the players still playing
        "entry-waiting": 2,  # the slow entry: the organizer and the judge who did not enter it
        "event-finished": 13,  # each player's place and points
        "form-submitted": 1,  # the ranking officer
        "form-accepted": 1,  # the organizer
    }
    assert dict(outcome["by_kind"]) == expected
    assert outcome["total"] == sum(expected.values()) == 63 + corrected_table + last_table
    # The officials are no longer flooded: the judge who confirmed every game got 2 e-mails.
    assert outcome["by_person"]["judge13b"] == 2
    assert outcome["by_person"]["org13"] == 3

    # Every mail of the player who chose Portuguese is in Portuguese, dates included.
    from django.core import mail

    from tournament.notifications import services
    from tournament.notifications.models import Message

    his = Message.objects.filter(recipient__username="m03", outcome=Message.Outcome.SENT)
    assert his.count() >= 4  # registered, seated, his table, the end (and maybe more)
    subjects = {m.subject for m in mail.outbox if m.to == ["m03@example.org"]}
    for message in his:
        english, _ = services.render(message, "en")
        portuguese, _ = services.render(message, "pt-br")
        assert english != portuguese
        assert f"[Spellfire] {portuguese}" in subjects, portuguese
    assert "[Spellfire] Sua inscrição em Thirteen Open está feita" in subjects
