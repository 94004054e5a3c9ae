"""Property-based API test: every operation of the served schema, generated requests.

No answer may be a 5xx, and every answer (404s and 400s included) must match the schema.
A dozen examples per operation keep it in the normal suite; CI runs it on SQLite and
PostgreSQL. (Driven by hand rather than schemathesis' pytest plugin, which does not load
with this pytest version.)
"""

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, given, settings

pytestmark = pytest.mark.django_db

EXAMPLES_PER_OPERATION = 12


def test_every_operation_answers_within_its_schema(finished_event):
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
            case.call_and_validate()

        try:
            check()
        except Exception as error:  # report every operation, not only the first failure
            failures[operation.label] = error
    assert not failures, "\n\n".join(f"{label}: {error}" for label, error in failures.items())
