from django.urls import path

from tournament.leagues import views, views_print

app_name = "leagues"

urlpatterns = [
    path("leagues/", views.LeagueListView.as_view(), name="list"),
    path("leagues/new/", views.LeagueCreateView.as_view(), name="create"),
    path("leagues/<row:pk>/", views.LeagueDetailView.as_view(), name="detail"),
    path("leagues/<row:pk>/edit/", views.LeagueUpdateView.as_view(), name="edit"),
    path("leagues/<row:pk>/close/", views.LeagueCloseView.as_view(), name="close"),
    path("leagues/<row:pk>/print/", views_print.LeaguePrintView.as_view(), name="print"),
    path(
        "leagues/<row:pk>/print/<row:doc_id>/",
        views_print.LeaguePrintStatusView.as_view(),
        name="print-status",
    ),
    path(
        "leagues/<row:pk>/print/<row:doc_id>/retry/",
        views_print.LeaguePrintRetryView.as_view(),
        name="print-retry",
    ),
    path(
        "leagues/<row:pk>/print/<row:doc_id>/download/",
        views_print.LeaguePrintDownloadView.as_view(),
        name="print-download",
    ),
]
