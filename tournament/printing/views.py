"""Printing pages: the index of documents, generation with progress, download and preview.

`DocumentFlow` is a cached document's life on the site (status box, "try again",
download) for documents of any scope: the event pages here, the league pages in
`printing.views_league`.
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from tournament.events.choices import PaperSize
from tournament.events.models import Bracket, Registration, Round
from tournament.events.permissions import EventRole
from tournament.events.views_mixins import EventMixin
from tournament.printing import services
from tournament.printing.documents.all_decklists import registrations_with_lists
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.render import render_html
from tournament.printing.models import (
    LEAGUE_KINDS,
    ROUND_KINDS,
    SHEET_KINDS,
    CachedDocument,
    Kind,
)
from tournament.printing.tables import DecklistTable


class DocumentFlow:
    """The status box, "try again" and download of the cached documents of one scope.

    A view using it says which documents are in its scope (`documents()`: any other id is a
    404), its URL names (`url_prefix` + "status" / "retry" / "download") and their arguments
    before the document's id (`scope_args()`), and the status page's template and context.
    """

    url_prefix = ""
    status_template = ""

    def documents(self):
        """The cached documents this view may show."""
        raise NotImplementedError

    def scope_args(self) -> list:
        """The URL arguments before the document's id (the event's or the league's id)."""
        raise NotImplementedError

    def status_context(self) -> dict:
        """What the status page shows besides the document (the event, the league)."""
        return {}

    def get_document(self) -> CachedDocument:
        documents = self.documents().select_related(*services.REQUEST_FIELDS)
        return get_object_or_404(documents, pk=self.kwargs["doc_id"])

    def doc_url(self, name: str, doc: CachedDocument) -> str:
        return reverse(self.url_prefix + name, args=[*self.scope_args(), doc.pk])

    def status_response(self, doc: CachedDocument, *, partial: bool) -> HttpResponse:
        """The progress box (polling while pending) or the whole status page; the box is
        given its URLs, so one template serves every scope."""
        template = "printing/_status.html" if partial else self.status_template
        context = {
            "doc": doc,
            **{f"{name}_url": self.doc_url(name, doc) for name in ("status", "retry", "download")},
            **self.status_context(),
        }
        return TemplateResponse(self.request, template, context)

    def show(self, doc: CachedDocument) -> HttpResponse:
        """After asking for a document: htmx gets the progress box, others the status page."""
        if self.request.htmx:
            return self.status_response(doc, partial=True)
        return redirect(self.doc_url("status", doc))

    def may_regenerate(self, doc: CachedDocument) -> bool:
        """Whether "try again" renders the document again (never while it is pending)."""
        return doc.state != CachedDocument.State.PENDING

    def status(self) -> HttpResponse:
        """The status page, or under htmx the box it polls (a lost render is sent again)."""
        partial = bool(self.request.htmx) and not self.request.htmx.boosted
        doc = services.recover_if_stuck(self.get_document())
        return self.status_response(doc, partial=partial)

    def retry(self) -> HttpResponse:
        """The "try again" button: render the document again when `may_regenerate` allows."""
        doc = self.get_document()
        if self.may_regenerate(doc):
            doc = services.regenerate(doc)
        return self.show(doc)

    def download(self) -> HttpResponse:
        """Serve the file if it still matches the data; otherwise regenerate it first."""
        doc = self.get_document()
        if services.is_stale(doc):
            doc = services.regenerate(doc)
        if doc.state != CachedDocument.State.DONE:
            return redirect(self.doc_url("status", doc))
        response = FileResponse(doc.file.open("rb"), content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{doc.filename}"'
        response["Cache-Control"] = "private, no-store"
        return response


class OfficialsMixin(EventMixin):
    """Every printed document is for the event's officials (organizer and judges)."""

    required_role = EventRole.JUDGE

    def paper(self) -> str:
        """?paper= when valid, else the event's paper size."""
        asked = self.request.GET.get("paper") or self.request.POST.get("paper")
        return asked if asked in PaperSize.values else self.event.paper_size


def table_range(params) -> tuple[int | None, int | None] | None:
    """?from_table=&to_table= (either may be left out); None when neither is given."""
    first, last = (params.get(name, "").strip() for name in ("from_table", "to_table"))
    if any(value and not value.isdigit() for value in (first, last)):
        raise ValidationError(_("Table numbers are whole numbers like 1 or 12."))
    if not first and not last:
        return None
    tables = (int(first) if first else None, int(last) if last else None)
    if None not in tables and tables[0] > tables[1]:
        raise ValidationError(_("The first table must not come after the last one."))
    return tables


def document_request(view: OfficialsMixin, kind: str, params) -> DocumentRequest:
    """The document asked for by URL kind and query/form parameters (404 when it can't be,
    a league's kind included)."""
    if kind not in Kind.values or kind in LEAGUE_KINDS:
        raise Http404
    event = view.event
    rnd = bracket = registration = None
    if kind in ROUND_KINDS:
        rounds = Round.objects.filter(event=event)
        number = params.get("round")
        rnd = (
            get_object_or_404(rounds, number=number)
            if number and number.isdigit()
            else rounds.order_by("-number").first()
        )
        if rnd is None:
            raise Http404
        if params.get("bracket", "").isdigit():
            bracket = get_object_or_404(Bracket, round=rnd, pk=params["bracket"])
    tables = table_range(params) if kind in SHEET_KINDS and bracket is None else None
    if kind == Kind.DECKLIST:
        value = params.get("registration", "")
        if not value.isdigit():
            raise Http404
        registration = get_object_or_404(
            Registration.objects.select_related("player"), event=event, pk=value
        )
    return DocumentRequest(
        kind=kind,
        event=event,
        paper=view.paper(),
        round=rnd,
        bracket=bracket,
        registration=registration,
        base_url=view.request.build_absolute_uri("/").rstrip("/"),
        language=translation.get_language() or "en",
        tables=tables,
    )


class PrintIndexView(OfficialsMixin, TemplateView):
    template_name = "printing/index.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        registrations = registrations_with_lists(self.event)
        context.update(
            paper=self.paper(),
            papers=PaperSize.choices,
            rounds=self.event.rounds.order_by("-number"),
            round_kinds=[Kind.BLANK_BRACKETS, Kind.BRACKETS, Kind.SEATING],
            sheet_kinds=[Kind.BLANK_BRACKETS, Kind.BRACKETS],
            Kind=Kind,
            decklist_table=DecklistTable(registrations, event=self.event, paper=self.paper()),
        )
        return context


class DocumentMixin(OfficialsMixin, DocumentFlow):
    """The event's documents (a league's are not found here)."""

    url_prefix = "printing:"
    status_template = "printing/status.html"

    def documents(self):
        return CachedDocument.objects.filter(event=self.event)

    def scope_args(self) -> list:
        return [self.event.pk]

    def status_context(self) -> dict:
        return {"event": self.event, "EventRole": EventRole, "role": EventRole.JUDGE}


class GenerateView(DocumentMixin, View):
    """POST: start (or reuse) the PDF; htmx gets the progress partial, others the status page."""

    def post(self, request, event_id: int, kind: str):
        try:
            doc_request = document_request(self, kind, request.POST)
        except ValidationError as error:
            message = " ".join(error.messages)
            if request.htmx:
                return HttpResponse(format_html('<p class="errors" role="alert">{}</p>', message))
            messages.error(request, message)
            return redirect("printing:index", event_id=self.event.pk)
        return self.show(services.request_document(doc_request))


class BracketSheetView(DocumentMixin, View):
    """GET from a bracket's page: that bracket's sheet (filled), as PDF when it is ready."""

    def get(self, request, event_id: int, bracket_id: int):
        bracket = get_object_or_404(
            Bracket.objects.select_related("round"), pk=bracket_id, round__event=self.event
        )
        doc = services.request_document(
            DocumentRequest(
                kind=Kind.BRACKETS,
                event=self.event,
                paper=self.paper(),
                round=bracket.round,
                bracket=bracket,
                base_url=request.build_absolute_uri("/").rstrip("/"),
                language=translation.get_language() or "en",
            )
        )
        done = doc.state == CachedDocument.State.DONE
        return redirect(self.doc_url("download" if done else "status", doc))


class StatusView(DocumentMixin, View):
    def get(self, request, event_id: int, doc_id: int):
        return self.status()


class RetryView(DocumentMixin, View):
    """POST: generate a failed (or stale) document again."""

    def post(self, request, event_id: int, doc_id: int):
        return self.retry()


class DownloadView(DocumentMixin, View):
    """Serve the file if it still matches the data; otherwise regenerate it first."""

    def get(self, request, event_id: int, doc_id: int):
        return self.download()


class PreviewView(OfficialsMixin, View):
    """The same document as an HTML page (print preview in the browser)."""

    def get(self, request, event_id: int, kind: str):
        doc_request = document_request(self, kind, request.GET)
        return HttpResponse(render_html(doc_request, preview=True, http_request=request))
