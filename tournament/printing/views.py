"""Printing pages: the index of documents, generation with progress, download and preview."""

from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import translation
from django.views import View
from django.views.generic import TemplateView

from tournament.events.choices import PaperSize
from tournament.events.models import Bracket, Registration, Round
from tournament.events.permissions import Role
from tournament.events.views_mixins import EventMixin
from tournament.printing import services
from tournament.printing.documents import DocumentRequest, render_html
from tournament.printing.models import ROUND_KINDS, CachedDocument, Kind
from tournament.printing.tables import DecklistTable


class OfficialsMixin(EventMixin):
    """Every printed document is for the event's officials (organizer and judges)."""

    required_role = Role.JUDGE

    def paper(self) -> str:
        """?paper= when valid, else the event's paper size."""
        asked = self.request.GET.get("paper") or self.request.POST.get("paper")
        return asked if asked in PaperSize.values else self.event.paper_size


def document_request(view: OfficialsMixin, kind: str, params) -> DocumentRequest:
    """The document asked for by URL kind and query/form parameters (404 when it can't be)."""
    if kind not in Kind.values:
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
    )


class PrintIndexView(OfficialsMixin, TemplateView):
    template_name = "printing/index.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        registrations = self.event.registrations.select_related("player").order_by("player__name")
        context.update(
            paper=self.paper(),
            papers=PaperSize.choices,
            rounds=self.event.rounds.order_by("-number"),
            round_kinds=[Kind.BLANK_BRACKETS, Kind.BRACKETS, Kind.SEATING],
            Kind=Kind,
            decklist_table=DecklistTable(registrations, event=self.event, paper=self.paper()),
        )
        return context


class GenerateView(OfficialsMixin, View):
    """POST: start (or reuse) the PDF; htmx gets the progress partial, others the status page."""

    def post(self, request, event_id: int, kind: str):
        doc = services.request_document(document_request(self, kind, request.POST))
        if request.htmx:
            return status_response(request, self.event, doc, partial=True)
        return redirect("printing:status", event_id=self.event.pk, doc_id=doc.pk)


def status_response(request, event, doc: CachedDocument, *, partial: bool) -> HttpResponse:
    """The progress box (polling while pending) or the whole status page."""
    template = "printing/_status.html" if partial else "printing/status.html"
    context = {"event": event, "doc": doc, "Role": Role, "role": Role.JUDGE}
    return TemplateResponse(request, template, context)


class DocumentMixin(OfficialsMixin):
    def get_document(self) -> CachedDocument:
        return get_object_or_404(
            CachedDocument.objects.select_related("event", "round", "bracket", "registration"),
            pk=self.kwargs["doc_id"],
            event=self.event,
        )


class StatusView(DocumentMixin, View):
    def get(self, request, event_id: int, doc_id: int):
        partial = bool(request.htmx) and not request.htmx.boosted
        doc = services.recover_if_stuck(self.get_document())
        return status_response(request, self.event, doc, partial=partial)


class RetryView(DocumentMixin, View):
    """POST: generate a failed (or stale) document again."""

    def post(self, request, event_id: int, doc_id: int):
        doc = self.get_document()
        if doc.state != CachedDocument.State.PENDING:
            doc = services.regenerate(doc)
        if request.htmx:
            return status_response(request, self.event, doc, partial=True)
        return redirect("printing:status", event_id=self.event.pk, doc_id=doc.pk)


class DownloadView(DocumentMixin, View):
    """Serve the file if it still matches the data; otherwise regenerate it first."""

    def get(self, request, event_id: int, doc_id: int):
        doc = self.get_document()
        if services.is_stale(doc):
            doc = services.regenerate(doc)
        if doc.state != CachedDocument.State.DONE:
            return redirect("printing:status", event_id=self.event.pk, doc_id=doc.pk)
        response = FileResponse(doc.file.open("rb"), content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{doc.filename}"'
        response["Cache-Control"] = "private, no-store"
        return response


class PreviewView(OfficialsMixin, View):
    """The same document as an HTML page (print preview in the browser)."""

    def get(self, request, event_id: int, kind: str):
        doc_request = document_request(self, kind, request.GET)
        return HttpResponse(render_html(doc_request, preview=True, http_request=request))


def download_url(doc: CachedDocument) -> str:
    return reverse("printing:download", args=[doc.event_id, doc.pk])
