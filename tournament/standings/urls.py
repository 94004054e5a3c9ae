"""URLs of the standings pages (SPEC §6)."""

from django.urls import path

from tournament.standings import views

app_name = "standings"

urlpatterns = [
    path("events/<row:event_id>/standings/", views.StandingsView.as_view(), name="event"),
    path(
        "events/<row:event_id>/rounds/<row:number>/tables/<row:table>/",
        views.BracketView.as_view(),
        name="bracket",
    ),
    path("players/", views.PlayerListView.as_view(), name="players"),
    path("players/<path:player_number>/", views.PlayerView.as_view(), name="player"),
]
