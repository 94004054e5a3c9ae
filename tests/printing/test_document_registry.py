"""Every printable kind (SPEC §7) has exactly one registered document with a template."""

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.template.loader import get_template

from tournament.printing.documents.bracket_sheets import BracketSheets
from tournament.printing.documents.match_slips import MatchSlips
from tournament.printing.documents.registry import DOCUMENTS, document_for, register
from tournament.printing.documents.seating_sheet import SeatingSheet
from tournament.printing.models import Kind


def test_every_kind_is_printed_by_one_registered_document():
    assert set(DOCUMENTS) == set(Kind)
    for kind in Kind:
        document = document_for(kind)
        assert kind in document.kinds
        get_template(document.template)  # raises when the template is missing


def test_blank_and_filled_bracket_sheets_are_one_document():
    assert document_for(Kind.BRACKETS) is document_for(Kind.BLANK_BRACKETS)
    assert document_for(Kind.DECKLIST) is not document_for(Kind.ALL_DECKLISTS)


def test_a_kind_printed_by_two_documents_is_refused():
    """Bracket sheets and match slips both print the bracket-sheet kinds: one registry may
    hold only one of them."""
    with pytest.raises(ImproperlyConfigured) as refused:
        register(SeatingSheet(), BracketSheets(), MatchSlips())
    assert str(refused.value) == "kind 'brackets' is printed by both BracketSheets and MatchSlips"
