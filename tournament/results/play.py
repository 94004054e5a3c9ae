"""Whether play goes on, in the result form's words: why a bracket (SPEC §4) or a one-on-one
match (SPEC §11) takes no further game, and a match's game checked with the engine (the
match's earlier games, then the new one: `scoring.swiss.validation`)."""

from __future__ import annotations

from dataclasses import replace

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext as _

from scoring import model as m
from scoring.placement import finished_by, place_bracket
from scoring.swiss.model import score_match
from scoring.swiss.validation import match_game_issues
from tournament.events.models import Bracket
from tournament.events.to_engine import format_of, match_of, placement_bracket, teams_by_player
from tournament.results.messages import entrant_names, issue_errors, player_names
from tournament.results.models import Game
from tournament.results.selectors import accepted_games


def bracket_over(bracket: Bracket, games: list[Game] | None = None) -> str | None:
    """Why no further game may be recorded in this bracket (None: play goes on)."""
    games = accepted_games(bracket) if games is None else games
    if bracket.round.event.is_one_on_one:
        return match_over(bracket, games)
    teams = teams_by_player(bracket.round.event)
    engine = placement_bracket(bracket, games, teams)
    reason = finished_by(engine)
    if reason == "two-wins":
        wins = place_bracket(engine).totals
        names = entrant_names(bracket, teams)
        name = next((names[e] for e, t in wins.items() if t.wins >= 2), "")
        return _(
            "%(name)s has won two games: the bracket is over, no further game can be recorded."
        ) % {"name": name}
    if reason == "time":
        return _("A game ended by time: the bracket is over, no further game can be recorded.")
    if reason == "drops":
        return _("Only one player is left in this bracket: no further game can be recorded.")
    return None


def match_over(bracket: Bracket, games: list[Game]) -> str | None:
    """Why no further game may be recorded in this match (None: play goes on)."""
    event = bracket.round.event
    match = match_of(bracket, games)
    if match.no_show is not None:
        return _("%(name)s did not come: the match is lost without games.") % {
            "name": player_names(bracket).get(match.no_show, "")
        }
    score = score_match(match, event.best_of, cut=bracket.round.is_cut)
    if not score.decided:
        return None
    a, b = match.players
    names = player_names(bracket)
    return _(
        "The match is decided (%(first)s %(wins_a)s–%(wins_b)s %(second)s): no further game "
        "can be recorded."
    ) % {"first": names[a], "second": names[b], "wins_a": score.wins[a], "wins_b": score.wins[b]}


def check_match_game(
    bracket: Bracket, games: list[Game], number: int, game: m.Game, correction: bool
) -> None:
    """Refuse a game the engine finds wrong in this match: after the match was decided,
    or breaking §5's checks. A correction must leave the later games valid too."""
    event = bracket.round.event
    fmt = format_of(event)
    match = match_of(bracket, games)
    if match.no_show is not None:
        raise ValidationError({NON_FIELD_ERRORS: [match_over(bracket, games)]})
    played = list(match.games)
    if correction:
        played[number - 1] = game
    else:
        played = [*played[: number - 1], game]
    issues = match_game_issues(
        replace(match, games=tuple(played)), fmt, event.best_of, cut=bracket.round.is_cut
    )
    mine = [i for i in issues if i.path.startswith(f"games[{number - 1}]")]
    later = [i for i in issues if i not in mine]
    if mine:
        if any(i.code is m.IssueCode.MATCH_OVER for i in mine):
            raise ValidationError({NON_FIELD_ERRORS: [match_over(bracket, games[: number - 1])]})
        raise ValidationError(issue_errors(mine, player_names(bracket), fmt, game))
    if later:
        raise ValidationError(
            {
                NON_FIELD_ERRORS: [
                    _(
                        "This correction makes a later game of the match impossible: correct "
                        "the later games first, from the last one back."
                    )
                ]
            }
        )
