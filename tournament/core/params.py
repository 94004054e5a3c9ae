"""Query-string parameters shared by pages and the API, checked before they reach a query."""

from django.core.exceptions import ValidationError
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
