"""URLs of the decklist pages."""

from django.urls import path

from tournament.decks import views, views_metagame

app_name = "decks"

urlpatterns = [
    path("events/<row:event_id>/decklist/", views.MyDecklistView.as_view(), name="decklist"),
    path(
        "events/<row:event_id>/decklist/validate/",
        views.ValidateView.as_view(),
        name="validate",
    ),
    path(
        "events/<row:event_id>/decklist/privacy/",
        views.PrivacyView.as_view(),
        name="privacy",
    ),
    path("events/<row:event_id>/decklists/", views.DecklistIndexView.as_view(), name="decklists"),
    path(
        "events/<row:event_id>/decklists/<row:registration_id>/deck-check/",
        views.DeckCheckView.as_view(),
        name="deck_check",
    ),
    path(
        "events/<row:event_id>/metagame/",
        views_metagame.EventMetagameView.as_view(),
        name="event_metagame",
    ),
    path("metagame/", views_metagame.MetagameIndexView.as_view(), name="metagame"),
    path(
        "metagame/<int:deck_size>/<slug:deck_rules>/<slug:tournament_type>/",
        views_metagame.FormatMetagameView.as_view(),
        name="format_metagame",
    ),
    # a league's metagame (`league_metagame`) is the leagues': `tournament/urls.py` mounts it
    # here (`leagues.urls.DECK_PAGES`)
    path("metagame/cards/<path:identity>/", views_metagame.CardView.as_view(), name="card"),
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
