"""A one-on-one event in its own words (SPEC §11 "Words"): its overview, podium, standings,
match pages and printouts speak of matches, match points, records and the top cut, never of
brackets, bracket points or a scoring form to the ranking body (it is never scored).

The event: four players, best of 1, two Swiss rounds and a top cut of 2, every match won by
the player whose name sorts first. By hand: Player 001 wins both Swiss matches (6 match
points) and the final (record 3-0-0); Player 004 loses both Swiss matches (0 match points,
record 0-2-0) and cannot be one of the Swiss standing's first two, so misses the cut."""

import re

import pytest
from django.urls import reverse

from tests.support.one_on_one import win
from tests.support.results import seated
from tournament.events.models import Event
from tournament.rounds.services import rounds
from tournament.standings.models import EventStanding

pytestmark = pytest.mark.django_db


def play_out(event: Event, judge, second_judge) -> Event:
    """Pair, play and close every round (the first name wins each match), then finish."""
    while True:
        rnd = rounds.seat_next_round(event, seed=11)
        rounds.publish_round(rnd)
        for match in rnd.brackets.all():
            win(match, min(seated(match), key=lambda p: p.name), judge, second_judge)
        rounds.close_round(rnd)
        if rnd.is_final:
            return rounds.finish_event(event)


@pytest.fixture
def blitz(swiss_event, judge, second_judge) -> Event:
    event = swiss_event(4, best_of=1, swiss_rounds=2, top_cut=2)
    return play_out(event, judge, second_judge)


def page(client, name: str, event: Event) -> str:
    return " ".join(client.get(reverse(name, args=[event.pk])).content.decode().split())


def test_the_overview_shows_structure_best_of_swiss_rounds_and_cut(blitz, client_as, organizer):
    html = page(client_as(organizer), "events:detail", blitz)
    assert "One-on-one matches · Best of 1 · 2 Swiss rounds · top cut of 2" in html
    # Never scored (SPEC §11 Ranking): no scoring line, no form to submit, no review.
    for bracket_words in (
        "Every bracket counts",
        "Submit scoring form",
        "Ranking review",
        "Scoring form and printouts",
    ):
        assert bracket_words not in html
    assert "Printouts" in html


def test_a_bracket_events_overview_keeps_its_scoring(event, client_as, organizer):
    html = page(client_as(organizer), "events:detail", event)
    assert "Brackets of three or four" in html
    assert "Scored · ×1 · Every bracket counts" in html


def test_the_podium_shows_records_and_match_points(blitz, client_as):
    html = page(client_as(None), "events:detail", blitz)
    winner = EventStanding.objects.get(event=blitz, place=1)
    assert winner.player.name == "Player 001"
    assert "record 3-0-0 · 6 match points" in html
    assert " points</span>" not in html.replace("match points</span>", "")


def test_the_standings_say_missed_the_cut_and_show_no_form_deadline(blitz, client_as, organizer):
    last = EventStanding.objects.get(event=blitz, player__name="Player 004")
    assert (last.status, last.eliminated_in_round) == ("missed-cut", None)
    assert last.status_label == "Missed the cut"
    html = page(client_as(organizer), "standings:event", blitz)
    assert "Missed the cut" in html and "eliminated in round 2" not in html
    assert "Scoring form due" not in html and "Submit scoring form" not in html
    # The filters of a one-on-one event: no Team Spirit team, a status for the cut.
    assert 'name="team"' not in html
    assert '<option value="missed-cut">Missed the cut</option>' in html


def shown_text(html: str) -> str:
    """What a reader sees: the page without its scripts, styles and tags."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_a_match_page_speaks_of_a_match(blitz, client_as, judge):
    final = blitz.rounds.get(is_final=True).brackets.get()
    html = " ".join(
        client_as(judge)
        .get(reverse("results:bracket", args=[blitz.pk, final.pk]))
        .content.decode()
        .split()
    )
    assert "Print this match's slip" in html
    assert "bracket" not in shown_text(html).lower()
    assert '<abbr title="Match points">MP</abbr>' in html
    assert '<abbr title="Games won">Games</abbr>' in html


def test_the_printing_page_offers_the_final_standing_not_a_scoring_form(
    blitz, client_as, organizer
):
    html = page(client_as(organizer), "printing:index", blitz)
    assert "Final standing" in html
    assert "Tournament scoring form" not in html and "ranking body" not in html


def test_the_finished_mail_tells_the_record_and_match_points(blitz):
    from tournament.notifications.models import Message
    from tournament.notifications.render import render

    winner = EventStanding.objects.get(event=blitz, place=1).player
    message = Message.objects.get(event=blitz, kind="event-finished", recipient=winner.user)
    subject, body = render(message, "en")
    assert subject == "Autumn Open is finished: place 1, record 3-0-0 · 6 match points"
    assert "points" not in body.replace("match points", "")
    _subject, body = render(message, "pt-br")
    assert "campanha 3-0-0 · 6 pontos de confronto" in body


def test_top_cut_losers_are_placed_by_the_cut_round_they_lost_in(
    swiss_event, judge, second_judge, client_as, organizer
):
    """SPEC §11 Final places: a cut of 8 after three Swiss rounds is three cut rounds — round
    4, four quarterfinals; round 5, two semifinals; round 6, the final — so its losers are
    four "lost in the quarterfinals", two "lost in the semifinals", one "lost in the final"."""
    from django.utils import translation

    event = play_out(swiss_event(8, best_of=1, swiss_rounds=3, top_cut=8), judge, second_judge)
    losers = EventStanding.objects.filter(event=event, status="eliminated")
    by_round = sorted(s.eliminated_in_round for s in losers)
    assert by_round == [4, 4, 4, 4, 5, 5, 6]
    expected = {
        4: ("lost in the quarterfinals", "perdeu nas quartas de final"),
        5: ("lost in the semifinals", "perdeu nas semifinais"),
        6: ("lost in the final", "perdeu na final"),
    }
    for standing in losers:
        english, portuguese = expected[standing.eliminated_in_round]
        assert standing.status_label == english
        with translation.override("pt-br"):
            assert standing.status_label == portuguese
    html = page(client_as(organizer), "standings:event", event)
    assert html.count("lost in the quarterfinals") >= 4 and "lost in the final" in html
    assert "eliminated in round" not in html


def test_a_cut_round_of_unknown_stage_is_named_by_its_number():
    from django.utils import translation

    from tournament.standings.figures import lost_in_cut

    assert lost_in_cut(None, 7) == "lost in top cut round 7"
    with translation.override("pt-br"):
        assert lost_in_cut(None, 7) == "perdeu na rodada 7 do corte"
        assert lost_in_cut(2, 5) == "perdeu nas semifinais"


def test_a_swiss_round_loser_stored_as_eliminated_is_never_named_a_cut_loser(
    swiss_event, judge, second_judge
):
    """A one-on-one event stored by a release before "missed the cut" holds the players the
    cut left out as eliminated in the last Swiss round. Round 3 of a 3-round Swiss with a cut
    is no round of the cut (SPEC §11), so the words stay "eliminated in round 3"."""
    event = play_out(swiss_event(8, best_of=1, swiss_rounds=3, top_cut=4), judge, second_judge)
    left_out = EventStanding.objects.filter(event=event, status="missed-cut").first()
    EventStanding.objects.filter(pk=left_out.pk).update(status="eliminated", eliminated_in_round=3)
    left_out.refresh_from_db()
    assert left_out.status_label == "eliminated in round 3"
