"""A league's table as a PDF, made by the printing pipeline: ask, follow its progress, download.

The table is public, so anyone may ask for it: a document is reused while its data
(fingerprint) is unchanged, so asking again costs nothing. The pages are the league's
(`leagues:print…`, mounted with the league's own by `tournament/urls.py` from
`LEAGUE_PAGES` in `printing/urls.py`); they live here because printing stands above the
leagues (a printed document may be a league's, `CachedDocument.league`).
"""

from django.shortcuts import get_object_or_404
from django.utils import translation
from django.utils.functional import cached_property
from django.views import View

from tournament.events.choices import PaperSize
from tournament.leagues.models import League
from tournament.printing import services
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.models import CachedDocument, Kind
from tournament.printing.views import DocumentFlow


class LeagueDocuments(DocumentFlow):
    """The league's printed documents (an event's are not found here)."""

    url_prefix = "leagues:print-"
    status_template = "leagues/print_status.html"

    @cached_property
    def league(self) -> League:
        return get_object_or_404(League, pk=self.kwargs["pk"])

    def documents(self):
        return CachedDocument.objects.filter(league=self.league)

    def scope_args(self) -> list:
        return [self.league.pk]

    def status_context(self) -> dict:
        return {"league": self.league}

    def may_regenerate(self, doc: CachedDocument) -> bool:
        # Anyone may press "try again": only a failed or outdated file is rendered again,
        # never one that still matches the table.
        return services.is_stale(doc)


class LeaguePrintView(LeagueDocuments, View):
    """POST: the league table's PDF on the asked paper (A4 unless Letter is asked for), in
    the asker's language."""

    http_method_names = ["post"]

    def post(self, request, pk: int):
        paper = request.POST.get("paper")
        doc = services.request_document(
            DocumentRequest(
                kind=Kind.LEAGUE_TABLE,
                league=self.league,
                paper=paper if paper in PaperSize.values else PaperSize.A4,
                language=translation.get_language() or "en",
            )
        )
        return self.show(doc)


class LeaguePrintStatusView(LeagueDocuments, View):
    http_method_names = ["get"]

    def get(self, request, pk: int, doc_id: int):
        return self.status()


class LeaguePrintRetryView(LeagueDocuments, View):
    """POST: generate a failed (or outdated) document again."""

    http_method_names = ["post"]

    def post(self, request, pk: int, doc_id: int):
        return self.retry()


class LeaguePrintDownloadView(LeagueDocuments, View):
    """The file if it still matches the table; otherwise it is regenerated first."""

    http_method_names = ["get"]

    def get(self, request, pk: int, doc_id: int):
        return self.download()
