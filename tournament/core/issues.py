"""The one catalogue of the rules engine's messages: stable code → translated template.

Two kinds of engine findings are translated here: the event and game issues (`Issue`, by
`IssueCode`) and the deck checks' problems and notes (by their template's id).

The engine (`scoring`) reports every issue with a stable `IssueCode`, an English template
and its parameters. The event-file pages show ``path: message`` (the commands print the
engine's English messages, `eventfile/cli.py`); the result form words the issues it can
place next to a field itself (`results/messages.py`) and takes every other message from
here, translated by its code. The English msgids are the
engine's templates, copied so makemessages can extract them; a test checks they stay equal.
A template that counts things (the engine's `Plural`, or a deck template with a plural) is an
``ngettext_lazy`` entry with the engine's singular and plural, by the same count parameter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from scoring import decklist as parser_msgs
from scoring import deckrules as rules_msgs
from scoring.deckformat import GROUP_PLURALS, Note, Problem
from scoring.model import Issue, IssueCode

C = IssueCode

ISSUE_TEMPLATES: Mapping[IssueCode, Any] = {
    C.NOT_JSON: _("not valid JSON: %(error)s"),
    C.NUL_BYTE: _("contains a NUL byte: this is not a text file"),
    C.NESTED_TOO_DEEPLY: _("is nested too deeply (more than %(limit)s levels)"),
    C.TOO_MANY_VALUES: _("has more than %(limit)s values"),
    C.TOO_MANY_KEYS: ngettext_lazy(
        "has %(count)s key; at most %(limit)s", "has %(count)s keys; at most %(limit)s", "count"
    ),
    C.TOO_MANY_ENTRIES: ngettext_lazy(
        "has %(count)s entry; at most %(limit)s",
        "has %(count)s entries; at most %(limit)s",
        "count",
    ),
    C.MORE_ISSUES: ngettext_lazy("and %(count)s more issue", "and %(count)s more issues", "count"),
    C.TEXT_NUL: _("the text contains a NUL character"),
    C.TEXT_TOO_LONG: _("the text is too long: at most %(limit)s characters, got %(length)s"),
    C.TEXT_SURROGATE: _("the text contains an unpaired surrogate (not Unicode)"),
    C.NUMBER_TOO_LONG: _("a number has more than %(limit)s digits"),
    C.KEY_NUL: _("the key contains a NUL character"),
    C.KEY_TOO_LONG: _("the key is too long: at most %(limit)s characters, got %(length)s"),
    C.TEAM_VICTORY_REALMS: _(
        "winning team %(team)r has %(members)s unrazed realms; "
        "a team needs %(need)s together to win"
    ),
    C.NOT_UTF8: _("not UTF-8 text: %(error)s"),
    C.UNSUPPORTED_FORMAT: _("unsupported format %(format)r; expected %(expected)r"),
    C.NOT_OBJECT: _("must be an object, got %(kind)s"),
    C.NOT_COUNTS: _("must be an object of player id to count, got %(kind)s"),
    C.NOT_LIST: _("must be a list, got %(kind)s"),
    C.NOT_STRING: _("must be a string, got %(kind)s"),
    C.NOT_WHOLE_NUMBER: _("must be a whole number, got %(kind)s %(value)r"),
    C.NOT_BOOLEAN: _("must be true or false, got %(kind)s"),
    C.NOT_DATE: _("must be a date YYYY-MM-DD, got %(value)r"),
    C.EMPTY: _("must not be empty"),
    C.UNKNOWN_KEY: _("unknown key %(key)r"),
    C.MISSING_KEY: _("missing key %(key)r"),
    C.NOT_ONE_OF: _("must be one of %(options)s, got %(value)s"),
    C.UNKNOWN_VALUE: _("unknown value %(value)r; expected one of: %(options)s"),
    C.UNKNOWN_PLAYER: _("unknown player id %(player)r"),
    C.UNKNOWN_TEAM: _("unknown team id %(team)r"),
    C.DUPLICATE_PLAYER_ID: ngettext_lazy(
        "player id %(player)r is used %(count)s time",
        "player id %(player)r is used %(count)s times",
        "count",
    ),
    C.PLAYER_NUMBER_CHARS: _(
        "a player number is 1 to 20 letters (A-Z), digits, '.', '-' or '_', starting with "
        "a letter or digit: got %(number)r"
    ),
    C.DUPLICATE_TEAM_ID: _("team id %(team)r is used twice: teams[%(first)s] has it already"),
    C.DECK_SIZE: _("deck size must be one of %(sizes)s, not %(size)s"),
    C.EVENT_MULTIPLIER: _("event multiplier must be 1 or 2, not %(multiplier)s"),
    C.DIGIT_NOT_NO_XS: _('only a "no-xs" tournament has a digit'),
    C.NO_XS_NEEDS_DIGIT: _('a "no-xs" tournament needs its digit X (0-9): no_xs_digit'),
    C.NO_XS_DIGIT_RANGE: _("the No-Xs digit must be 0..9"),
    C.VARIANT_TWICE: _("a variant is listed twice"),
    C.TIME_LIMIT_RANGE: _("the time limit must be %(low)s to %(high)s minutes, not %(limit)s"),
    C.NOT_SEATED: _("%(player)r is not seated in this bracket"),
    C.COUNT_RANGE: _(
        "%(name)s count of %(player)r must be a whole number 0..%(high)s, got %(value)r"
    ),
    C.COUNT_MISSING: _("missing unrazed realm count of %(player)r"),
    C.WINNER_NOT_SEATED: _("winner %(winner)r is not seated in this bracket"),
    C.WINNER_COUNT_MISSING: _("winner %(winner)r has no unrazed realm count"),
    C.DROPPED_HAS_COUNT: _(
        "%(player)r dropped before this game: a dropped player takes no part in later games "
        "and has no count in them"
    ),
    C.DROPPED_WINNER: _(
        "%(player)r dropped before this game and cannot win it (a dropped player takes no "
        "part in later games)"
    ),
    C.VICTORY_NEEDS_WINNER: _("a game ended by the victory condition must have a winner"),
    C.VICTORY_BELOW_COUNT: _(
        "winner %(winner)r has %(own)s unrazed realms; the %(victory)s victory condition "
        "with %(size)s-card decks needs at least %(need)s"
    ),
    C.VICTORY_NOT_MOST: _(
        "winner %(winner)r has %(own)s unrazed realms but another player has %(best)s"
    ),
    C.CONQUEROR_BELOW_THREE: _(
        "winner %(winner)r has %(own)s unrazed realms; a Conqueror's Game winner has at "
        "least %(need)s"
    ),
    C.TIME_NOT_TIMED: _(
        "a game can end by time only in a timed event (the format has no time limit)"
    ),
    C.TIE_NEEDS_COUNTS: _("%(tied)s are tied; %(figure)s counts are needed to decide the game"),
    C.REALM_WINNER: _(
        "a game ended by %(how)s is won by the most unrazed realms (then razed realms, "
        "then holdings): expected %(expected)s, recorded %(recorded)r"
    ),
    C.TABLE_NUMBER: _("table must be a positive whole number"),
    C.BRACKET_SIZE: _("a bracket seats %(low)s to %(high)s players, not %(size)s"),
    C.LISTED_TWICE: ngettext_lazy(
        "%(player)r is listed %(count)s time", "%(player)r is listed %(count)s times", "count"
    ),
    C.GAME_AFTER_TWO_WINS: _(
        "no game may be recorded after %(player)r has won two games (the bracket is over)"
    ),
    C.GAME_AFTER_TIME: _(
        "no game may be recorded after a game ended by time (the bracket is over)"
    ),
    C.PLAYER_ID_EMPTY: _("player id must not be empty"),
    C.PLAYER_NAME_EMPTY: _("player name must not be empty"),
    C.ROUND_NUMBER: _("rounds are numbered 1, 2, 3…: expected %(expected)s, got %(number)s"),
    C.ROUND_EMPTY: _("a round needs a bracket"),
    C.TABLE_TWICE: _("table %(table)s is used twice"),
    C.SEATED_TWICE: _("%(player)r is seated twice in round %(round)s"),
    C.SEATED_AFTER_DROP: _("%(player)r dropped before round %(round)s"),
    C.JOINED_LATE: _("%(player)r did not play round 1 and cannot join round %(round)s"),
    C.SEATING_SIZES: ngettext_lazy(
        "%(count)s player is seated %(actual)s; brackets are of 3, with 4-player brackets "
        "only to absorb the remainder: %(expected)s",
        "%(count)s players are seated %(actual)s; brackets are of 3, with 4-player brackets "
        "only to absorb the remainder: %(expected)s",
        "count",
    ),
    C.CANNOT_SEAT: ngettext_lazy(
        "%(count)s player cannot be seated in brackets of 3 and 4 (at least 3 players, "
        "and not exactly 5)",
        "%(count)s players cannot be seated in brackets of 3 and 4 (at least 3 players, "
        "and not exactly 5)",
        "count",
    ),
    C.ROUND_AFTER_FINAL: _(
        "round %(round)s has a single bracket (the final): no round may follow it"
    ),
    C.BRACKET_UNFINISHED: _("round %(next)s is seated but this bracket is not finished"),
    C.TIEBREAK_NEEDED: _(
        "%(tied)s are tied: the judge's tiebreak_order is needed to close the bracket"
    ),
    C.NOT_ADVANCING: _(
        "%(player)r was eliminated by round %(round)s: only bracket winners advance (no "
        "wildcard is needed)"
    ),
    C.WRONG_WILDCARD: _(
        "%(player)r was eliminated by round %(round)s and is not a wildcard: the rules "
        "pick %(wildcards)s (most tournament points, then unrazed realms, games won, draw)"
    ),
    C.ADVANCER_MISSING: _(
        "%(player)r advances from round %(round)s (%(why)s) and must be seated in round %(next)s"
    ),
    C.DRAW_MISSING: _(
        "a wildcard after round %(round)s goes to the draw among %(tied)s (level on points, "
        "unrazed realms and games won): the event's draw must pick one of them"
    ),
    C.DRAW_NOT_TIED: _(
        "%(player)r is not a wildcard the draw can pick after round %(round)s: it picks "
        "%(count)s among %(tied)s (level on points, unrazed realms and games won)"
    ),
    C.DRAW_NOT_NEEDED: _(
        "%(player)r cannot be drawn after round %(round)s: no wildcard tie goes to the draw"
    ),
    C.WITHDRAWN_NOT_PLAYED: _(
        "%(player)r did not play round %(round)s and cannot withdraw after it"
    ),
    # one-on-one events (SPEC §11)
    C.STRUCTURE_NOT_HERE: _(
        "a %(structure)s event file is not accepted here: only bracket events are"
    ),
    C.TEAM_SPIRIT_ONE_ON_ONE: _("Team Spirit is played by teams in brackets, never one-on-one"),
    C.SWISS_ROUNDS_RANGE: _("an event plays at least one Swiss round, not %(value)s"),
    C.MATCH_SIZE: _("a match seats two players, not %(size)s"),
    C.NO_SHOW_NOT_PLAYER: _("no-show %(player)r is not a player of this match"),
    C.NO_SHOW_GAMES: _("%(player)r did not come: a match lost by a no-show has no games"),
    C.MATCH_OVER: _(
        "the match was decided after game %(games)s (%(score)s): no game may follow it"
    ),
    C.MATCH_NO_RESULT: _("round %(next)s is paired but this match has no result"),
    C.ROUND_NO_MATCH: _("a round needs a match"),
    C.NOT_PAIRED: _(
        "%(player)r has not dropped and is neither paired nor given the bye in round %(round)s"
    ),
    C.BYE_AND_MATCH: _("%(player)r has the bye in round %(round)s and also plays a match in it"),
    C.BYE_TWICE: _(
        "%(player)r already had a bye in round %(first)s: the bye goes to a player who "
        "has had none (%(fresh)s)"
    ),
    C.BYES_MANY: ngettext_lazy(
        "round %(round)s gives %(count)s bye: only the odd player out has one",
        "round %(round)s gives %(count)s byes: only the odd player out has one",
        "count",
    ),
    C.SWISS_ROUNDS_OVER: _(
        "the event plays %(rounds)s Swiss rounds: round %(round)s is one too many (a "
        'top-cut round says "cut": true)'
    ),
    C.CUT_NONE: _("the event has no top cut (top_cut is 0)"),
    C.CUT_EARLY: _(
        "the top cut follows the %(rounds)s Swiss rounds: round %(round)s comes too early"
    ),
    C.CUT_OVER: ngettext_lazy(
        "a top cut of %(cut)s has %(rounds)s round: round %(round)s is one too many",
        "a top cut of %(cut)s has %(rounds)s rounds: round %(round)s is one too many",
        "rounds",
    ),
    C.CUT_BYE: _("a top-cut round has no byes"),
    C.CUT_TOO_BIG: _(
        "a top cut of %(cut)s needs %(cut)s players who did not drop; the Swiss rounds "
        "have %(count)s"
    ),
    C.CUT_UNDECIDED: _(
        "a top-cut match goes on until a player has won %(wins)s games: round %(next)s "
        "is paired before it ends"
    ),
    C.CUT_PAIRING: _(
        "round %(round)s of the top cut pairs %(expected)s (the Swiss standing: 1 v 8, 4 "
        "v 5, 2 v 7, 3 v 6, then the winners): %(pair)s is not one of them"
    ),
    C.CUT_MATCH_MISSING: _("round %(round)s of the top cut has no match %(pair)s"),
}


# Words the engine puts into parameters (the kind of a JSON value, how a game ended, why a
# player advances), translated where they appear.
PARAM_WORDS: Mapping[str, Any] = {
    "an object": _("an object"),
    "a list": _("a list"),
    "a string": _("a string"),
    "a boolean": _("a boolean"),
    "a number": _("a number"),
    "a decimal number": _("a decimal number"),
    "null": _("null"),
    "running out of cards": _("running out of cards"),
    "time": _("time"),
    "bracket winner": _("bracket winner"),
    "wildcard by only-candidate": _("wildcard, the only candidate"),
    "wildcard by points": _("wildcard by points"),
    "wildcard by unrazed": _("wildcard by unrazed realms"),
    "wildcard by games-won": _("wildcard by games won"),
    "wildcard by draw": _("wildcard by the recorded draw"),
}
WORD_PARAMS = ("kind", "how", "why")


def issue_message(issue: Issue) -> str:
    """The issue's message in the active language (the engine's English otherwise)."""
    template = ISSUE_TEMPLATES.get(issue.code)
    if template is None or issue.params is None:
        return issue.message  # built by the site, already translated
    params = dict(issue.params)
    for name in WORD_PARAMS:
        word = params.get(name)
        if isinstance(word, str) and word in PARAM_WORDS:
            params[name] = str(PARAM_WORDS[word])
    return str(template % params)  # an ngettext template picks its form by the count


def issue_line(issue: Issue) -> str:
    """``path: message``, as the event-file commands print it, translated."""
    return f"{issue.path}: {issue_message(issue)}"


# --- deck checks ---------------------------------------------------------------------

# Keys are the ids of the deck core's templates (`scoring.deckformat.MessageTemplate`); the
# literal copies of the English let makemessages extract them, and a test keeps them equal.
DECK_TEMPLATES: Mapping[str, Any] = {
    parser_msgs.MSG_UNKNOWN_CARD.id: _(
        'Line %(line)s: unknown card "%(name)s". Did you mean one of these?'
    ),
    parser_msgs.MSG_UNKNOWN_CARD_NO_MATCH.id: _(
        'Line %(line)s: unknown card "%(name)s" (no similar name).'
    ),
    parser_msgs.MSG_UNKNOWN_CARD_UNSUGGESTED.id: _(
        'Line %(line)s: unknown card "%(name)s" (too many unknown lines to suggest names).'
    ),
    parser_msgs.MSG_UNKNOWN_NUMBER.id: _("Line %(line)s: no card has the number %(card_id)s."),
    parser_msgs.MSG_PLACEHOLDER.id: _(
        "Line %(line)s: %(card_id)s is not a card (placeholder: %(note)s)"
    ),
    parser_msgs.MSG_NUMBER_MISMATCH.id: _(
        'Line %(line)s: %(card_id)s is "%(card_name)s", not "%(name)s".'
    ),
    parser_msgs.MSG_NUMBER_MISMATCH_HINT.id: _(
        'Line %(line)s: %(card_id)s is "%(card_name)s", not "%(name)s" (printed as %(printings)s).'
    ),
    parser_msgs.MSG_AMBIGUOUS.id: _(
        'Line %(line)s: "%(name)s" is ambiguous. '
        "Add the number or put it under a type heading. It may be:"
    ),
    parser_msgs.MSG_AMBIGUOUS_CHOICE.id: _(
        'Line %(line)s: "%(name)s" could be more than one card. '
        "Which one? Write its exact name or add its number. It may be:"
    ),
    parser_msgs.MSG_HEADING_COUNT.id: _(
        'Line %(line)s: the heading "%(heading)s" says %(declared)s cards, '
        "but %(counted)s are listed under it."
    ),
    parser_msgs.MSG_TOTAL_COUNT.id: _(
        "Line %(line)s: the list says it has %(declared)s cards, but %(counted)s are listed."
    ),
    parser_msgs.MSG_UNKNOWN_RAW.id: _(
        "Line %(line)s: CrossFire's number %(set)s %(number)s is no card."
    ),
    parser_msgs.MSG_BAD_COUNT.id: _("Line %(line)s: the count must be at least 1."),
    parser_msgs.MSG_COUNT_TOO_LARGE.id: _(
        "Line %(line)s: a count of %(count)s is more than any deck holds (at most %(max)s)."
    ),
    parser_msgs.MSG_LINE_TOO_LONG.id: _(
        "Line %(line)s is too long (%(length)s characters, at most %(max)s)."
    ),
    parser_msgs.MSG_TEXT_TOO_LONG.id: _(
        "The list is too long: %(length)s characters, at most %(max)s."
    ),
    parser_msgs.MSG_TOO_MANY_LINES.id: _(
        "The list has too many lines: %(count)s, at most %(max)s."
    ),
    parser_msgs.MSG_UNKNOWN_SECTION.id: _(
        'Line %(line)s: "%(header)s" is not a card type heading.'
    ),
    rules_msgs.MSG_TOTAL_SIZE.id: ngettext_lazy(
        "The deck has %(count)s card (not counting a dungeon); it must have %(size)s.",
        "The deck has %(count)s cards (not counting a dungeon); it must have %(size)s.",
        "count",
    ),
    rules_msgs.MSG_TYPE_MIN.id: _("%(group)s: %(count)s, at least %(min)s in a %(size)s-card deck"),
    rules_msgs.MSG_TYPE_MAX.id: _("%(group)s: %(count)s, at most %(max)s in a %(size)s-card deck"),
    rules_msgs.MSG_LEVEL_TOTAL.id: _(
        "Champion levels total %(total)s, at most %(max)s in a %(size)s-card deck "
        "(%(free)s free avatar(s) not counted)"
    ),
    rules_msgs.MSG_DUNGEON.id: _(
        "Dungeons: %(count)s, at most one dungeon card (it is free: not part of the deck)"
    ),
    rules_msgs.MSG_DUPLICATE.id: ngettext_lazy(
        "%(name)s: %(count)s copy (lines %(lines)s), only one allowed",
        "%(name)s: %(count)s copies (lines %(lines)s), only one allowed",
        "count",
    ),
    rules_msgs.MSG_DUPLICATE_LIMIT.id: ngettext_lazy(
        "%(name)s: %(count)s copy (lines %(lines)s), at most %(limit)s allowed",
        "%(name)s: %(count)s copies (lines %(lines)s), at most %(limit)s allowed",
        "count",
    ),
    rules_msgs.MSG_BANNED.id: _("%(name)s is banned in TAV"),
    rules_msgs.MSG_NO_XS.id: _(
        "%(name)s (%(card_id)s): its number contains %(digit)s (No-%(digit)ss)"
    ),
    rules_msgs.MSG_NO_XS_NUMBER.id: _(
        "%(name)s: some printings contain %(digit)s (No-%(digit)ss); "
        "give the number, e.g. %(allowed)s"
    ),
    rules_msgs.MSG_WORLD_WAR.id: _(
        "%(name)s (%(card_id)s) is from %(world)s; World War! decks use one world (%(main)s)"
    ),
    rules_msgs.MSG_WORLD_WAR_NO_WORLD.id: _(
        "%(name)s (%(card_id)s) has no world logo (%(world)s): not allowed in World War!"
    ),
    rules_msgs.MSG_WORLD_WAR_GENERIC.id: _(
        "%(name)s (%(card_id)s) is a generic artifact: not allowed in World War!"
    ),
    rules_msgs.MSG_SHATTERED_LAND.id: _(
        "%(name)s (%(card_id)s) is from %(world)s; Shattered Land allows Dark Sun only"
    ),
    rules_msgs.MSG_WC_TYPE.id: _("%(name)s: %(type)s cards are not allowed in Wizard's Challenge"),
    rules_msgs.MSG_WC_PHASE.id: _(
        "%(name)s (%(card_id)s) cannot be cast in phase 4 or at any time (Wizard's Challenge)"
    ),
    rules_msgs.MSG_WC_WIZARD_ONLY.id: _(
        "%(name)s (%(card_id)s): only wizard spells are allowed in Wizard's Challenge (Regra 5.0)"
    ),
    rules_msgs.MSG_SIDEBOARD_SIZE.id: ngettext_lazy(
        "Sideboard: %(count)s card, it must have exactly %(size)s "
        "(or say that you play without a sideboard)",
        "Sideboard: %(count)s cards, it must have exactly %(size)s "
        "(or say that you play without a sideboard)",
        "count",
    ),
    rules_msgs.MSG_SIDEBOARD_OPT_OUT_WITH_CARDS.id: ngettext_lazy(
        "Sideboard: %(count)s card listed, but the list says it plays without a sideboard",
        "Sideboard: %(count)s cards listed, but the list says it plays without a sideboard",
        "count",
    ),
    rules_msgs.MSG_SIDEBOARD_DECK_SIZE.id: _(
        "The Sideboard variant is played with %(required)s-card decks (plus an optional "
        "dungeon); this event's decks have %(size)s cards"
    ),
    rules_msgs.MSG_SIDEBOARD_NOT_ALLOWED.id: ngettext_lazy(
        "Sideboard: %(count)s card, but this event has no Sideboard variant",
        "Sideboard: %(count)s cards, but this event has no Sideboard variant",
        "count",
    ),
    rules_msgs.MSG_SWAP_COUNT.id: _(
        "Swap: %(out)s card(s) out and %(in)s in; swaps are one-for-one"
    ),
    rules_msgs.MSG_BLITZ_SIZE.id: ngettext_lazy(
        "The deck has %(count)s card; a Blitz deck has %(size)s.",
        "The deck has %(count)s cards; a Blitz deck has %(size)s.",
        "count",
    ),
    rules_msgs.MSG_BLITZ_LEVELS.id: _(
        "Champion levels total %(total)s, at most %(max)s in a Blitz deck"
    ),
    rules_msgs.MSG_BLITZ_AVATAR.id: _(
        "%(name)s (%(card_id)s) is an avatar: Blitz decks have no avatars"
    ),
    rules_msgs.MSG_BLITZ_DUNGEON.id: _(
        "%(name)s (%(card_id)s) is a dungeon: Blitz decks have no dungeons"
    ),
    rules_msgs.MSG_BLITZ_RULE.id: _(
        "%(name)s (%(card_id)s) is a rule card: Blitz decks have no rule cards"
    ),
    rules_msgs.MSG_SWAP_NOT_IN_DECK.id: _("Swap: %(name)s is not in the deck"),
    rules_msgs.MSG_SWAP_SAME_CARD.id: _(
        "Swap: %(name)s would go out and come back in; swap two different cards"
    ),
    rules_msgs.MSG_SWAP_NOT_IN_SIDEBOARD.id: _("Swap: %(name)s is not in the sideboard"),
    parser_msgs.MSG_READ_FIRST_WORDS.id: _(
        'Line %(line)s: "%(name)s" read as %(card_name)s (%(card_id)s), the only card whose '
        "name starts so."
    ),
    parser_msgs.MSG_READ_ARTICLE.id: _(
        'Line %(line)s: "%(name)s" read as %(card_name)s (%(card_id)s), its name without the '
        "article."
    ),
    parser_msgs.MSG_READ_FRENCH.id: _(
        'Line %(line)s: "%(name)s" is the French name of %(card_name)s (%(card_id)s).'
    ),
    parser_msgs.MSG_READ_GERMAN.id: _(
        'Line %(line)s: "%(name)s" is the German name of %(card_name)s (%(card_id)s).'
    ),
    parser_msgs.MSG_READ_ITALIAN.id: _(
        'Line %(line)s: "%(name)s" is the Italian name of %(card_name)s (%(card_id)s).'
    ),
    parser_msgs.MSG_READ_PORTUGUESE.id: _(
        'Line %(line)s: "%(name)s" is the Portuguese name of %(card_name)s (%(card_id)s).'
    ),
    parser_msgs.MSG_READ_SPANISH.id: _(
        'Line %(line)s: "%(name)s" is the Spanish name of %(card_name)s (%(card_id)s).'
    ),
    parser_msgs.MSG_READ_NEAR_NUMBER.id: _(
        'Line %(line)s: %(card_id)s is "%(card_name)s": read as that card, its name written '
        '"%(name)s".'
    ),
    parser_msgs.MSG_READ_BY_NAME.id: _(
        "Line %(line)s: no card has the number %(cited)s; read by its name as %(card_name)s "
        "(%(card_id)s)."
    ),
    parser_msgs.MSG_READ_RAW_NUMBER.id: _(
        "Line %(line)s: %(cited)s is CrossFire's number of the chase card %(card_id)s "
        "%(card_name)s."
    ),
    parser_msgs.MSG_NO_CARD_DATA.id: _(
        "This site has no card data yet: the list is saved but cannot be checked. "
        "The administrator imports the card data set (manage.py import_cards)."
    ),
    rules_msgs.NOTE_NO_TABLE.id: _(
        "%(size)s-card decks have no published construction table: only the size and the "
        "one-copy rule are checked."
    ),
    rules_msgs.NOTE_SEALED.id: _(
        "Sealed product: any sealed deck is legal; problems are reported, not blocking."
    ),
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
# One card's type, as a column or a chart names it (the card data's English type names).
CARD_TYPE_LABELS: Mapping[str, Any] = {
    "Ally": _("Ally"),
    "Artifact": _("Artifact"),
    "Blood Ability": _("Blood ability"),
    "Cleric Spell": _("Cleric spell"),
    "Cleric": _("Cleric"),
    "Event": _("Event"),
    "Hero": _("Hero"),
    "Holding": _("Holding"),
    "Magical Item": _("Magical item"),
    "Monster": _("Monster"),
    "Psionic Power": _("Psionic power"),
    "Psionicist": _("Psionicist"),
    "Realm": _("Realm"),
    "Regent": _("Regent"),
    "Rule": _("Rule card"),
    "Thief": _("Thief"),
    "Thief Ability": _("Thief ability"),
    "Unarmed Combat": _("Unarmed combat"),
    "Wizard Spell": _("Wizard spell"),
    "Wizard": _("Wizard"),
    "Dungeon": _("Dungeon"),
}


def group_label(group: str) -> str:
    """The translated plural label of a construction group (e.g. "Realm" → "Realms")."""
    return str(GROUP_LABELS.get(group, group))


def card_type_label(card_type: str) -> str:
    """A card type in the active language ("Hero" → "Herói"); an unknown one as it is."""
    return str(CARD_TYPE_LABELS.get(card_type, card_type))


def deck_message(finding: Problem | Note) -> str:
    """A deck check's problem or note in the active language (English when no translation
    exists); construction groups are named by their translated plural."""
    params = dict(finding.params)
    if "group" in params:
        params["group"] = str(_PLURAL_LABELS.get(params["group"], params["group"]))
    template = DECK_TEMPLATES.get(finding.template.id)
    if template is None:
        return finding.message
    try:
        return str(template % params)  # an ngettext template picks its form by the count
    except (KeyError, ValueError, TypeError):
        # A broken translation must never hide the problem itself.
        return finding.message
