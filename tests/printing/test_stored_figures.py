"""Paper = site: the scoring form and bracket sheets print the figures the pipeline stored.

Nothing in the printing app computes a point or a place: these tests give the stored rows
values the rules would never produce on their own (so a recomputation shows) or check the
printed order against the standings page itself.
"""

import re

import pytest
from django.urls import reverse

from tests.support.pdf import pdf_pages
from tournament.accounts.models import Player
from tournament.events.models import Registration, Seat
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.render import render_pdf
from tournament.printing.models import Kind
from tournament.standings.models import EventScoring, EventStanding
from tournament.standings.recompute import refresh_event

pytestmark = pytest.mark.django_db


def scoring_form_text(event, **fields) -> str:
    request = DocumentRequest(kind=Kind.SCORING_FORM, event=event, paper="A4", **fields)
    return "\n".join(pdf_pages(render_pdf(request)))


def player_lines(text: str) -> list[str]:
    """The lines of the form's players table (they start with a place number)."""
    start = text.index("TOTAL\n") + len("TOTAL\n")
    end = text.index("Place as in")
    return [line for line in text[start:end].splitlines() if re.match(r"\d+ ", line)]


def stored(event, name: str, number: str, place: int, points: int, status: str) -> None:
    player = Player.objects.create(player_number=number, name=name)
    registration = Registration.objects.create(event=event, player=player, checked_in=True)
    EventStanding.objects.create(
        event=event,
        registration=registration,
        player=player,
        place=place,
        points=points,
        round_points={"1": points},
        status=status,
    )


def test_scoring_form_keeps_the_standings_order_shared_places_and_drops(event):
    """Stored standings (by hand): Zed 1st; Nuno and Carla share 2nd; Hugo 4th; Bea 5th
    and dropped. Hugo and Bea have as many points as Carla and Nuno: only the stored place
    orders them. Ties inside a place follow the standings page (name): Carla before Nuno.
    Expected lines, worked out by hand: 1 Zed, 2 Carla, 2 Nuno, 4 Hugo, 5 Bea (dropped)."""
    active, dropped = EventStanding.Status.ACTIVE, EventStanding.Status.DROPPED
    stored(event, "Zed Winner", "Z-1", 1, 20, EventStanding.Status.WINNER)
    stored(event, "Nuno Tied", "N-1", 2, 9, active)
    stored(event, "Carla Tied", "C-1", 2, 9, active)
    stored(event, "Hugo Fourth", "H-1", 4, 9, active)
    stored(event, "Bea Dropped", "B-1", 5, 9, dropped)
    EventScoring.objects.create(event=event, eligible=False, participants=5, officials=[])
    lines = player_lines(scoring_form_text(event))
    assert [line.split(" ", 1)[0] for line in lines] == ["1", "2", "2", "4", "5"]
    names = ["Zed Winner", "Carla Tied", "Nuno Tied", "Hugo Fourth", "Bea Dropped"]
    assert [next(n for n in names if n in line) for line in lines] == names
    assert "DROPPED" in lines[4]
    assert not any("DROPPED" in line for line in lines[:4])


def test_scoring_form_prints_stored_points_not_recomputed(event):
    """A stored total no rule would give (13 in round 1) is printed as stored."""
    stored(event, "Odd Points", "O-1", 1, 13, EventStanding.Status.WINNER)
    EventScoring.objects.create(event=event, eligible=False, participants=1, officials=[])
    assert player_lines(scoring_form_text(event))[0].endswith("O-1 13")


def test_scoring_form_order_equals_the_standings_page(client, event, finished_event):
    """A played event with a dropped player: the form lists players in exactly the order
    (and with the places) the public standings page shows."""
    registration = event.registrations.order_by("pk")[4]
    registration.dropped_in_round = 2  # as the drop service records it after round 2
    registration.save()
    refresh_event(event)
    page = client.get(reverse("standings:event", args=[event.pk])).content.decode()
    site = re.findall(r'<td class="num">(\d+)</td><td><a href="[^"]*/">([^<]+)</a>', page)
    assert len(site) == 9
    lines = player_lines(scoring_form_text(event))
    printed = [(line.split(" ", 1)[0], line.split(" ", 1)[1]) for line in lines]
    assert [(place, name) for place, name in site] == [
        (place, next(n for _p, n in site if rest.startswith(n))) for place, rest in printed
    ]
    dropped = registration.player.name
    assert "DROPPED" in next(line for line in lines if dropped in line)


def test_last_bracket_only_round_one_sheet_prints_the_stored_zero(event, registered_players):
    """SPEC §6 *last bracket only*: a player earns the points of his last bracket only.
    Nine players: round 1's three winners play the final (round 2), so round 1 is not their
    last bracket and they have 0 there (the bug printed "4 × 1 = 4"). The other players
    went out in round 1: those points stand (2nd 3 × 1 = 3, 3rd 2 × 1 = 2)."""
    import random

    from tournament.rounds.simulate import run_event

    event.points_mode = "last-bracket"
    event.save()
    run_event(event, random.Random(11))
    first = event.rounds.get(number=1)
    expected = {1: 0, 2: 3, 3: 2}
    request = DocumentRequest(kind=Kind.BRACKETS, event=event, paper="A4", round=first)
    pages = pdf_pages(render_pdf(request))
    for text, bracket in zip(pages, first.brackets.order_by("table"), strict=True):
        assert " = " not in text
        for seat in Seat.objects.filter(bracket=bracket).select_related("registration__player"):
            line = next(
                line
                for line in text.splitlines()
                if f"No. {seat.registration.player.player_number}" in line
            )
            assert line.endswith(f" {seat.figures.place} {expected[seat.figures.place]}"), line
