"""A one-on-one event's mails in its own words (SPEC §11 "Words"): a match is won, lost or
drawn, with the match points a Swiss round gives (3 for a win, 0 for a loss, SPEC §11
"Standing": match points ÷ 3 per round) — never a place at a table. In English and in the
Portuguese a player picked (`Preferences.language`)."""

import re

from tests.notifications.test_mails import later, sent_to
from tests.support.one_on_one import one_on_one, win
from tests.support.results import seated
from tournament.notifications import handlers
from tournament.notifications.kinds import Kind
from tournament.notifications.models import Preferences
from tournament.rounds.services.rounds import close_round, publish_round, seat_next_round

# Words of a place at a table, in either language.
TABLE_WORDS = re.compile(r"\b(place|table|lugar|mesa)\b", re.IGNORECASE)


def round_one_played(event, judge, second_judge):
    """Four players, best of 1: round 1's first match won by its first seated player, the
    loser reading Portuguese."""
    one_on_one(event, 4, swiss_rounds=2)
    event.status = "running"
    event.save()
    round1 = seat_next_round(event, seed=5)
    publish_round(round1)
    matches = list(round1.brackets.order_by("table"))
    winner, loser = seated(matches[0])
    Preferences.objects.create(user=loser.user, language="pt-br")
    for match in matches:
        win(match, seated(match)[0], judge, second_judge)
    return round1, winner, loser


def test_a_match_told_alone_says_won_or_lost_and_its_match_points(event, judge, second_judge):
    _, winner, loser = round_one_played(event, judge, second_judge)
    handlers.untold_results(now=later())  # no next mail carried it: told alone
    won = sent_to(Kind.RESULT_CONFIRMED, winner.user.username)
    assert won.subject == "[Spellfire] Autumn Open: round 1 confirmed, you won the match"
    assert won.body.startswith(
        "Every game of your match (round 1) is confirmed. You won the match. "
        "It gave you 3 match points.\n\n"
        f"- game 1: won by {winner.name}; your unrazed realms: 6\n"
    )
    lost = sent_to(Kind.RESULT_CONFIRMED, loser.user.username)
    assert lost.subject == "[Spellfire] Autumn Open: rodada 1 — partida confirmada, você perdeu"
    assert lost.body.startswith(
        "Todos os jogos da sua partida (rodada 1) estão confirmados. Você perdeu a partida.\n\n"
    )
    for sent in (won, lost):
        assert not TABLE_WORDS.search(f"{sent.subject}\n{sent.body}")


def test_the_next_seating_carries_the_match_won_or_lost(event, judge, second_judge):
    round1, winner, loser = round_one_played(event, judge, second_judge)
    close_round(round1)
    round2 = seat_next_round(event, seed=6)
    publish_round(round2)
    for player, last, outcome, seat_words in (
        (winner, "round 1: match won", "Your match in round 1: won.", "You sit at table"),
        (loser, "rodada 1: partida perdida", "Sua partida (rodada 1): derrota.", "Você senta"),
    ):
        sent = sent_to(Kind.SEATED, player.user.username, round=2)
        assert sent.subject.endswith(f"({last})")
        assert outcome in sent.body
        # The seating names the table to sit at; nothing else speaks of tables or places.
        results = sent.body.split("\n\n", 1)[1]
        assert not TABLE_WORDS.search(results)
        assert not TABLE_WORDS.search(sent.subject.split("(")[-1])
        assert "place" not in sent.subject and "lugar" not in sent.subject
        assert seat_words in sent.body
