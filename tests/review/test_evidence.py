"""What the ranking officer is shown (SPEC §9): near-duplicate results, flags that say what
they rest on, the changes a correction makes, imported player numbers and public pages."""

import uuid

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.support.hand_event import hand_event_file, other_results
from tests.support.players import make_player
from tests.support.ranking import accept_for_ranking
from tournament.eventfile.services import EventFileError, import_event
from tournament.events.services import editing
from tournament.events.services.editing import save_event
from tournament.ratings.models import Rating
from tournament.results.services import GameData, submit_entry
from tournament.review.evidence import flags, people
from tournament.review.services import ranking_changes, submit
from tournament.rounds.services.rounds import publish_round, seat_next_round

pytestmark = pytest.mark.django_db


def _flags(event) -> dict[str, object]:
    return {f.code: f for f in flags(event, people(event))}


def test_a_one_count_change_of_an_accepted_event_is_flagged_near_duplicate(hand_event):
    accept_for_ranking(hand_event)
    forger = make_player("forger", "Fred Forger")
    copy = import_event(other_results(hand_event_file("Totally Real Open")), forger)
    found = _flags(copy)
    assert "duplicate" not in found  # not identical: the exact check misses it
    # Facts (scoring/similarity.py): each bracket of three, 2 games: 6 games played, 6
    # counts, 3 pairs = 15; four brackets: 60. One count differs (p3 in game 1 of table 1:
    # the accepted event says 2, the copy 1): 59/60 = 98.3%, shown as 98%.
    flag = found["near_duplicate"]
    assert flag.message.startswith("98% of the results")
    assert "Hand Open" in flag.message
    here = [line for line in flag.details if line.startswith("here: ")]
    assert any(line.endswith("H03 1 realm") or "H03 1 realm;" in line for line in here), here
    assert any(line.startswith("there: ") and "H03 2 realms" in line for line in flag.details)


def test_accounts_opened_after_the_announcement_are_flagged(finished_event):
    # The fixture's players signed up after the event was created: the flag names them
    # with the date each account was opened.
    flag = _flags(finished_event)["late_accounts"]
    assert "Player 01" in " ".join(flag.details)
    assert "after the event was announced" in flag.message


def test_results_all_entered_by_one_person_are_flagged(event, registered_players, judge):
    # A single-entry event where one judge records four games at two tables alone.
    event.single_entry = True
    event.save(update_fields=["single_entry"])
    rnd = seat_next_round(event, seed=7)
    publish_round(rnd)
    for bracket in rnd.brackets.order_by("table")[:2]:
        seats = [s.registration.player for s in bracket.seats.order_by("position")]
        counts = {str(p.pk): 3 for p in seats} | {str(seats[0].pk): 6}
        for number in (1, 2):
            data = GameData(seats[0].pk, "victory", counts)
            submit_entry(bracket, data, judge, uuid.uuid4(), number=number)
    flag = _flags(event)["one_person"]
    assert flag.message == f"All 4 results were entered and confirmed by one person: {judge.name}."


def test_accounts_sharing_one_mailbox_are_flagged(finished_event):
    players = [p for p in people(finished_event) if p.place is not None][:2]
    from tournament.accounts.models import Player

    first, second = (Player.objects.get(player_number=p.number).user for p in players)
    first.email, second.email = "sock.puppet+1@gmail.com", "SockPuppet+2@googlemail.com"
    first.save()
    second.save()
    flag = _flags(finished_event)["shared_email"]
    assert flag.details == [", ".join(sorted([first.username, second.username]))]


def test_a_multiplier_correction_shows_every_players_change(hand_event, importer, client_as):
    accept_for_ranking(hand_event)
    hand_event.event_multiplier = 2
    save_event(hand_event, ["event_multiplier"])
    # Double points (SPEC §6): playing points × 2 — H01 14 → 28, H04 10 → 20, H03 2 → 4.
    changes = {c.number: (c.before, c.after) for c in ranking_changes(hand_event)}
    assert changes["H01"] == (14, 28)
    assert changes["H04"] == (10, 20)
    assert changes["H03"] == (2, 4)
    submit(hand_event, importer.user)
    from tests.support.ranking import ranking_officer

    page = client_as(ranking_officer().player).get(reverse("review:event", args=[hand_event.pk]))
    text = page.content.decode()
    assert "Changes since the last acceptance" in text and "× 2" in text


def test_the_freeze_is_checked_inside_the_locked_transaction(hand_event, monkeypatch):
    # SPEC §9: a submitted event is frozen. The check must come after the event row is
    # locked (the lock submission takes), or an edit racing the submission is saved after
    # it.
    steps = []
    lock, check = editing.lock_event, editing.require_editable
    monkeypatch.setattr(editing, "lock_event", lambda e: steps.append("lock") or lock(e))
    monkeypatch.setattr(editing, "require_editable", lambda e: steps.append("check") or check(e))
    save_event(hand_event, ["venue"])
    assert steps == ["lock", "check"]
    submit(hand_event, hand_event.organizer.user)
    with pytest.raises(ValidationError, match="awaits a ranking officer"):
        save_event(hand_event, ["venue"])


def test_an_imported_player_number_with_a_slash_is_refused_at_its_place(importer):
    data = hand_event_file("Slashed")
    data["players"][3]["player_number"] = "H/04"
    with pytest.raises(EventFileError) as error:
        import_event(data, importer)
    assert [i.path for i in error.value.issues] == ["players[3].player_number"]


def test_a_player_page_with_an_odd_number_answers(client, db):
    odd = make_player("odd", "Otto Odd")
    odd.player_number = "A/1"
    odd.save()
    assert client.get(f"/players/{odd.player_number}/").status_code == 200
    assert client.get(f"/api/v1/players/{odd.player_number}/").status_code == 200


def test_an_unaccepted_import_is_not_on_other_players_public_pages(hand_event, client, importer):
    make_player("h01", "Hand p1")  # not the imported H01 (another number)
    page = client.get("/players/H01/").content.decode()
    assert "Hand Open" not in page
    assert client.get("/api/v1/players/H01/").json()["events"] == []
    accept_for_ranking(hand_event)
    assert "Hand Open" in client.get("/players/H01/").content.decode()


def test_an_imported_event_counts_in_the_ratings_only_once_accepted(hand_event):
    # SPEC §9: an imported event is its importer's draft until accepted; SPEC §12 rates the
    # events on the site — a draft nobody accepted rates nobody (else anyone could import
    # a file to raise a rating). The file's 9 players (H01…H09) each played games.
    assert not Rating.objects.filter(player__player_number="H01").exists()
    accept_for_ranking(hand_event)
    rating = Rating.objects.get(player__player_number="H01")
    assert [pk for pk, _ in rating.history] == [hand_event.pk]
