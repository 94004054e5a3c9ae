"""Format identifiers of SPEC §2, shared by models, forms, the event file and the API."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Status(models.TextChoices):
    DRAFT = "draft", _("Draft")
    REGISTRATION = "registration", _("Registration open")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")


class DeckSize(models.IntegerChoices):
    NEWBIE = 25, _("25 (Barbaric Newbie)")
    STANDARD = 55, _("55 (standard)")
    LARGE = 75, _("75")
    HUGE = 110, _("110")


class DeckRules(models.TextChoices):
    COMMUNITY = "community", _("Community rules")
    TAV = "tav", _("The Antigonish Variant (TAV)")


class TournamentType(models.TextChoices):
    CHAMPIONSHIP = "championship", _("Championship")
    CONQUERORS_GAME = "conquerors-game", _("Conqueror's Game")
    KINGS_DECREE = "kings-decree", _("King's Decree")
    SEALED_DECK = "sealed-deck", _("Sealed Deck")
    MASTERS_STRATEGY = "masters-strategy", _("Master's Strategy")
    NO_XS = "no-xs", _("No-Xs")
    THE_GRIND = "the-grind", _("The Grind")
    RULE_LAWYERS_DELIGHT = "rule-lawyers-delight", _("Rule Lawyer's Delight")
    SHATTERED_LAND = "shattered-land", _("Shattered Land")
    TEAM_SPIRIT = "team-spirit", _("Team Spirit")
    WARRIORS_RULE = "warriors-rule", _("Warrior's Rule")
    WIZARDS_CHALLENGE = "wizards-challenge", _("Wizard's Challenge")
    WORLD_WAR = "world-war", _("World War!")
    CARD_HEART_ATTACK = "card-heart-attack", _("Infarte no Coração das Cartas")


class Variant(models.TextChoices):
    ALLIES = "allies", _("Allies")
    DESTROYED_WORLDS = "destroyed-worlds", _("Destroyed Worlds")
    FEAR_OF_UNDEAD = "fear-of-undead", _("Fear of Undead")
    DUNGEON_DISCARD = "dungeon-discard", _("The Dungeon Discard")
    MELON_RULE = "melon-rule", _("Melon Rule")
    QUESTING = "questing", _("Questing")
    SIDEBOARD = "sideboard", _("Sideboard")


class Victory(models.TextChoices):
    STANDARD = "standard", _("Standard")
    ENHANCED = "enhanced", _("Enhanced")
    BARBARIC = "barbaric", _("Barbaric")
    BARBARIC_NEWBIE = "barbaric-newbie", _("Barbaric Newbie")


class RulesEdition(models.TextChoices):
    COMMUNITY_0_9 = "community-0.9", _("Community Rules 0.9")
    REGRA_5_0 = "regra-5.0", _("Regra 5.0 (Brazilian league)")


class PointsMode(models.TextChoices):
    CUMULATIVE = "cumulative", _("Every bracket counts")
    LAST_BRACKET = "last-bracket", _("Last bracket only")


class PaperSize(models.TextChoices):
    A4 = "A4", _("A4")
    LETTER = "Letter", _("US Letter")
