"""Event standings: stored contents, page, filters, CSV, eligibility, late scoring forms."""

import csv
import datetime
import io

import pytest
from django.urls import reverse

from tests.support.events import build_event
from tournament.events.models import Seat
from tournament.ranking.services import (
    is_scoring_form_late,
    late_scoring_forms,
    mark_scoring_form_sent,
)
from tournament.standings.models import EventScoring, EventStanding, OfficialScore
from tournament.standings.recompute import refresh_event

pytestmark = pytest.mark.django_db


def test_stored_standings_follow_the_seats(finished_event):
    rows = list(EventStanding.objects.filter(event=finished_event).order_by("place"))
    assert len(rows) == 9
    winner = rows[0]
    assert winner.status == "winner" and winner.place == 1
    final = finished_event.rounds.get(is_final=True)
    assert final.brackets.get().winner_id == winner.player_id
    for row in rows:
        seats = Seat.objects.filter(registration=row.registration)
        assert row.points == sum(s.figures.points for s in seats)
        assert row.unrazed_total == sum(s.figures.unrazed_total for s in seats)
        assert row.brackets_played == seats.count()
        assert sum(row.round_points.values()) == row.points
    # 9 players: 3 brackets in round 1, final of 3 in round 2; the winner gets 5 × 2
    assert winner.round_points == {"1": 4, "2": 10}
    assert [r.status for r in rows[1:3]] == ["eliminated", "eliminated"]
    assert {r.eliminated_in_round for r in rows[1:3]} == {2}
    assert {r.eliminated_in_round for r in rows[3:]} == {1}
    points = [r.points for r in rows[1:]]
    assert points == sorted(points, reverse=True)


def test_officials_points_and_forfeit(finished_event, organizer, judge):
    scores = {o.player_id: o for o in OfficialScore.objects.filter(event=finished_event)}
    assert scores[organizer.pk].points == 9 and scores[organizer.pk].role == "coordinator"
    assert scores[judge.pk].points == 4  # 9 // 2
    assert not scores[judge.pk].forfeited


def test_judge_who_plays_forfeits(organizer, judge):
    event = build_event(organizer, 9, name="Judge plays")
    event.judges.set([judge])
    from tournament.events.models import Registration

    Registration.objects.create(event=event, player=judge)
    refresh_event(event)
    official = OfficialScore.objects.get(event=event, player=judge)
    assert official.points == 0 and official.forfeited


def test_small_event_is_not_eligible_with_reason(organizer, client):
    event = build_event(organizer, 6, name="Tiny")
    scoring = EventScoring.objects.get(event=event)
    assert not scoring.eligible
    assert scoring.reasons[0]["code"] == "too-few-participants"
    response = client.get(reverse("standings:event", args=[event.pk]))
    text = response.content.decode()
    assert "Not eligible for the rankings" in text
    assert "Only 6 participants; scored events need at least 9." in text


def test_standings_page_shows_places_rounds_and_officials(finished_event, client):
    response = client.get(reverse("standings:event", args=[finished_event.pk]))
    assert response.status_code == 200
    text = response.content.decode()
    winner = EventStanding.objects.get(event=finished_event, place=1)
    assert winner.player.name in text
    assert "R1" in text and "R2" in text
    assert "eliminated in round 1" in text
    assert "Ann Organiser" in text and 'data-eligible="yes"' in text


def test_standings_hidden_before_the_event_runs_except_for_officials(event, client_as, judge):
    assert client_as(None).get(reverse("standings:event", args=[event.pk])).status_code == 404
    assert client_as(judge).get(reverse("standings:event", args=[event.pk])).status_code == 200


def _csv(response) -> list[list[str]]:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))


def test_filter_and_csv_match_the_shown_rows(finished_event, client):
    url = reverse("standings:event", args=[finished_event.pk])
    page = client.get(url, {"round": 2, "sort": "-unrazed_total"})
    shown = list(page.context["table"].page.object_list)
    assert len(shown) == 3
    rows = _csv(client.get(url, {"round": 2, "sort": "-unrazed_total", "_export": "csv"}))
    header, body = rows[0], rows[1:]
    assert header[:2] == ["Place", "Player"] and "R2" in header
    assert [r[1] for r in body] == [row.record.name for row in shown]
    assert [int(r[header.index("Unrazed realms")]) for r in body] == [
        row.record.unrazed_total for row in shown
    ]
    club = client.get(url, {"club": "Club 1", "_export": "csv"})
    names = {r[1] for r in _csv(club)[1:]}
    assert names == {
        s.player.name
        for s in EventStanding.objects.filter(event=finished_event, player__club="Club 1")
    }


def test_bracket_grid(finished_event, client):
    final = finished_event.rounds.get(is_final=True)
    bracket = final.brackets.get()
    url = reverse("standings:bracket", args=[finished_event.pk, final.number, bracket.table])
    response = client.get(url)
    assert response.status_code == 200
    text = response.content.decode()
    assert "★" in text and f"×{final.number}" in text
    assert bracket.winner.name in text


def test_unpublished_bracket_is_hidden(finished_event, client):
    rnd = finished_event.rounds.get(number=1)
    rnd.published = False
    rnd.save()
    url = reverse("standings:bracket", args=[finished_event.pk, 1, 1])
    assert client.get(url).status_code == 404


def test_late_scoring_form_flag_and_submission(finished_event, client_as, organizer):
    today = finished_event.date + datetime.timedelta(days=31)
    assert is_scoring_form_late(finished_event, today)
    assert list(late_scoring_forms(today)) == [finished_event]
    assert not is_scoring_form_late(finished_event, finished_event.date + datetime.timedelta(30))
    client = client_as(organizer)
    response = client.post(reverse("review:submit", args=[finished_event.pk]))
    assert response.status_code == 302  # submitted for review: no longer late
    assert not is_scoring_form_late(finished_event, today)
    assert list(late_scoring_forms(today)) == []


def test_only_the_organizer_submits_the_form(finished_event, client_as, judge):
    response = client_as(judge).post(reverse("review:submit", args=[finished_event.pk]))
    assert response.status_code == 403


def test_cannot_mark_unfinished_event(event):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        mark_scoring_form_sent(event, None)


def test_late_forms_listed_on_ranking_for_their_organizer(finished_event, client_as, organizer):
    finished_event.date = datetime.date(2020, 1, 1)
    finished_event.save()
    text = client_as(organizer).get(reverse("ranking:ranking")).content.decode()
    assert "Scoring forms past their due date" in text and finished_event.name in text
    assert (
        "Scoring forms past their due date"
        not in client_as(None).get(reverse("ranking:ranking")).content.decode()
    )


@pytest.mark.parametrize("size", [9, 100])
def test_standings_queries_do_not_grow(organizer, client, django_assert_max_num_queries, size):
    event = build_event(organizer, size)
    with django_assert_max_num_queries(12):
        assert client.get(reverse("standings:event", args=[event.pk])).status_code == 200
    with django_assert_max_num_queries(12):
        assert client.get(reverse("ranking:ranking")).status_code == 200
    with django_assert_max_num_queries(8):
        assert client.get(f"/api/v1/events/{event.pk}/standings/").status_code == 200


def test_the_csv_opens_in_excel_as_utf8(finished_event, client):
    """Excel reads a CSV without a byte-order mark in the computer's legacy encoding."""
    url = reverse("standings:event", args=[finished_event.pk])
    response = client.get(url, {"_export": "csv"})
    content = b"".join(response.streaming_content) if response.streaming else response.content
    assert content.startswith("\ufeff".encode())
    assert content.count("\ufeff".encode()) == 1
