"""Engine issues told to a judge in the result form's words: each issue code becomes a
translated message next to the field it is about (SPEC §5)."""

from __future__ import annotations

from collections import defaultdict

from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext as _

from scoring import model as m
from scoring.teams import TEAM_VICTORY_REALMS
from tournament.core.issues import issue_message
from tournament.events.models import Bracket
from tournament.events.to_engine import TeamsByPlayer, engine_id
from tournament.results.models import COUNTS


def player_names(bracket: Bracket) -> dict[str, str]:
    return {
        engine_id(s.registration.player_id): s.registration.player.name for s in bracket.seats.all()
    }


def entrant_names(bracket: Bracket, teams: TeamsByPlayer) -> dict[str, str]:
    """Names of the players, and in Team Spirit of the teams, by engine id."""
    return player_names(bracket) | {t.id: t.name for t in teams.values()}


def game_errors(
    bracket: Bracket, issues: list[m.Issue], game: m.Game, fmt: m.Format, teams: TeamsByPlayer
) -> dict[str, list[str]]:
    """The engine's issues with one game of a bracket, in the form's words: a Team Spirit
    team short of its victory realms by name (`team_errors`), every other issue by its
    field (`issue_errors`). Asked only when the engine found something: a valid game is
    never told."""
    others = [i for i in issues if i.code is not m.IssueCode.TEAM_VICTORY_REALMS]
    return issue_errors(others, player_names(bracket), fmt, game) | team_errors(
        bracket, issues, game, teams
    )


def team_errors(
    bracket: Bracket, issues: list[m.Issue], game: m.Game, teams: TeamsByPlayer
) -> dict[str, list[str]]:
    """Team Spirit: a team short of its victory realms is told here by name (§10)."""
    names = player_names(bracket)
    errors: dict[str, list[str]] = {}
    for issue in [i for i in issues if i.code is m.IssueCode.TEAM_VICTORY_REALMS]:
        team = teams[issue.player]  # the issue names the winning member
        members = " + ".join(f"{names[p]} {game.unrazed.get(p, 0)}" for p in team.players)
        errors.setdefault("winner", []).append(
            _(
                "Team %(team)s won by the victory condition with %(members)s unrazed realms; "
                "a team needs %(need)s together."
            )
            % {"team": team.name, "members": members, "need": TEAM_VICTORY_REALMS}
        )
    return errors


def _count_message(
    issue: m.Issue, names: dict[str, str], fmt: m.Format, game: m.Game
) -> tuple[str, str]:
    name = names.get(issue.player or "", issue.player or "")
    where = f"{issue.field}_{issue.player}"
    code = issue.code
    own = game.unrazed.get(issue.player, 0)
    if code is m.IssueCode.NOT_SEATED:
        return NON_FIELD_ERRORS, _("%(name)s is not seated at this table.") % {"name": name}
    if code is m.IssueCode.COUNT_MISSING:
        return where, _("Enter the unrazed realms of %(name)s.") % {"name": name}
    if code is m.IssueCode.WINNER_COUNT_MISSING:
        return where, _("Enter the unrazed realms of the winner, %(name)s.") % {"name": name}
    if code is m.IssueCode.COUNT_RANGE:
        return where, _("Enter a whole number from 0 to %(max)s.") % {"max": fmt.max_realms}
    if code is m.IssueCode.VICTORY_BELOW_COUNT:
        return where, _(
            "%(name)s won by the victory condition with %(own)s unrazed realms, but it needs "
            "at least %(need)s."
        ) % {"name": name, "own": own, "need": fmt.victory_realms}
    if code is m.IssueCode.CONQUEROR_BELOW_THREE:
        return where, _(
            "%(name)s won the Conqueror's Game with %(own)s unrazed realms, but the winner "
            "has at least %(need)s."
        ) % {"name": name, "own": own, "need": m.CONQUEROR_MIN_REALMS}
    if code is m.IssueCode.VICTORY_NOT_MOST:
        return where, _(
            "%(name)s won by the victory condition with %(own)s unrazed realms, but another "
            "player has %(best)s: the winner has at least as many as anyone else."
        ) % {"name": name, "own": own, "best": max(game.unrazed.values())}
    return where, issue_message(issue)


def _winner_message(issue: m.Issue, names: dict[str, str], game: m.Game) -> str:
    code = issue.code
    if code is m.IssueCode.VICTORY_NEEDS_WINNER:
        return _("A game ended by the victory condition has a winner: choose who won.")
    if code is m.IssueCode.WINNER_NOT_SEATED:
        return _("The winner must be seated at this table.")
    if code is m.IssueCode.REALM_WINNER:
        # The engine's issue names whom the counts decide: nothing is decided again here.
        expected = names.get((issue.params or {}).get("winner") or "", _("a draw"))
        how = _("running out of cards") if game.ended_by is m.EndedBy.OUT_OF_CARDS else _("time")
        return _(
            "A game ended by %(how)s is won by the most unrazed realms, then razed realms, then "
            "holdings: by these counts that is %(expected)s."
        ) % {"how": how, "expected": expected}
    return issue_message(issue)


def issue_errors(
    issues: list[m.Issue], names: dict[str, str], fmt: m.Format, game: m.Game
) -> dict[str, list[str]]:
    """Engine issues as translated messages keyed by the result form's field names."""
    errors: dict[str, list[str]] = defaultdict(list)
    for issue in issues:
        if issue.field in COUNTS and issue.player:
            where, message = _count_message(issue, names, fmt, game)
            errors[where].append(message)
        elif issue.code is m.IssueCode.TIE_NEEDS_COUNTS:
            # Tied on unrazed (then razed): the engine names the tied players whose next count
            # it needs.
            tied = (issue.params or {}).get("players", ())
            label = _("razed realms") if issue.field == "razed" else _("holdings")
            for player in tied:
                errors[f"{issue.field}_{player}"].append(_("Needed to break the tie."))
            errors[NON_FIELD_ERRORS].append(
                _("%(players)s are tied: enter their %(what)s to decide the game.")
                % {"players": ", ".join(names.get(p, p) for p in tied), "what": label}
            )
        elif issue.code is m.IssueCode.TIME_NOT_TIMED:
            errors["ended_by"].append(
                _("This event has no time limit: a game cannot end by time called.")
            )
        elif issue.field == "winner":
            errors["winner"].append(_winner_message(issue, names, game))
        else:
            errors[NON_FIELD_ERRORS].append(issue_message(issue))
    return dict(errors)
