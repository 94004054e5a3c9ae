"""Format identifiers of SPEC §2, shared by models, forms, the event file and the API.

The identifiers come from the engine's enums (`scoring/model.py`); only the translated
labels are defined here."""

from enum import StrEnum

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring import model as engine


def engine_choices(name: str, labels: dict[StrEnum, str]) -> type[models.TextChoices]:
    """Django choices whose values are the engine enum's identifiers (the one source), with
    translated labels; every member of the engine enum must have a label."""
    (source,) = {type(member) for member in labels}
    if set(labels) != set(source):
        raise ValueError(f"{name}: every {source.__name__} member needs a label")
    members = [(member.name, (member.value, label)) for member, label in labels.items()]
    return models.TextChoices(name, members, module=__name__)


class Status(models.TextChoices):
    DRAFT = "draft", _("Draft")
    REGISTRATION = "registration", _("Registration open")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")


class Structure(models.TextChoices):
    """How an event's players meet (SPEC §4 brackets; SPEC §11 one-on-one)."""

    BRACKETS = "brackets", _("Brackets of three or four")
    ONE_ON_ONE = "one-on-one", _("One-on-one (Swiss rounds and a top cut)")


class BestOf(models.IntegerChoices):
    ONE = 1, _("Best of 1")
    THREE = 3, _("Best of 3")


class TopCut(models.IntegerChoices):
    NONE = 0, _("No top cut")
    TWO = 2, _("Top 2")
    FOUR = 4, _("Top 4")
    EIGHT = 8, _("Top 8")


class DeckSize(models.IntegerChoices):
    NEWBIE = 25, _("25 (Barbaric Newbie)")
    STANDARD = 55, _("55 (standard)")
    LARGE = 75, _("75")
    HUGE = 110, _("110")


DeckRules = engine_choices(
    "DeckRules",
    {
        engine.DeckRules.COMMUNITY: _("Community rules"),
        engine.DeckRules.TAV: _("The Antigonish Variant (TAV)"),
        engine.DeckRules.BLITZ: _("Blitz (25 cards, today's official rules)"),
    },
)


TournamentType = engine_choices(
    "TournamentType",
    {
        engine.TournamentType.CHAMPIONSHIP: _("Championship"),
        engine.TournamentType.CONQUERORS_GAME: _("Conqueror's Game"),
        engine.TournamentType.KINGS_DECREE: _("King's Decree"),
        engine.TournamentType.SEALED_DECK: _("Sealed Deck"),
        engine.TournamentType.MASTERS_STRATEGY: _("Master's Strategy"),
        engine.TournamentType.NO_XS: _("No-Xs"),
        engine.TournamentType.THE_GRIND: _("The Grind"),
        engine.TournamentType.RULE_LAWYERS_DELIGHT: _("Rule Lawyer's Delight"),
        engine.TournamentType.SHATTERED_LAND: _("Shattered Land"),
        engine.TournamentType.TEAM_SPIRIT: _("Team Spirit"),
        engine.TournamentType.WARRIORS_RULE: _("Warrior's Rule"),
        engine.TournamentType.WIZARDS_CHALLENGE: _("Wizard's Challenge"),
        engine.TournamentType.WORLD_WAR: _("World War!"),
        engine.TournamentType.CARD_HEART_ATTACK: _("Infarte no Coração das Cartas"),
    },
)


Variant = engine_choices(
    "Variant",
    {
        engine.Variant.ALLIES: _("Allies"),
        engine.Variant.DESTROYED_WORLDS: _("Destroyed Worlds"),
        engine.Variant.FEAR_OF_UNDEAD: _("Fear of Undead"),
        engine.Variant.DUNGEON_DISCARD: _("The Dungeon Discard"),
        engine.Variant.MELON_RULE: _("Melon Rule"),
        engine.Variant.QUESTING: _("Questing"),
        engine.Variant.SIDEBOARD: _("Sideboard"),
    },
)


Victory = engine_choices(
    "Victory",
    {
        engine.Victory.STANDARD: _("Standard"),
        engine.Victory.ENHANCED: _("Enhanced"),
        engine.Victory.BARBARIC: _("Barbaric"),
        engine.Victory.BARBARIC_NEWBIE: _("Barbaric Newbie"),
    },
)


RulesEdition = engine_choices(
    "RulesEdition",
    {
        engine.RulesEdition.COMMUNITY_0_9: _("Community Rules 0.9"),
        engine.RulesEdition.REGRA_5_0: _("Regra 5.0 (Brazilian league)"),
    },
)


PointsMode = engine_choices(
    "PointsMode",
    {
        engine.PointsMode.CUMULATIVE: _("Every bracket counts"),
        engine.PointsMode.LAST_BRACKET: _("Last bracket only"),
    },
)


class PaperSize(models.TextChoices):
    A4 = "A4", _("A4")
    LETTER = "Letter", _("US Letter")
