"""Versioned JSON API (mounted under /api/): public reads, and writes with a token."""

from django.urls import include, path, re_path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from tournament.api import (
    brackets,
    bulk,
    decisions,
    decklist_write,
    entries,
    leagues,
    no_show,
    organize,
    ratings,
    seats,
    views,
    webhooks,
    writes,
)
from tournament.api.http import not_found

v1 = [
    path("", views.Index.as_view(), name="index"),
    path("events/", organize.EventCollection.as_view(), name="events"),
    path("events/<row:event_id>/", views.EventDetail.as_view(), name="event"),
    # An event's life, for its organizer (scope organize): organize.py.
    path(
        "events/<row:event_id>/settings/",
        organize.EventSettings.as_view(),
        name="event_settings",
    ),
    path("events/<row:event_id>/status/", organize.EventStatus.as_view(), name="event_status"),
    path("events/<row:event_id>/judges/", organize.EventJudges.as_view(), name="event_judges"),
    path("events/<row:event_id>/rounds/seat/", organize.SeatRound.as_view(), name="seat_round"),
    path(
        "events/<row:event_id>/rounds/<row:number>/",
        organize.RoundRead.as_view(),
        name="round",
    ),
    path(
        "events/<row:event_id>/rounds/<row:number>/reseat/",
        organize.ReseatRound.as_view(),
        name="reseat_round",
    ),
    path(
        "events/<row:event_id>/rounds/<row:number>/publish/",
        organize.PublishRound.as_view(),
        name="publish_round",
    ),
    path(
        "events/<row:event_id>/rounds/<row:number>/close/",
        organize.CloseRound.as_view(),
        name="close_round",
    ),
    path(
        "events/<row:event_id>/rounds/<row:number>/reopen/",
        organize.ReopenRound.as_view(),
        name="reopen_round",
    ),
    path(
        "events/<row:event_id>/rounds/<row:number>/timer/start/",
        organize.StartTimer.as_view(),
        name="start_timer",
    ),
    path(
        "events/<row:event_id>/rounds/<row:number>/timer/call/",
        organize.CallTime.as_view(),
        name="call_time",
    ),
    path("events/<row:event_id>/finish/", organize.FinishEvent.as_view(), name="finish"),
    path(
        "events/<row:event_id>/scoring-form/",
        organize.ScoringForm.as_view(),
        name="scoring_form",
    ),
    path("events/<row:event_id>/rounds/", views.RoundList.as_view(), name="rounds"),
    path(
        "events/<row:event_id>/registrations/",
        views.RegistrationList.as_view(),
        name="registrations",
    ),
    path(
        "events/<row:event_id>/rounds/<row:number>/seating/",
        views.Seating.as_view(),
        name="seating",
    ),
    path(
        "events/<row:event_id>/registrations/new/",
        writes.RegistrationCreate.as_view(),
        name="register",
    ),
    path(
        "events/<row:event_id>/registrations/import/",
        writes.RegistrationImport.as_view(),
        name="import_registrations",
    ),
    path(
        "events/<row:event_id>/registrations/bulk/",
        bulk.BulkRegistration.as_view(),
        name="register_many",
    ),
    path(
        "events/<row:event_id>/registrations/check-in/",
        bulk.BulkCheckIn.as_view(),
        name="check_in_many",
    ),
    path(
        "events/<row:event_id>/registrations/<str:player_number>/undo-drop/",
        seats.UndoDrop.as_view(),
        name="undo_drop",
    ),
    path(
        "events/<row:event_id>/rounds/<row:number>/swap/",
        seats.SwapSeats.as_view(),
        name="swap_seats",
    ),
    path(
        "events/<row:event_id>/rounds/<row:number>/move/",
        seats.MoveSeat.as_view(),
        name="move_seat",
    ),
    path("events/<row:event_id>/webhooks/", webhooks.WebhookList.as_view(), name="webhooks"),
    path(
        "events/<row:event_id>/webhooks/<row:webhook_id>/",
        webhooks.WebhookDetail.as_view(),
        name="webhook",
    ),
    path(
        "events/<row:event_id>/webhooks/<row:webhook_id>/rotate-secret/",
        webhooks.RotateSecret.as_view(),
        name="webhook_rotate",
    ),
    path(
        "events/<row:event_id>/webhooks/<row:webhook_id>/test/",
        webhooks.TestDelivery.as_view(),
        name="webhook_test",
    ),
    path(
        "events/<row:event_id>/registrations/<str:player_number>/check-in/",
        writes.CheckIn.as_view(),
        name="check_in",
    ),
    path(
        "events/<row:event_id>/registrations/<str:player_number>/drop/",
        writes.Drop.as_view(),
        name="drop",
    ),
    path(
        "events/<row:event_id>/brackets/<row:bracket_id>/no-show/",
        no_show.NoShow.as_view(),
        name="no_show",
    ),
    path(
        "events/<row:event_id>/brackets/<row:bracket_id>/",
        brackets.BracketDetail.as_view(),
        name="bracket",
    ),
    path(
        "events/<row:event_id>/brackets/<row:bracket_id>/tiebreak/",
        decisions.BracketTiebreak.as_view(),
        name="tiebreak",
    ),
    path(
        "events/<row:event_id>/brackets/<row:bracket_id>/entries/",
        entries.BracketEntries.as_view(),
        name="entries",
    ),
    path(
        "events/<row:event_id>/entries/",
        entries.EventPendingEntries.as_view(),
        name="pending_entries",
    ),
    path(
        "events/<row:event_id>/brackets/<row:bracket_id>/entries/<row:entry_id>/confirm/",
        writes.EntryConfirm.as_view(),
        name="confirm_entry",
    ),
    path(
        "events/<row:event_id>/brackets/<row:bracket_id>/reports/",
        writes.ReportCreate.as_view(),
        name="reports",
    ),
    path("events/<row:event_id>/decklists/", brackets.DecklistList.as_view(), name="decklists"),
    path(
        "events/<row:event_id>/registrations/<str:player_number>/decklist/",
        decklist_write.DecklistWrite.as_view(),
        name="decklist_write",
    ),
    path("events/<row:event_id>/standings/", views.StandingsList.as_view(), name="standings"),
    path("events/<row:event_id>/officials/", views.OfficialsList.as_view(), name="officials"),
    path("players/", views.PlayerList.as_view(), name="players"),
    path("players/<path:player_number>/", views.PlayerDetail.as_view(), name="player"),
    path("ranking/", views.RankingList.as_view(), name="ranking"),
    path("ratings/", ratings.RatingList.as_view(), name="ratings"),
    path("ratings/<path:player_number>/", ratings.PlayerRating.as_view(), name="player_rating"),
    path("leagues/", leagues.LeagueList.as_view(), name="leagues"),
    path("leagues/<row:league_id>/", leagues.LeagueDetail.as_view(), name="league"),
    path("schema/", SpectacularAPIView.as_view(api_version="v1"), name="schema"),
    # The split view serves its start-up script as a file: no inline script (CSP).
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-v1:schema"), name="docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api-v1:schema"), name="redoc"),
    re_path(r"^.*$", not_found),
]

urlpatterns = [path("v1/", include((v1, "api-v1")))]
