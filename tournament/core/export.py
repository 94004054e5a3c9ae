"""Spreadsheet-safe exports: a cell that a spreadsheet would run as a formula is quoted.

Organizers open the CSV files in Excel or LibreOffice, which evaluate a cell starting with
`=`, `+`, `-`, `@` (or a tab / carriage return before one) as a formula — a club named
`=HYPERLINK(...)` would become a live link that leaks the sheet. OWASP's advice: prefix such a
text cell with a single quote, which spreadsheets show as text. Numbers stay numbers (a
negative number is data, not a formula).
"""

import re
from decimal import Decimal

import tablib
from django.utils import translation
from django_tables2.export import TableExport

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A spreadsheet in a language that writes decimals with a comma (Portuguese) splits CSV
# columns on ";": with "," it opens every row as one column.
DECIMAL_COMMA_LANGUAGES = ("pt",)
_DECIMAL = re.compile(r"^-?\d+\.\d+$")


def uses_decimal_comma() -> bool:
    """Whether the reader's language (the active one) writes 0,75 rather than 0.75."""
    return (translation.get_language() or "").startswith(DECIMAL_COMMA_LANGUAGES)


def csv_delimiter() -> str:
    """The reader's CSV separator: `;` where decimals take a comma, else `,`."""
    return ";" if uses_decimal_comma() else ","


def decimal_comma(value: object) -> object:
    """A decimal number written with a comma; anything else as it is."""
    if isinstance(value, float | Decimal) or (isinstance(value, str) and _DECIMAL.match(value)):
        return str(value).replace(".", ",")
    return value


def neutralise_formula(value: object) -> object:
    """The value, with a leading quote when it is text a spreadsheet would evaluate."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        try:
            float(value)
        except ValueError:
            return "'" + value
    return value


class SafeTableExport(TableExport):
    """django-tables2's export with every cell passed through `neutralise_formula`; a CSV
    starts with a byte-order mark, so that Excel reads it as UTF-8 (accents, "º") rather
    than in the computer's legacy encoding, and is written in the reader's dialect: `;`
    between cells and decimal commas in Portuguese, `,` and decimal points otherwise."""

    @classmethod
    def is_valid_format(cls, export_format):
        """CSV only: the one format written spreadsheet-safe here (`?_export=xlsx` is the
        page itself, never an error about a missing library)."""
        return export_format == cls.CSV

    def export(self):
        if self.format != "csv":
            return super().export()
        if not uses_decimal_comma():
            return "\ufeff" + self.dataset.export("csv")
        rows = [tuple(decimal_comma(cell) for cell in row) for row in self.dataset]
        localised = tablib.Dataset(*rows, headers=self.dataset.headers)
        return "\ufeff" + localised.export("csv", delimiter=csv_delimiter())

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        safe = [tuple(neutralise_formula(cell) for cell in row) for row in dataset]
        headers = [neutralise_formula(header) for header in dataset.headers or []]
        dataset.wipe()
        if headers:
            dataset.headers = headers
        for row in safe:
            dataset.append(row)
        return dataset
