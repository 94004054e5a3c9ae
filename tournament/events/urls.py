"""URLs of the event pages (namespace `events`). The judges' check-in page is the rounds
app's (`rounds/urls.py: EVENT_PAGES`); `tournament/urls.py` mounts it in this namespace."""

from django.urls import path

from tournament.events import views, views_calendar, views_teams

app_name = "events"

urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
    path("events/", views.EventListView.as_view(), name="list"),
    path("events/new/", views.EventCreateView.as_view(), name="create"),
    path("events/shorthand/", views.shorthand_preview, name="shorthand_preview"),
    path("events/<row:event_id>/", views.EventDetailView.as_view(), name="detail"),
    path(
        "events/<row:event_id>/calendar.ics",
        views_calendar.EventCalendarView.as_view(),
        name="calendar",
    ),
    path(
        "calendar/<str:key>/<slug:feed>.ics",
        views_calendar.PersonalCalendarView.as_view(),
        name="personal_calendar",
    ),
    path("calendar/new-key/", views_calendar.NewCalendarKeyView.as_view(), name="new_calendar_key"),
    path("events/<row:event_id>/edit/", views.EventUpdateView.as_view(), name="edit"),
    path("events/<row:event_id>/status/", views.EventStatusView.as_view(), name="status"),
    path("events/<row:event_id>/judges/", views.JudgesView.as_view(), name="judges"),
    path(
        "events/<row:event_id>/judges/unlock/",
        views.UnlockOfficialView.as_view(),
        name="unlock_official",
    ),
    path("events/<row:event_id>/register/", views.RegisterView.as_view(), name="register"),
    path(
        "events/<row:event_id>/registrations/import/",
        views.RegistrationImportView.as_view(),
        name="registration_import",
    ),
    path("events/<row:event_id>/teams/", views_teams.TeamsView.as_view(), name="teams"),
    path(
        "events/<row:event_id>/check-in/me/", views.SelfCheckInView.as_view(), name="self_checkin"
    ),
]
