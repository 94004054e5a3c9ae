"""A best-of-1 match is its one game (SPEC §11): a drawn game is a drawn match, over."""

from scoring.model import EndedBy, Game
from scoring.swiss.model import Match, score_match


def test_a_best_of_one_match_drawn_in_its_one_game_is_over():
    game = Game(winner=None, ended_by=EndedBy.OUT_OF_CARDS, unrazed={"a": 3, "b": 3})
    score = score_match(Match(table=1, players=("a", "b"), games=(game,)), 1)
    assert score.decided and score.winner is None and score.drawn_games == 1
