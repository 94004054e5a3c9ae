"""`{% load zones %}`: a moment shown with its zone named, where it could be misread.

`{{ round_ends|zoned:"H:i" }}` → "18:00 (America/Sao_Paulo)": the time in the active zone
(an event's pages activate the event's zone) followed by the zone's name."""

from django import template

from tournament.core.timezones import labelled

register = template.Library()


@register.filter
def zoned(value, fmt: str = "SHORT_DATETIME_FORMAT") -> str:
    return labelled(value, fmt) if value else ""
