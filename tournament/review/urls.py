"""URLs of the ranking review (SPEC §9)."""

from django.urls import path

from tournament.review import views

app_name = "review"

urlpatterns = [
    path("review/", views.QueueView.as_view(), name="queue"),
    path("events/<row:event_id>/review/", views.ReviewView.as_view(), name="event"),
    path("events/<row:event_id>/review/submit/", views.SubmitView.as_view(), name="submit"),
    path("events/<row:event_id>/review/decide/", views.DecideView.as_view(), name="decide"),
]
