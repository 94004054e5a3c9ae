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
    "Official",
    "PlayerRef",
    "PointsMode",
    "Role",
    "Round",
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


class PointsMode(StrEnum):
    """Whether every bracket earns points or only a player's last one."""

    CUMULATIVE = "cumulative"
    LAST_BRACKET = "last-bracket"


class DeckRules(StrEnum):
    """Deck construction table in use."""

    COMMUNITY = "community"
    TAV = "tav"


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
    timed: bool = False
    no_xs_digit: int | None = None

    def __post_init__(self) -> None:
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
    def victory_realms(self) -> int:
        """Unrazed realms needed to win by the victory condition."""
        return VICTORY_REALMS[self.victory]


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
    """Players seated at one table for one round, and the games they played."""

    table: int
    players: tuple[str, ...]
    games: tuple[Game, ...] = ()
    tiebreak_order: tuple[str, ...] | None = None
    dropped: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _set(self, "players", tuple(self.players))
        _set(self, "games", tuple(self.games))
        if self.tiebreak_order is not None:
            _set(self, "tiebreak_order", tuple(self.tiebreak_order))
        _set(self, "dropped", tuple(self.dropped))

    @property
    def active(self) -> tuple[str, ...]:
        """Seated players who have not dropped, in seat order."""
        return tuple(p for p in self.players if p not in self.dropped)


@dataclass(frozen=True, slots=True)
class Round:
    """A round; the round number is also its points multiplier."""

    number: int
    brackets: tuple[Bracket, ...]

    def __post_init__(self) -> None:
        _set(self, "brackets", tuple(self.brackets))

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


@dataclass(frozen=True, slots=True)
class Issue:
    """A validation error as a value: where (JSON-style path), what, and whose."""

    path: str
    message: str
    field: str | None = None
    player: str | None = None

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


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
    def decided(self) -> bool:
        """Complete and needing no judge decision: places are final."""
        return self.complete and not self.needs_decision

    def place_of(self, player_id: str) -> int | None:
        """The place of a player (None if undecided or not seated)."""
        return next((p.place for p in self.places if p.player == player_id), None)
