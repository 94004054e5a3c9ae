"""The site's choices and the pure engine's enums name the same SPEC §2 identifiers."""

import pytest

from scoring import model
from scoring.shorthand import TOURNAMENT_NAMES, VARIANT_NAMES, VICTORY_NAMES
from tournament.events import choices
from tournament.results.models import EndedBy
from tournament.standings.models import OfficialScore


@pytest.mark.parametrize(
    "site, engine",
    [
        (choices.TournamentType, model.TournamentType),
        (choices.Variant, model.Variant),
        (choices.Victory, model.Victory),
        (choices.DeckRules, model.DeckRules),
        (choices.PointsMode, model.PointsMode),
        (choices.RulesEdition, model.RulesEdition),
        (EndedBy, model.EndedBy),
        (OfficialScore.Role, model.Role),
    ],
)
def test_site_choices_match_engine_enums(site, engine):
    assert set(site.values) == {member.value for member in engine}


def test_every_identifier_has_a_printed_name():
    assert set(TOURNAMENT_NAMES) == set(choices.TournamentType.values)
    assert set(VARIANT_NAMES) == set(choices.Variant.values)
    assert set(VICTORY_NAMES) == set(choices.Victory.values)
    assert set(choices.DeckSize.values) == set(model.DECK_SIZES)
