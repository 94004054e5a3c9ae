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

The stateful test follows the schema's OpenAPI `links` (`api/schema.py`): an
answer's values feed the next request (an event just created → its status, its seating; a
list → its first item), so sequences reach objects a single generated request never finds.
"""

from collections import Counter

import pytest
import schemathesis
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, given, settings
from schemathesis.generation.stateful.state_machine import normalize_name
from schemathesis.specs.openapi.checks import (
    negative_data_rejection,
    positive_data_acceptance,
)

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


def _served_schema():
    return schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", get_wsgi_application())


def _organizers_token(event) -> dict:
    from tournament.accounts.api_tokens import make_token

    _token, raw = make_token(event.organizer.user, "fuzz", ["read", "judge", "organize"])
    return {"Authorization": f"Bearer {raw}"}


def test_every_operation_answers_within_its_schema(finished_event, keep_test_connection):
    auth = _organizers_token(finished_event)
    schema = _served_schema()
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 10  # every endpoint of api/urls.py is in the schema

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


STATEFUL_SCENARIOS = 40
STATEFUL_STEPS = 8


def test_linked_operations_in_sequence_answer_within_their_schema(running, keep_test_connection):
    """Scenarios along the links, as the organizer of a running event (a published round 1
    with its brackets; the scenarios create events of their own too): no 5xx, every answer
    within the schema, and what a POST just made is found by the operations its links name
    (schemathesis' `ensure_resource_availability`)."""
    auth = _organizers_token(running.round.event)
    schema = _served_schema()
    assert schema.statistic.transitions.total >= 30  # the links are in the served schema

    answered = Counter()

    class Organizer(schema.as_state_machine()):
        def setup(self):
            # Every scenario starts from the same data (Hypothesis replays a scenario to
            # shrink it): its writes are rolled back and the throttles' counts forgotten.
            self.scenario = transaction.atomic()
            self.scenario.__enter__()

        def teardown(self):
            transaction.set_rollback(True)
            self.scenario.__exit__(None, None, None)
            cache.clear()
            super().teardown()

        def get_call_kwargs(self, case):
            return {"headers": auth}

        def after_call(self, response, case):
            super().after_call(response, case)
            answered[(case.operation.label, response.status_code)] += 1

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            case.validate_response(
                response,
                # Scenarios send invalid data too: an answer must still match the schema, but
                # a filter left empty or an unreadable page_size is ignored (the default
                # page), as Django REST framework and django-filter do, not refused.
                excluded_checks=[positive_data_acceptance, negative_data_rejection],
                headers=auth,  # the token is the caller's: checks probe without it too
                transport_kwargs=kwargs or None,
                recorder=self.recorder,
            )

    # Scenarios start where the data is: a list, or a new event; an operation on one object
    # is reached through a link, with ids the API gave (a random id is merely a 404).
    on_one_object = [label for label in Organizer._root_labels if "{" in label]
    for label in on_one_object:
        setattr(Organizer, normalize_name(f"RANDOM -> {label}"), None)
    assert len(on_one_object) < len(Organizer.root_rules)

    Organizer.run(
        settings=settings(
            max_examples=STATEFUL_SCENARIOS,
            stateful_step_count=STATEFUL_STEPS,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
    )
    # links were followed: operations on one object found it (not a 404) with the ids given
    found = {label for (label, status), _n in answered.items() if "{" in label and status != 404}
    assert len(found) >= 3, sorted(answered.items())
