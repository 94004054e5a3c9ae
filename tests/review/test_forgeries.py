"""Forgeries that must not pass the review (SPEC §9), each flagged with its evidence.

The hand-made nine-player event (tests/support/hand_event.py) is accepted, then copied with
players swapped between brackets, with counts changed, or after ten other events; and an
event is made up on the site by its organizer and a friend. Facts of the hand event
(scoring/similarity.py): each bracket of three with two games has 3 × 2 = 6 games played, 6
counts and 3 pairs of players = 15 facts (no tie, so no place decided by a judge); three
brackets and the final: 60.
"""

import copy
import datetime
import json
import uuid

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from scoring.eventfile import read_event
from tests.support.hand_event import _bracket, hand_event_file
from tests.support.players import make_player
from tests.support.ranking import accept_for_ranking, ranking_officer
from tournament.accounts.api_tokens import make_token
from tournament.eventfile.services import export_text, import_event
from tournament.events.models import Event
from tournament.events.services import registration as registrations
from tournament.results.services import GameData, confirm_entry, submit_entry
from tournament.review.evidence import activity, flags, people
from tournament.review.services import submit
from tournament.rounds.services.rounds import (
    add_late_player,
    close_round,
    finish_event,
    publish_round,
    seat_next_round,
)
from tournament.standings.recompute import refresh_event

pytestmark = pytest.mark.django_db


def _flags(event: Event) -> dict:
    return {f.code: f for f in flags(event, people(event))}


@pytest.fixture
def forger(db):
    return make_player("forger", "Fred Forger")


def test_players_swapped_between_two_brackets_with_their_counts_are_a_near_duplicate(
    hand_event, forger
):
    accept_for_ranking(hand_event)
    # p3 (H03) and p6 (H06), both 3rd of their tables with 2 and 3 realms, change tables
    # and take their counts along: every player keeps his games and counts; only four
    # pairs differ (H03 sat with H01, H02 in the original, with H04, H05 in the copy; H06
    # the other way round). 56 of 60 facts alike = 93.3%, shown as 93%.
    document = hand_event_file("Swapped Open")
    brackets = document["rounds"][0]["brackets"]
    brackets[0] = _bracket(1, ["p1", "p2", "p6"], (4, 5))
    brackets[1] = _bracket(2, ["p4", "p5", "p3"], (4, 5))
    copy_ = import_event(document, forger)
    found = _flags(copy_)
    assert "duplicate" not in found  # the fingerprint differs
    flag = found["near_duplicate"]
    assert flag.message.startswith("93% of the results")
    assert f"Hand Open (2026-10-10, #{hand_event.pk})" in flag.message
    assert "here: round 1: H03 and H04 at one table" in flag.details
    assert "there: round 1: H01 and H03 at one table" in flag.details
    assert len(flag.details) == 8  # the four pairs on each side, nothing else


def test_every_player_re_seated_with_his_results_is_a_near_duplicate(hand_event, forger):
    accept_for_ranking(hand_event)
    # Round 1 seated so that nobody meets a round-1 tablemate again, each player keeping
    # his seat's part (first seats p1, p4, p7 win 6-6; second seats p2, p5, p8 score 4 and
    # 5; third seats p3, p6, p9 2 and 3): p1-p5-p9, p4-p8-p3, p7-p2-p6. All 9 round-1 pairs
    # differ, so only 51 of 60 facts are alike (85%); each player's own results (48 facts:
    # games and counts) are all alike: 100%, flagged as such.
    document = hand_event_file("Reseated Open")
    document["rounds"][0]["brackets"] = [
        _bracket(1, ["p1", "p5", "p9"], (4, 5)),
        _bracket(2, ["p4", "p8", "p3"], (4, 5)),
        _bracket(3, ["p7", "p2", "p6"], (4, 5)),
    ]
    flag = _flags(import_event(document, forger))["near_duplicate"]
    assert flag.message.startswith("100% of each player's own results")
    assert f"Hand Open (2026-10-10, #{hand_event.pk})" in flag.message
    # Only tablemates differ (the first of the 18 differences are shown).
    assert flag.details and all(d.endswith("at one table") for d in flag.details)


def test_counts_changed_in_a_copy_are_a_near_duplicate(hand_event, forger):
    accept_for_ranking(hand_event)
    # Two of the 24 counts changed (a twelfth of them): H02's game 2 at table 1 (5 → 3)
    # and H08's game 1 at table 3 (4 → 5). 58 of 60 facts alike = 96.7%, shown as 96%.
    document = hand_event_file("Changed Open")
    document["rounds"][0]["brackets"][0]["games"][1]["unrazed"]["p2"] = 3
    document["rounds"][0]["brackets"][2]["games"][0]["unrazed"]["p8"] = 5
    flag = _flags(import_event(document, forger))["near_duplicate"]
    assert flag.message.startswith("96% of the results")
    assert "here: round 1, game 2: H02 3 realms" in flag.details
    assert "there: round 1, game 2: H02 5 realms" in flag.details
    assert "here: round 1, game 1: H08 5 realms" in flag.details
    assert "there: round 1, game 1: H08 4 realms" in flag.details
    assert len(flag.details) == 4


# Ten seatings of the nine players other than the hand event's: its order rotated by 1, 2,
# 4, 5, 7 or 8 places (never a multiple of 3, which would seat its very brackets), then
# four of those rotations reversed.
ROTATIONS = [(shift, False) for shift in (1, 2, 4, 5, 7, 8)]
ROTATIONS += [(shift, True) for shift in (1, 2, 4, 5)]


def _ordinary(k: int) -> dict:
    """Another event of the same nine players, seated otherwise and played later; the first
    seat of each table wins it and the three winners meet in the final."""
    ids = [f"p{i}" for i in range(1, 10)]
    shift, backwards = ROTATIONS[k - 1]
    order = ids[shift:] + ids[:shift]
    if backwards:
        order.reverse()
    document = hand_event_file(f"Weekly {k}")
    document["date"] = (datetime.date(2026, 10, 17) + datetime.timedelta(days=7 * k)).isoformat()
    document["rounds"] = [
        {
            "number": 1,
            "brackets": [_bracket(t + 1, order[3 * t : 3 * t + 3], (4, 5)) for t in range(3)],
        },
        {"number": 2, "brackets": [_bracket(1, [order[0], order[3], order[6]], (4, 5))]},
    ]
    return document


def test_a_copy_of_an_old_event_after_ten_others_is_still_compared(hand_event, forger, importer):
    accept_for_ranking(hand_event)
    later = [import_event(_ordinary(k), importer) for k in range(1, 11)]
    accept_for_ranking(*later)
    assert all(e.date > hand_event.date for e in later)  # ten more recent accepted events
    # The copy: the hand event with its round-1 tables renumbered (3, 1, 2), so it is not
    # identical (the fingerprint names tables) but every fact is the same: 100%.
    document = hand_event_file("Old Copy Open")
    for bracket, table in zip(document["rounds"][0]["brackets"], (3, 1, 2), strict=True):
        bracket["table"] = table
    found = _flags(import_event(document, forger))
    near = [f for f in found.values() if f.code == "near_duplicate"]
    assert near and near[0].message.startswith("100% of the results")
    assert f"Hand Open (2026-10-10, #{hand_event.pk})" in near[0].message


def _play_bracket(bracket, entered_by, confirmed_by) -> None:
    """The first seat wins two games; the others have 4 and 2 (and 1) realms."""
    seats = [s.registration.player for s in bracket.seats.order_by("position")]
    counts = {str(p.pk): c for p, c in zip(seats, (6, 4, 2, 1), strict=False)}
    for number in (1, 2):
        data = GameData(seats[0].pk, "victory", counts)
        entry = submit_entry(bracket, data, entered_by, uuid.uuid4(), number=number).entry
        confirm_entry(entry, confirmed_by)


def test_an_event_made_up_by_an_organizer_and_a_friend_is_flagged(
    event, organizer, judge, client_as
):
    # The organizer registers 12 real players by number and checks them all in himself;
    # a friend (the judge Bob) enters every game and the organizer confirms each.
    players = [make_player(f"real{i}", f"Real {i:02d}") for i in range(1, 13)]
    for player in players:
        registrations.register(event, player, by=organizer)
    ids = list(event.registrations.values_list("pk", flat=True))
    assert registrations.check_in_many(event, ids, by=organizer) == 12
    while True:
        rnd = seat_next_round(event, seed=11)
        publish_round(rnd)
        for bracket in rnd.brackets.order_by("table"):
            _play_bracket(bracket, judge, organizer)
        close_round(rnd)
        if rnd.is_final:
            break
    finish_event(event)
    refresh_event(event)
    found = _flags(event)
    # 12 players: four brackets of three (8 games), the final of the four winners (2).
    two = found["two_people"]
    assert two.message == (
        "10 of the 10 results were entered and confirmed by the same two people: "
        "Ann Organiser and Bob Judge."
    )
    assert two.details == [
        "Ann Organiser: entered 0, confirmed 10",
        "Bob Judge: entered 10, confirmed 0",
    ]
    assert "one_person" not in found
    # None of the 12 players did anything himself: each line says what was done for him.
    idle = found["no_activity"]
    for player in players:
        line = next(line for line in idle.details if line.startswith(f"{player.name} ("))
        assert "registered by Ann Organiser on his behalf" in line
        assert "checked in by Ann Organiser on his behalf" in line
    # 12 players and the idle second judge Cy, of 12 players and 3 officials.
    assert idle.message.startswith("13 of 15 players and officials never signed in")
    organizer_row = next(p for p in people(event) if p.name == "Ann Organiser")
    assert "registered 12 players" in organizer_row.activity
    assert "checked in 12 players" in organizer_row.activity
    # The officer's page shows both flags and who did what for each player.
    submit(event, organizer.user)
    page = client_as(ranking_officer().player).get(reverse("review:event", args=[event.pk]))
    text = page.content.decode()
    assert 'data-flag="two_people"' in text and 'data-flag="no_activity"' in text
    assert "registered by Ann Organiser on his behalf" in text
    with translation.override("pt-br"):
        assert _flags(event)["two_people"].message.startswith(
            "10 dos 10 resultados foram registrados e confirmados pelas mesmas duas pessoas"
        )


def test_players_who_registered_and_checked_in_themselves_signed_in(event, player):
    registrations.register(event, player, by=player)
    registrations.check_in_self(event.registrations.get(player=player))
    done = activity(event)[player.pk]
    assert done.own == ["registered", "checked in"] and done.for_him == []


def test_a_check_in_by_an_official_is_recorded_as_his(event, player, judge):
    registrations.register(event, player, by=player)
    registration = event.registrations.get(player=player)
    registrations.set_checked_in(registration, True, by=judge)
    registration.refresh_from_db()
    assert registration.registered_by == player and registration.checked_in_by == judge
    registrations.set_checked_in(registration, False, by=judge)
    registration.refresh_from_db()
    assert registration.checked_in_by is None


def _demo_file() -> tuple[Event, dict]:
    call_command("seed_demo")  # its finished 27-player "Autumn Open" is accepted
    demo = Event.objects.get(name="Autumn Open")
    document = json.loads(export_text(demo))
    document["name"], document["date"] = "Totally Real Open", "2026-11-01"
    return demo, document


def _losers(bracket: dict) -> list[str]:
    """The bracket's players who won no game."""
    winners = {g["winner"] for g in bracket["games"]}
    return [p for p in bracket["players"] if p not in winners]


def _swapped(document: dict, i: int, j: int, x: str, y: str) -> dict:
    """Players x (of round-1 bracket i) and y (of bracket j) change brackets with their
    counts and their place in the judge's order."""
    document = copy.deepcopy(document)
    first, second = (document["rounds"][0]["brackets"][k] for k in (i, j))
    for bracket, old, new in ((first, x, y), (second, y, x)):
        bracket["players"] = [new if p == old else p for p in bracket["players"]]
        if bracket.get("tiebreak_order"):
            bracket["tiebreak_order"] = [new if p == old else p for p in bracket["tiebreak_order"]]
    for game_a, game_b in zip(first["games"], second["games"], strict=True):
        game_a["unrazed"][y] = game_b["unrazed"].pop(y)
        game_b["unrazed"][x] = game_a["unrazed"].pop(x)
    return document


def test_the_demo_event_with_two_players_swapped_between_brackets_is_flagged(forger):
    # The forgery of the report: two round-1 players who won no game change brackets (two
    # brackets of the same number of games), each with his counts; the first such swap the
    # rules accept.
    _demo, document = _demo_file()
    brackets = document["rounds"][0]["brackets"]
    candidates = (
        _swapped(document, i, j, x, y)
        for i, a in enumerate(brackets)
        for j, b in enumerate(brackets)
        if i < j and len(a["games"]) == len(b["games"])
        for x in _losers(a)
        for y in _losers(b)
    )
    forged = next(c for c in candidates if not read_event(c)[1])
    found = _flags(import_event(forged, forger))
    assert "duplicate" not in found
    flag = found["near_duplicate"]
    # Only pairs of the two tables differ: 2 × 2 on each side of 270-odd facts.
    assert int(flag.message.split("%")[0]) >= 90 and "Autumn Open" in flag.message
    assert all("at one table" in line for line in flag.details)


def test_the_demo_event_with_seventeen_counts_changed_is_flagged(forger):
    # 17 of its 117 counts changed, one by one in the order of the file: a loser's count
    # one more (one less from 5), whatever that does to the places in the bracket.
    _demo, document = _demo_file()
    changed = 0
    for rnd in document["rounds"]:
        for bracket in rnd["brackets"]:
            for game in bracket["games"]:
                for player, count in game["unrazed"].items():
                    if player != game["winner"] and changed < 17:
                        game["unrazed"][player] = count + 1 if count < 5 else count - 1
                        changed += 1
    assert changed == 17
    flag = _flags(import_event(document, forger))["near_duplicate"]
    assert int(flag.message.split("%")[0]) >= 90 and "Autumn Open" in flag.message


def test_the_organizers_token_registers_imports_and_checks_in_on_the_players_behalf(
    client, organizer, event
):
    # The fabricated event of the report went through the API with the organizer's
    # `organize` token: what it does is the organizer's, never the players'.
    _t, raw = make_token(organizer.user, "desk", ["organize", "judge"])
    auth = {"HTTP_AUTHORIZATION": f"Bearer {raw}"}
    known, other = make_player("known", "Kim Known"), make_player("other", "Otto Other")
    url = reverse("api-v1:register", args=[event.pk])
    assert client.post(url, {"player_number": known.player_number}, **auth).status_code == 201
    importing = reverse("api-v1:import_registrations", args=[event.pk])
    csv = f"player_number,name\n{other.player_number},\n"
    assert client.post(importing, {"csv": csv}, **auth).status_code == 201
    for player in (known, other):
        check_in = reverse("api-v1:check_in", args=[event.pk, player.player_number])
        assert client.post(check_in, {"checked_in": True}, **auth).status_code == 200
    done = activity(event)
    for player in (known, other):
        assert done[player.pk].own == []
        assert done[player.pk].for_him == [
            "registered by Ann Organiser on his behalf",
            "checked in by Ann Organiser on his behalf",
        ]
    assert "registered 2 players" in done[organizer.pk].own
    assert "checked in 2 players" in done[organizer.pk].own


def test_a_late_player_added_at_the_venue_is_the_organizers_doing(event, organizer, player):
    add_late_player(event, player, by=organizer)
    registration = event.registrations.get(player=player)
    assert registration.registered_by == organizer and registration.checked_in_by == organizer


def test_the_demo_events_players_signed_in_themselves():
    # The demo's players registered and checked in themselves: none is flagged idle.
    demo, _document = _demo_file()
    idle = _flags(demo).get("no_activity")
    assert idle is None or not any(", Player)" in line for line in idle.details)
