"""`{% load zones %}`: a moment shown with its zone named, where it could be misread.

`{{ round_ends|zoned:"H:i" }}` → "18:00 (America/Sao_Paulo)": the time in the active zone
(an event's pages activate the event's zone) followed by the zone's name; `{% zone_note %}`
under a table of times says which zone they are in."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _

from tournament.core.timezones import labelled, zone_name

register = template.Library()


@register.filter
def zoned(value, fmt: str = "SHORT_DATETIME_FORMAT") -> str:
    return labelled(value, fmt) if value else ""


@register.simple_tag
def zone_note() -> str:
    """Under a table of times (a history, a log): the zone they are in."""
    return format_html(
        '<p class="help zone-note">{}</p>',
        _("Times are in %(zone)s.") % {"zone": zone_name()},
    )
