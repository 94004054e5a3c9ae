"""Import/export keeps the rules edition, the time limit and withdrawals (SPEC §2, §6, §8)."""

import pytest

from scoring.eventfile import parse_event, serialize_event
from tests.eventfile.conftest import run, write
from tests.scoring.test_engine_rules_files import NINE_ROUND_1, event, seats, two_nil
from tournament.events.models import Event

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
