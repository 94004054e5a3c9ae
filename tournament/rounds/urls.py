"""URLs of the round pages (seating, round overview, where do I sit) and organizer actions;
and the judges' check-in page, which keeps the event's URL name (`events:checkin`)."""

from django.urls import path

from tournament.rounds import views, views_checkin

app_name = "rounds"

ROUND = "events/<row:event_id>/rounds/<row:number>/"

urlpatterns = [
    path("events/<row:event_id>/rounds/", views.RoundListView.as_view(), name="list"),
    path("events/<row:event_id>/rounds/seat/", views.SeatNextRoundView.as_view(), name="seat"),
    path("events/<row:event_id>/my-seat/", views.MySeatView.as_view(), name="my_seat"),
    path("events/<row:event_id>/late-player/", views.LatePlayerView.as_view(), name="late_player"),
    path("events/<row:event_id>/drop/", views.DropPlayerView.as_view(), name="drop"),
    path("events/<row:event_id>/undo-drop/", views.UndoDropView.as_view(), name="undo_drop"),
    path("events/<row:event_id>/drop-me/", views.SelfDropView.as_view(), name="drop_me"),
    path("events/<row:event_id>/finish/", views.FinishEventView.as_view(), name="finish"),
    path(ROUND, views.RoundDetailView.as_view(), name="detail"),
    path(ROUND + "seating/", views.SeatingView.as_view(), name="seating"),
    path(ROUND + "reseat/", views.ReseatRoundView.as_view(), name="reseat"),
    path(ROUND + "publish/", views.PublishRoundView.as_view(), name="publish"),
    path(ROUND + "swap/", views.SwapSeatsView.as_view(), name="swap"),
    path(ROUND + "move/", views.MoveSeatView.as_view(), name="move"),
    path(ROUND + "close/", views.CloseRoundView.as_view(), name="close"),
    path(ROUND + "reopen/", views.ReopenRoundView.as_view(), name="reopen"),
    path(ROUND + "no-show/", views.NoShowView.as_view(), name="no_show"),
    path(ROUND + "undo-no-show/", views.UndoNoShowView.as_view(), name="undo_no_show"),
    path(ROUND + "timer/start/", views.StartTimerView.as_view(), name="start_timer"),
    path(ROUND + "timer/call/", views.CallTimeView.as_view(), name="call_time"),
]

# Pages of the event's namespace (`events:`) that the rounds app runs: `tournament/urls.py`
# mounts them with the events app's own URLs.
EVENT_PAGES = [
    path("events/<row:event_id>/check-in/", views_checkin.CheckInView.as_view(), name="checkin"),
]
