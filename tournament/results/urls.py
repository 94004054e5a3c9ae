"""URLs of the judges' results screens."""

from django.urls import path

from tournament.results import offline, overlay, views

app_name = "results"

BRACKET = "events/<row:event_id>/brackets/<row:bracket_id>/"

urlpatterns = [
    path(BRACKET, views.BracketView.as_view(), name="bracket"),
    path(f"{BRACKET}report/", views.ReportView.as_view(), name="report"),
    path(f"{BRACKET}history/", views.HistoryView.as_view(), name="history"),
    path(f"{BRACKET}overlay/", overlay.OverlayView.as_view(), name="overlay"),
    path(f"{BRACKET}tiebreak/", views.TiebreakView.as_view(), name="tiebreak"),
    path(f"{BRACKET}games/<row:number>/correct/", views.CorrectionView.as_view(), name="correct"),
    path(
        f"{BRACKET}entries/<row:entry_id>/confirm/",
        views.EntryActionView.as_view(action="confirm"),
        name="confirm",
    ),
    path(
        f"{BRACKET}entries/confirm/",
        views.ConfirmPendingView.as_view(),
        name="confirm_pending",
    ),
    path(
        f"{BRACKET}entries/<row:entry_id>/reject/",
        views.EntryActionView.as_view(action="reject"),
        name="reject",
    ),
    path("events/<row:event_id>/judge/", views.DashboardView.as_view(), name="dashboard"),
    # At the site root: a service worker's scope is the folder it is served from.
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
]
