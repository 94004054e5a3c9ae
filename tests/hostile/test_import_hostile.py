"""Event files that used to end in a 500 or a failed job: a number of 5000 digits, a lone
surrogate, the uploader also listed as a judge. Each is refused at its place, nothing saved."""

import json

import pytest

from tests.support.hand_event import hand_event_file
from tests.support.players import make_player
from tournament.eventfile.services import EventFileError, import_event
from tournament.events.models import Event

pytestmark = pytest.mark.django_db


def _refused(source, importer) -> list[tuple[str, str]]:
    with pytest.raises(EventFileError) as error:
        import_event(source, importer)
    assert not Event.objects.exists()
    return [(i.path, str(i.code)) for i in error.value.issues]


def test_a_number_of_5000_digits_is_refused():
    text = json.dumps(hand_event_file()).replace(
        '"event_multiplier": 1', '"event_multiplier": ' + "9" * 5000
    )
    assert _refused(text, make_player("imp", "Imp")) == [("(file)", "number-too-long")]


def test_a_lone_surrogate_is_refused_where_it_stands():
    text = json.dumps(hand_event_file()).replace('"Halifax"', '"\\ud800"')
    assert _refused(text, make_player("imp", "Imp")) == [("venue", "text-surrogate")]


def test_the_uploader_listed_as_a_judge_is_refused():
    importer = make_player("imp", "Imp")
    data = hand_event_file()
    data["judges"].append({"name": "Imp", "player_number": importer.player_number, "played": False})
    assert _refused(data, importer) == [("judges[1].player_number", "site")]
