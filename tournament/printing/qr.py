"""QR codes as inline SVG (no image files, so the PDF renderer needs nothing but the HTML)."""

import segno
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


def qr_svg(data: str, scale: int = 2) -> str:
    """An inline <svg> of the QR code for `data`, sized by CSS.

    The mask is fixed: searching the best of eight took three quarters of the time spent
    building a round's sheets (729 codes), and any mask scans."""
    code = segno.make(data, error="m", mask=0, micro=False, boost_error=False)
    return code.svg_inline(scale=scale, border=1, omitsize=True)
