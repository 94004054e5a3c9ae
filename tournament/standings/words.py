"""A one-on-one standing in words (SPEC §11): its record and match points, as the podium
and the players' e-mails say them."""

from django.utils.translation import ngettext


def record_words(record: str, match_points: int | None) -> str:
    """ "record 4-1-0 · 12 match points": the record over every match, top cut included,
    and the match points of the Swiss rounds."""
    points = match_points or 0
    return ngettext(
        "record %(record)s · %(count)d match point",
        "record %(record)s · %(count)d match points",
        points,
    ) % {"record": record or "—", "count": points}
