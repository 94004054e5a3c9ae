"""CSV files in the reader's dialect: a Portuguese spreadsheet splits columns on ";" and
reads "0,75" as a number; an English one uses "," and "0.75". Formulas stay neutralised."""

import csv
import io

import django_tables2 as tables
from django.utils import translation

from tournament.core.export import SafeTableExport


class ShareTable(tables.Table):
    card = tables.Column()
    share = tables.Column()
    decks = tables.Column()


ROWS = [
    {"card": "Kiri, Avatar of Kiri-Jolith", "share": 0.75, "decks": 3},
    {"card": "=HYPERLINK(x)", "share": "0.125", "decks": 1},
]


def exported(language: str) -> str:
    with translation.override(language):
        return SafeTableExport("csv", ShareTable(ROWS)).export()


def test_portuguese_csv_uses_semicolons_and_decimal_commas():
    text = exported("pt-br")
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:]), delimiter=";"))
    assert rows[1] == ["Kiri, Avatar of Kiri-Jolith", "0,75", "3"]
    assert rows[2] == ["'=HYPERLINK(x)", "0,125", "1"]
    assert text.splitlines()[0].count(";") == 2


def test_english_csv_uses_commas_and_decimal_points():
    rows = list(csv.reader(io.StringIO(exported("en")[1:])))
    assert rows[1] == ["Kiri, Avatar of Kiri-Jolith", "0.75", "3"]
    assert rows[2] == ["'=HYPERLINK(x)", "0.125", "1"]
