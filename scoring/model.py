"""Data types of an event's results for the rules engine (SPEC §5, §6, §8).

Everything here is immutable and free of Django. Enum values are exactly the SPEC
identifiers, so ``Victory("standard")`` and ``Victory.STANDARD == "standard"`` both work.
Constructors accept lists/dicts/plain strings and normalise them (tuples, enums), so a
bridge from database rows can pass what it has.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "DECK_SIZES",
    "MAX_REALMS",
    "VICTORY_REALMS",
    "Bracket",
    "DeckRules",
    "EndedBy",
    "EventRecord",
    "Format",
    "Game",
    "Issue",
    "IssueCode",
    "Official",
    "PlayerRef",
    "PointsMode",
    "Role",
    "Round",
    "RulesEdition",
    "Team",
    "TournamentType",
    "Variant",
    "Victory",
]


class EndedBy(StrEnum):
    """How a game ended."""

    VICTORY = "victory"
    OUT_OF_CARDS = "out_of_cards"
    TIME = "time"


class Victory(StrEnum):
    """Victory condition of the event."""

    STANDARD = "standard"
    ENHANCED = "enhanced"
    BARBARIC = "barbaric"
    BARBARIC_NEWBIE = "barbaric-newbie"


class RulesEdition(StrEnum):
    """Which rules text decides where the texts differ (SPEC §2)."""

    COMMUNITY_0_9 = "community-0.9"
    REGRA_5_0 = "regra-5.0"


class PointsMode(StrEnum):
    """Whether every bracket earns points or only a player's last one."""

    CUMULATIVE = "cumulative"
    LAST_BRACKET = "last-bracket"


class DeckRules(StrEnum):
    """Deck construction table in use."""

    COMMUNITY = "community"
    TAV = "tav"
    # Today's official 25-card rules on this card pool (SPEC §2, §3 [decision]).
    BLITZ = "blitz"


class TournamentType(StrEnum):
    """Tournament types (000 *TOURNAMENT TYPES* plus 003's card-heart-attack)."""

    CHAMPIONSHIP = "championship"
    CONQUERORS_GAME = "conquerors-game"
    KINGS_DECREE = "kings-decree"
    SEALED_DECK = "sealed-deck"
    MASTERS_STRATEGY = "masters-strategy"
    NO_XS = "no-xs"
    THE_GRIND = "the-grind"
    RULE_LAWYERS_DELIGHT = "rule-lawyers-delight"
    SHATTERED_LAND = "shattered-land"
    TEAM_SPIRIT = "team-spirit"
    WARRIORS_RULE = "warriors-rule"
    WIZARDS_CHALLENGE = "wizards-challenge"
    WORLD_WAR = "world-war"
    CARD_HEART_ATTACK = "card-heart-attack"


class Variant(StrEnum):
    """Optional variants (000 *VARIANTS*)."""

    ALLIES = "allies"
    DESTROYED_WORLDS = "destroyed-worlds"
    FEAR_OF_UNDEAD = "fear-of-undead"
    DUNGEON_DISCARD = "dungeon-discard"
    MELON_RULE = "melon-rule"
    QUESTING = "questing"
    SIDEBOARD = "sideboard"


class Role(StrEnum):
    """Role of an official."""

    COORDINATOR = "coordinator"
    JUDGE = "judge"


DECK_SIZES: tuple[int, ...] = (25, 55, 75, 110)
# Deck-table maximum of realms; 25-card decks have no table, so they use the 55 limit.
MAX_REALMS: Mapping[int, int] = {25: 15, 55: 15, 75: 20, 110: 30}
VICTORY_REALMS: Mapping[Victory, int] = {
    Victory.STANDARD: 6,
    Victory.ENHANCED: 10,
    Victory.BARBARIC: 6,
    Victory.BARBARIC_NEWBIE: 3,
}
# 000 *GAME END*: "Decks composed of 110 cards end when one player has 10 unrazed realms",
# whatever the victory condition's name (SPEC §2).
LARGE_DECK_SIZE, LARGE_DECK_VICTORY_REALMS = 110, 10
# 000 *TOURNAMENT TYPES*, Conqueror's Game: the winner "has at least three unrazed realms".
CONQUEROR_MIN_REALMS = 3
# Victory checked at the start of the winner's turn: the winner need not lead at the end.
TURN_START_VICTORIES = frozenset({Victory.BARBARIC, Victory.BARBARIC_NEWBIE})
# Regra 5.0 (003 *Condições de Vitória*) checks Standard and Enhanced at the start of the turn.
REGRA_5_TURN_START_VICTORIES = frozenset({Victory.STANDARD, Victory.ENHANCED})
# Bounds of a round's time limit, in minutes (the site's form uses the same).
MIN_TIME_LIMIT_MINUTES, MAX_TIME_LIMIT_MINUTES = 10, 600


def _set(obj: object, name: str, value: object) -> None:
    # Frozen dataclasses normalise their own fields in __post_init__ this way.
    object.__setattr__(obj, name, value)


def _counts(value: Mapping[str, int] | None) -> dict[str, int] | None:
    return None if value is None else dict(value)


@dataclass(frozen=True, slots=True)
class Format:
    """An event's format (SPEC §2)."""

    deck_size: int = 55
    deck_rules: DeckRules = DeckRules.COMMUNITY
    tournament_type: TournamentType = TournamentType.CHAMPIONSHIP
    victory: Victory = Victory.STANDARD
    scored: bool = True
    event_multiplier: int = 1
    points_mode: PointsMode = PointsMode.CUMULATIVE
    variants: tuple[Variant, ...] = ()
    time_limit_minutes: int | None = None
    no_xs_digit: int | None = None
    rules_edition: RulesEdition = RulesEdition.COMMUNITY_0_9

    def __post_init__(self) -> None:
        _set(self, "rules_edition", RulesEdition(self.rules_edition))
        _set(self, "deck_rules", DeckRules(self.deck_rules))
        _set(self, "tournament_type", TournamentType(self.tournament_type))
        _set(self, "victory", Victory(self.victory))
        _set(self, "points_mode", PointsMode(self.points_mode))
        _set(self, "variants", tuple(Variant(v) for v in self.variants))

    @property
    def max_realms(self) -> int:
        """Most realms a deck of this size may hold (upper bound of a realm count)."""
        return MAX_REALMS.get(self.deck_size, max(MAX_REALMS.values()))

    @property
    def timed(self) -> bool:
        """Whether rounds have a time limit (a game may then end by time called)."""
        return bool(self.time_limit_minutes)

    @property
    def victory_realms(self) -> int:
        """Unrazed realms needed to win by the victory condition (110-card decks: 10)."""
        if self.deck_size == LARGE_DECK_SIZE:
            return max(VICTORY_REALMS[self.victory], LARGE_DECK_VICTORY_REALMS)
        return VICTORY_REALMS[self.victory]

    @property
    def victory_at_turn_start(self) -> bool:
        """Victory is checked at the start of the winner's turn (Barbaric; Regra 5.0 too).

        Then another player may have had more realms when the game ended, so the winner
        need not have the most.
        """
        if self.victory in TURN_START_VICTORIES:
            return True
        return (
            self.rules_edition is RulesEdition.REGRA_5_0
            and self.victory in REGRA_5_TURN_START_VICTORIES
        )

    @property
    def wizard_spells_only(self) -> bool:
        """Regra 5.0 Wizard's Challenge allows only wizard spells (deck validation reads it)."""
        return (
            self.rules_edition is RulesEdition.REGRA_5_0
            and self.tournament_type is TournamentType.WIZARDS_CHALLENGE
        )


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A participant; ``id`` is the event-local key used in brackets and games."""

    id: str
    name: str
    player_number: str = ""


@dataclass(frozen=True, slots=True)
class Official:
    """The coordinator or an additional judge."""

    name: str
    player_number: str = ""
    played: bool = False
    role: Role = Role.JUDGE

    def __post_init__(self) -> None:
        _set(self, "role", Role(self.role))


@dataclass(frozen=True, slots=True)
class Game:
    """One game: winner (None = draw), how it ended, and per-player counts.

    ``razed`` and ``holdings`` are optional and only needed to break an unrazed tie in a
    game ended by running out of cards or by time (004).
    """

    winner: str | None
    ended_by: EndedBy
    unrazed: Mapping[str, int]
    razed: Mapping[str, int] | None = None
    holdings: Mapping[str, int] | None = None

    def __post_init__(self) -> None:
        _set(self, "ended_by", EndedBy(self.ended_by))
        _set(self, "unrazed", dict(self.unrazed))
        _set(self, "razed", _counts(self.razed))
        _set(self, "holdings", _counts(self.holdings))


@dataclass(frozen=True, slots=True)
class Bracket:
    """Players seated at one table for one round, and the games they played.

    ``dropped`` players left during the bracket (SPEC §4). ``dropped_after`` says, where it
    is known (the site records it), how many of the bracket's games were recorded before a
    player dropped; an event file does not say, and the engine infers it from the counts
    (see :func:`scoring.placement.drop_point`).
    """

    table: int
    players: tuple[str, ...]
    games: tuple[Game, ...] = ()
    tiebreak_order: tuple[str, ...] | None = None
    dropped: tuple[str, ...] = ()
    dropped_after: Mapping[str, int] | None = None

    def __post_init__(self) -> None:
        _set(self, "players", tuple(self.players))
        _set(self, "games", tuple(self.games))
        if self.tiebreak_order is not None:
            _set(self, "tiebreak_order", tuple(self.tiebreak_order))
        _set(self, "dropped", tuple(self.dropped))
        _set(self, "dropped_after", _counts(self.dropped_after) or {})

    @property
    def active(self) -> tuple[str, ...]:
        """Seated players who have not dropped, in seat order."""
        return tuple(p for p in self.players if p not in self.dropped)


@dataclass(frozen=True, slots=True)
class Round:
    """A round; the round number is also its points multiplier.

    ``withdrawn`` players left the event after their bracket of this round ended: their
    places stand, but they neither advance nor become wildcards. ``draw`` records the
    event's draw after this round (SPEC §6): the wildcards it picked among candidates still
    tied after games won, in pick order (empty: none recorded here; the next round's
    seating records it too).
    """

    number: int
    brackets: tuple[Bracket, ...]
    withdrawn: tuple[str, ...] = ()
    draw: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _set(self, "brackets", tuple(self.brackets))
        _set(self, "withdrawn", tuple(self.withdrawn))
        _set(self, "draw", tuple(self.draw))

    @property
    def is_final(self) -> bool:
        """A round with a single bracket is the final (its winner wins the event)."""
        return len(self.brackets) == 1

    @property
    def players(self) -> tuple[str, ...]:
        """All players seated in this round."""
        return tuple(p for b in self.brackets for p in b.players)


@dataclass(frozen=True, slots=True)
class Team:
    """A Team Spirit team (SPEC §10): two players; its id is what its brackets list."""

    id: str
    name: str
    players: tuple[str, ...]

    def __post_init__(self) -> None:
        _set(self, "players", tuple(self.players))


@dataclass(frozen=True, slots=True)
class EventRecord:
    """A whole event: format, officials, players and rounds (the event file, SPEC §8).

    ``seed`` drives the recorded draw that breaks wildcard ties (None → derived from the
    event's name and date). A Team Spirit event has ``teams``: its brackets then list team
    ids, and its games count each member's realms by player id (``scoring.teams``).
    """

    format: Format
    name: str
    date: dt.date
    venue: str
    coordinator: Official
    judges: tuple[Official, ...] = ()
    players: tuple[PlayerRef, ...] = ()
    rounds: tuple[Round, ...] = ()
    seed: str | None = None
    teams: tuple[Team, ...] = ()

    def __post_init__(self) -> None:
        _set(self, "judges", tuple(self.judges))
        _set(self, "players", tuple(self.players))
        _set(self, "rounds", tuple(self.rounds))
        _set(self, "teams", tuple(self.teams))

    def player(self, player_id: str) -> PlayerRef | None:
        """Look up a player by id."""
        return next((p for p in self.players if p.id == player_id), None)

    @property
    def participants(self) -> tuple[str, ...]:
        """Ids of players seated in at least one bracket (in players-list order)."""
        seated = {p for r in self.rounds for p in r.players}
        for team in self.teams:
            if team.id in seated:  # a seated team seats both its members
                seated.update(team.players)
        if not self.rounds:
            return tuple(p.id for p in self.players)
        return tuple(p.id for p in self.players if p.id in seated)

    @property
    def draw_seed(self) -> str:
        """Seed of the wildcard draw."""
        return self.seed if self.seed is not None else f"{self.name}|{self.date.isoformat()}"


def ids(players: Iterable[PlayerRef]) -> tuple[str, ...]:
    """Ids of a sequence of players."""
    return tuple(p.id for p in players)


# --- outcome types -------------------------------------------------------------------


class IssueCode(StrEnum):
    """Stable codes of the engine's issues: callers map codes, never message text.

    Each code has one English template (``Issue.template``) whose ``%(name)s`` parameters
    are in ``Issue.params``; the site translates the template by its code. A template that
    counts things has a singular and a plural form (`Plural`), chosen by the count.
    """

    # the file itself
    NUL_BYTE = "nul-byte"
    NESTED_TOO_DEEPLY = "nested-too-deeply"
    TOO_MANY_VALUES = "too-many-values"
    TOO_MANY_KEYS = "too-many-keys"
    TOO_MANY_ENTRIES = "too-many-entries"
    TEXT_NUL = "text-nul"
    TEXT_TOO_LONG = "text-too-long"
    TEXT_SURROGATE = "text-surrogate"
    NUMBER_TOO_LONG = "number-too-long"
    KEY_NUL = "key-nul"
    KEY_TOO_LONG = "key-too-long"
    MORE_ISSUES = "more-issues"
    NOT_JSON = "not-json"
    NOT_UTF8 = "not-utf8"
    UNSUPPORTED_FORMAT = "unsupported-format"
    # structure of values
    NOT_OBJECT = "not-object"
    NOT_COUNTS = "not-counts"
    NOT_LIST = "not-list"
    NOT_STRING = "not-string"
    NOT_WHOLE_NUMBER = "not-whole-number"
    NOT_BOOLEAN = "not-boolean"
    NOT_DATE = "not-date"
    EMPTY = "empty"
    UNKNOWN_KEY = "unknown-key"
    MISSING_KEY = "missing-key"
    NOT_ONE_OF = "not-one-of"
    UNKNOWN_VALUE = "unknown-value"
    UNKNOWN_PLAYER = "unknown-player"
    UNKNOWN_TEAM = "unknown-team"
    TEAM_VICTORY_REALMS = "team-victory-realms"
    DUPLICATE_PLAYER_ID = "duplicate-player-id"
    DUPLICATE_TEAM_ID = "duplicate-team-id"
    PLAYER_NUMBER_CHARS = "player-number-chars"
    # format (SPEC §2)
    DECK_SIZE = "deck-size"
    EVENT_MULTIPLIER = "event-multiplier"
    DIGIT_NOT_NO_XS = "digit-not-no-xs"
    NO_XS_NEEDS_DIGIT = "no-xs-needs-digit"
    NO_XS_DIGIT_RANGE = "no-xs-digit-range"
    VARIANT_TWICE = "variant-twice"
    TIME_LIMIT_RANGE = "time-limit-range"
    # a game (SPEC §5)
    NOT_SEATED = "not-seated"
    COUNT_RANGE = "count-range"
    COUNT_MISSING = "count-missing"
    WINNER_NOT_SEATED = "winner-not-seated"
    WINNER_COUNT_MISSING = "winner-count-missing"
    DROPPED_HAS_COUNT = "dropped-has-count"
    DROPPED_WINNER = "dropped-winner"
    VICTORY_NEEDS_WINNER = "victory-needs-winner"
    VICTORY_BELOW_COUNT = "victory-below-count"
    VICTORY_NOT_MOST = "victory-not-most"
    CONQUEROR_BELOW_THREE = "conqueror-below-three"
    TIME_NOT_TIMED = "time-not-timed"
    TIE_NEEDS_COUNTS = "tie-needs-counts"
    REALM_WINNER = "realm-winner"
    # a bracket (SPEC §4, §5)
    TABLE_NUMBER = "table-number"
    BRACKET_SIZE = "bracket-size"
    LISTED_TWICE = "listed-twice"
    GAME_AFTER_TWO_WINS = "game-after-two-wins"
    GAME_AFTER_TIME = "game-after-time"
    # players and rounds (SPEC §4, §6, §8)
    PLAYER_ID_EMPTY = "player-id-empty"
    PLAYER_NAME_EMPTY = "player-name-empty"
    ROUND_NUMBER = "round-number"
    ROUND_EMPTY = "round-empty"
    TABLE_TWICE = "table-twice"
    SEATED_TWICE = "seated-twice"
    SEATED_AFTER_DROP = "seated-after-drop"
    JOINED_LATE = "joined-late"
    SEATING_SIZES = "seating-sizes"
    CANNOT_SEAT = "cannot-seat"
    ROUND_AFTER_FINAL = "round-after-final"
    BRACKET_UNFINISHED = "bracket-unfinished"
    TIEBREAK_NEEDED = "tiebreak-needed"
    NOT_ADVANCING = "not-advancing"
    WRONG_WILDCARD = "wrong-wildcard"
    ADVANCER_MISSING = "advancer-missing"
    DRAW_NOT_TIED = "draw-not-tied"
    DRAW_MISSING = "draw-missing"
    DRAW_NOT_NEEDED = "draw-not-needed"
    WITHDRAWN_NOT_PLAYED = "withdrawn-not-played"
    # one-on-one events (SPEC §11)
    STRUCTURE_NOT_HERE = "structure-not-here"
    TEAM_SPIRIT_ONE_ON_ONE = "team-spirit-one-on-one"
    SWISS_ROUNDS_RANGE = "swiss-rounds-range"
    MATCH_SIZE = "match-size"
    NO_SHOW_NOT_PLAYER = "no-show-not-player"
    NO_SHOW_GAMES = "no-show-games"
    MATCH_OVER = "match-over"
    MATCH_NO_RESULT = "match-no-result"
    ROUND_NO_MATCH = "round-no-match"
    NOT_PAIRED = "not-paired"
    BYE_AND_MATCH = "bye-and-match"
    BYE_TWICE = "bye-twice"
    BYES_MANY = "byes-many"
    SWISS_ROUNDS_OVER = "swiss-rounds-over"
    CUT_NONE = "cut-none"
    CUT_EARLY = "cut-early"
    CUT_OVER = "cut-over"
    CUT_BYE = "cut-bye"
    CUT_TOO_BIG = "cut-too-big"
    CUT_UNDECIDED = "cut-undecided"
    CUT_PAIRING = "cut-pairing"
    CUT_MATCH_MISSING = "cut-match-missing"
    # the site's own limits (database lengths, shared player numbers, Event.clean)
    SITE = "site"


@dataclass(frozen=True, slots=True)
class Issue:
    """A validation error as a value: where (JSON-style path), what, whose, and its code.

    ``message`` is the English text (``template % params``); ``template`` is empty when the
    message was built by a caller outside the engine (code ``site``).
    """

    path: str
    message: str
    field: str | None = None
    player: str | None = None
    code: IssueCode = IssueCode.SITE
    template: str = ""
    params: Mapping[str, object] | None = None

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


@dataclass(frozen=True, slots=True)
class Plural:
    """An English template that counts things: ``singular`` when the parameter named
    ``count`` is 1 ("1 card"), ``plural`` otherwise ("0 cards", "2 cards"), as English
    gettext chooses; the site translates both with ``ngettext`` by the same count."""

    singular: str
    plural: str
    count: str = "count"

    def form(self, params: Mapping[str, object]) -> str:
        """The form that agrees with the count in ``params``."""
        return self.singular if params.get(self.count) == 1 else self.plural


def issue(
    path: str,
    code: IssueCode,
    template: str | Plural,
    field: str | None = None,
    who: str | None = None,
    **params: object,
) -> Issue:
    """An Issue whose message is ``template % params`` (the site translates the template).

    ``who`` is the player the issue is about (``Issue.player``); a `Plural` template gives
    the form that agrees with its count (``Issue.template`` is that form).
    """
    text = template.form(params) if isinstance(template, Plural) else template
    return Issue(path, text % params, field, who, code, text, params)


@dataclass(frozen=True, slots=True)
class PlayerTotals:
    """A player's figures over one bracket (or a whole event)."""

    unrazed: int = 0
    wins: int = 0
    best: int = 0


@dataclass(frozen=True, slots=True)
class Placement:
    """A player's place in a bracket; None while a judge decision or games are pending."""

    player: str
    place: int | None


@dataclass(frozen=True, slots=True)
class BracketOutcome:
    """Result of a bracket: winner, places best-first, totals, and pending decisions.

    ``finished_by`` is "two-wins", "time", "drops" or None (still playing).
    ``tied`` lists the players a judge must still order (``needs_decision``); it is
    flattened from ``tied_groups``.
    """

    table: int
    complete: bool
    winner: str | None
    places: tuple[Placement, ...]
    totals: Mapping[str, PlayerTotals]
    needs_decision: bool = False
    tied_groups: tuple[tuple[str, ...], ...] = ()
    finished_by: str | None = None

    @property
    def tied(self) -> tuple[str, ...]:
        """All players a judge decision must order."""
        return tuple(p for group in self.tied_groups for p in group)

    @property
    def tied_first_places(self) -> tuple[int, ...]:
        """The first place each tied group decides (2 for a tie for 2nd and 3rd): the
        players placed best-first, whoever is ahead of the group decided."""
        order = [placement.player for placement in self.places]
        return tuple(1 + min(order.index(p) for p in group) for group in self.tied_groups)

    @property
    def decided(self) -> bool:
        """Complete and needing no judge decision: places are final."""
        return self.complete and not self.needs_decision

    def place_of(self, player_id: str) -> int | None:
        """The place of a player (None if undecided or not seated)."""
        return next((p.place for p in self.places if p.player == player_id), None)
