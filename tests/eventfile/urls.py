"""The site's URLs plus the event file pages (until the integrator mounts them)."""

from django.urls import include, path

from tournament.urls import urlpatterns as site

mounted = any(getattr(p, "namespace", None) == "eventfile" for p in site)
urlpatterns = site if mounted else [*site, path("", include("tournament.eventfile.urls"))]
