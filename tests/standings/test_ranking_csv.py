"""The national and international ranking as a CSV: the rows and totals the page ranks, every
row of the selection, in the reader's dialect."""

import csv
import io

from django.urls import reverse

from tests.support.ranking import accept_for_ranking
from tournament.ranking.models import RankingTotal


def rows_of(response, delimiter=",") -> list[list[str]]:
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:]), delimiter=delimiter))


def test_the_ranking_downloads_as_the_page_ranks_it(client, finished_event):
    accept_for_ranking(finished_event)
    page = client.get(reverse("ranking:ranking")).content.decode()
    assert "_export=csv" in page
    rows = rows_of(client.get(reverse("ranking:ranking"), {"_export": "csv"}))
    header, body = rows[0], rows[1:]
    assert "Player" in header and "Ranking points" in header
    points = header.index("Ranking points")
    names = header.index("Player")
    totals = RankingTotal.objects.filter(year=0).select_related("player")
    expected = {t.player.name: str(t.ranking_points) for t in totals}
    assert {r[names]: r[points] for r in body} == expected
    assert len(body) == len(expected) > 0


def test_the_portuguese_ranking_csv_splits_on_semicolons(client, finished_event):
    accept_for_ranking(finished_event)
    response = client.get(
        reverse("ranking:ranking"), {"_export": "csv"}, HTTP_ACCEPT_LANGUAGE="pt-BR"
    )
    header = rows_of(response, delimiter=";")[0]
    assert "Pontos de ranking" in header and "Jogador" in header
