"""Tests are isolated from each other: the active language and time zone are reset around
every test (the autouse fixture in tests/conftest.py).

The first test leaves pt-BR and a São Paulo time zone active on purpose, as a test that
fails half-way would; the tests after it, in the same process, still start in English and
in the default time zone. Run in file order (single process, or one xdist worker taking the
file's tests one after the other), the second and third tests fail without the fixture.
"""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext

SAO_PAULO = zoneinfo.ZoneInfo("America/Sao_Paulo")


def test_a_test_that_leaves_portuguese_and_a_time_zone_active():
    translation.activate("pt-br")
    timezone.activate(SAO_PAULO)
    assert gettext("Podium") != "Podium"  # the pt-BR catalogue is active now
    # no reset here: the next test must not see it


def test_the_next_test_starts_in_the_default_language():
    assert translation.get_language() == settings.LANGUAGE_CODE
    assert gettext("Podium") == "Podium"


def test_the_next_test_starts_in_the_default_time_zone():
    assert timezone.get_current_timezone_name() == settings.TIME_ZONE
