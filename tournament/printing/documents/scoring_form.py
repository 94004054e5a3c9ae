"""The tournament scoring form (SPEC §7) of a bracket event: every player's stored place and
figures in the standings' order, the officials' points, eligibility and the winner, as the
standings stored them, for the ranking body."""

import itertools

from django.utils.translation import gettext

from tournament.events.models import Event
from tournament.events.services.teams import side_of
from tournament.printing.documents.base import DocumentRequest, PrintedDocument
from tournament.printing.documents.form_data import standings_rows, stored_scoring
from tournament.printing.models import Kind
from tournament.ranking.models import scoring_form_due
from tournament.standings.figures import SCORING_FORM
from tournament.standings.reading import OfficialRole, reader_figures, standing_rows

FORM_FIGURES = reader_figures(SCORING_FORM)  # the registry's figures for the form


def scoring_form_columns(numbers: list[int]) -> list[dict]:
    """The form's figure columns, from the registry: a per-round figure gives one column per
    round (its multiplier printed under it), a number one column; the status is printed as
    the "dropped" tag beside the name."""
    columns = []
    for figure in FORM_FIGURES:
        if figure.type is dict:
            columns += [
                {"figure": figure.name, "key": str(n), "heading": f"{gettext('R')}{n}", "round": n}
                for n in numbers
            ]
        elif figure.type is int:
            columns.append({"figure": figure.name, "heading": figure.label, "total": True})
    return columns


def _cell(standing, column: dict):
    value = getattr(standing, column["figure"])
    return value.get(column["key"]) if "key" in column else value


def _player_rows(event: Event, columns: list[dict]) -> list[dict]:
    """Every player's stored place and figures (`rows.standing_rows`), in the standings'
    order; in Team Spirit each row names its team.

    A place shared by several players is printed on each of them (4, 4, then 6)."""
    rows = []
    for standing in standing_rows(event, SCORING_FORM):
        rows.append(
            {
                "position": standing.place,
                "shared": False,
                "team": standing.team or "",
                "name": standing.name,
                "number": standing.player_number,
                "cells": [(_cell(standing, c), c.get("total", False)) for c in columns],
                "dropped": standing.dropped,
                "status": standing.status_label,
            }
        )
    for before, after in itertools.pairwise(rows):
        if before["position"] == after["position"]:
            before["shared"] = after["shared"] = True
    return rows


def _officials(scoring) -> list[dict]:
    """The stored coordinator and judges' points (the coordinator first)."""
    labels = dict(OfficialRole.choices)
    rows = sorted(
        scoring.officials, key=lambda o: (o["role"] != OfficialRole.COORDINATOR, o["name"])
    )
    return [
        {
            "role": labels.get(o["role"], o["role"]),
            "coordinator": o["role"] == OfficialRole.COORDINATOR,
            "name": o["name"],
            "number": o["number"],
            "points": o["points"],
            "forfeited": o["forfeited"],
        }
        for o in rows
    ]


def scoring_form_context(request: DocumentRequest) -> dict:
    """Everything the ranking body needs from one event, as stored by the standings."""
    event = request.event
    scoring = stored_scoring(event)
    numbers = list(event.rounds.order_by("number").values_list("number", flat=True))
    columns = scoring_form_columns(numbers)
    rows = _player_rows(event, columns)
    officials = _officials(scoring)
    return {
        "round_numbers": numbers,
        "columns": columns,
        "rows": rows,
        "participants": scoring.participants,
        "eligibility": {"scored": scoring.eligible, "reasons": scoring.reason_texts},
        "officials": officials,
        "judges": [o for o in officials if not o["coordinator"]],
        "winner": scoring.winner,
        "winner_side": side_of(event, scoring.winner),
        "due_date": scoring_form_due(event),
        "any_dropped": any(r["dropped"] for r in rows),
        "team_spirit": any(r["team"] for r in rows),
    }


class ScoringForm(PrintedDocument):
    kinds = (Kind.SCORING_FORM,)
    template = "printing/scoring_form.html"

    def shown_data(self, request: DocumentRequest, event: Event) -> tuple:
        return (standings_rows(event),)

    def context(self, request: DocumentRequest) -> dict:
        return scoring_form_context(request)
