"""Forgery: imported copies, identical copies, and what the officer is warned about (§9)."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db.models import F
from django.urls import reverse

from tests.support.hand_event import hand_event_file, other_results
from tests.support.players import make_player
from tests.support.ranking import accept_for_ranking
from tournament.accounts.models import Player
from tournament.eventfile.services import EventFileError, export_text, import_event
from tournament.events.models import Event
from tournament.ranking.models import RankingTotal
from tournament.ranking.services import ranking
from tournament.review.evidence import flags, people
from tournament.review.services import submit

pytestmark = pytest.mark.django_db


def _upload(client, document: dict):
    text = json.dumps(document, ensure_ascii=False).encode("utf-8")
    upload = SimpleUploadedFile("event.json", text, content_type="application/json")
    return client.post(reverse("eventfile:import"), {"file": upload}, follow=True)


def _codes(event: Event) -> dict[str, list[str]]:
    return {f.code: f.details for f in flags(event, people(event))}


def test_a_players_import_of_a_finished_event_file_is_not_ranked(importer, client_as):
    response = _upload(client_as(importer), hand_event_file("Totally Real Open"))
    assert response.status_code == 200
    event = Event.objects.get(name="Totally Real Open")
    assert event.status == "finished" and event.organizer == importer
    assert not RankingTotal.objects.exists() and list(ranking()) == []


def test_the_demo_event_copied_by_a_player_is_refused_and_never_ranked(client_as):
    call_command("seed_demo")
    demo = Event.objects.get(name="Autumn Open")
    totals = dict(RankingTotal.objects.values_list("player_id", "ranking_points"))
    document = json.loads(export_text(demo))
    document["name"], document["date"] = "Totally Real Open", "2026-11-01"
    forger = Player.objects.get(user__username="player5")
    response = _upload(client_as(forger), document)
    text = response.content.decode()
    assert "identical to “Autumn Open” (2026-10-24)" in text and "nothing was imported" in text
    assert not Event.objects.filter(name="Totally Real Open").exists()
    assert dict(RankingTotal.objects.values_list("player_id", "ranking_points")) == totals


def test_an_identical_copy_of_an_accepted_event_is_refused(hand_event, importer, officer):
    accept_for_ranking(hand_event)
    with pytest.raises(EventFileError, match="identical to “Hand Open”"):
        import_event(hand_event_file("Hand Open Again"), importer)
    assert Event.objects.count() == 1
    # different results are not a copy: imported, as the importer's draft
    assert import_event(other_results(hand_event_file("Other")), importer).name == "Other"


def test_a_copy_of_an_unaccepted_event_imports_and_is_flagged_once_one_is_accepted(
    hand_event, importer, officer
):
    copy = import_event(hand_event_file("Copy Open"), importer)  # before any acceptance
    assert "duplicate" not in _codes(copy)
    accept_for_ranking(hand_event)
    assert _codes(copy)["duplicate"] == [f"Hand Open (2026-10-10, #{hand_event.pk})"]
    assert "duplicate" not in _codes(hand_event)  # an event is not a copy of itself


def test_imported_event_flags_rest_on_activity(hand_event, importer):
    found = _codes(hand_event)
    assert "imported" in found
    # Imported: nobody registered, checked in or entered a result on this site — the
    # file's 9 players, its judge J-7 and the importer (its coordinator): 11 people.
    assert len(found["no_activity"]) == 11
    assert "Hand p1 (H01, Player)" in found["no_activity"]


def test_a_legitimate_site_event_flags_no_player_as_idle(finished_event):
    # Every player registered on the site and checked in himself; the organizer ran it:
    # none of them is idle, whatever their logins. (The fixture's judges entered nothing:
    # they are flagged, and the flag says so.)
    finished_event.registrations.update(registered_by=F("player"), checked_in_by=F("player"))
    idle = _codes(finished_event).get("no_activity", [])
    assert not any(", Player)" in line or "Coordinator" in line for line in idle)
    players = [p for p in people(finished_event) if p.place is not None]
    assert all("registered" in p.activity and p.own_activity for p in players)


def test_registrations_nobody_recorded_are_not_taken_as_the_players_own(finished_event):
    # The fixture's rows say nothing of who registered or checked in the players: that is
    # not evidence that they signed in, and the flag says what it rests on.
    idle = _codes(finished_event)["no_activity"]
    assert any(
        "Player 01" in line
        and "registered (by whom not recorded)" in line
        and "checked in (by whom not recorded)" in line
        for line in idle
    )


def test_an_idle_judge_is_flagged_with_what_the_flag_rests_on(finished_event, organizer):
    idle = make_player("idle", "Ida Idle")
    finished_event.judges.add(idle)
    from tournament.standings import recompute

    recompute.refresh_event(finished_event)
    assert any("Ida Idle" in line for line in _codes(finished_event)["no_activity"])


def test_players_are_matched_to_accounts_by_number(hand_event, client_as, officer):
    make_player("h01owner", "Hand p1")  # a different number: not matched
    submit(hand_event, hand_event.organizer.user)
    text = client_as(officer.player).get(reverse("review:event", args=[hand_event.pk]))
    content = text.content.decode()
    assert "H01" in content and "no account" in content
    assert 'data-flag="imported"' in content and 'data-flag="no_activity"' in content
