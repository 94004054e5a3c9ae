import pytest

from tournament.rounds.services.rounds import publish_round, seat_next_round


@pytest.fixture
def running(event, registered_players):
    """A running event with round 1 seated and published: its first bracket."""
    event.status = "running"
    event.save()
    rnd = seat_next_round(event, seed=7)
    publish_round(rnd)
    return rnd.brackets.order_by("table").first()
