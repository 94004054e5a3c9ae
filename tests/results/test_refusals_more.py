"""Refusals of the results services that a planted one-line bug once got past (SPEC §5
"Results entry"), each with the state left as it was."""

import pytest
from django.core.exceptions import ValidationError

from tests.results.test_refusals import confirmed_game
from tournament.results import services
from tournament.results.models import EntryStatus, Game


def test_a_confirmed_entry_cannot_be_rejected(judge, second_judge, bracket, seated):
    # SPEC §5: an accepted result changes only through a correction, which keeps its history.
    entry = confirmed_game(bracket, seated, judge, second_judge, seated[0])
    with pytest.raises(ValidationError, match="Only an unconfirmed entry can be rejected"):
        services.reject_entry(entry, judge)
    entry.refresh_from_db()
    assert entry.status == EntryStatus.CONFIRMED
    assert Game.objects.get(bracket=bracket, number=1).winner_id == seated[0].pk
