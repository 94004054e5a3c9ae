"""Import/export keeps the rules edition, the time limit and withdrawals (SPEC §2, §6, §8)."""

import random

import pytest
from django.core.management import call_command

from scoring.eventfile import parse_event, read_any_event, read_event, serialize_event
from tests.scoring.test_engine_rules_files import NINE_ROUND_1, event, seats, two_nil
from tests.support.commands import run
from tests.support.eventfile import write
from tournament.accounts.models import Player
from tournament.eventfile.services import export_text
from tournament.events.models import Event, Registration
from tournament.rounds.services import rounds
from tournament.rounds.simulate import play_round

pytestmark = pytest.mark.django_db


def _twelve_with_a_withdrawal() -> dict:
    round_1 = [*NINE_ROUND_1, two_nil(4, seats(10, 11, 12))]
    data = event(
        12,
        [round_1, [two_nil(1, seats(1, 4, 7))]],
        rules_edition="regra-5.0",
        time_limit_minutes=50,
    )
    data["rounds"][0]["withdrawn"] = ["p10"]  # won table 4, then left the event
    return data


def test_import_keeps_edition_time_limit_and_withdrawal_and_round_trips(tmp_path):
    data = _twelve_with_a_withdrawal()
    code, out, err = run("import_event", write(tmp_path, data))
    assert code == 0, err
    imported = Event.objects.get(pk=int(out))
    assert imported.rules_edition == "regra-5.0"
    assert imported.time_limit_minutes == 50
    gone = imported.registrations.get(player__player_number="1010")
    assert gone.dropped_in_round == 1
    round_1 = imported.rounds.get(number=1)
    assert str(gone.player_id) not in round_1.advancing  # the three other winners advance
    code, exported, err = run("export_event", str(imported.pk))
    assert code == 0, err
    assert exported == serialize_event(parse_event(data))


def test_advancement_refusal_exits_1_and_saves_nothing(tmp_path):
    data = _twelve_with_a_withdrawal()
    data["rounds"][0]["withdrawn"] = []  # p10 now should have been seated in the final
    before = Event.objects.count()
    code, _out, err = run("import_event", write(tmp_path, data))
    assert code == 1
    assert "rounds[1].brackets: 'p10' advances from round 1 (bracket winner)" in err
    assert Event.objects.count() == before
    code, _out, err = run("score_event", write(tmp_path, data))
    assert code == 1 and "rounds[1].brackets: 'p10' advances" in err


def test_site_event_with_a_winner_dropping_between_rounds_exports_a_valid_file(event):
    # A winner drops after round 1 is closed: the site re-decides who advances, and the
    # export names him under the round's "withdrawn" so the file passes SPEC §6's check.
    players = Player.objects.bulk_create(
        Player(player_number=f"D{i:04d}", name=f"Dropper {i:02d}") for i in range(12)
    )
    Registration.objects.bulk_create(
        Registration(event=event, player=p, checked_in=True) for p in players
    )
    rng = random.Random(5)
    first = rounds.seat_next_round(event, seed=1)
    rounds.publish_round(first)
    play_round(first, rng)
    rounds.close_round(first)
    first.refresh_from_db()
    leaving = event.registrations.get(player_id=int(first.advancing[0]))
    rounds.drop_player(leaving)
    final = rounds.seat_next_round(event, seed=2)
    rounds.publish_round(final)
    play_round(final, rng)
    rounds.close_round(final)
    record, issues = read_event(export_text(event))
    assert issues == []
    assert record.rounds[0].withdrawn != ()


def test_every_demo_event_exports_a_valid_file():
    call_command("seed_demo")
    for demo in Event.objects.all():  # both structures: read as `score_event` reads them
        _record, issues = read_any_event(export_text(demo))
        assert issues == [], demo.name
