"""The addresses printed sheets encode as QR codes (the codes: `core/qr.py`)."""

from django.urls import NoReverseMatch, reverse

from tournament.events.models import Bracket


def bracket_url(bracket: Bracket, base_url: str) -> str:
    """Absolute URL of a bracket's result page (the event page until that page exists)."""
    event = bracket.round.event
    try:
        path = reverse("results:bracket", args=[event.pk, bracket.pk])
    except NoReverseMatch:
        path = event.get_absolute_url()
    return absolute(path, base_url)


def absolute(path: str, base_url: str) -> str:
    """Join a site path to the stored base URL ("" keeps the path relative)."""
    return base_url.rstrip("/") + path if base_url else path
