"""URLs of the printable documents (officials only)."""

from django.urls import path

from tournament.printing import views, views_league

app_name = "printing"

urlpatterns = [
    path("events/<row:event_id>/print/", views.PrintIndexView.as_view(), name="index"),
    path(
        "events/<row:event_id>/print/documents/<row:doc_id>/",
        views.StatusView.as_view(),
        name="status",
    ),
    path(
        "events/<row:event_id>/print/documents/<row:doc_id>/retry/",
        views.RetryView.as_view(),
        name="retry",
    ),
    path(
        "events/<row:event_id>/print/documents/<row:doc_id>/download/",
        views.DownloadView.as_view(),
        name="download",
    ),
    path(
        "events/<row:event_id>/print/brackets/<row:bracket_id>/",
        views.BracketSheetView.as_view(),
        name="bracket",
    ),
    path(
        "events/<row:event_id>/print/<slug:kind>/preview/",
        views.PreviewView.as_view(),
        name="preview",
    ),
    path("events/<row:event_id>/print/<slug:kind>/", views.GenerateView.as_view(), name="generate"),
]

# A league's printed table: in the leagues' namespace (`leagues:print…`), mounted with the
# league's own pages by `tournament/urls.py`.
LEAGUE_PAGES = [
    path("leagues/<row:pk>/print/", views_league.LeaguePrintView.as_view(), name="print"),
    path(
        "leagues/<row:pk>/print/<row:doc_id>/",
        views_league.LeaguePrintStatusView.as_view(),
        name="print-status",
    ),
    path(
        "leagues/<row:pk>/print/<row:doc_id>/retry/",
        views_league.LeaguePrintRetryView.as_view(),
        name="print-retry",
    ),
    path(
        "leagues/<row:pk>/print/<row:doc_id>/download/",
        views_league.LeaguePrintDownloadView.as_view(),
        name="print-download",
    ),
]
