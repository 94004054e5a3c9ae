"""Template helpers of the projector views (seating and standings on the venue's screen)."""

from django import template
from django.utils.safestring import SafeString, mark_safe

from tournament.core.qr import qr_svg
from tournament.events.models import Event

register = template.Library()


@register.simple_tag(takes_context=True)
def event_qr(context, event: Event) -> SafeString:
    """An inline SVG QR code of the event page's absolute URL (players scan it from the hall)."""
    url = context["request"].build_absolute_uri(event.get_absolute_url())
    return mark_safe(qr_svg(url))  # segno writes the SVG: no user text in it
