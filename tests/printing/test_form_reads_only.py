"""The printed scoring form reads stored figures and never writes them: the print service
has them stored first when the recompute pipeline never ran for the event."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.support.printing import add_players
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.scoring_form import scoring_form_context
from tournament.printing.models import Kind
from tournament.printing.services import request_document
from tournament.rounds.simulate import run_event
from tournament.standings.models import EventScoring, EventStanding
from tournament.standings.recompute import refresh_event

pytestmark = pytest.mark.django_db


def test_the_form_of_an_event_never_computed_writes_nothing(event):
    add_players(event, 9)
    request = DocumentRequest(kind=Kind.SCORING_FORM, paper="A4", event=event)
    with CaptureQueriesContext(connection) as captured:
        context = scoring_form_context(request)
    statements = [q["sql"].split()[0].upper() for q in captured.captured_queries]
    assert set(statements) <= {"SELECT"}
    assert not EventScoring.objects.filter(event=event).exists()
    assert context["rows"] == [] and context["participants"] == 0


def test_the_print_service_stores_the_figures_before_it_queues_the_form(event):
    add_players(event, 9)
    request_document(DocumentRequest(kind=Kind.SCORING_FORM, paper="A4", event=event))
    scoring = EventScoring.objects.get(event=event)
    assert scoring.participants == 9  # nine checked-in players, nothing played yet


def test_the_print_service_reranks_places_left_stale_before_it_queues_the_form(
    event, registered_players
):
    run_event(event, random.Random(7))
    refresh_event(event)
    standings = EventStanding.objects.filter(event=event)
    places = dict(standings.values_list("pk", "place"))
    # A confirmation whose deferred re-rank has not run: the places are not stored yet.
    standings.update(place=99)
    EventScoring.objects.filter(event=event).update(standings_stale_since=timezone.now())
    request_document(DocumentRequest(kind=Kind.SCORING_FORM, paper="A4", event=event))
    assert dict(standings.values_list("pk", "place")) == places
    assert EventScoring.objects.get(event=event).standings_stale_since is None
