"""Fixtures of the pinned-rule tests: the results and standings areas' own fixtures."""

from tests.results.conftest import bracket, fast_passwords, round1, seated  # noqa: F401
from tests.standings.conftest import finished_event  # noqa: F401
