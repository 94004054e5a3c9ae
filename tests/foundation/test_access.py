"""Every role's access to every page: allowed (200/302) and forbidden (403 / login)."""

import pytest

ORGANIZER_ONLY = ["edit", "judges"]
JUDGE_PAGES = ["check-in"]
PUBLIC_PAGES = ["", "/events/"]


def url(event, page: str) -> str:
    return f"/events/{event.pk}/{page}/".replace("//", "/")


@pytest.fixture
def people(organizer, judge, player, stranger):
    return {"organizer": organizer, "judge": judge, "player": player, "stranger": stranger}


@pytest.mark.parametrize("page", ORGANIZER_ONLY)
@pytest.mark.parametrize(
    "who, status", [("organizer", 200), ("judge", 403), ("player", 403), ("stranger", 403)]
)
def test_organizer_pages(client_as, event, people, page, who, status):
    assert client_as(people[who]).get(url(event, page)).status_code == status


@pytest.mark.parametrize("page", JUDGE_PAGES)
@pytest.mark.parametrize(
    "who, status", [("organizer", 200), ("judge", 200), ("player", 403), ("stranger", 403)]
)
def test_judge_pages(client_as, event, people, page, who, status):
    assert client_as(people[who]).get(url(event, page)).status_code == status


@pytest.mark.parametrize("page", ORGANIZER_ONLY + JUDGE_PAGES)
def test_anonymous_is_sent_to_log_in(client, event, page):
    response = client.get(url(event, page))
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("who", [None, "player", "judge", "organizer"])
def test_public_pages(client_as, event, people, who):
    client = client_as(people[who] if who else None)
    assert client.get("/").status_code == 200
    assert client.get("/events/").status_code == 200
    assert client.get(event.get_absolute_url()).status_code == 200


def test_draft_event_is_hidden_from_the_public(client_as, event, people):
    event.status = "draft"
    event.save()
    assert client_as(None).get(event.get_absolute_url()).status_code == 404
    assert client_as(people["player"]).get(event.get_absolute_url()).status_code == 404
    assert client_as(people["judge"]).get(event.get_absolute_url()).status_code == 200
    assert "Autumn Open" not in client_as(None).get("/events/").content.decode()


def test_only_the_organizer_changes_status(client_as, event, people):
    event.status = "draft"
    event.save()
    for who in ("judge", "player", "stranger"):
        response = client_as(people[who]).post(url(event, "status"), {"status": "registration"})
        assert response.status_code in (403, 404)
    event.refresh_from_db()
    assert event.status == "draft"
    client_as(people["organizer"]).post(url(event, "status"), {"status": "registration"})
    event.refresh_from_db()
    assert event.status == "registration"


def test_judge_checks_players_in_but_a_player_cannot(client_as, event, people, registered_players):
    registration = event.registrations.first()
    data = {"registration": registration.pk, "checked_in": "0"}
    assert client_as(people["player"]).post(url(event, "check-in"), data).status_code == 403
    registration.refresh_from_db()
    assert registration.checked_in is True
    assert client_as(people["judge"]).post(url(event, "check-in"), data).status_code == 302
    registration.refresh_from_db()
    assert registration.checked_in is False


def test_only_the_organizer_assigns_judges(client_as, event, people):
    data = {"judges": [people["stranger"].pk]}
    assert client_as(people["judge"]).post(url(event, "judges"), data).status_code == 403
    client_as(people["organizer"]).post(url(event, "judges"), data)
    assert list(event.judges.all()) == [people["stranger"]]


def test_create_event_needs_login(client_as, people):
    response = client_as(None).get("/events/new/")
    assert response.status_code == 302
    assert client_as(people["player"]).get("/events/new/").status_code == 200


@pytest.mark.parametrize(
    "who, sees_edit, sees_checkin",
    [
        ("organizer", True, True),
        ("judge", False, True),
        ("player", False, False),
        (None, False, False),
    ],
)
def test_event_nav_shows_each_role_its_pages(
    client_as, event, people, who, sees_edit, sees_checkin
):
    page = client_as(people[who] if who else None).get(event.get_absolute_url()).content.decode()
    assert (f"/events/{event.pk}/edit/" in page) is sees_edit
    assert (f"/events/{event.pk}/check-in/" in page) is sees_checkin
