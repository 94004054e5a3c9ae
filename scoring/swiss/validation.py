"""Checks of a one-on-one event (SPEC §11); errors are located Issue values.

Refused, each at its place in the file: a match that does not seat two different players,
a game after its match was decided, a no-show who is not in the match or whose match has
games, a player paired twice in a round or paired while he has the bye, a player who has
not dropped but is neither paired nor given the bye, more than one bye in a round, a
second bye while a player in the round has had none, a player paired after he dropped or
who joins after round 1, more Swiss rounds than the event plays, a top cut in an event
without one or before the Swiss rounds end, a bye in the cut, a match without a result
when a later round is paired, and a top cut that does not follow the Swiss standing
(1 v 8, 4 v 5, 2 v 7, 3 v 6, then the winners). Games are checked as in §5
(``scoring.validation.validate_game``: counts, winner, victory and time).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from scoring.model import Bracket, Format, Issue, IssueCode, Plural, TournamentType, issue
from scoring.swiss.model import Match, SwissEvent, SwissRound, games_to_win, score_match
from scoring.swiss.standings import cut_rounds, cut_seeds, swiss_standing
from scoring.swiss.topcut import CUT_SEEDS
from scoring.validation import validate_format, validate_game

__all__ = ["match_game_issues", "validate_swiss_event"]

# The limit assumed for checking games of a file that names none (games may end by time).
SWISS_ROUND_MINUTES = 50


def validate_swiss_event(event: SwissEvent) -> list[Issue]:
    """Every rule a one-on-one event file breaks, located by path (empty: valid)."""
    issues = validate_format(event.format)
    if event.format.tournament_type is TournamentType.TEAM_SPIRIT:
        msg = "Team Spirit is played by teams in brackets, never one-on-one"
        issues.append(issue("tournament_type", IssueCode.TEAM_SPIRIT_ONE_ON_ONE, msg, None))
    if event.swiss_rounds < 1:
        msg = "an event plays at least one Swiss round, not %(value)s"
        issues.append(
            issue("swiss_rounds", IssueCode.SWISS_ROUNDS_RANGE, msg, None, value=event.swiss_rounds)
        )
    issues += _listed_twice(event.draw, "draw", "draw")
    issues += _round_order(event)
    active: set[str] = set()
    byes: dict[str, int] = {}
    gone: set[str] = set()
    for r, rnd in enumerate(event.rounds):
        path = f"rounds[{r}]"
        issues += _matches(event, rnd, path)
        issues += _seats(rnd, r, path, active, gone, byes)
        issues += _results(event, r, path)
        gone.update(rnd.dropped)
    if not issues:
        issues += _top_cut(event)
    return issues


def _listed_twice(values: tuple[str, ...], path: str, name: str) -> list[Issue]:
    issues = []
    for player, n in Counter(values).items():
        if n > 1:
            msg = Plural(
                "%(player)r is listed %(count)s time", "%(player)r is listed %(count)s times"
            )
            issues.append(
                issue(path, IssueCode.LISTED_TWICE, msg, name, player, player=player, count=n)
            )
    return issues


def _round_order(event: SwissEvent) -> list[Issue]:
    """Rounds numbered 1, 2, 3…; Swiss rounds, then the cut rounds."""
    issues = []
    swiss = cut = 0
    cut_size = len(CUT_SEEDS.get(event.top_cut, ())).bit_length()  # rounds: 1, 2 or 3
    for r, rnd in enumerate(event.rounds):
        path = f"rounds[{r}]"
        if rnd.number != r + 1:
            msg = "rounds are numbered 1, 2, 3…: expected %(expected)s, got %(number)s"
            issues.append(
                issue(
                    f"{path}.number",
                    IssueCode.ROUND_NUMBER,
                    msg,
                    "number",
                    expected=r + 1,
                    number=rnd.number,
                )
            )
        if not rnd.matches and not (rnd.byes and not rnd.cut):
            msg = "a round needs a match"
            issues.append(issue(f"{path}.matches", IssueCode.ROUND_NO_MATCH, msg, "matches"))
        where = f"{path}.cut"
        if not rnd.cut:
            swiss += 1
            if swiss > event.swiss_rounds >= 1:
                msg = (
                    "the event plays %(rounds)s Swiss rounds: round %(round)s is one too many "
                    '(a top-cut round says "cut": true)'
                )
                issues.append(
                    issue(
                        path,
                        IssueCode.SWISS_ROUNDS_OVER,
                        msg,
                        None,
                        rounds=event.swiss_rounds,
                        round=rnd.number,
                    )
                )
            continue
        cut += 1
        if not event.top_cut:
            msg = "the event has no top cut (top_cut is 0)"
            issues.append(issue(where, IssueCode.CUT_NONE, msg, "cut"))
        elif swiss < event.swiss_rounds and cut == 1:
            msg = "the top cut follows the %(rounds)s Swiss rounds: round %(round)s comes too early"
            issues.append(
                issue(
                    where,
                    IssueCode.CUT_EARLY,
                    msg,
                    "cut",
                    rounds=event.swiss_rounds,
                    round=rnd.number,
                )
            )
        elif cut > cut_size:
            msg = Plural(
                "a top cut of %(cut)s has %(rounds)s round: round %(round)s is one too many",
                "a top cut of %(cut)s has %(rounds)s rounds: round %(round)s is one too many",
                count="rounds",
            )
            issues.append(
                issue(
                    where,
                    IssueCode.CUT_OVER,
                    msg,
                    "cut",
                    cut=event.top_cut,
                    rounds=cut_size,
                    round=rnd.number,
                )
            )
        if rnd.byes:
            msg = "a top-cut round has no byes"
            issues.append(issue(f"{path}.byes", IssueCode.CUT_BYE, msg, "byes"))
    return issues


def _matches(event: SwissEvent, rnd: SwissRound, path: str) -> list[Issue]:
    """Each match: its table, two different players, a sound no-show, sound games."""
    issues = []
    tables: set[int] = set()
    for m, match in enumerate(rnd.matches):
        where = f"{path}.matches[{m}]"
        table = match.table
        if isinstance(table, bool) or not isinstance(table, int) or table < 1:
            msg = "table must be a positive whole number"
            issues.append(issue(f"{where}.table", IssueCode.TABLE_NUMBER, msg, "table"))
        elif table in tables:
            msg = "table %(table)s is used twice"
            issues.append(issue(f"{where}.table", IssueCode.TABLE_TWICE, msg, "table", table=table))
        tables.add(table)
        twice = _listed_twice(match.players, f"{where}.players", "players")
        if twice:
            issues += twice
            continue
        if len(match.players) != 2:
            msg = "a match seats two players, not %(size)s"
            issues.append(
                issue(
                    f"{where}.players",
                    IssueCode.MATCH_SIZE,
                    msg,
                    "players",
                    size=len(match.players),
                )
            )
            continue
        issues += _no_show(match, where)
        issues += _games(event, rnd, match, where)
    return issues


def _no_show(match, where: str) -> list[Issue]:
    player = match.no_show
    if player is None:
        return []
    if player not in match.players:
        msg = "no-show %(player)r is not a player of this match"
        return [
            issue(
                f"{where}.no_show",
                IssueCode.NO_SHOW_NOT_PLAYER,
                msg,
                "no_show",
                player,
                player=player,
            )
        ]
    if match.games:
        msg = "%(player)r did not come: a match lost by a no-show has no games"
        return [
            issue(f"{where}.games", IssueCode.NO_SHOW_GAMES, msg, "games", player, player=player)
        ]
    return []


def _games(event: SwissEvent, rnd: SwissRound, match, where: str) -> list[Issue]:
    return match_game_issues(match, event.format, event.best_of, cut=rnd.cut, where=where)


def match_game_issues(
    match: Match, fmt: Format, best_of: int, *, cut: bool = False, where: str = ""
) -> list[Issue]:
    """What the games of one match break (SPEC §11 and §5): a game after the match was
    decided, and each game's own checks (counts, winner, victory and time). Used for a
    whole event file and for one match whose result a judge enters."""
    issues = []
    seated = Bracket(match.table if isinstance(match.table, int) else 0, match.players)
    # Swiss rounds are timed rounds (SPEC §11): a game may end by time even when the event
    # names no time limit.
    timed = fmt if fmt.timed else replace(fmt, time_limit_minutes=SWISS_ROUND_MINUTES)
    prefix = f"{where}." if where else ""
    for g, game in enumerate(match.games):
        at = f"{prefix}games[{g}]"
        before = score_match(Match(match.table, match.players, match.games[:g]), best_of, cut=cut)
        if g and before.decided:  # the first cause: whatever this game says
            a, b = match.players
            msg = "the match was decided after game %(games)s (%(score)s): no game may follow it"
            issues.append(
                issue(
                    at,
                    IssueCode.MATCH_OVER,
                    msg,
                    None,
                    games=g,
                    score=f"{a} {before.wins[a]}-{before.wins[b]} {b}",
                )
            )
            break
        issues += validate_game(game, seated, timed, at, g)
    return issues


def _seats(
    rnd: SwissRound,
    r: int,
    path: str,
    active: set[str],
    gone: set[str],
    byes: dict[str, int],
) -> list[Issue]:
    """Who plays the round: each active player once (a match or the bye), nobody else."""
    issues = []
    where_of: dict[str, str] = {}
    for m, match in enumerate(rnd.matches):
        for p, player in enumerate(dict.fromkeys(match.players)):
            at = f"{path}.matches[{m}].players[{p}]"
            if player in where_of:
                msg = "%(player)r is seated twice in round %(round)s"
                issues.append(
                    issue(
                        at,
                        IssueCode.SEATED_TWICE,
                        msg,
                        "players",
                        player,
                        player=player,
                        round=r + 1,
                    )
                )
            where_of.setdefault(player, at)
    if len(rnd.byes) > 1:
        msg = Plural(
            "round %(round)s gives %(count)s bye: only the odd player out has one",
            "round %(round)s gives %(count)s byes: only the odd player out has one",
        )
        issues.append(
            issue(
                f"{path}.byes", IssueCode.BYES_MANY, msg, "byes", round=r + 1, count=len(rnd.byes)
            )
        )
    issues += _listed_twice(rnd.byes, f"{path}.byes", "byes")
    for b, player in enumerate(dict.fromkeys(rnd.byes)):
        at = f"{path}.byes[{b}]"
        if player in where_of:
            msg = "%(player)r has the bye in round %(round)s and also plays a match in it"
            issues.append(
                issue(at, IssueCode.BYE_AND_MATCH, msg, "byes", player, player=player, round=r + 1)
            )
            continue
        if player in byes:
            fresh = sorted(p for p in active if p not in byes and p not in gone)
            if fresh:
                msg = (
                    "%(player)r already had a bye in round %(first)s: the bye goes to a player "
                    "who has had none (%(fresh)s)"
                )
                issues.append(
                    issue(
                        at,
                        IssueCode.BYE_TWICE,
                        msg,
                        "byes",
                        player,
                        player=player,
                        first=byes[player],
                        fresh=", ".join(fresh),
                    )
                )
        byes.setdefault(player, r + 1)
        where_of[player] = at
    for player, at in where_of.items():
        if player in gone:
            msg = "%(player)r dropped before round %(round)s"
            issues.append(
                issue(
                    at, IssueCode.SEATED_AFTER_DROP, msg, None, player, player=player, round=r + 1
                )
            )
        elif r and player not in active:
            msg = "%(player)r did not play round 1 and cannot join round %(round)s"
            issues.append(
                issue(at, IssueCode.JOINED_LATE, msg, None, player, player=player, round=r + 1)
            )
    if r == 0:
        active.update(where_of)
    elif not rnd.cut:
        for player in sorted(active - gone - set(where_of)):
            msg = (
                "%(player)r has not dropped and is neither paired nor given the bye in round "
                "%(round)s"
            )
            issues.append(
                issue(path, IssueCode.NOT_PAIRED, msg, None, player, player=player, round=r + 1)
            )
    issues += _listed_twice(rnd.dropped, f"{path}.dropped", "dropped")
    for d, player in enumerate(rnd.dropped):
        if player not in where_of:
            msg = "%(player)r did not play round %(round)s and cannot withdraw after it"
            issues.append(
                issue(
                    f"{path}.dropped[{d}]",
                    IssueCode.WITHDRAWN_NOT_PLAYED,
                    msg,
                    "dropped",
                    player,
                    player=player,
                    round=r + 1,
                )
            )
    return issues


def _results(event: SwissEvent, r: int, path: str) -> list[Issue]:
    """Before a later round is paired, every match of this one has its result."""
    if r + 1 >= len(event.rounds):
        return []
    rnd = event.rounds[r]
    issues = []
    for m, match in enumerate(rnd.matches):
        if len(match.players) != 2 or len(set(match.players)) != 2:
            continue
        where = f"{path}.matches[{m}]"
        score = score_match(match, event.best_of, cut=rnd.cut)
        if rnd.cut and not score.decided:
            msg = (
                "a top-cut match goes on until a player has won %(wins)s games: round "
                "%(next)s is paired before it ends"
            )
            issues.append(
                issue(
                    f"{where}.games",
                    IssueCode.CUT_UNDECIDED,
                    msg,
                    "games",
                    wins=games_to_win(event.best_of),
                    next=r + 2,
                )
            )
        elif not score.played:
            msg = "round %(next)s is paired but this match has no result"
            issues.append(
                issue(f"{where}.games", IssueCode.MATCH_NO_RESULT, msg, "games", next=r + 2)
            )
    return issues


def _pair_text(pair) -> str:
    return " v ".join(repr(p) for p in pair)


def _top_cut(event: SwissEvent) -> list[Issue]:
    """The cut takes the Swiss standing's first players, in bracket order (SPEC §11); a cut
    larger than the field is refused, played or not."""
    if event.top_cut and len(event.players) < event.top_cut:
        msg = "a top cut of %(cut)s needs %(cut)s players; the event has %(count)s"
        return [
            issue(
                "top_cut",
                IssueCode.CUT_TOO_BIG,
                msg,
                "top_cut",
                cut=event.top_cut,
                count=len(event.players),
            )
        ]
    if not event.top_cut or not event.cut:
        return []
    first = len(event.swiss)
    standing = swiss_standing(event)
    seeds = cut_seeds(event, standing)
    if len(seeds) < event.top_cut:
        msg = (
            "a top cut of %(cut)s needs %(cut)s players who did not drop; the Swiss rounds "
            "have %(count)s"
        )
        return [
            issue(
                f"rounds[{first}]",
                IssueCode.CUT_TOO_BIG,
                msg,
                None,
                cut=event.top_cut,
                count=len(seeds),
            )
        ]
    issues = []
    for depth, expected in enumerate(cut_rounds(event, standing)):
        r = first + depth
        rnd = event.rounds[r]
        pairs = {frozenset(pair) for pair in expected.pairs}
        listed = ", ".join(_pair_text(pair) for pair in expected.pairs)
        for m, match in enumerate(rnd.matches):
            if frozenset(match.players) not in pairs:
                msg = (
                    "round %(round)s of the top cut pairs %(expected)s (the Swiss standing: "
                    "1 v 8, 4 v 5, 2 v 7, 3 v 6, then the winners): %(pair)s is not one of them"
                )
                issues.append(
                    issue(
                        f"rounds[{r}].matches[{m}].players",
                        IssueCode.CUT_PAIRING,
                        msg,
                        "players",
                        round=rnd.number,
                        expected=listed,
                        pair=_pair_text(match.players),
                    )
                )
        for pair, match in zip(expected.pairs, expected.matches, strict=True):
            if match is None:
                msg = "round %(round)s of the top cut has no match %(pair)s"
                issues.append(
                    issue(
                        f"rounds[{r}].matches",
                        IssueCode.CUT_MATCH_MISSING,
                        msg,
                        "matches",
                        round=rnd.number,
                        pair=_pair_text(pair),
                    )
                )
    return issues
