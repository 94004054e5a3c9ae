"""Root URL configuration: each app mounts its own URLs."""

from django.contrib import admin
from django.urls import include, path

from tournament import health

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("tournament.accounts.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", include("tournament.standings.api_urls")),
    path("", include("tournament.events.urls")),
    path("", include("tournament.events.rounds_urls")),
    path("", include("tournament.results.urls")),
    path("", include("tournament.decks.urls")),
    path("", include("tournament.standings.urls")),
    path("", include("tournament.printing.urls")),
    path("", include("tournament.eventfile.urls")),
    path("", include("tournament.review.urls")),
    path("", include("tournament.webhooks.urls")),
]
