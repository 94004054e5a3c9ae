"""The standings page of a one-on-one event (SPEC §11): match points, OMW, GW, OGW as
percentages, unrazed realms, record and status; each tie-breaker explained (hover and a
legend) in English and Portuguese; the CSV of the same table; the top cut as a bracket.

The figures are worked out by hand in `played_four` below."""

import csv
import io

import pytest
from django.urls import reverse
from django.utils import translation

from tests.support.one_on_one import play_game
from tests.support.results import seated
from tournament.events.models import Bracket, Round
from tournament.rounds.services import rounds

pytestmark = pytest.mark.django_db

NBSP = "\u00a0"


def _matches(rnd: Round) -> list[Bracket]:
    return list(rnd.brackets.order_by("table"))


def _with(matches: list[Bracket], player) -> Bracket:
    return next(m for m in matches if player in seated(m))


def played_four(event, judge, second_judge) -> dict:
    """Four players, best of 1, two Swiss rounds, every game won by victory.

    Round 1: a beats b (realms 6–2), c beats d (6–3). Round 2 pairs equal match points and
    never repeats a pairing: a v c and b v d; a beats c (6–1), b beats d (6–0). (A game won
    by victory needs 6 unrazed realms.)

    Match points (3 a win): a 6, b 3, c 3, d 0. Each played 2 rounds, so the match-win
    percentages (MP ÷ 6, at least 1/3) are a 1, b 1/2, c 1/2, d 0 → 1/3.
    OMW (average of the opponents' match-win %):
      a: b, c → (1/2 + 1/2) / 2 = 1/2 → 50.00 %
      b: a, d → (1 + 1/3) / 2 = 2/3 → 66.67 %
      c: d, a → (1/3 + 1) / 2 = 2/3 → 66.67 %
      d: c, b → (1/2 + 1/2) / 2 = 1/2 → 50.00 %
    GW (3 per game won ÷ 3 per game, at least 1/3): a 6/6 = 100.00 %, b 3/6 = 50.00 %,
      c 3/6 = 50.00 %, d 0/6 → 1/3 = 33.33 %.
    OGW (average of the opponents' GW): a (1/2 + 1/2)/2 = 50.00 %; b (1 + 1/3)/2 = 66.67 %;
      c (1/3 + 1)/2 = 66.67 %; d (1/2 + 1/2)/2 = 50.00 %.
    Unrazed realms: a 6 + 6 = 12, b 2 + 6 = 8, c 6 + 1 = 7, d 3 + 0 = 3.
    Standing: a (6 MP); b and c tie on 3 MP, OMW, GW and OGW; b has more unrazed realms
    (8 > 7): b, then c; d last. Records: a 2-0-0, b 1-1-0, c 1-1-0, d 0-2-0.
    """
    first = rounds.seat_next_round(event, seed=7)
    m1, m2 = _matches(first)
    a, b = seated(m1)
    c, d = seated(m2)
    play_game(m1, a, {a: 6, b: 2}, judge, second_judge)
    play_game(m2, c, {c: 6, d: 3}, judge, second_judge)
    rounds.close_round(first)
    second = rounds.seat_next_round(event, seed=8)
    matches = _matches(second)
    ac, bd = _with(matches, a), _with(matches, b)
    assert set(seated(ac)) == {a, c} and set(seated(bd)) == {b, d}
    play_game(ac, a, {a: 6, c: 1}, judge, second_judge)
    play_game(bd, b, {b: 6, d: 0}, judge, second_judge)
    rounds.close_round(second)
    return {"a": a, "b": b, "c": c, "d": d}


def rows_of(html: str) -> list[str]:
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return body.split("<tr")[1:]


def test_the_figures_are_shown_as_percentages_in_standing_order(
    swiss_event, judge, second_judge, client
):
    event = swiss_event(4, swiss_rounds=2)
    who = played_four(event, judge, second_judge)
    response = client.get(reverse("standings:event", args=[event.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    rows = rows_of(html.split('class="table standings-table swiss-standings"', 1)[1])
    names = [who[k].name for k in "abcd"]
    # places 1-4: a, b, c, d (see played_four)
    for row, name in zip(rows, names, strict=True):
        assert name in row
    expected = {
        "a": ("6", f"50.00{NBSP}%", f"100.00{NBSP}%", f"50.00{NBSP}%", "12", "2-0-0"),
        "b": ("3", f"66.67{NBSP}%", f"50.00{NBSP}%", f"66.67{NBSP}%", "8", "1-1-0"),
        "c": ("3", f"66.67{NBSP}%", f"50.00{NBSP}%", f"66.67{NBSP}%", "7", "1-1-0"),
        "d": ("0", f"50.00{NBSP}%", f"33.33{NBSP}%", f"50.00{NBSP}%", "3", "0-2-0"),
    }
    for row, key in zip(rows, "abcd", strict=True):
        cells = [cell.split("</td>")[0] for cell in row.split("<td")[1:]]
        texts = [cell.split(">", 1)[1] for cell in cells]
        # place, player, number, club, match points, OMW, GW, OGW, unrazed, record, status
        assert tuple(texts[4:10]) == expected[key]
    # a won the event (two Swiss rounds, no cut: the first of the standing)
    assert "Winner" in rows[0]
    # no bracket figures, no officials' points on a one-on-one page
    assert "Officials' points" not in html


def test_each_tie_breaker_is_explained_on_hover_and_in_a_legend(
    swiss_event, judge, second_judge, client
):
    event = swiss_event(4, swiss_rounds=2)
    played_four(event, judge, second_judge)
    url = reverse("standings:event", args=[event.pk])
    html = client.get(url).content.decode()
    assert '<abbr title="OMW: Opponents&#x27; match-win percentage' in html
    assert '<abbr title="GW: Game-win percentage' in html
    assert '<abbr title="OGW: Opponents&#x27; game-win percentage' in html
    assert '<details class="figure-legend" id="tie-breakers">' in html
    assert "3 for a game won, 1 for a drawn game" in html
    assert "count the Swiss rounds only" in html
    with translation.override("pt-br"):
        portuguese = client.get(url, HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "Percentual de vitórias em confrontos dos adversários" in portuguese
    assert "Percentual de vitórias em partidas" in portuguese
    assert "3 por partida vencida, 1 por partida empatada" in portuguese
    assert f"66,67{NBSP}%" in portuguese
    assert "Pontos de confronto" in portuguese


def test_the_csv_is_the_table_shown(swiss_event, judge, second_judge, client):
    event = swiss_event(4, swiss_rounds=2)
    who = played_four(event, judge, second_judge)
    response = client.get(reverse("standings:event", args=[event.pk]), {"_export": "csv"})
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    header, first, second = rows[0], rows[1], rows[2]
    assert header[4:10] == ["Match points", "OMW", "GW", "OGW", "Unrazed realms", "Record"]
    assert first[1] == who["a"].name and second[1] == who["b"].name
    assert first[4:10] == ["6", f"50.00{NBSP}%", f"100.00{NBSP}%", f"50.00{NBSP}%", "12", "2-0-0"]
    assert second[4:10] == ["3", f"66.67{NBSP}%", f"50.00{NBSP}%", f"66.67{NBSP}%", "8", "1-1-0"]


def test_the_top_cut_is_drawn_with_seeds_scores_and_the_winner(
    swiss_event, judge, second_judge, client
):
    # The same Swiss rounds with a top 2: the Swiss standing a, b, c, d (played_four) seeds
    # a 1 and b 2 in the final (1 v 2, SPEC §11). b wins the final 1-0.
    event = swiss_event(4, swiss_rounds=2, top_cut=2)
    who = played_four(event, judge, second_judge)
    a, b = who["a"], who["b"]
    final = rounds.seat_next_round(event)
    assert final.is_cut
    (match,) = _matches(final)
    assert set(seated(match)) == {a, b}
    play_game(match, b, {a: 2, b: 6}, judge, second_judge)
    rounds.close_round(final)
    html = client.get(reverse("standings:event", args=[event.pk])).content.decode()
    cut = html.split('<section class="top-cut" id="top-cut">', 1)[1].split("</section>", 1)[0]
    assert "Final" in cut and "Table 1" in cut
    players = cut.split('<div class="cut-player')[1:]
    by_name = {next(n for n in (a.name, b.name) if n in p): p for p in players}
    seed = '<span class="cut-seed" title="Seed from the Swiss standing">{}</span>'
    assert seed.format(1) in by_name[a.name]
    assert seed.format(2) in by_name[b.name]
    assert '<span class="cut-score">0</span>' in by_name[a.name]
    assert '<span class="cut-score">1</span>' in by_name[b.name]
    assert by_name[b.name].startswith(' won"') and "★" in by_name[b.name]
    assert not by_name[a.name].startswith(' won"')
    # final places: b (winner), a (lost the final), then c and d by Swiss standing
    rows = rows_of(html.split('class="table standings-table swiss-standings"', 1)[1])
    assert [n for n in (who[k].name for k in "bacd") if n] == [
        next(who[k].name for k in "abcd" if who[k].name in row) for row in rows
    ]


def test_a_bracket_event_keeps_its_bracket_table(event, registered_players, client):
    event.status = "running"
    event.save()
    html = client.get(reverse("standings:event", args=[event.pk])).content.decode()
    assert "swiss-standings" not in html and "tie-breakers" not in html


def test_the_one_on_one_table_shows_exactly_its_declared_figures():
    from tournament.standings.figures import SWISS_FIGURES, TABLE, names, shown_in
    from tournament.standings.models import EventStanding
    from tournament.standings.tables import SwissStandingsTable

    table = SwissStandingsTable([])
    shown = [n for n in table.sequence if n not in {"place", "name", "number", "club"}]
    assert shown == names(shown_in(SWISS_FIGURES, TABLE))
    stored = {f.name for f in EventStanding._meta.get_fields()}
    assert set(names(SWISS_FIGURES)) <= stored
