"""URLs of the ranking's page (SPEC §6)."""

from django.urls import path

from tournament.ranking import views

app_name = "ranking"

urlpatterns = [
    path("ranking/", views.RankingView.as_view(), name="ranking"),
]
