"""Every printable kind (SPEC §7) has exactly one registered document with a template."""

from django.template.loader import get_template

from tournament.printing.documents.registry import DOCUMENTS, document_for
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
