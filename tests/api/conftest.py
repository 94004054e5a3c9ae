from tests.standings.conftest import finished_event  # noqa: F401  (shared fixture)
