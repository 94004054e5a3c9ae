"""Checks of recorded games, brackets and whole events (SPEC §5); errors are Issue values."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.model import (
    DECK_SIZES,
    Bracket,
    EndedBy,
    EventRecord,
    Format,
    Game,
    Issue,
    TournamentType,
)
from scoring.placement import finished_by, game_wins, place_bracket

__all__ = [
    "RealmDecision",
    "decide_by_realms",
    "is_count",
    "validate_bracket",
    "validate_event",
    "validate_format",
    "validate_game",
]

MIN_BRACKET, MAX_BRACKET = 2, 4


def is_count(value: object, high: int) -> bool:
    """True for a whole number (not a bool) from 0 to high."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high


@dataclass(frozen=True, slots=True)
class RealmDecision:
    """Outcome of a game decided by realm counts.

    ``winner`` None is a draw, unless ``missing`` names the count ("razed" or "holdings")
    still needed for the ``tied`` players.
    """

    winner: str | None
    missing: str | None = None
    tied: tuple[str, ...] = ()


def decide_by_realms(game: Game) -> RealmDecision:
    """Winner of a game ended by cards or time: unrazed, then razed, then holdings (004)."""
    leaders = list(game.unrazed)
    for name in ("unrazed", "razed", "holdings"):
        counts: Mapping[str, int] | None = getattr(game, name)
        if counts is None or any(p not in counts for p in leaders):
            return RealmDecision(None, name, tuple(leaders))
        top = max(counts[p] for p in leaders)
        # More razed realms (and more holdings) is better: the player built more.
        leaders = [p for p in leaders if counts[p] == top]
        if len(leaders) == 1:
            return RealmDecision(leaders[0])
    return RealmDecision(None)  # still tied after holdings: a draw


def _check_counts(
    counts: Mapping[str, int], name: str, seated: Sequence[str], high: int, path: str
) -> list[Issue]:
    issues = []
    for player, value in counts.items():
        where = f"{path}.{name}.{player}"
        if player not in seated:
            issues.append(Issue(where, f"{player!r} is not seated in this bracket", name, player))
        elif not is_count(value, high):
            msg = f"{name} count of {player!r} must be a whole number 0..{high}, got {value!r}"
            issues.append(Issue(where, msg, name, player))
    return issues


def _check_winner(game: Game, fmt: Format, path: str) -> list[Issue]:
    where = f"{path}.winner"
    if game.ended_by is EndedBy.VICTORY:
        if game.winner is None:
            msg = "a game ended by the victory condition must have a winner"
            return [Issue(where, msg, "winner")]
        if fmt.tournament_type is TournamentType.CONQUERORS_GAME:
            return []  # Conqueror's Game is won by other means than the realm count.
        own = game.unrazed[game.winner]
        need = fmt.victory_realms
        if own < need:
            msg = (
                f"winner {game.winner!r} has {own} unrazed realms; the {fmt.victory} "
                f"victory condition needs at least {need}"
            )
            return [Issue(f"{path}.unrazed.{game.winner}", msg, "unrazed", game.winner)]
        best = max(game.unrazed.values())
        if own < best:
            msg = f"winner {game.winner!r} has {own} unrazed realms but another player has {best}"
            return [Issue(f"{path}.unrazed.{game.winner}", msg, "unrazed", game.winner)]
        return []
    if game.ended_by is EndedBy.OUT_OF_CARDS and fmt.tournament_type is (
        TournamentType.CARD_HEART_ATTACK
    ):
        return []  # 003: whoever runs out of cards loses; realm counts do not decide.
    decision = decide_by_realms(game)
    how = "running out of cards" if game.ended_by is EndedBy.OUT_OF_CARDS else "time"
    if decision.missing:
        tied = ", ".join(decision.tied)
        msg = f"{tied} are tied; {decision.missing} counts are needed to decide the game"
        return [Issue(f"{path}.{decision.missing}", msg, decision.missing)]
    if decision.winner != game.winner:
        expected = "a draw (winner null)" if decision.winner is None else repr(decision.winner)
        msg = (
            f"a game ended by {how} is won by the most unrazed realms (then razed realms, "
            f"then holdings): expected {expected}, recorded {game.winner!r}"
        )
        return [Issue(where, msg, "winner", game.winner)]
    return []


def validate_game(game: Game, bracket: Bracket, fmt: Format, path: str = "game") -> list[Issue]:
    """Check one game of a bracket: counts, seated players, and the recorded winner."""
    high = fmt.max_realms
    issues = _check_counts(game.unrazed, "unrazed", bracket.players, high, path)
    for player in bracket.active:
        if player not in game.unrazed:
            msg = f"missing unrazed realm count of {player!r}"
            issues.append(Issue(f"{path}.unrazed.{player}", msg, "unrazed", player))
    for name in ("razed", "holdings"):
        counts = getattr(game, name)
        if counts is not None:
            issues += _check_counts(counts, name, bracket.players, high, path)
    if game.winner is not None and game.winner not in bracket.players:
        msg = f"winner {game.winner!r} is not seated in this bracket"
        issues.append(Issue(f"{path}.winner", msg, "winner", game.winner))
    elif game.winner is not None and game.winner not in game.unrazed:
        msg = f"winner {game.winner!r} has no unrazed realm count"
        issues.append(Issue(f"{path}.unrazed.{game.winner}", msg, "unrazed", game.winner))
    if issues:
        return issues  # the winner check needs sound counts
    return _check_winner(game, fmt, path)


def _check_ids(values: Sequence[str], seated: Sequence[str], name: str, path: str) -> list[Issue]:
    issues = []
    for i, player in enumerate(values):
        if player not in seated:
            msg = f"{player!r} is not seated in this bracket"
            issues.append(Issue(f"{path}.{name}[{i}]", msg, name, player))
    for player, n in Counter(values).items():
        if n > 1:
            issues.append(Issue(f"{path}.{name}", f"{player!r} is listed {n} times", name, player))
    return issues


def validate_bracket(
    bracket: Bracket,
    fmt: Format,
    path: str = "bracket",
    known: Sequence[str] | None = None,
) -> list[Issue]:
    """Check a bracket: seats, drops, judge order and every game in play order."""
    issues: list[Issue] = []
    if isinstance(bracket.table, bool) or not isinstance(bracket.table, int) or bracket.table < 1:
        issues.append(Issue(f"{path}.table", "table must be a positive whole number", "table"))
    size = len(bracket.players)
    if not MIN_BRACKET <= size <= MAX_BRACKET:
        msg = f"a bracket seats {MIN_BRACKET} to {MAX_BRACKET} players, not {size}"
        issues.append(Issue(f"{path}.players", msg, "players"))
    issues += _check_ids(bracket.players, bracket.players, "players", path)
    for i, player in enumerate(bracket.players):
        if known is not None and player not in known:
            msg = f"unknown player id {player!r} (not in the players list)"
            issues.append(Issue(f"{path}.players[{i}]", msg, "players", player))
    issues += _check_ids(bracket.dropped, bracket.players, "dropped", path)
    if bracket.tiebreak_order is not None:
        issues += _check_ids(bracket.tiebreak_order, bracket.players, "tiebreak_order", path)
    for i, game in enumerate(bracket.games):
        where = f"{path}.games[{i}]"
        before = Bracket(bracket.table, bracket.players, bracket.games[:i], None, bracket.dropped)
        over = _over_before(before)
        if over:
            issues.append(Issue(where, f"no game may be recorded after {over}", "games"))
            break
        issues += validate_game(game, bracket, fmt, where)
    return issues


def _over_before(before: Bracket) -> str | None:
    """Why no further game may be played after these games (None: play goes on)."""
    for player, wins in game_wins(before).items():
        if wins >= 2:
            return f"{player!r} has won two games (the bracket is over)"
    if finished_by(before) == "time":
        return "a game ended by time (time was called; the bracket is over)"
    return None


def _validate_players(event: EventRecord) -> list[Issue]:
    issues = []
    for i, player in enumerate(event.players):
        if not player.id:
            issues.append(Issue(f"players[{i}].id", "player id must not be empty", "id"))
        if not player.name.strip():
            issues.append(Issue(f"players[{i}].name", "player name must not be empty", "name"))
    for pid, n in Counter(p.id for p in event.players).items():
        if n > 1:
            issues.append(Issue("players", f"player id {pid!r} is used {n} times", "id", pid))
    return issues


def _validate_round_seats(event: EventRecord, r: int, left: set[str]) -> list[Issue]:
    """A player sits once per round, never after dropping, and never new after round 1."""
    rnd = event.rounds[r]
    issues = []
    seen: set[str] = set()
    tables: set[int] = set()
    for b, bracket in enumerate(rnd.brackets):
        path = f"rounds[{r}].brackets[{b}]"
        if bracket.table in tables:
            issues.append(Issue(f"{path}.table", f"table {bracket.table} is used twice", "table"))
        tables.add(bracket.table)
        for s, player in enumerate(bracket.players):
            where = f"{path}.players[{s}]"
            if player in seen:
                msg = f"{player!r} is seated twice in round {rnd.number}"
                issues.append(Issue(where, msg, "players", player))
            elif player in left:
                msg = f"{player!r} dropped before round {rnd.number}"
                issues.append(Issue(where, msg, "players", player))
            elif r > 0 and player not in event.rounds[0].players:
                # Late players may join only until round 1 is seated (SPEC §4).
                msg = f"{player!r} did not play round 1 and cannot join round {rnd.number}"
                issues.append(Issue(where, msg, "players", player))
            seen.add(player)
    return issues


def validate_format(fmt: Format) -> list[Issue]:
    """Check the numbers of a format built outside the event file parser."""
    issues = []
    if fmt.deck_size not in DECK_SIZES:
        msg = f"deck size must be one of {', '.join(map(str, DECK_SIZES))}, not {fmt.deck_size}"
        issues.append(Issue("deck_size", msg, "deck_size"))
    if fmt.event_multiplier not in (1, 2):
        msg = f"event multiplier must be 1 or 2, not {fmt.event_multiplier}"
        issues.append(Issue("event_multiplier", msg, "event_multiplier"))
    digit = fmt.no_xs_digit
    if digit is not None and fmt.tournament_type is not TournamentType.NO_XS:
        issues.append(Issue("no_xs_digit", 'only a "no-xs" tournament has a digit', "no_xs_digit"))
    elif digit is not None and not is_count(digit, 9):
        issues.append(Issue("no_xs_digit", "the No-Xs digit must be 0..9", "no_xs_digit"))
    return issues


def validate_event(event: EventRecord) -> list[Issue]:
    """Check a whole event: format, players, round numbers, seats, brackets, round order."""
    issues = validate_format(event.format) + _validate_players(event)
    known = [p.id for p in event.players]
    left: set[str] = set()  # dropped players may never be seated again
    for r, rnd in enumerate(event.rounds):
        if rnd.number != r + 1:
            msg = f"rounds are numbered 1, 2, 3…: expected {r + 1}, got {rnd.number}"
            issues.append(Issue(f"rounds[{r}].number", msg, "number"))
        if not rnd.brackets:
            issues.append(Issue(f"rounds[{r}].brackets", "a round needs a bracket", "brackets"))
        issues += _validate_round_seats(event, r, left)
        for b, bracket in enumerate(rnd.brackets):
            path = f"rounds[{r}].brackets[{b}]"
            issues += validate_bracket(bracket, event.format, path, known)
        if r + 1 < len(event.rounds):
            issues += _validate_round_closed(event, r)
        left |= {p for bracket in rnd.brackets for p in bracket.dropped}
    return issues


def _validate_round_closed(event: EventRecord, r: int) -> list[Issue]:
    """A next round may only be seated once every bracket of this one is decided."""
    rnd = event.rounds[r]
    if rnd.is_final:
        msg = f"round {rnd.number} has a single bracket (the final): no round may follow it"
        return [Issue(f"rounds[{r + 1}]", msg, "rounds")]
    issues = []
    for b, bracket in enumerate(rnd.brackets):
        outcome = place_bracket(bracket)
        path = f"rounds[{r}].brackets[{b}]"
        if not outcome.complete:
            msg = f"round {rnd.number + 1} is seated but this bracket is not finished"
            issues.append(Issue(f"{path}.games", msg, "games"))
        elif outcome.needs_decision:
            tied = ", ".join(outcome.tied)
            msg = f"{tied} are tied: the judge's tiebreak_order is needed to close the bracket"
            issues.append(Issue(f"{path}.tiebreak_order", msg, "tiebreak_order"))
    return issues
