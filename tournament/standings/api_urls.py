"""Versioned read-only JSON API (mounted under /api/)."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from tournament.standings.api import views

v1 = [
    path("events/", views.EventList.as_view(), name="events"),
    path("events/<int:event_id>/", views.EventDetail.as_view(), name="event"),
    path("events/<int:event_id>/rounds/", views.RoundList.as_view(), name="rounds"),
    path(
        "events/<int:event_id>/rounds/<int:number>/seating/",
        views.Seating.as_view(),
        name="seating",
    ),
    path("events/<int:event_id>/standings/", views.StandingsList.as_view(), name="standings"),
    path("events/<int:event_id>/officials/", views.OfficialsList.as_view(), name="officials"),
    path("players/<str:player_number>/", views.PlayerDetail.as_view(), name="player"),
    path("ranking/", views.RankingList.as_view(), name="ranking"),
    path("schema/", SpectacularAPIView.as_view(api_version="v1"), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-v1:schema"), name="docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api-v1:schema"), name="redoc"),
]

urlpatterns = [path("v1/", include((v1, "api-v1")))]
