from django.urls import path

from tournament.notifications import views

app_name = "notifications"

urlpatterns = [
    path("notifications/stop/<str:token>/", views.UnsubscribeView.as_view(), name="unsubscribe"),
    path("notifications/settings/", views.PreferencesView.as_view(), name="preferences"),
    path("notifications/push/on/", views.PushSubscribeView.as_view(), name="push_subscribe"),
    path("notifications/push/off/", views.PushUnsubscribeView.as_view(), name="push_unsubscribe"),
    path("events/<row:event_id>/notifications/", views.EventLogView.as_view(), name="event_log"),
]
