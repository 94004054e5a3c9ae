from django.urls import path

from tournament.leagues import views, views_metagame

app_name = "leagues"

urlpatterns = [
    path("leagues/", views.LeagueListView.as_view(), name="list"),
    path("leagues/new/", views.LeagueCreateView.as_view(), name="create"),
    path("leagues/<row:pk>/", views.LeagueDetailView.as_view(), name="detail"),
    path("leagues/<row:pk>/edit/", views.LeagueUpdateView.as_view(), name="edit"),
    path("leagues/<row:pk>/close/", views.LeagueCloseView.as_view(), name="close"),
    # the league table's print pages (`leagues:print…`) are printing's: `tournament/urls.py`
    # mounts them here (`printing.urls.LEAGUE_PAGES`)
]

# A league's metagame: in the metagame's namespace (`decks:league_metagame`), mounted with
# the decks' pages by `tournament/urls.py`.
DECK_PAGES = [
    path(
        "metagame/leagues/<row:pk>/",
        views_metagame.LeagueMetagameView.as_view(),
        name="league_metagame",
    ),
]
