"""URLs of the printable documents (officials only)."""

from django.urls import path

from tournament.printing import views

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
