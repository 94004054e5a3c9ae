from tests.results.conftest import bracket, round1, seated  # noqa: F401  (shared fixtures)
