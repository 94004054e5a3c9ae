"""`link_maker` builds the same paths as `reverse()` (it only avoids reversing per row)."""

import pytest
from django.urls import reverse
from django.utils import translation

from tournament.core.links import link_maker

AWKWARD = [
    "Realm|waterdeep",
    "Champion|drizzt do'urden",
    "Artifact|a/b c?d#e%f",
    "Ally|são jorge & ção",
    "Rule|100% [x] {y} ^z`",
]


@pytest.mark.parametrize("identity", AWKWARD)
def test_card_links_match_reverse(identity):
    assert link_maker("decks:card")(identity) == reverse("decks:card", args=[identity])


@pytest.mark.parametrize("language", ["en", "pt-br"])
def test_two_argument_links_match_reverse_in_each_language(language):
    with translation.override(language):
        deck = link_maker("decks:registration_decklist", 2)
        assert deck(12, 345) == reverse("decks:registration_decklist", args=[12, 345])
        assert link_maker("decks:event_metagame")(7) == reverse("decks:event_metagame", args=[7])
