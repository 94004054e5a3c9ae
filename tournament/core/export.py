"""Spreadsheet-safe exports: a cell that a spreadsheet would run as a formula is quoted.

Organizers open the CSV files in Excel or LibreOffice, which evaluate a cell starting with
`=`, `+`, `-`, `@` (or a tab / carriage return before one) as a formula — a club named
`=HYPERLINK(...)` would become a live link that leaks the sheet. OWASP's advice: prefix such a
text cell with a single quote, which spreadsheets show as text. Numbers stay numbers (a
negative number is data, not a formula).
"""

from django_tables2.export import TableExport

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


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
    than in the computer's legacy encoding."""

    def export(self):
        data = super().export()
        return "\ufeff" + data if self.format == "csv" and isinstance(data, str) else data

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
