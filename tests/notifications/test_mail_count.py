"""How many e-mails a 13-player event sends (`mail_scenario.py`), kind by kind, and what
each player reads in them.

Worked out by hand: 13 players sit in round 1 at four tables (4 + 3 + 3 + 3); the four
winners play the final. The same event once sent 93 e-mails (a result mail per confirmed game
to every player of the table: 34, and 3 more for the correction; an entry-waiting mail per
entry to two officials: 22; 17 seatings, 13 registrations, time called to the 3 officials,
the accepted form to the organizer), then 70 (a table's result once: 13; the correction once
to its table: 3; time called to the players still playing too; the event's end: 13; the
submitted form: 1). The bar is half of 93: at most 46.

Now one mail per person per moment: a table's result rides on the player's next mail (the
final's seating for the four winners, the event's end for the nine others and for the
final), the correction made before the result was told is in it, and a player who registered
himself on the site is not mailed back what the page told him.

Places and points by hand (SPEC §6): in every bracket the first seated player wins both
games with 6 realms and the others hold 4, 3, 2 in seat order (one fewer each in the
corrected game), so the places follow the seats; round 1 pays 4, 3, 2, 1 (× 1), the final
5, 3, 2, 1 × 2. The winner of the final: 4 + 10 = 14 points."""

import re

import pytest
from django.core import mail

from tests.notifications import mail_scenario
from tournament.notifications import services
from tournament.notifications.models import Message

BAR = 46  # half of the 93 the same event once sent


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.NOTIFICATIONS_PER_HOUR = 10_000  # count them all, whenever they would leave


def mails_to(username: str) -> list:
    return [m for m in mail.outbox if m.to == [f"{username}@example.org"]]


def points_text(points: int) -> str:
    return "1 point" if points == 1 else f"{points} points"


def test_a_13_player_event_sends_at_most_half_the_mails_it_once_did(db):
    outcome = mail_scenario.run(portuguese=("m03",))
    event = outcome["event"]
    round1 = event.rounds.get(number=1)
    tables = list(round1.brackets.order_by("table"))
    assert sorted(t.seats.count() for t in tables) == [3, 3, 3, 4]
    last_table = tables[-1].seats.count()  # still playing when time was called
    expected = {
        "seated": 13 + 4,  # round 1; the final (with each winner's round-1 result)
        "time-called": 3 + last_table,  # the officials and the players still playing
        "entry-waiting": 2,  # the slow entry: the organizer and the judge who did not enter it
        "event-finished": 13,  # place and points, with the results not told yet
        "form-submitted": 1,  # the ranking officer
        "form-accepted": 1,  # the organizer
    }
    assert dict(outcome["by_kind"]) == expected
    assert outcome["total"] == sum(expected.values()) == 37 + last_table
    assert outcome["total"] <= BAR
    # Nobody gets more than one mail per moment: seated, time called, the final, the end.
    assert max(n for who, n in outcome["by_person"].items() if who.startswith("m")) <= 4
    assert outcome["by_person"]["judge13b"] == 2  # time called, the entry to confirm
    assert outcome["by_person"]["org13"] == 3  # time called, the entry, the accepted form


def test_each_player_is_told_his_seat_every_round_his_results_and_his_final_place(db):
    mail_scenario.run()
    from tournament.events.models import Event

    event = Event.objects.get(name="Thirteen Open")
    round1, final = event.rounds.order_by("number")
    assert final.is_final
    finalists = set()
    for bracket in round1.brackets.order_by("table"):
        seats = list(bracket.seats.order_by("position").select_related("registration__player"))
        for index, seat in enumerate(seats):
            player = seat.registration.player
            mails = mails_to(player.user.username)
            others = ", ".join(s.registration.player.name for s in seats if s != seat)
            seating = [m for m in mails if "round 1: your table is" in m.subject]
            assert len(seating) == 1, player.name
            assert f"You sit at table {bracket.table} with {others}." in seating[0].body
            # His round-1 result, once, in a later mail.
            line = (
                f"Your result in round 1, table {bracket.table}: place {index + 1} of the "
                f"table with {points_text(4 - index)}."
            )
            assert len([m for m in mails if line in m.body]) == 1, (player.name, line)
            realms = 6 if index == 0 else 4 - index
            assert (
                f"game 2: won by {seats[0].registration.player.name}; your unrazed "
                f"realms: {realms}" in "\n".join(m.body for m in mails)
            )
            if index == 0:
                finalists.add(player.pk)
            if bracket.table == 1:  # game 1 corrected before the result was told
                carrying = next(m for m in mails if line in m.body)
                assert "- game 1 was corrected: typo" in carrying.body
                fixed = 6 if index == 0 else 3 - index
                assert (
                    f"game 1: won by {seats[0].registration.player.name}; your unrazed "
                    f"realms: {fixed}" in carrying.body
                )
    assert len(finalists) == 4
    (table,) = final.brackets.all()
    seats = list(table.seats.order_by("position").select_related("registration__player"))
    assert {s.registration.player_id for s in seats} == finalists
    for index, seat in enumerate(seats):
        username = seat.registration.player.user.username
        mails = mails_to(username)
        (seating,) = [m for m in mails if "the final: your table is" in m.subject]
        # The final's seating carries his round-1 result (he won his table).
        assert seating.subject == (
            f"[Spellfire] Thirteen Open, the final: your table is {table.table} (round 1: place 1)"
        )
        assert "Your result in round 1" in seating.body
        (end,) = [m for m in mails if "is finished" in m.subject]
        final_points = [5, 3, 2, 1][index] * 2
        assert (
            f"Your result in the final, table {table.table}: place {index + 1} of the table "
            f"with {points_text(final_points)}." in end.body
        )
    winner = seats[0].registration.player.user.username
    (end,) = [m for m in mails_to(winner) if "is finished" in m.subject]
    assert end.subject == "[Spellfire] Thirteen Open is finished: place 1, 14 points"
    assert "You finished in place 1 of 13 with 14 points." in end.body
    # Every player's end mail tells his place of 13.
    for number in range(1, 14):
        ends = [m for m in mails_to(f"m{number:02d}") if "is finished" in m.subject]
        assert len(ends) == 1
        assert re.search(r"You finished in place \d+ of 13 with", ends[0].body)


def test_a_players_mails_are_all_in_portuguese(db):
    outcome = mail_scenario.run(portuguese=("m03",))
    his = Message.objects.filter(recipient__username="m03", outcome=Message.Outcome.SENT)
    assert his.count() >= 2  # his seat (maybe the final's), time called maybe, the end
    subjects = {m.subject for m in mail.outbox if m.to == ["m03@example.org"]}
    for message in his:
        english, _ = services.render(message, "en")
        portuguese, _ = services.render(message, "pt-br")
        assert english != portuguese
        assert f"[Spellfire] {portuguese}" in subjects, portuguese
    bodies = "\n".join(m.body for m in mails_to("m03"))
    assert "rodada 1: sua mesa é a" in " ".join(subjects)
    assert "Seu resultado (rodada 1, mesa" in bodies
    assert "Thirteen Open foi encerrado. Você terminou na posição" in bodies
    assert outcome["by_person"]["m03"] == len(subjects)


def test_players_registered_by_the_organizer_are_each_told(db):
    """They did not see it happen: the receipt goes (13 more than the event above)."""
    outcome = mail_scenario.run(registered_by="organizer")
    last_table = outcome["event"].rounds.get(number=1).brackets.order_by("table").last()
    assert outcome["by_kind"]["registered"] == 13
    assert outcome["total"] == 13 + 37 + last_table.seats.count()
