"""Fixtures of the event-file tests: the organizer and judges of a site event."""

from __future__ import annotations

import pytest

from tournament.accounts.models import Player


@pytest.fixture
def officials(organizer, judge, second_judge) -> tuple[Player, list[Player]]:
    return organizer, [judge, second_judge]
