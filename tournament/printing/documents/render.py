"""A document made: its fingerprint, its template context, its HTML and its PDF.

The print services (`printing.services`, `printing.chunks`) and the views call these with
a `DocumentRequest`; the registry picks the document that prints its kind."""

import hashlib

from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.utils import timezone, translation

from tournament.core.timezones import event_clock
from tournament.events.models import Event
from tournament.leagues.models import League
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.registry import document_for, kind_label
from tournament.printing.models import LEAGUE_KINDS, SHEET_KINDS


def _digest(*parts) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def subject_of(request: DocumentRequest) -> Event | League:
    """The event or league the document is about, read again: its stamp may have moved."""
    if request.kind in LEAGUE_KINDS:
        return League.objects.get(pk=request.league.pk)
    return Event.objects.get(pk=request.event.pk)


def fingerprint(request: DocumentRequest) -> str:
    """A cheap hash of exactly the data the document shows; it changes when any of it does.

    Events and leagues both stamp `updated_at` on every save of their definition."""
    subject = subject_of(request)
    head = (request.kind, request.paper, request.base_url, request.tables)
    shown = document_for(request.kind, request.event).shown_data(request, subject)
    return _digest(head, subject.updated_at.isoformat(), *shown)


STYLESHEETS = ("css/print.css", "css/print_swiss.css")


def _stylesheet() -> str:
    parts = []
    for name in STYLESHEETS:
        with open(finders.find(name), encoding="utf-8") as handle:
            parts.append(handle.read())
    return "\n".join(parts)


def context_for(request: DocumentRequest, *, preview: bool = False) -> dict:
    """The template context of a document (same for the PDF and the browser preview).

    `scope_name` names what the document is about (the event or the league) in its title
    and footer."""
    event = request.event
    context = document_for(request.kind, event).context(request)
    context.update(
        event=event,
        scope_name=(request.league or event).name,
        kind=request.kind,
        kind_label=kind_label(request.kind, event),
        paper=request.paper,
        page_size="A4" if request.paper == "A4" else "letter",
        stylesheet=_stylesheet(),
        preview=preview,
        generated=timezone.localtime(request.printed_at or timezone.now()),
        sheet_kind=request.kind in SHEET_KINDS,
    )
    return context


def render_html(request: DocumentRequest, *, preview: bool = False, http_request=None) -> str:
    """The document as a standalone HTML page."""
    context = context_for(request, preview=preview)
    template = document_for(request.kind, request.event).template
    return render_to_string(template, context, request=http_request)


def render_document_html(request: DocumentRequest) -> str:
    """The HTML the PDF is made from, in the language of whoever asked."""
    with translation.override(request.language), event_clock(request.event):
        return render_html(request)


def render_pdf(request: DocumentRequest) -> bytes:
    """The document as PDF bytes, rendered in this process (WeasyPrint)."""
    from weasyprint import HTML  # heavy import, only where PDFs are made

    return HTML(string=render_document_html(request)).write_pdf()
