"""Hostile event files: every one gets a located message on the import page, never a 500."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring import eventlimits
from scoring.eventfile import read_event
from tests.support.eventfile import sample
from tournament.events.models import Event

pytestmark = pytest.mark.django_db


def post_file(client, data: bytes):
    upload = SimpleUploadedFile("event.json", data, content_type="application/json")
    return client.post(reverse("eventfile:import"), {"file": upload})


def refused(client_as, player, data: bytes) -> str:
    """The import page's answer to a refused file (nothing imported), as text."""
    before = Event.objects.count()
    client = client_as(player)
    response = post_file(client, data)
    if response.status_code == 302:  # a large file: its job's page tells the outcome
        response = client.get(response.url)
    assert response.status_code == 200
    assert Event.objects.count() == before
    text = response.content.decode()
    assert "This is not a valid event file; nothing was imported." in text
    return text


def spec_example() -> dict:
    return sample("spec_example.json")


def test_too_many_players_is_refused_at_players(client_as, player):
    data = spec_example()
    data["players"] = [
        {"id": f"x{i}", "name": f"P{i}", "player_number": str(5000 + i)}
        for i in range(eventlimits.MAX_PLAYERS + 1)
    ]
    text = refused(client_as, player, json.dumps(data).encode())
    assert f"players: has {eventlimits.MAX_PLAYERS + 1} entries; at most 2000" in text


def test_junk_keys_give_one_short_message(client_as, player):
    data = spec_example() | {f"junk{i}": i for i in range(200_000)}
    text = refused(client_as, player, json.dumps(data).encode())
    assert f"(file): has {len(data)} keys; at most 100" in text
    assert len(text) < 50_000  # one line, not an 18 MB page


def test_issues_are_listed_up_to_fifty_and_counted(client_as, player):
    data = spec_example()
    data["players"] = [{"id": f"x{i}", "nonsense": True} for i in range(80)]
    text = refused(client_as, player, json.dumps(data).encode())
    # 80 players, each with an unknown key and no name: 160 issues; the SPEC example's one
    # bracket names p1-p3, now unknown, in its seats (3), its game's winner (1) and the
    # game's unrazed realms (3): 167 in all, 50 listed and 117 counted
    assert "(file): and 117 more issues" in text
    assert text.count("players[") == eventlimits.MAX_ISSUES


@pytest.mark.parametrize("depth", [100, 100_000])
def test_deep_nesting_is_refused(client_as, player, depth):
    text = refused(client_as, player, b"[" * depth + b"]" * depth)
    assert "nested too deeply" in text


def test_nul_byte_in_the_file_is_refused(client_as, player):
    raw = json.dumps(spec_example()).encode().replace(b'"Autumn', b'"\x00Autumn', 1)
    assert "contains a NUL byte" in refused(client_as, player, raw)


def test_escaped_nul_in_a_name_is_located(client_as, player):
    data = spec_example()
    data["players"][0]["name"] = "Mi\u0000ke"
    text = refused(client_as, player, json.dumps(data).encode())
    assert "players[0].name: the text contains a NUL character" in text


@pytest.mark.parametrize(
    ("where", "length", "message"),
    [
        ("seed", 5000, "seed: the text is too long: at most 200 characters, got 5000"),
        ("id", 101, "players[0].id: the text is too long: at most 100 characters, got 101"),
    ],
)
def test_over_long_seed_or_id_is_located(client_as, player, where, length, message):
    data = spec_example()
    if where == "seed":
        data["seed"] = "s" * length
    else:
        old = data["players"][0]["id"]
        data = json.loads(json.dumps(data).replace(f'"{old}"', f'"{"i" * length}"'))
    assert message in refused(client_as, player, json.dumps(data).encode())


def test_limit_messages_are_translated_by_their_code():
    from django.utils import translation

    from tournament.core.issues import issue_line

    data = spec_example()
    data["seed"] = "s" * 5000
    _record, [issue] = read_event(json.dumps(data))
    with translation.override("pt-br"):
        assert issue_line(issue) == (
            "seed: o texto é longo demais: no máximo 200 caracteres, recebidos 5000"
        )


def test_a_normal_file_is_within_every_limit():
    event, issues = read_event(json.dumps(spec_example()))
    assert event is not None and issues == []
    assert eventlimits.limit_issues(spec_example()) == []


def test_score_event_reports_depth_without_a_traceback(tmp_path):
    from tests.support.commands import run

    path = tmp_path / "deep.json"
    path.write_text("[" * 50_000 + "]" * 50_000)
    code, _out, err = run("score_event", str(path))
    assert code != 0 and "nested too deeply" in err


# -- large files: imported in the background, with a progress page ---------------------------


@pytest.fixture
def background_from_100_bytes(monkeypatch, settings, tmp_path):
    from tournament.eventfile import jobs

    settings.MEDIA_ROOT = tmp_path / "media"
    monkeypatch.setattr(jobs, "BACKGROUND_BYTES", 100)


def test_large_file_is_imported_by_a_job(client_as, player, background_from_100_bytes):
    client = client_as(player)
    response = post_file(client, json.dumps(spec_example()).encode())
    assert response.status_code == 302 and "/events/import/" in response.url
    done = client.get(response.url)  # no broker: the job already ran in-process
    event = Event.objects.get()
    assert done.status_code == 302 and done.url == event.get_absolute_url()
    assert event.organizer == player


def test_large_invalid_file_shows_its_issues_on_the_job_page(
    client_as, player, background_from_100_bytes
):
    data = spec_example()
    data["players"][0]["name"] = "x" * 500
    client = client_as(player)
    response = post_file(client, json.dumps(data).encode())
    page = client.get(response.url).content.decode()
    assert "This is not a valid event file; nothing was imported." in page
    assert "players[0].name: the text is too long: at most 200 characters, got 500" in page
    assert "every 1s" not in page  # finished: no more polling
    assert not Event.objects.exists()


def test_someone_elses_job_is_404(client_as, player, stranger, background_from_100_bytes):
    response = post_file(client_as(player), json.dumps(spec_example()).encode())
    assert client_as(stranger).get(response.url).status_code == 404


def test_a_lost_job_says_upload_again(client_as, player, background_from_100_bytes, monkeypatch):
    from tournament.eventfile import jobs

    job = jobs.ImportJob(id="lost", user_id=player.user.pk, state="running", step="saving")
    job.save()
    monkeypatch.setattr(jobs, "STALE_AFTER", jobs.dt.timedelta(0))
    page = client_as(player).get(reverse("eventfile:import_job", args=["lost"])).content.decode()
    assert "The import did not finish and nothing was saved. Upload the file again." in page
    assert "every 1s" not in page


def test_the_largest_allowed_event_imports(client_as, player):
    data = spec_example()
    data["players"] += [
        {"id": f"x{i}", "name": f"Extra {i}", "player_number": str(90000 + i)}
        for i in range(eventlimits.MAX_PLAYERS - len(data["players"]))
    ]
    response = post_file(client_as(player), json.dumps(data).encode())
    assert response.status_code == 302
    assert Event.objects.get().registrations.count() == eventlimits.MAX_PLAYERS
