"""Property-based API test: every operation of the served schema, generated requests.

No answer may be a 5xx, and every answer (404s and 400s included) must match the schema.
Every request carries a token of the event's organizer with every scope, so the writes are
exercised too (most generated bodies are refused with a 400 that must match the schema).
Schemathesis' "positive data acceptance" check is left out: a well-formed request may still
break a tournament rule (a finished event, a game already confirmed), which the API answers
with a 400 naming the reason.
A dozen examples per operation keep it in the normal suite; CI runs it on SQLite and
PostgreSQL. (Driven by hand rather than schemathesis' pytest plugin, which does not load
with this pytest version.)
"""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

pytestmark = pytest.mark.django_db

EXAMPLES_PER_OPERATION = 12


@pytest.fixture
def keep_test_connection():
    """Requests through the bare WSGI app would close the test's database connection at
    their end (Django's test client suspends the same handler)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def test_every_operation_answers_within_its_schema(finished_event, keep_test_connection):
    from tournament.accounts.api_tokens import make_token

    _token, raw = make_token(finished_event.organizer.user, "fuzz", ["read", "judge", "organize"])
    auth = {"Authorization": f"Bearer {raw}"}
    schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", get_wsgi_application())
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 10  # every endpoint of api_urls.py is in the schema

    failures = {}
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES_PER_OPERATION,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def check(case):
            case.call_and_validate(headers=auth, excluded_checks=[positive_data_acceptance])

        try:
            check()
        except Exception as error:  # report every operation, not only the first failure
            failures[operation.label] = error
    assert not failures, "\n\n".join(f"{label}: {error}" for label, error in failures.items())
