"""Checks of recorded games, brackets and whole events (SPEC §5); errors are Issue values."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from scoring.advancement import WildcardPick, advance, recorded_draw
from scoring.brackets import bracket_sizes, is_seatable
from scoring.model import (
    CONQUEROR_MIN_REALMS,
    DECK_SIZES,
    MAX_TIME_LIMIT_MINUTES,
    MIN_TIME_LIMIT_MINUTES,
    Bracket,
    EndedBy,
    EventRecord,
    Format,
    Game,
    Issue,
    IssueCode,
    Plural,
    Round,
    TournamentType,
    issue,
)
from scoring.placement import absent, finished_by, game_wins, place_bracket

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
            msg = "%(player)r is not seated in this bracket"
            issues.append(issue(where, IssueCode.NOT_SEATED, msg, name, player, player=player))
        elif not is_count(value, high):
            msg = "%(name)s count of %(player)r must be a whole number 0..%(high)s, got %(value)r"
            issues.append(
                issue(
                    where,
                    IssueCode.COUNT_RANGE,
                    msg,
                    name,
                    player,
                    name=name,
                    player=player,
                    high=high,
                    value=value,
                )
            )
    return issues


def _check_winner(game: Game, fmt: Format, path: str) -> list[Issue]:
    where = f"{path}.winner"
    if game.ended_by is EndedBy.TIME and not fmt.timed:
        msg = "a game can end by time only in a timed event (the format has no time limit)"
        return [issue(f"{path}.ended_by", IssueCode.TIME_NOT_TIMED, msg, "ended_by")]
    if game.ended_by is EndedBy.VICTORY:
        return _check_victory(game, fmt, path)
    if game.ended_by is EndedBy.OUT_OF_CARDS and fmt.tournament_type is (
        TournamentType.CARD_HEART_ATTACK
    ):
        return []  # 003: whoever runs out of cards loses; realm counts do not decide.
    decision = decide_by_realms(game)
    how = "running out of cards" if game.ended_by is EndedBy.OUT_OF_CARDS else "time"
    if decision.missing:
        msg = "%(tied)s are tied; %(figure)s counts are needed to decide the game"
        return [
            issue(
                f"{path}.{decision.missing}",
                IssueCode.TIE_NEEDS_COUNTS,
                msg,
                decision.missing,
                tied=", ".join(decision.tied),
                figure=decision.missing,
                players=tuple(decision.tied),  # the tied players' ids, for the site's words
            )
        ]
    if decision.winner != game.winner:
        expected = "a draw (winner null)" if decision.winner is None else repr(decision.winner)
        msg = (
            "a game ended by %(how)s is won by the most unrazed realms (then razed realms, "
            "then holdings): expected %(expected)s, recorded %(recorded)r"
        )
        return [
            issue(
                where,
                IssueCode.REALM_WINNER,
                msg,
                "winner",
                game.winner,
                how=how,
                expected=expected,
                recorded=game.winner,
                winner=decision.winner,  # the id the counts decide (None: a draw)
            )
        ]
    return []


def _check_victory(game: Game, fmt: Format, path: str) -> list[Issue]:
    """A game ended by the victory condition (SPEC §2, §5)."""
    winner = game.winner
    if winner is None:
        msg = "a game ended by the victory condition must have a winner"
        return [issue(f"{path}.winner", IssueCode.VICTORY_NEEDS_WINNER, msg, "winner")]
    where = f"{path}.unrazed.{winner}"
    own = game.unrazed[winner]
    if fmt.tournament_type is TournamentType.CONQUERORS_GAME:
        # Won by razing four realms in combat; the winner keeps at least three unrazed (000).
        if own >= CONQUEROR_MIN_REALMS:
            return []
        msg = (
            "winner %(winner)r has %(own)s unrazed realms; a Conqueror's Game winner has at "
            "least %(need)s"
        )
        return [
            issue(
                where,
                IssueCode.CONQUEROR_BELOW_THREE,
                msg,
                "unrazed",
                winner,
                winner=winner,
                own=own,
                need=CONQUEROR_MIN_REALMS,
            )
        ]
    need = fmt.victory_realms
    if own < need:
        msg = (
            "winner %(winner)r has %(own)s unrazed realms; the %(victory)s victory condition "
            "with %(size)s-card decks needs at least %(need)s"
        )
        return [
            issue(
                where,
                IssueCode.VICTORY_BELOW_COUNT,
                msg,
                "unrazed",
                winner,
                winner=winner,
                own=own,
                victory=str(fmt.victory),
                size=fmt.deck_size,
                need=need,
            )
        ]
    best = max(game.unrazed.values())
    if own < best and not fmt.victory_at_turn_start:
        msg = "winner %(winner)r has %(own)s unrazed realms but another player has %(best)s"
        return [
            issue(
                where,
                IssueCode.VICTORY_NOT_MOST,
                msg,
                "unrazed",
                winner,
                winner=winner,
                own=own,
                best=best,
            )
        ]
    return []


def validate_game(
    game: Game, bracket: Bracket, fmt: Format, path: str = "game", index: int | None = None
) -> list[Issue]:
    """Check one game of a bracket: counts, seated players, and the recorded winner.

    ``index`` is the game's place in the bracket (0-based); by default the game follows
    the bracket's games (a new game).
    """
    high = fmt.max_realms
    issues = _check_counts(game.unrazed, "unrazed", bracket.players, high, path)
    gone = absent(bracket, len(bracket.games) if index is None else index)
    dropped = dropped_issues(game, gone, path)
    if dropped:
        return issues + dropped  # the first cause: a dropped player recorded in a later game
    for player in bracket.active:
        if player not in game.unrazed:
            msg = "missing unrazed realm count of %(player)r"
            where = f"{path}.unrazed.{player}"
            issues.append(
                issue(where, IssueCode.COUNT_MISSING, msg, "unrazed", player, player=player)
            )
    for name in ("razed", "holdings"):
        counts = getattr(game, name)
        if counts is not None:
            issues += _check_counts(counts, name, bracket.players, high, path)
    winner = game.winner
    if winner is not None and winner not in bracket.players:
        msg = "winner %(winner)r is not seated in this bracket"
        issues.append(
            issue(
                f"{path}.winner", IssueCode.WINNER_NOT_SEATED, msg, "winner", winner, winner=winner
            )
        )
    elif winner is not None and winner not in game.unrazed:
        msg = "winner %(winner)r has no unrazed realm count"
        where = f"{path}.unrazed.{winner}"
        issues.append(
            issue(where, IssueCode.WINNER_COUNT_MISSING, msg, "unrazed", winner, winner=winner)
        )
    if issues:
        return issues  # the winner check needs sound counts
    return _check_winner(game, fmt, path)


def dropped_issues(game: Game, gone: Collection[str], path: str) -> list[Issue]:
    """A player who dropped before a game has no count in it and cannot win it (SPEC §4)."""
    issues = []
    if game.winner in gone:
        msg = (
            "%(player)r dropped before this game and cannot win it (a dropped player takes no "
            "part in later games)"
        )
        issues.append(
            issue(
                f"{path}.winner",
                IssueCode.DROPPED_WINNER,
                msg,
                "winner",
                game.winner,
                player=game.winner,
            )
        )
    for player in game.unrazed:
        if player in gone:
            msg = (
                "%(player)r dropped before this game: a dropped player takes no part in later "
                "games and has no count in them"
            )
            where = f"{path}.unrazed.{player}"
            issues.append(
                issue(where, IssueCode.DROPPED_HAS_COUNT, msg, "unrazed", player, player=player)
            )
    return issues


def _check_ids(values: Sequence[str], seated: Sequence[str], name: str, path: str) -> list[Issue]:
    issues = []
    for i, player in enumerate(values):
        if player not in seated:
            msg = "%(player)r is not seated in this bracket"
            where = f"{path}.{name}[{i}]"
            issues.append(issue(where, IssueCode.NOT_SEATED, msg, name, player, player=player))
    for player, n in Counter(values).items():
        if n > 1:
            msg = Plural(
                "%(player)r is listed %(count)s time", "%(player)r is listed %(count)s times"
            )
            issues.append(
                issue(
                    f"{path}.{name}",
                    IssueCode.LISTED_TWICE,
                    msg,
                    name,
                    player,
                    player=player,
                    count=n,
                )
            )
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
        msg = "table must be a positive whole number"
        issues.append(issue(f"{path}.table", IssueCode.TABLE_NUMBER, msg, "table"))
    size = len(bracket.players)
    if not MIN_BRACKET <= size <= MAX_BRACKET:
        msg = "a bracket seats %(low)s to %(high)s players, not %(size)s"
        issues.append(
            issue(
                f"{path}.players",
                IssueCode.BRACKET_SIZE,
                msg,
                "players",
                low=MIN_BRACKET,
                high=MAX_BRACKET,
                size=size,
            )
        )
    issues += _check_ids(bracket.players, bracket.players, "players", path)
    for i, player in enumerate(bracket.players):
        if known is not None and player not in known:
            msg = "unknown player id %(player)r"
            where = f"{path}.players[{i}]"
            issues.append(
                issue(where, IssueCode.UNKNOWN_PLAYER, msg, "players", player, player=player)
            )
    issues += _check_ids(bracket.dropped, bracket.players, "dropped", path)
    if bracket.tiebreak_order is not None:
        issues += _check_ids(bracket.tiebreak_order, bracket.players, "tiebreak_order", path)
    for i, game in enumerate(bracket.games):
        where = f"{path}.games[{i}]"
        over = _over_before(replace(bracket, games=bracket.games[:i], tiebreak_order=None), where)
        if over:
            issues.append(over)
            break
        issues += validate_game(game, bracket, fmt, where, index=i)
    return issues


def _over_before(before: Bracket, where: str) -> Issue | None:
    """Why no further game may be played after these games (None: play goes on)."""
    for player, wins in game_wins(before).items():
        if wins >= 2:
            msg = "no game may be recorded after %(player)r has won two games (the bracket is over)"
            return issue(where, IssueCode.GAME_AFTER_TWO_WINS, msg, "games", player=player)
    if finished_by(before) == "time":
        msg = "no game may be recorded after a game ended by time (the bracket is over)"
        return issue(where, IssueCode.GAME_AFTER_TIME, msg, "games")
    return None


def _validate_players(event: EventRecord) -> list[Issue]:
    issues = []
    for i, player in enumerate(event.players):
        if not player.id:
            msg = "player id must not be empty"
            issues.append(issue(f"players[{i}].id", IssueCode.PLAYER_ID_EMPTY, msg, "id"))
        if not player.name.strip():
            msg = "player name must not be empty"
            issues.append(issue(f"players[{i}].name", IssueCode.PLAYER_NAME_EMPTY, msg, "name"))
    for pid, n in Counter(p.id for p in event.players).items():
        if n > 1:
            msg = Plural(
                "player id %(player)r is used %(count)s time",
                "player id %(player)r is used %(count)s times",
            )
            issues.append(
                issue("players", IssueCode.DUPLICATE_PLAYER_ID, msg, "id", pid, player=pid, count=n)
            )
    return issues


def _validate_round_seats(event: EventRecord, r: int, left: set[str]) -> list[Issue]:
    """A player sits once per round, never after dropping, and never new after round 1."""
    rnd = event.rounds[r]
    issues = []
    seen: set[str] = set()
    tables: set[int] = set()
    first_round = set(event.rounds[0].players)
    for b, bracket in enumerate(rnd.brackets):
        path = f"rounds[{r}].brackets[{b}]"
        if bracket.table in tables:
            msg = "table %(table)s is used twice"
            where = f"{path}.table"
            issues.append(issue(where, IssueCode.TABLE_TWICE, msg, "table", table=bracket.table))
        tables.add(bracket.table)
        for s, player in enumerate(bracket.players):
            where = f"{path}.players[{s}]"
            values = {"player": player, "round": rnd.number}
            if player in seen:
                msg = "%(player)r is seated twice in round %(round)s"
                code = IssueCode.SEATED_TWICE
            elif player in left:
                msg = "%(player)r dropped before round %(round)s"
                code = IssueCode.SEATED_AFTER_DROP
            elif r > 0 and player not in first_round:
                # Late players may join only until round 1 is seated (SPEC §4).
                msg = "%(player)r did not play round 1 and cannot join round %(round)s"
                code = IssueCode.JOINED_LATE
            else:
                seen.add(player)
                continue
            seen.add(player)
            issues.append(issue(where, code, msg, "players", player, **values))
    return issues


def validate_format(fmt: Format) -> list[Issue]:
    """Check the numbers of a format: deck size, multiplier, No-Xs digit, time limit."""
    issues = []
    if fmt.deck_size not in DECK_SIZES:
        msg = "deck size must be one of %(sizes)s, not %(size)s"
        sizes = ", ".join(map(str, DECK_SIZES))
        issues.append(
            issue(
                "deck_size", IssueCode.DECK_SIZE, msg, "deck_size", sizes=sizes, size=fmt.deck_size
            )
        )
    if fmt.event_multiplier not in (1, 2):
        msg = "event multiplier must be 1 or 2, not %(multiplier)s"
        issues.append(
            issue(
                "event_multiplier",
                IssueCode.EVENT_MULTIPLIER,
                msg,
                "event_multiplier",
                multiplier=fmt.event_multiplier,
            )
        )
    issues += _check_digit(fmt)
    limit = fmt.time_limit_minutes
    if limit is not None and not MIN_TIME_LIMIT_MINUTES <= limit <= MAX_TIME_LIMIT_MINUTES:
        msg = "the time limit must be %(low)s to %(high)s minutes, not %(limit)s"
        issues.append(
            issue(
                "time_limit_minutes",
                IssueCode.TIME_LIMIT_RANGE,
                msg,
                "time_limit_minutes",
                low=MIN_TIME_LIMIT_MINUTES,
                high=MAX_TIME_LIMIT_MINUTES,
                limit=limit,
            )
        )
    return issues


def _check_digit(fmt: Format) -> list[Issue]:
    """No-Xs has its digit X (0-9); no other tournament type has one (SPEC §2)."""
    digit, where = fmt.no_xs_digit, "no_xs_digit"
    if fmt.tournament_type is TournamentType.NO_XS and digit is None:
        msg = 'a "no-xs" tournament needs its digit X (0-9): no_xs_digit'
        return [issue(where, IssueCode.NO_XS_NEEDS_DIGIT, msg, where)]
    if digit is not None and fmt.tournament_type is not TournamentType.NO_XS:
        msg = 'only a "no-xs" tournament has a digit'
        return [issue(where, IssueCode.DIGIT_NOT_NO_XS, msg, where)]
    if digit is not None and not is_count(digit, 9):
        return [issue(where, IssueCode.NO_XS_DIGIT_RANGE, "the No-Xs digit must be 0..9", where)]
    return []


def validate_event(event: EventRecord) -> list[Issue]:
    """Check a whole event: format, players, rounds, seats, brackets, advancement."""
    issues = validate_format(event.format) + _validate_players(event)
    known = [p.id for p in event.players]
    left: set[str] = set()  # dropped players may never be seated again
    for r, rnd in enumerate(event.rounds):
        if rnd.number != r + 1:
            msg = "rounds are numbered 1, 2, 3…: expected %(expected)s, got %(number)s"
            issues.append(
                issue(
                    f"rounds[{r}].number",
                    IssueCode.ROUND_NUMBER,
                    msg,
                    "number",
                    expected=r + 1,
                    number=rnd.number,
                )
            )
        if not rnd.brackets:
            msg = "a round needs a bracket"
            issues.append(issue(f"rounds[{r}].brackets", IssueCode.ROUND_EMPTY, msg, "brackets"))
        issues += _validate_round_seats(event, r, left)
        issues += _validate_seating_sizes(rnd, r)
        for b, bracket in enumerate(rnd.brackets):
            path = f"rounds[{r}].brackets[{b}]"
            issues += validate_bracket(bracket, event.format, path, known)
        issues += _validate_withdrawn(rnd, r)
        left |= {p for bracket in rnd.brackets for p in bracket.dropped}
        left |= set(rnd.withdrawn)
        if r + 1 < len(event.rounds):
            closed = _validate_round_closed(event, r)
            issues += closed
            if not closed and _countable(event.rounds[: r + 1]):
                # Advancement is checked whatever else is wrong (SPEC §6: in every kind of
                # event, whatever else the file contains); it only needs counts it can add.
                issues += _validate_advancement(event, r, left)
        if rnd.draw and _countable(event.rounds[: r + 1]):
            issues += _validate_draw(event, r)
    return issues


def _countable(rounds: Sequence[Round]) -> bool:
    """Every count of these rounds is a whole number (placement can add them up)."""
    return all(
        isinstance(value, int) and not isinstance(value, bool)
        for rnd in rounds
        for bracket in rnd.brackets
        for game in bracket.games
        for counts in (game.unrazed, game.razed or {}, game.holdings or {})
        for value in counts.values()
    )


def _validate_seating_sizes(rnd: Round, r: int) -> list[Issue]:
    """Brackets of 3, with one or two of 4 only to absorb the remainder (SPEC §4)."""
    count = len(rnd.players)
    if not rnd.brackets:
        return []
    where = f"rounds[{r}].brackets"
    if not is_seatable(count):
        msg = Plural(
            "%(count)s player cannot be seated in brackets of 3 and 4 (at least 3 players, "
            "and not exactly 5)",
            "%(count)s players cannot be seated in brackets of 3 and 4 (at least 3 players, "
            "and not exactly 5)",
        )
        return [issue(where, IssueCode.CANNOT_SEAT, msg, "brackets", count=count)]
    expected = sorted(bracket_sizes(count), reverse=True)
    actual = sorted((len(b.players) for b in rnd.brackets), reverse=True)
    if actual == expected:
        return []
    msg = Plural(
        "%(count)s player is seated %(actual)s; brackets are of 3, with 4-player brackets "
        "only to absorb the remainder: %(expected)s",
        "%(count)s players are seated %(actual)s; brackets are of 3, with 4-player brackets "
        "only to absorb the remainder: %(expected)s",
    )
    return [
        issue(
            where,
            IssueCode.SEATING_SIZES,
            msg,
            "brackets",
            count=count,
            actual="+".join(map(str, actual)),
            expected="+".join(map(str, expected)),
        )
    ]


def _validate_withdrawn(rnd: Round, r: int) -> list[Issue]:
    """Players withdrawn after a round must have played it."""
    issues = []
    for i, player in enumerate(rnd.withdrawn):
        if player not in rnd.players:
            msg = "%(player)r did not play round %(round)s and cannot withdraw after it"
            issues.append(
                issue(
                    f"rounds[{r}].withdrawn[{i}]",
                    IssueCode.WITHDRAWN_NOT_PLAYED,
                    msg,
                    "withdrawn",
                    player,
                    player=player,
                    round=rnd.number,
                )
            )
    return issues


def _validate_round_closed(event: EventRecord, r: int) -> list[Issue]:
    """A next round may only be seated once every bracket of this one is decided."""
    rnd = event.rounds[r]
    if rnd.is_final:
        msg = "round %(round)s has a single bracket (the final): no round may follow it"
        return [
            issue(f"rounds[{r + 1}]", IssueCode.ROUND_AFTER_FINAL, msg, "rounds", round=rnd.number)
        ]
    issues = []
    for b, bracket in enumerate(rnd.brackets):
        outcome = place_bracket(bracket)
        path = f"rounds[{r}].brackets[{b}]"
        if not outcome.complete:
            msg = "round %(next)s is seated but this bracket is not finished"
            issues.append(
                issue(
                    f"{path}.games", IssueCode.BRACKET_UNFINISHED, msg, "games", next=rnd.number + 1
                )
            )
        elif outcome.needs_decision:
            msg = "%(tied)s are tied: the judge's tiebreak_order is needed to close the bracket"
            issues.append(
                issue(
                    f"{path}.tiebreak_order",
                    IssueCode.TIEBREAK_NEEDED,
                    msg,
                    "tiebreak_order",
                    tied=", ".join(outcome.tied),
                )
            )
    return issues


def _validate_advancement(event: EventRecord, r: int, left: set[str]) -> list[Issue]:
    """Round r+1 seats exactly round r's bracket winners (minus drops) and the wildcards (§6).

    The draw belongs to the event: when candidates are still tied after games won, the one
    the event drew (the round's ``draw``, else whichever of them round r+1 seats) is the
    wildcard; a player seated over a candidate he does not tie with is refused.
    Players who dropped earlier or never played round 1 are left to the seat check.
    """
    rnd, following = event.rounds[r], event.rounds[r + 1]
    result = advance(event, rnd.number, drawn=recorded_draw(event, rnd.number))
    unrecorded = [w for w in result.wildcards if w.unrecorded]
    expected = set(result.advancing) - {w.player for w in unrecorded}
    wildcards = {w.player: w for w in result.wildcards}
    first_round = set(event.rounds[0].players)
    issues: list[Issue] = []
    for b, bracket in enumerate(following.brackets):
        for s, player in enumerate(bracket.players):
            if player in expected or player in left or player not in first_round:
                continue
            where = f"rounds[{r + 1}].brackets[{b}].players[{s}]"
            issues.append(_not_advancing(rnd, player, where, result.wildcards))
    seated = set(following.players)
    for player in result.advancing:
        pick = wildcards.get(player)
        if player in seated or (pick is not None and pick.unrecorded):
            continue
        msg = (
            "%(player)r advances from round %(round)s (%(why)s) and must be seated in round "
            "%(next)s"
        )
        why = f"wildcard by {pick.decided_by}" if pick else "bracket winner"
        issues.append(
            issue(
                f"rounds[{r + 1}].brackets",
                IssueCode.ADVANCER_MISSING,
                msg,
                "players",
                player,
                player=player,
                round=rnd.number,
                why=why,
                next=following.number,
            )
        )
    if not rnd.draw:  # a round's own draw list is checked by _validate_draw
        issues += [_draw_missing(rnd, pick, f"rounds[{r + 1}].brackets") for pick in unrecorded]
    return issues


def _tied_text(pick: WildcardPick) -> str:
    return ", ".join(repr(p) for p in sorted(pick.tied))


def _draw_missing(rnd: Round, pick: WildcardPick, where: str) -> Issue:
    """A wildcard tie went to the draw, and the event recorded none of the tied."""
    msg = (
        "a wildcard after round %(round)s goes to the draw among %(tied)s (level on points, "
        "unrazed realms and games won): the event's draw must pick one of them"
    )
    return issue(
        where, IssueCode.DRAW_MISSING, msg, "players", round=rnd.number, tied=_tied_text(pick)
    )


def _validate_draw(event: EventRecord, r: int) -> list[Issue]:
    """A round's recorded ``draw`` names wildcards the draw could pick: each a candidate
    still tied after games won, no more than the draws the round needs."""
    rnd = event.rounds[r]
    result = advance(event, rnd.number, drawn=rnd.draw)
    draws = [w for w in result.wildcards if w.decided_by == "draw"] if result.ready else []
    picked = {w.player for w in draws if not w.unrecorded}
    issues: list[Issue] = []
    for i, player in enumerate(rnd.draw):
        if player in picked:
            picked.discard(player)  # listed twice: the second is one too many
            continue
        where = f"rounds[{r}].draw[{i}]"
        if not draws:
            msg = (
                "%(player)r cannot be drawn after round %(round)s: no wildcard tie goes to the draw"
            )
            code = IssueCode.DRAW_NOT_NEEDED
            issues.append(issue(where, code, msg, "draw", player, player=player, round=rnd.number))
            continue
        msg = (
            "%(player)r is not a wildcard the draw can pick after round %(round)s: it picks "
            "%(count)s among %(tied)s (level on points, unrazed realms and games won)"
        )
        tied = sorted({p for w in draws for p in w.tied})
        issues.append(
            issue(
                where,
                IssueCode.DRAW_NOT_TIED,
                msg,
                "draw",
                player,
                player=player,
                round=rnd.number,
                count=len(draws),
                tied=", ".join(repr(p) for p in tied),
            )
        )
    issues += [_draw_missing(rnd, w, f"rounds[{r}].draw") for w in draws if w.unrecorded]
    return issues


def _not_advancing(rnd: Round, player: str, where: str, wildcards: Sequence[WildcardPick]) -> Issue:
    """Why a player seated in the next round should not be there."""
    values = {"player": player, "round": rnd.number}
    if wildcards:
        msg = (
            "%(player)r was eliminated by round %(round)s and is not a wildcard: the rules "
            "pick %(wildcards)s (most tournament points, then unrazed realms, games won, draw)"
        )
        picks = ", ".join(
            f"one of {_tied_text(w)}" if w.unrecorded else repr(w.player) for w in wildcards
        )
        return issue(
            where, IssueCode.WRONG_WILDCARD, msg, "players", player, wildcards=picks, **values
        )
    msg = (
        "%(player)r was eliminated by round %(round)s: only bracket winners advance (no "
        "wildcard is needed)"
    )
    return issue(where, IssueCode.NOT_ADVANCING, msg, "players", player, **values)
