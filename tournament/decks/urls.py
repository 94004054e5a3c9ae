"""URLs of the decklist pages."""

from django.urls import path

from tournament.decks import views

app_name = "decks"

urlpatterns = [
    path("events/<int:event_id>/decklist/", views.MyDecklistView.as_view(), name="decklist"),
    path(
        "events/<int:event_id>/decklist/validate/",
        views.ValidateView.as_view(),
        name="validate",
    ),
    path("events/<int:event_id>/decklists/", views.DecklistIndexView.as_view(), name="decklists"),
    path(
        "events/<int:event_id>/decklists/<int:registration_id>/",
        views.RegistrationDecklistView.as_view(),
        name="registration_decklist",
    ),
    path(
        "events/<int:event_id>/decklists/<int:registration_id>/history/",
        views.HistoryView.as_view(),
        name="history",
    ),
    path(
        "events/<int:event_id>/brackets/<int:bracket_id>/sideboard/",
        views.SwapsView.as_view(),
        name="swaps",
    ),
    path(
        "events/<int:event_id>/brackets/<int:bracket_id>/sideboard/<int:swap_id>/decide/",
        views.DecideSwapView.as_view(),
        name="decide_swap",
    ),
]
