"""The stored final places (one SQL statement, `standings.writing.store_places`) equal the
engine's final-place order (`scoring.figures.final_place_key`) on random events.

The order is a [decision] of SPEC §6 (docs/recompute.md): the tournament winner, then total
points, the last round reached, the place in that last bracket (undecided last), unrazed
realms, games won; players equal on all of these share the place.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.figures import final_place_key, final_places
from tournament.standings.models import EventStanding
from tournament.standings.writing import store_places

pytestmark = pytest.mark.django_db(transaction=False)

# Small ranges so that ties on several figures at once happen often.
FIGURES = st.fixed_dictionaries(
    {
        "points": st.integers(0, 6),
        "last_round": st.integers(1, 3),
        "last_place": st.one_of(st.none(), st.integers(1, 4)),
        "unrazed_total": st.integers(0, 3),
        "games_won": st.integers(0, 2),
    }
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    rows=st.lists(FIGURES, min_size=9, max_size=9), winner=st.one_of(st.none(), st.integers(0, 8))
)
def test_stored_places_equal_the_engines_order(event, registered_players, rows, winner):
    registrations = list(event.registrations.order_by("pk"))
    EventStanding.objects.filter(event=event).delete()
    EventStanding.objects.bulk_create(
        EventStanding(
            event=event,
            registration=registration,
            player_id=registration.player_id,
            place=0,
            status=EventStanding.Status.WINNER if index == winner else EventStanding.Status.ACTIVE,
            **figures,
        )
        for index, (registration, figures) in enumerate(zip(registrations, rows, strict=True))
    )
    store_places(event.pk)
    stored = dict(EventStanding.objects.filter(event=event).values_list("registration_id", "place"))
    keys = [
        final_place_key(winner=index == winner, **figures) for index, figures in enumerate(rows)
    ]
    expected = final_places(keys)
    assert [stored[r.pk] for r in registrations] == expected
