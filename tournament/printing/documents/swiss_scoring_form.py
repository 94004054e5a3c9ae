"""The scoring form of a one-on-one event (SPEC §11): it is never scored for the ranking, so
it prints the reason and the final standing with its match figures, and no ranking figure."""

from decimal import Decimal

from tournament.events.models import Event
from tournament.printing.documents.base import DocumentRequest, PrintedDocument
from tournament.printing.documents.form_data import standings_rows, stored_scoring
from tournament.printing.models import Kind
from tournament.ranking.models import scoring_form_due
from tournament.standings import reading
from tournament.standings.figures import SCORING_FORM
from tournament.standings.reading import reader_figures, standing_rows

SWISS_FORM_FIGURES = reader_figures(SCORING_FORM, one_on_one=True)  # SPEC §11's figures


def swiss_form_context(request: DocumentRequest) -> dict:
    """The scoring form of a one-on-one event: it is never scored for the ranking (SPEC §11),
    so it prints the reason and the final standing with its match figures, and no ranking
    figure (no points per round, no officials' points)."""
    from tournament.standings.tables import percent

    event = request.event
    scoring = stored_scoring(event)
    figures = [f for f in SWISS_FORM_FIGURES if f.name != "status"]
    rows = []
    for standing in standing_rows(event, SCORING_FORM):
        cells = [
            percent(getattr(standing, f.name)) if f.type is Decimal else getattr(standing, f.name)
            for f in figures
        ]
        rows.append(
            {
                "position": standing.place,
                "name": standing.name,
                "number": standing.player_number,
                "cells": cells,
                "dropped": standing.dropped,
                "status": standing.status_label,
            }
        )
    return {
        "one_on_one": True,
        "headings": [f.label for f in figures],
        "rows": rows,
        "round_numbers": list(event.rounds.order_by("number").values_list("number", flat=True)),
        "participants": scoring.participants,
        "eligibility": {"scored": scoring.eligible, "reasons": scoring.reason_texts},
        "judges": [
            {"name": j.name, "number": j.player_number} for j in event.judges.order_by("name")
        ],
        "winner": scoring.winner,
        "winner_side": None,
        "due_date": scoring_form_due(event),
        "any_dropped": any(r["dropped"] for r in rows),
    }


class SwissScoringForm(PrintedDocument):
    """The scoring form of a one-on-one event: never scored, no ranking figures."""

    kinds = (Kind.SCORING_FORM,)
    template = "printing/scoring_form.html"

    def shown_data(self, request: DocumentRequest, event: Event) -> tuple:
        figures = reading.standing_values(
            event, "player_id", "match_points", "omw", "gw", "ogw", "unrazed_total", "record"
        )
        return (standings_rows(event), figures)

    def context(self, request: DocumentRequest) -> dict:
        return swiss_form_context(request)
