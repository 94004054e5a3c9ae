"""URL path converters of the site."""


class RowNumberConverter:
    """``<row:…>``: a row id or a number in a URL (event, bracket, round number, table…),
    at most 18 digits so that it fits a 64-bit column: a longer one names nothing and is a
    404, where Django's ``int`` would pass it on to a query that fails (a 500)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
