"""URLs of the ratings pages (SPEC §12)."""

from django.urls import path

from tournament.ratings import views

app_name = "ratings"

urlpatterns = [
    path("ratings/", views.RatingsView.as_view(), name="list"),
]
