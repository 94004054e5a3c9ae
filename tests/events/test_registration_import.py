"""The organizer registers many players from a CSV file or pasted rows: every row or none,
each refused row named by its line (the same service as the API's import)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.support.players import make_player
from tournament.accounts.models import Player
from tournament.events.models import Registration

pytestmark = pytest.mark.django_db


def url(event) -> str:
    return reverse("events:registration_import", args=[event.pk])


def upload(text: str, name: str = "players.csv", encoding: str = "utf-8"):
    return SimpleUploadedFile(name, text.encode(encoding), content_type="text/csv")


def test_a_semicolon_file_from_a_portuguese_spreadsheet_registers_every_row(
    client_as, event, organizer
):
    known = make_player("known", "Karen Costa")
    text = f"player_number;name\n{known.player_number};\n;João Nóbrega\n"
    response = client_as(organizer).post(url(event), {"file": upload(text, encoding="cp1252")})
    assert response.status_code == 302
    assert response["Location"] == reverse("events:checkin", args=[event.pk])
    names = set(Registration.objects.filter(event=event).values_list("player__name", flat=True))
    assert names == {"Karen Costa", "João Nóbrega"}


def test_one_bad_row_registers_nobody_and_is_named_by_its_line(client_as, event, organizer):
    known = make_player("known", "Karen Costa")
    before = Player.objects.count()
    text = f"player_number,name\n{known.player_number},\n424242,\n,Nina Newcomer\n"
    response = client_as(organizer).post(url(event), {"text": text})
    assert response.status_code == 200
    assert "Row 3: No player has the number 424242." in response.content.decode()
    assert not Registration.objects.filter(event=event).exists()
    assert Player.objects.count() == before  # the new player of row 4 was not kept either


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"text": ""}, "Choose a CSV file or paste the rows."),
        ({"text": "email\nx@example.org\n"}, "needs a player_number or a name column"),
        ({"file": upload("\x00\x01 not a table")}, "needs a player_number or a name column"),
    ],
)
def test_a_file_that_is_not_a_list_of_players_says_why(client_as, event, organizer, data, message):
    response = client_as(organizer).post(url(event), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Registration.objects.filter(event=event).exists()


def test_only_the_organizer_imports(client_as, event, judge, player):
    assert client_as(judge).get(url(event)).status_code == 403
    assert client_as(player).post(url(event), {"text": "name\nX\n"}).status_code == 403
    assert client_as(None).get(url(event)).status_code == 302
    assert not Registration.objects.filter(event=event).exists()


def test_the_check_in_page_links_the_import_for_the_organizer(client_as, event, organizer, judge):
    link = url(event)
    assert (
        link
        in client_as(organizer).get(reverse("events:checkin", args=[event.pk])).content.decode()
    )
    assert (
        link
        not in client_as(judge).get(reverse("events:checkin", args=[event.pk])).content.decode()
    )
