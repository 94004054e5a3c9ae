"""Team Spirit events: three teams of two at a table (SPEC §10, 000 *TEAM SPIRIT*).

A team event is an ordinary :class:`EventRecord` with ``teams``: its brackets list team
ids (``players``, ``dropped`` and ``tiebreak_order`` hold team ids), a game's ``winner`` is
a team id, and its counts (``unrazed``, ``razed``, ``holdings``) are keyed by the
*players'* ids, one count per member.

The rules of SPEC §5/§6 are not written twice: :func:`team_event` folds such a record into a
*team-level* record, where every team is one entrant whose count in a game is the sum of its
members' counts, and the usual placement, advancement and points run on it. Only the game
check differs (:func:`validate_team_game`): a team wins at :data:`TEAM_VICTORY_REALMS`
combined unrazed realms checked at the start of a member's turn, so it need not have the
most; each member's count is a realm count of the deck format.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.advancement import Advancement, advance, tournament_winner
from scoring.brackets import SeatingError, bracket_sizes
from scoring.model import (
    Bracket,
    EndedBy,
    EventRecord,
    Format,
    Game,
    Issue,
    IssueCode,
    PlayerRef,
    Round,
    Team,
    issue,
)
from scoring.placement import absent, finished_by
from scoring.points import RoundScore, round_scores
from scoring.seating import History, SeatingPlayer, seat_players
from scoring.validation import decide_by_realms, dropped_issues, is_count, validate_event

__all__ = [
    "TEAM_SIZE",
    "TEAM_VICTORY_REALMS",
    "SeatedTeamBracket",
    "Team",
    "TeamSeating",
    "advance_teams",
    "recorded_winner",
    "seat_order",
    "seat_teams",
    "seated_as_teams",
    "team_bracket",
    "team_bracket_sizes",
    "team_event",
    "team_game",
    "team_of",
    "team_places",
    "team_round_scores",
    "team_winner",
    "validate_any_event",
    "validate_team_bracket",
    "validate_team_event",
    "validate_team_game",
    "validate_teams",
]

TEAM_SIZE = 2
TEAM_VICTORY_REALMS = 10  # "The first team to have 10 unrazed realms" (000 TEAM SPIRIT)


def team_of(teams: Iterable[Team]) -> dict[str, Team]:
    """Map every member's player id to his team."""
    return {player: team for team in teams for player in team.players}


def recorded_winner(team: Team) -> str:
    """The player a team's win (a game's or a bracket's) is recorded under where one player
    is expected: the team's first player [decision]; placement reads it back as the team."""
    return team.players[0]


# --- seating ---------------------------------------------------------------------------


def team_bracket_sizes(n_teams: int) -> list[int]:
    """Teams per bracket: threes, a fourth team only to absorb the remainder (§4, §10)."""
    try:
        return bracket_sizes(n_teams)
    except SeatingError:
        raise SeatingError(
            f"{n_teams} team{'s' if n_teams != 1 else ''} cannot be seated: a Team Spirit "
            "bracket seats three teams (four only to absorb a remainder), so at least 3 "
            "teams and not exactly 5 are needed."
        ) from None


def seat_order(teams: Sequence[Team]) -> tuple[str, ...]:
    """Player seats of one table: A1, B1, C1, A2, B2, C2 — partners never side by side.

    000 *TEAM SPIRIT*: "Players always sit: A1, B1, C1, A2, B2, C2. Thus, the second member
    of the team always goes fourth in turn rotation" (with four teams, fifth).
    """
    return tuple(team.players[m] for m in range(TEAM_SIZE) for team in teams)


@dataclass(frozen=True, slots=True)
class SeatedTeamBracket:
    """One table of a team round: its teams in turn order and the players' seats."""

    table: int
    teams: tuple[str, ...]
    seats: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TeamSeating:
    """A team round's seating, its seed and how many team pairs meet again."""

    brackets: tuple[SeatedTeamBracket, ...]
    seed: int
    repeat_pairs: int


def seat_teams(teams: Sequence[Team], *, history: History = (), seed: int) -> TeamSeating:
    """Seat complete teams three to a table (four for the remainder), reproducibly.

    ``history`` is counted between *teams* (groups of team ids, or team-id pair counts):
    teams that already shared a bracket meet again as little as possible. The team-level
    problem is the player-level one of SPEC §4, so :func:`seat_players` solves it.
    """
    by_id = {team.id: team for team in teams}
    for team in teams:
        if len(team.players) != TEAM_SIZE:
            raise SeatingError(
                f"Team {team.name!r} has {len(team.players)} player(s): a team is seated "
                "only once it has its two players."
            )
    team_bracket_sizes(len(by_id))  # the team wording of an unseatable count
    seating = seat_players([SeatingPlayer(t.id) for t in teams], history=history, seed=seed)
    brackets = tuple(
        SeatedTeamBracket(b.table, b.players, seat_order([by_id[t] for t in b.players]))
        for b in seating.brackets
    )
    return TeamSeating(brackets, seating.seed, seating.repeat_pairs)


# --- the team-level event ---------------------------------------------------------------


def _sum(counts: Mapping[str, int] | None, teams: Sequence[Team], whole: bool) -> dict | None:
    """Team sums of member counts; with ``whole`` only teams whose members all have one."""
    if counts is None:
        return None
    sums = {}
    for team in teams:
        present = [counts[p] for p in team.players if p in counts]
        if present and (not whole or len(present) == len(team.players)):
            sums[team.id] = sum(present)
    return sums


def team_game(game: Game, teams: Sequence[Team]) -> Game:
    """The game with one count per team: the sum of its members' counts (§10).

    A team without any unrazed count (it dropped) has none; razed and holdings sums need
    both members, so a missing one still shows as missing to the out-of-cards/time decision.
    """
    return Game(
        game.winner,
        game.ended_by,
        _sum(game.unrazed, teams, whole=False),
        _sum(game.razed, teams, whole=True),
        _sum(game.holdings, teams, whole=True),
    )


def team_bracket(bracket: Bracket, by_id: Mapping[str, Team]) -> Bracket:
    """A team-listed bracket at team level: one count per team in every game."""
    seated = [by_id[t] for t in bracket.players if t in by_id]
    games = tuple(team_game(g, seated) for g in bracket.games)
    return replace(bracket, games=games)


def seated_as_teams(bracket: Bracket, team_by_player: Mapping[str, Team]) -> Bracket:
    """A bracket stored seat by seat (player ids) as the team bracket it is: team ids in
    turn order, a game won by a member won by his team, a team dropped once both are."""
    order = list(dict.fromkeys(team_by_player[p].id for p in bracket.players))
    members: dict[str, list[str]] = {}
    for player in bracket.players:
        members.setdefault(team_by_player[player].id, []).append(player)
    dropped = tuple(t for t in order if all(p in bracket.dropped for p in members[t]))

    def winner(player: str | None) -> str | None:
        return team_by_player[player].id if player in team_by_player else player

    games = tuple(
        Game(winner(g.winner), g.ended_by, g.unrazed, g.razed, g.holdings) for g in bracket.games
    )
    # A team drops as a team: it left when its first member did.
    after = {
        t: min(bracket.dropped_after[p] for p in members[t] if p in bracket.dropped_after)
        for t in dropped
        if any(p in bracket.dropped_after for p in members[t])
    }
    return Bracket(bracket.table, tuple(order), games, bracket.tiebreak_order, dropped, after)


def team_event(event: EventRecord) -> EventRecord:
    """The team-level record: every team one entrant, every count the team's sum."""
    by_id = {team.id: team for team in event.teams}
    return EventRecord(
        event.format,
        event.name,
        event.date,
        event.venue,
        event.coordinator,
        event.judges,
        tuple(PlayerRef(t.id, t.name, _team_number(event, t)) for t in event.teams),
        tuple(
            Round(
                rnd.number,
                tuple(team_bracket(b, by_id) for b in rnd.brackets),
                _teams_of(rnd.withdrawn, event.teams),
                _teams_of(rnd.draw, event.teams),
            )
            for rnd in event.rounds
        ),
        event.seed,
    )


def _team_number(event: EventRecord, team: Team) -> str:
    """A team's members' player numbers: the same on the site and in its file (ids are not),
    so the seeded wildcard draw between teams agrees."""
    numbers = {p.id: p.player_number for p in event.players}
    return "+".join(sorted(numbers.get(p, "") for p in team.players if numbers.get(p)))


def _teams_of(players: Iterable[str], teams: Sequence[Team]) -> tuple[str, ...]:
    """Team ids of a list that may name teams or their members (a team leaves as a team)."""
    member_of = team_of(teams)
    return tuple(dict.fromkeys(member_of[p].id if p in member_of else p for p in players))


def team_round_scores(event: EventRecord, upto: int | None = None) -> dict[str, list[RoundScore]]:
    """Every player's per-round scores: each member gets his team's (§10).

    The team's placement points × round multiplier × event multiplier, to both members.
    """
    by_team = round_scores(team_event(event), upto)
    scores: dict[str, list[RoundScore]] = {p.id: [] for p in event.players}
    for team in event.teams:
        for player in team.players:
            scores[player] = list(by_team.get(team.id, []))
    return scores


def team_places(keys: Sequence[Any], entrants: Sequence[Hashable]) -> list[int]:
    """Final places in the event when entrants are teams (SPEC §10): the event ranks teams
    1, 2, 3, 4 …, and each member carries his team's place (a team's second member is not
    "3rd" behind his own partner).

    ``keys[i]`` is row i's final-place key (``scoring.figures.final_place_key``: smaller
    sorts first) and ``entrants[i]`` the team it belongs to (a player alone is his own
    entrant). A team's key is its best member's: members store their team's figures, so
    their keys are equal. Teams equal on the whole key share the place (competition
    ranking over teams: 1, 1, 3), and every row gets its team's place.
    """
    best: dict[Hashable, Any] = {}
    for key, entrant in zip(keys, entrants, strict=True):
        if entrant not in best or key < best[entrant]:
            best[entrant] = key
    first: dict[Any, int] = {}
    for place, key in enumerate(sorted(best.values()), start=1):
        first.setdefault(key, place)
    return [first[best[entrant]] for entrant in entrants]


def team_winner(event: EventRecord) -> str | None:
    """The team that won the final, once known."""
    return tournament_winner(team_event(event))


def advance_teams(
    event: EventRecord,
    round_number: int | None = None,
    withdrawn: Iterable[str] = (),
    drawn: Iterable[str] | None = None,
) -> Advancement:
    """Teams going on from a round: bracket winners, then wildcard *teams* (§6, §10);
    ``drawn``: the event's recorded draw (teams, or their members), as for ``advance``."""
    level = team_event(event)
    teams = None if drawn is None else _teams_of(drawn, event.teams)
    return advance(level, round_number, tuple(withdrawn), teams)


# --- checks ------------------------------------------------------------------------------


def _member(player: str, team: Team) -> str:
    return f"{player!r} (team {team.name!r})"


def _check_member_counts(
    counts: Mapping[str, int],
    name: str,
    seated: Sequence[Team],
    high: int,
    path: str,
) -> list[Issue]:
    members = team_of(seated)
    issues = []
    for player, value in counts.items():
        where = f"{path}.{name}.{player}"
        if player not in members:
            msg = f"{player!r} is not a member of a team seated in this bracket"
            issues.append(Issue(where, msg, name, player))
        elif not is_count(value, high):
            msg = (
                f"{name} count of {_member(player, members[player])} must be a whole number "
                f"0..{high}, got {value!r}"
            )
            issues.append(Issue(where, msg, name, player))
    return issues


def _team_sum_text(team: Team, unrazed: Mapping[str, int]) -> str:
    parts = " + ".join(f"{p} {unrazed.get(p, 0)}" for p in team.players)
    return f"{parts} = {sum(unrazed.get(p, 0) for p in team.players)}"


def validate_team_game(
    game: Game, bracket: Bracket, teams: Sequence[Team], fmt: Format, path: str = "game"
) -> list[Issue]:
    """Check one game of a team bracket; every message names the team and the player."""
    by_id = {team.id: team for team in teams}
    seated = [by_id[t] for t in bracket.players if t in by_id]
    issues = _check_member_counts(game.unrazed, "unrazed", seated, fmt.max_realms, path)
    for team in seated:
        if team.id in bracket.dropped:
            continue
        for player in team.players:
            if player not in game.unrazed:
                msg = f"missing unrazed realm count of {_member(player, team)}"
                issues.append(Issue(f"{path}.unrazed.{player}", msg, "unrazed", player))
    for name in ("razed", "holdings"):
        counts = getattr(game, name)
        if counts is not None:
            issues += _check_member_counts(counts, name, seated, fmt.max_realms, path)
    if game.winner is not None and game.winner not in bracket.players:
        msg = f"winner {game.winner!r} is not a team seated in this bracket"
        issues.append(Issue(f"{path}.winner", msg, "winner", game.winner))
    if issues:
        return issues  # the winner check needs sound counts
    return _check_team_winner(game, seated, path)


def _check_team_winner(game: Game, seated: Sequence[Team], path: str) -> list[Issue]:
    where = f"{path}.winner"
    if game.ended_by is EndedBy.VICTORY:
        if game.winner is None:
            msg = "a game ended by the victory condition must have a winning team"
            return [Issue(where, msg, "winner")]
        team = next(t for t in seated if t.id == game.winner)
        total = sum(game.unrazed.get(p, 0) for p in team.players)
        if total < TEAM_VICTORY_REALMS:
            # No "most realms" check: the count is taken at the start of a member's turn.
            template = (
                "winning team %(team)r has %(members)s unrazed realms; "
                "a team needs %(need)s together to win"
            )
            return [
                issue(
                    f"{path}.unrazed.{team.players[0]}",
                    IssueCode.TEAM_VICTORY_REALMS,
                    template,
                    "unrazed",
                    team.players[0],
                    team=team.name,
                    members=_team_sum_text(team, game.unrazed),
                    need=TEAM_VICTORY_REALMS,
                )
            ]
        return []
    decision = decide_by_realms(team_game(game, seated))
    how = "running out of cards" if game.ended_by is EndedBy.OUT_OF_CARDS else "time"
    names = {t.id: t.name for t in seated}
    if decision.missing:
        tied = ", ".join(repr(names.get(t, t)) for t in decision.tied)
        msg = (
            f"teams {tied} are tied; every member's {decision.missing} count is needed to "
            "decide the game"
        )
        return [Issue(f"{path}.{decision.missing}", msg, decision.missing)]
    if decision.winner != game.winner:
        expected = (
            "a draw (winner null)"
            if decision.winner is None
            else f"team {names[decision.winner]!r}"
        )
        msg = (
            f"a game ended by {how} is won by the team with the most unrazed realms (then "
            f"razed realms, then holdings): expected {expected}, recorded {game.winner!r}"
        )
        return [Issue(where, msg, "winner", game.winner)]
    return []


def validate_teams(event: EventRecord) -> list[Issue]:
    """Teams: unique non-empty ids apart from player ids, a name, two distinct players each,
    nobody in two teams."""
    known = {p.id for p in event.players}
    issues = []
    seen_ids: set[str] = set()
    member_of: dict[str, str] = {}
    for i, team in enumerate(event.teams):
        path = f"teams[{i}]"
        if not team.id.strip():
            issues.append(Issue(f"{path}.id", "team id must not be empty", "id"))
        elif team.id in seen_ids:
            first = next(j for j, other in enumerate(event.teams) if other.id == team.id)
            msg = (
                f"team id {team.id!r} is used twice (teams[{first}] has it already): every "
                "team needs its own id"
            )
            issues.append(Issue(f"{path}.id", msg, "id"))
        elif team.id in known:
            msg = f"team id {team.id!r} is also a player id: brackets could not tell them apart"
            issues.append(Issue(f"{path}.id", msg, "id"))
        seen_ids.add(team.id)
        if not team.name.strip():
            issues.append(Issue(f"{path}.name", "team name must not be empty", "name"))
        if len(team.players) != TEAM_SIZE:
            msg = f"team {team.name!r} must have exactly 2 players, not {len(team.players)}"
            issues.append(Issue(f"{path}.players", msg, "players"))
        for j, player in enumerate(team.players):
            where = f"{path}.players[{j}]"
            if player not in known:
                msg = f"unknown player id {player!r} in team {team.name!r}"
                issues.append(Issue(where, msg, "players", player))
            elif player in member_of:
                msg = f"{player!r} is already in team {member_of[player]!r}"
                issues.append(Issue(where, msg, "players", player))
            else:
                member_of[player] = team.name
    return issues


_GAME_DETAIL = re.compile(r"\.games\[\d+\]\.")


def validate_team_event(event: EventRecord) -> list[Issue]:
    """Check a Team Spirit event: teams, then the §5/§6 structure at team level, then every
    game by the team rules.

    Structure (seats once per round, drops, closed rounds, advancement…) is checked on the
    team-level record; its per-game count and winner checks, which speak of single players,
    are replaced by :func:`validate_team_game`.
    """
    issues = validate_teams(event)
    if event.format.tournament_type != "team-spirit":
        issues.append(Issue("teams", 'only a "team-spirit" event has teams', "teams"))
    if issues:
        return issues
    level = team_event(event)
    for found in validate_event(level):
        if found.path.startswith("players"):
            continue  # the team list was checked above, with the team wording
        if _GAME_DETAIL.search(found.path):
            continue  # replaced by the team game check below
        issues.append(_team_wording(found))
    for r, rnd in enumerate(event.rounds):
        for b, bracket in enumerate(rnd.brackets):
            path = f"rounds[{r}].brackets[{b}]"
            issues += _team_games(bracket, event.teams, event.format, path, report_over=False)
    return issues


def validate_team_bracket(
    bracket: Bracket, teams: Sequence[Team], fmt: Format, path: str = "bracket"
) -> list[Issue]:
    """Check a team-listed bracket's games in play order: none after two team wins or time,
    each by the team game rules."""
    return _team_games(bracket, teams, fmt, path, report_over=True)


def _team_games(
    bracket: Bracket, teams: Sequence[Team], fmt: Format, path: str, *, report_over: bool
) -> list[Issue]:
    by_id = {team.id: team for team in teams}
    level = team_bracket(bracket, by_id)
    issues: list[Issue] = []
    for g, game in enumerate(bracket.games):
        where = f"{path}.games[{g}]"
        before = replace(level, games=level.games[:g], tiebreak_order=None)
        winners = Counter(x.winner for x in before.games if x.winner is not None)
        over = next((by_id[t].name for t, n in winners.items() if n >= 2 and t in by_id), None)
        if over is not None or finished_by(before) == "time":
            if report_over:  # validate_event already reports it for a whole event
                reason = (
                    f"team {over!r} has won two games (the bracket is over)"
                    if over is not None
                    else "a game ended by time (time was called; the bracket is over)"
                )
                issues.append(Issue(where, f"no game may be recorded after {reason}", "games"))
            break
        gone = absent(level, g)
        dropped = _members_issues(dropped_issues(level.games[g], gone, where), by_id)
        issues += dropped or validate_team_game(game, bracket, teams, fmt, where)
    return issues


def _members_issues(found: list[Issue], by_id: Mapping[str, Team]) -> list[Issue]:
    """Team-level issues of a dropped team, said of the team (a team drops as a team)."""
    return [
        replace(f, message=f.message.replace(repr(f.player), f"team {by_id[f.player].name!r}"))
        if f.player in by_id
        else f
        for f in found
    ]


def _team_wording(found: Issue) -> Issue:
    """Structure messages of the team-level check speak of players: say teams."""
    message = found.message.replace("unknown player id", "unknown team id")
    message = message.replace("(not in the players list)", "(not in the teams list)")
    message = message.replace("a bracket seats 2 to 4 players", "a bracket seats 2 to 4 teams")
    return replace(found, message=message)


def validate_any_event(event: EventRecord) -> list[Issue]:
    """Validate an event of either kind: a Team Spirit event by the team rules."""
    if event.teams or event.format.tournament_type == "team-spirit":
        if not event.teams and event.rounds:
            return [Issue("teams", 'a "team-spirit" event needs its teams', "teams")]
        if event.teams:
            return validate_team_event(event)
    return validate_event(event)
