"""Property-based API test: every operation of the served schema, generated requests.

No answer may be a 5xx, every answer (404s and 400s included) must match the schema, and a
request the schema calls invalid must be refused (schemathesis' "negative data rejection":
a value of another type, out of its range or its enum, a required field left out).
Every request carries a token of the event's organizer with every scope, so the writes are
exercised too (most generated bodies are refused with a 400 that must match the schema).

Schemathesis' "positive data acceptance" check (a request the schema calls valid is not
refused with a 400) holds for every read; it is left out for the writes only, in both
tests: a write the schema calls valid may still break a rule that depends on the stored
data, which no JSON Schema constraint can state, and the API answers it with a 400 naming
the reason: a player number no player has, a webhook to a private address, a judge's
number that is nobody's, a game's counts for players not at the table. (The state's own
refusals, registration closed or a round still open, are 409s, which the check takes.)

A dozen examples per operation keep it in the normal suite; CI runs it on SQLite and
PostgreSQL. (Driven by hand rather than schemathesis' pytest plugin, which does not load
with this pytest version.)

The stateful test follows the schema's OpenAPI `links` (`api/schema.py`): an
answer's values feed the next request (an event just created → its settings, its status;
a list → its first item; a round → its first bracket), so sequences reach objects a single
generated request never finds; it asserts the share of the links it followed.
"""

import uuid
from collections import Counter

import pytest
import schemathesis
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, given, settings
from schemathesis.generation.stateful.state_machine import normalize_name
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tournament.leagues.models import League
from tournament.results.services import GameData, submit_entry
from tournament.webhooks.models import Kind, Webhook

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


def _left_out(case) -> list:
    """A read must take every request the schema calls valid; a write may refuse one for a
    tournament rule (above)."""
    return [] if case.operation.method.upper() == "GET" else [positive_data_acceptance]


def _link_names(spec: dict) -> set[str]:
    """Every link of the schema, named as schemathesis names a transition."""
    labels = {
        operation["operationId"]: f"{method.upper()} {path}"
        for path, item in spec["paths"].items()
        for method, operation in item.items()
    }
    return {
        f"{method.upper()} {path} -> [{status}] {name} -> {labels[link['operationId']]}"
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        for status, response in operation["responses"].items()
        for name, link in response.get("links", {}).items()
    }


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
            case.call_and_validate(headers=auth, excluded_checks=_left_out(case))

        try:
            check()
        except Exception as error:  # report every operation, not only the first failure
            failures[operation.label] = error
    assert not failures, "\n\n".join(f"{label}: {error}" for label, error in failures.items())


STATEFUL_SCENARIOS = 24
STATEFUL_STEPS = 24
EMPTY = {"GET /api/v1/", "GET /api/v1/ranking/", "GET /api/v1/ratings/"}
# The share of the schema's links the scenarios follow (with the values an answer gave).
LINKS_COVERED = 0.6


@pytest.fixture
def hooked(running, settings):
    """The running event with a webhook (to a closed local port: a delivery fails at once),
    a game entered by a judge waiting for a second official, and a league."""
    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = True
    event = running.round.event
    Webhook.objects.create(event=event, url="http://127.0.0.1:9/hook", kinds=Kind.values)
    League.objects.create(name="Autumn League", starts=event.date, ends=event.date)
    seated = [seat.registration.player for seat in running.seats.order_by("position")]
    unrazed = {str(p.pk): realms for p, realms in zip(seated, (6, 4, 3, 2), strict=False)}
    judge = event.judges.first()
    game = GameData(seated[0].pk, "victory", unrazed)
    submit_entry(running, game, judge, uuid.uuid4(), number=1)
    return event


def test_linked_operations_in_sequence_answer_within_their_schema(hooked, keep_test_connection):
    """Scenarios along the links, as the organizer of a running event (a published round 1
    with its brackets, a pending entry, a webhook; the scenarios create events of their
    own too): no 5xx, every answer within the schema, what a POST just made is found by the
    operations its links name (schemathesis' `ensure_resource_availability`), invalid data
    refused. At least `LINKS_COVERED` of the schema's links are followed.

    The links are the schema's own (`api/schema.py`); schemathesis' inference is left out:
    it guesses links from names (an event's id alone into an operation that also needs a
    bracket's), whose requests are merely 404s."""
    auth = _organizers_token(hooked)
    schema = _served_schema()
    schema.config.phases.stateful.inference.algorithms = []
    links = schema.statistic.transitions.total
    assert links >= 50  # the links are in the served schema
    lists = {
        f"GET {path}"
        for path, item in schema.raw_schema["paths"].items()
        if item.get("get", {}).get("responses", {}).get("200", {}).get("links")
    }

    @schema.hook
    def map_query(context, query):
        """A list a link starts from is read from its first page, unfiltered (a filter or a
        later page, which the test above fuzzes, mostly finds nothing to follow)."""
        if query and context.operation is not None and context.operation.label in lists:
            return {name: value for name, value in query.items() if name == "page_size"}
        return query

    answered = Counter()
    followed = set()

    class Organizer(schema.as_state_machine()):
        """The running event's organizer, with a token of every scope, along the links."""

        def setup(self):
            # Every scenario starts from the same data (Hypothesis replays a scenario to
            # shrink it): its writes are rolled back and the throttles' counts forgotten.
            self.scenario = transaction.atomic()
            self.scenario.__enter__()

        def teardown(self):
            followed.update(
                node.transition.id
                for node in self.recorder.cases.values()
                if node.transition is not None and node.is_transition_applied
            )
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
                # A well-formed write may still break a tournament rule (a player number
                # no player has): a 400 naming the reason (see the module's docstring).
                excluded_checks=_left_out(case),
                headers=auth,  # the token is the caller's: checks probe without it too
                transport_kwargs=kwargs or None,
                recorder=self.recorder,
            )

    # Scenarios start where the data is: a list with items, or a new event; an operation on
    # one object is reached through a link, with ids the API gave (a random id is merely a
    # 404). The index links nowhere, and the ranking and the ratings are empty until an
    # event is finished: the test above reads them.
    no_start = [label for label in Organizer._root_labels if "{" in label or label in EMPTY]
    for label in no_start:
        setattr(Organizer, normalize_name(f"RANDOM -> {label}"), None)
    assert len(no_start) < len(Organizer.root_rules)

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
    names = _link_names(schema.raw_schema)
    assert len(names) == links and followed <= names  # schemathesis counts the schema's links
    print(f"links followed: {len(followed)} of {links} ({len(followed) / links:.0%})")
    print("not followed:", *sorted(names - followed), sep="\n  ")
    # links were followed: operations on one object found it (not a 404) with the ids given
    found = {label for (label, status), _n in answered.items() if "{" in label and status != 404}
    assert len(found) >= 3, sorted(answered.items())
    assert len(followed) >= LINKS_COVERED * links, sorted(followed)
