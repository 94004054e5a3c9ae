"""Query-string parameters shared by pages and the API, checked before they reach a query."""

from django.core.exceptions import ValidationError
from django.http import Http404
from django.utils.translation import gettext as _

# Dates are stored as Python dates (years 1–9999); rankings start long after 1900.
YEAR_RANGE = range(1900, 10000)


def parse_year(raw: str | None) -> int | None:
    """The year asked for, None when not given; ValidationError (with a message) otherwise."""
    if raw is None or raw.strip() == "":
        return None
    try:
        year = int(raw)
    except ValueError:
        raise ValidationError(_("The year must be a whole number, e.g. 2026.")) from None
    if year not in YEAR_RANGE:
        raise ValidationError(
            _("The year must be between %(first)s and %(last)s.")
            % {"first": YEAR_RANGE.start, "last": YEAR_RANGE.stop - 1}
        )
    return year


# Database keys are positive and fit a 64-bit column; anything else names no row.
MAX_ID = 2**63 - 1


def is_id(raw) -> bool:
    """Whether a sent value can name a row: a whole number from 1 to `MAX_ID` (a larger one
    overflows the column: SQLite and PostgreSQL answer it with an error, not "no row")."""
    text = str(raw).strip()
    return text.isascii() and text.isdigit() and len(text) <= 19 and 0 < int(text) <= MAX_ID


def posted_id(raw: str | None) -> int:
    """A row id sent by a form; Http404 when it is not one (never a 500 from the query)."""
    if raw is None or not is_id(raw):
        raise Http404(_("No such item."))
    return int(raw.strip())


def posted_ids(raw: list[str]) -> list[int]:
    """The row ids among values a form sent (the others name no row)."""
    return [int(value.strip()) for value in raw if is_id(value)]
