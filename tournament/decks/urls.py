"""URLs of the decklist pages."""

from django.urls import path

from tournament.decks import views

app_name = "decks"

urlpatterns = [
    path("events/<row:event_id>/decklist/", views.MyDecklistView.as_view(), name="decklist"),
    path(
        "events/<row:event_id>/decklist/validate/",
        views.ValidateView.as_view(),
        name="validate",
    ),
    path("events/<row:event_id>/decklists/", views.DecklistIndexView.as_view(), name="decklists"),
    path(
        "events/<row:event_id>/decklists/<row:registration_id>/",
        views.RegistrationDecklistView.as_view(),
        name="registration_decklist",
    ),
    path(
        "events/<row:event_id>/decklists/<row:registration_id>/history/",
        views.HistoryView.as_view(),
        name="history",
    ),
    path(
        "events/<row:event_id>/brackets/<row:bracket_id>/sideboard/",
        views.SwapsView.as_view(),
        name="swaps",
    ),
    path(
        "events/<row:event_id>/brackets/<row:bracket_id>/sideboard/<row:swap_id>/decide/",
        views.DecideSwapView.as_view(),
        name="decide_swap",
    ),
]
