"""Translations of the deck core's messages: English template → gettext_lazy template."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from scoring import decklist as parser_msgs
from scoring import deckrules as rules_msgs
from scoring.deckformat import GROUP_PLURALS, Problem

# Keys are the core's MSG_* constants; the literal copies let makemessages extract them.
TEMPLATES: Mapping[str, Any] = {
    parser_msgs.MSG_UNKNOWN_CARD: _(
        'Line %(line)s: unknown card "%(name)s". Closest matches: %(suggestions)s.'
    ),
    parser_msgs.MSG_UNKNOWN_CARD_NO_MATCH: _(
        'Line %(line)s: unknown card "%(name)s" (no similar name).'
    ),
    parser_msgs.MSG_UNKNOWN_CARD_UNSUGGESTED: _(
        'Line %(line)s: unknown card "%(name)s" (too many unknown lines to suggest names).'
    ),
    parser_msgs.MSG_UNKNOWN_NUMBER: _("Line %(line)s: no card has the number %(card_id)s."),
    parser_msgs.MSG_PLACEHOLDER: _(
        "Line %(line)s: %(card_id)s is not a card (placeholder: %(note)s)"
    ),
    parser_msgs.MSG_NUMBER_MISMATCH: _(
        'Line %(line)s: %(card_id)s is "%(card_name)s", not "%(name)s".'
    ),
    parser_msgs.MSG_NUMBER_MISMATCH_HINT: _(
        'Line %(line)s: %(card_id)s is "%(card_name)s", not "%(name)s" (printed as %(printings)s).'
    ),
    parser_msgs.MSG_AMBIGUOUS: _(
        'Line %(line)s: "%(name)s" is ambiguous: %(options)s. '
        "Add the number or put it under a type heading."
    ),
    parser_msgs.MSG_AMBIGUOUS_CHOICE: _(
        'Line %(line)s: "%(name)s" could be more than one card: %(options)s. '
        "Which one? Write its exact name or add its number."
    ),
    parser_msgs.MSG_BAD_COUNT: _("Line %(line)s: the count must be at least 1."),
    parser_msgs.MSG_COUNT_TOO_LARGE: _(
        "Line %(line)s: a count of %(count)s is more than any deck holds (at most %(max)s)."
    ),
    parser_msgs.MSG_LINE_TOO_LONG: _(
        "Line %(line)s is too long (%(length)s characters, at most %(max)s)."
    ),
    parser_msgs.MSG_TEXT_TOO_LONG: _(
        "The list is too long: %(length)s characters, at most %(max)s."
    ),
    parser_msgs.MSG_TOO_MANY_LINES: _("The list has too many lines: %(count)s, at most %(max)s."),
    parser_msgs.MSG_UNKNOWN_SECTION: _('Line %(line)s: "%(header)s" is not a card type heading.'),
    rules_msgs.MSG_TOTAL_SIZE: _(
        "The deck has %(count)s cards (not counting a dungeon); it must have %(size)s."
    ),
    rules_msgs.MSG_TYPE_MIN: _("%(group)s: %(count)s, at least %(min)s in a %(size)s-card deck"),
    rules_msgs.MSG_TYPE_MAX: _("%(group)s: %(count)s, at most %(max)s in a %(size)s-card deck"),
    rules_msgs.MSG_LEVEL_TOTAL: _(
        "Champion levels total %(total)s, at most %(max)s in a %(size)s-card deck "
        "(%(free)s free avatar(s) not counted)"
    ),
    rules_msgs.MSG_DUNGEON: _(
        "Dungeons: %(count)s, at most one dungeon card (it is free: not part of the deck)"
    ),
    rules_msgs.MSG_DUPLICATE: _("%(name)s: %(count)s copies, only one allowed"),
    rules_msgs.MSG_DUPLICATE_LIMIT: _("%(name)s: %(count)s copies, at most %(limit)s allowed"),
    rules_msgs.MSG_BANNED: _("%(name)s is banned in TAV"),
    rules_msgs.MSG_NO_XS: _(
        "%(name)s (%(card_id)s): its number contains %(digit)s (No-%(digit)ss)"
    ),
    rules_msgs.MSG_NO_XS_NUMBER: _(
        "%(name)s: some printings contain %(digit)s (No-%(digit)ss); "
        "give the number, e.g. %(allowed)s"
    ),
    rules_msgs.MSG_WORLD_WAR: _(
        "%(name)s (%(card_id)s) is from %(world)s; World War! decks use one world (%(main)s)"
    ),
    rules_msgs.MSG_WORLD_WAR_NO_WORLD: _(
        "%(name)s (%(card_id)s) has no world logo (%(world)s): not allowed in World War!"
    ),
    rules_msgs.MSG_WORLD_WAR_GENERIC: _(
        "%(name)s (%(card_id)s) is a generic artifact: not allowed in World War!"
    ),
    rules_msgs.MSG_SHATTERED_LAND: _(
        "%(name)s (%(card_id)s) is from %(world)s; Shattered Land allows Dark Sun only"
    ),
    rules_msgs.MSG_WC_TYPE: _("%(name)s: %(type)s cards are not allowed in Wizard's Challenge"),
    rules_msgs.MSG_WC_PHASE: _(
        "%(name)s (%(card_id)s) cannot be cast in phase 4 or at any time (Wizard's Challenge)"
    ),
    rules_msgs.MSG_WC_WIZARD_ONLY: _(
        "%(name)s (%(card_id)s): only wizard spells are allowed in Wizard's Challenge (Regra 5.0)"
    ),
    rules_msgs.MSG_SIDEBOARD_SIZE: _(
        "Sideboard: %(count)s cards, it must have exactly %(size)s "
        "(or say that you play without a sideboard)"
    ),
    rules_msgs.MSG_SIDEBOARD_OPT_OUT_WITH_CARDS: _(
        "Sideboard: %(count)s cards listed, but the list says it plays without a sideboard"
    ),
    rules_msgs.MSG_SIDEBOARD_DECK_SIZE: _(
        "The Sideboard variant is played with %(required)s-card decks (plus an optional "
        "dungeon); this event's decks have %(size)s cards"
    ),
    rules_msgs.MSG_SIDEBOARD_NOT_ALLOWED: _(
        "Sideboard: %(count)s cards, but this event has no Sideboard variant"
    ),
    rules_msgs.MSG_SWAP_COUNT: _("Swap: %(out)s card(s) out and %(in)s in; swaps are one-for-one"),
    rules_msgs.MSG_SWAP_NOT_IN_DECK: _("Swap: %(name)s is not in the deck"),
    rules_msgs.MSG_SWAP_SAME_CARD: _(
        "Swap: %(name)s would go out and come back in; swap two different cards"
    ),
    rules_msgs.MSG_SWAP_NOT_IN_SIDEBOARD: _("Swap: %(name)s is not in the sideboard"),
}

GROUP_LABELS: Mapping[str, Any] = {
    "Rule": _("Rule cards"),
    "Realm": _("Realms"),
    "Holding": _("Holdings"),
    "Champion": _("Champions"),
    "Artifact": _("Artifacts"),
    "Magical Item": _("Magical items"),
    "Event": _("Events"),
    "Ally": _("Allies"),
    "Blood Ability": _("Blood abilities"),
    "Cleric Spell": _("Cleric spells"),
    "Psionic Power": _("Psionic powers"),
    "Thief Ability": _("Thief abilities"),
    "Unarmed Combat": _("Unarmed combat"),
    "Wizard Spell": _("Wizard spells"),
    "Dungeon": _("Dungeons"),
}
_PLURAL_LABELS = {plural: GROUP_LABELS[group] for group, plural in GROUP_PLURALS.items()}

NOTE_NO_TABLE = _(
    "%(size)s-card decks have no published construction table: only the size and the "
    "one-copy rule are checked."
)
NOTE_SEALED = _("Sealed product: any sealed deck is legal; problems are reported, not blocking.")


def group_label(group: str) -> str:
    """The translated plural label of a construction group (e.g. "Realm" → "Realms")."""
    return str(GROUP_LABELS.get(group, group))


def render_problem(p: Problem) -> str:
    """The problem's message in the active language (English when no translation exists)."""
    params = dict(p.params)
    if "group" in params:
        params["group"] = str(_PLURAL_LABELS.get(params["group"], params["group"]))
    template = TEMPLATES.get(p.template)
    if template is None:
        return p.message
    try:
        return str(template) % params
    except (KeyError, ValueError, TypeError):
        # A broken translation must never hide the problem itself.
        return p.message


def render_note(note: str, size: int) -> str:
    """Translate one of the validator's notes (they arrive already formatted in English)."""
    if note == rules_msgs.NOTE_SEALED:
        return str(NOTE_SEALED)
    if note == rules_msgs.NOTE_NO_TABLE % {"size": size}:
        return str(NOTE_NO_TABLE) % {"size": size}
    return note
