"""Which officials of an imported event a ranking officer may confirm on acceptance (SPEC §9:
an official's points count only for an official matched to an account that existed before
the import, never silently to the importer). Anyone else in the list refuses the whole
acceptance, and nothing of it is kept."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.support.players import make_player
from tournament.accounts.models import Player
from tournament.ranking.models import RankedScore
from tournament.review.models import ReviewState
from tournament.review.services import accept, review_of, submit

pytestmark = pytest.mark.django_db


def _nothing_accepted(event) -> None:
    review = review_of(event)
    event.refresh_from_db()
    assert review.state == ReviewState.SUBMITTED and review.confirmed_officials == []
    assert not RankedScore.objects.filter(event=event).exists()
    assert event.frozen_for_review


@pytest.mark.parametrize(
    "who",
    [
        "J-7",  # the file's judge: an account the import made, not one that existed before
        "H01",  # a player of the event, no official at all
        "newcomer",  # an account made after the import, nothing in the event
    ],
)
def test_an_official_beyond_the_confirmable_ones_refuses_the_acceptance(
    hand_event, importer, officer, who
):
    submit(hand_event, importer.user)
    if who == "newcomer":
        other = make_player("newcomer", "Nina Newcomer")
    else:
        other = Player.objects.get(player_number=who)
    # The importer may be confirmed (his account existed before the import): with anyone
    # else beside him, the list is refused as a whole.
    with pytest.raises(ValidationError, match="existed before the import"):
        accept(hand_event, officer, confirmed_officials=[importer.pk, other.pk])
    _nothing_accepted(hand_event)


def test_the_review_page_refuses_an_official_beyond_the_confirmable_ones(
    hand_event, importer, officer, client
):
    submit(hand_event, importer.user)
    judge = Player.objects.get(player_number="J-7")
    client.force_login(officer)
    url = reverse("review:decide", args=[hand_event.pk])
    data = {"decision": "accept", "official": [str(importer.pk), str(judge.pk)]}
    response = client.post(url, data, follow=True)
    assert response.status_code == 200
    assert "existed before the import" in response.content.decode()
    _nothing_accepted(hand_event)


def test_the_confirmable_official_alone_is_accepted(hand_event, importer, officer):
    submit(hand_event, importer.user)
    accept(hand_event, officer, confirmed_officials=[importer.pk])
    review = review_of(hand_event)
    assert review.state == ReviewState.ACCEPTED and review.confirmed_officials == [importer.pk]
    # SPEC §9: the importer as coordinator, 1 point per participant: 9 players.
    row = RankedScore.objects.get(event=hand_event, player=importer)
    assert row.coordinator_points == 9
