"""The document registry: which `PrintedDocument` prints each kind.

Each document module declares its class (the kinds it prints, its template, the data it
shows, its context) and registers nothing itself; this module imports every one of them and
registers one instance of each by kind. It is pretix's way with exporters (a class per
export, collected by the core) without the plugin signal: the site has no plugins, so the
collecting is one list here. A kind registered twice stops the site at start-up;
`tests/printing/test_document_registry.py` checks that every kind has exactly one document
and that its template exists.
"""

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from tournament.events.models import Event
from tournament.printing.documents.all_decklists import AllDecklists
from tournament.printing.documents.base import PrintedDocument
from tournament.printing.documents.bracket_sheets import BracketSheets
from tournament.printing.documents.decklist_sheet import DecklistSheet
from tournament.printing.documents.league_table import LeagueTable
from tournament.printing.documents.match_slips import MatchSlips
from tournament.printing.documents.pairings import Pairings
from tournament.printing.documents.scoring_form import ScoringForm
from tournament.printing.documents.seating_sheet import SeatingSheet
from tournament.printing.documents.swiss_scoring_form import SwissScoringForm
from tournament.printing.models import Kind


def register(*documents: PrintedDocument) -> dict[Kind, PrintedDocument]:
    """The documents by the kinds they print; a kind printed by two of them is refused."""
    registered: dict[Kind, PrintedDocument] = {}
    for document in documents:
        for kind in document.kinds:
            if kind in registered:
                raise ImproperlyConfigured(
                    f"kind {kind.value!r} is printed by both {type(registered[kind]).__name__} "
                    f"and {type(document).__name__}"
                )
            registered[kind] = document
    return registered


DOCUMENTS = register(
    BracketSheets(),
    SeatingSheet(),
    ScoringForm(),
    DecklistSheet(),
    AllDecklists(),
    LeagueTable(),
)

# What a one-on-one event prints for these kinds (SPEC §11): match slips for its bracket
# sheets, pairings for its seating sheet, and a scoring form that says it is never scored.
ONE_ON_ONE_DOCUMENTS = register(MatchSlips(), Pairings(), SwissScoringForm())
ONE_ON_ONE_LABELS = {
    Kind.BRACKETS: _("Match slips"),
    Kind.BLANK_BRACKETS: _("Blank match slips"),
    Kind.SEATING: _("Pairings"),
    Kind.SCORING_FORM: _("Final standing"),  # never sent for the ranking (SPEC §11)
}


def document_for(kind: str, event: Event | None = None) -> PrintedDocument:
    """The registered document that prints this kind (for this event's structure)."""
    if event is not None and event.is_one_on_one and Kind(kind) in ONE_ON_ONE_DOCUMENTS:
        return ONE_ON_ONE_DOCUMENTS[Kind(kind)]
    return DOCUMENTS[Kind(kind)]


def kind_label(kind: str, event: Event | None = None) -> str:
    """The document's name as printed and listed (a one-on-one event's own names)."""
    if event is not None and event.is_one_on_one and Kind(kind) in ONE_ON_ONE_LABELS:
        return str(ONE_ON_ONE_LABELS[Kind(kind)])
    return str(Kind(kind).label)
