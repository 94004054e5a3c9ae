"""A league's table as a PDF, made by the printing pipeline: asked for by anyone, reused
while the table is unchanged, regenerated when it changes, frozen once the league closes,
and kept apart from the events' documents. Expected tables are worked out here from the
league's stated rules and the accepted figures."""

import datetime
import re
from collections import defaultdict

import pytest
from django.urls import reverse

from tests.leagues.test_leagues import season  # noqa: F401 (the fixture `liga` reads)
from tests.support.pdf import pdf_pages
from tests.support.ranking import accept_for_ranking
from tournament.accounts.models import Player
from tournament.events.models import Event
from tournament.leagues import services as league_services
from tournament.leagues.models import League
from tournament.printing import services
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.models import CachedDocument, Kind
from tournament.ranking.models import RankedScore

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]  # tasks in-process

TICK = "✔"  # the "qualified" mark


@pytest.fixture
def liga(request):
    """`season` of test_leagues.py: Liga 2026, March Open accepted, May Open not (yet)."""
    return request.getfixturevalue("season")


def expected_table(events, qualify: int) -> dict[int, tuple]:
    """player id → (rank, name, number, points, events played, qualified), by the rules:
    every accepted event of the league counts; more points, then the higher best single
    event, then more events played rank first; players still equal share the rank (one
    more than the players ahead of them); a player qualifies when fewer than `qualify`
    players are ahead of him (so all those tied at the last slot do)."""
    points = defaultdict(list)
    for score in RankedScore.objects.filter(event__in=events):
        total = score.playing_points + score.coordinator_points + score.judge_points
        points[score.player_id].append(total)
    key = {player: (sum(p), max(p), len(p)) for player, p in points.items()}
    players = Player.objects.in_bulk(list(key))
    table = {}
    for player, mine in key.items():
        ahead = sum(1 for other in key.values() if other > mine)
        person = players[player]
        table[player] = (
            ahead + 1,
            person.name,
            person.player_number,
            mine[0],
            mine[2],
            ahead < qualify,
        )
    return table


def line(rank, name, number, points, played, qualified) -> str:
    """A table row as the PDF's text reads (the players here have no region)."""
    return f"{rank} {name} {number} {points} {played}" + (f" {TICK}" if qualified else "")


def table_lines(pages: list[str]) -> list[str]:
    """The PDF's table rows: the lines that start with a rank."""
    return [text for page in pages for text in page.splitlines() if re.match(r"\d+ \S", text)]


def ask(client, league, **data) -> CachedDocument:
    response = client.post(reverse("leagues:print", args=[league.pk]), data)
    assert response.status_code == 302
    doc = CachedDocument.objects.get(pk=int(response.url.rstrip("/").split("/")[-1]))
    assert response.url == reverse("leagues:print-status", args=[league.pk, doc.pk])
    return doc


def download(client, doc) -> list[str]:
    response = client.get(reverse("leagues:print-download", args=[doc.league_id, doc.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return pdf_pages(b"".join(response.streaming_content))


def test_the_pdf_prints_the_table_by_the_league_rules(client, liga):
    league, first, _second = liga
    league.qualify = 5
    league.save()
    doc = ask(client, league, paper="A4")  # anonymous: the table is public
    assert doc.state == CachedDocument.State.DONE  # eager: made at once
    pages = download(client, doc)
    text = "\n".join(pages)
    assert "Liga 2026" in text and "LEAGUE TABLE" in text
    rules = "The top 5 qualify; everyone tied at the last qualifying rank qualifies."
    assert rules in " ".join(text.split())
    expected = expected_table([first], qualify=5)
    rows = table_lines(pages)
    assert sorted(rows) == sorted(line(*row) for row in expected.values())
    ranks = [int(row.split()[0]) for row in rows]
    assert ranks == sorted(ranks)  # in the table's order
    qualified = [row for row in expected.values() if row[-1]]
    assert text.count(TICK) == len(qualified) >= 5  # ties at the 5th rank all qualify
    assert all("Liga 2026 · League table · Printed" in page for page in pages)


def test_a_second_ask_reuses_the_document(client, liga):
    league, _first, _second = liga
    doc = ask(client, league)
    again = ask(client, league)
    assert again.pk == doc.pk and again.generated_at == doc.generated_at
    assert again.file.name == doc.file.name
    assert CachedDocument.objects.count() == 1


def test_a_newly_accepted_event_makes_the_download_regenerate(client, liga):
    league, first, second = liga
    doc = ask(client, league)
    before = download(client, doc)
    accept_for_ranking(second)
    doc.refresh_from_db()
    assert services.is_stale(doc)  # the fingerprint moved with the table
    after = download(client, doc)
    fresh = CachedDocument.objects.get(pk=doc.pk)
    assert fresh.source_version != doc.source_version and fresh.generated_at > doc.generated_at
    assert sorted(table_lines(after)) == sorted(
        line(*row) for row in expected_table([first, second], qualify=0).values()
    )
    assert table_lines(after) != table_lines(before)


def test_a_closed_league_prints_its_frozen_table(client, liga):
    league, first, second = liga
    doc = ask(client, league)
    league_services.close(league)
    pages = download(client, doc)  # closing changed what is printed: made again
    text = "\n".join(pages)
    assert "Liga 2026 CLOSED" in text and "The league is closed: this table is final." in text
    frozen = sorted(line(*row) for row in expected_table([first], qualify=0).values())
    assert sorted(table_lines(pages)) == frozen
    made = CachedDocument.objects.get(pk=doc.pk).generated_at
    accept_for_ranking(second)  # after the close: the table does not move
    doc.refresh_from_db()
    assert services.is_current(doc)
    assert sorted(table_lines(download(client, doc))) == frozen
    assert CachedDocument.objects.get(pk=doc.pk).generated_at == made


def test_documents_stay_in_their_scope(client, organizer, liga):
    league, first, _second = liga
    league_doc = ask(client, league)
    event_doc = services.request_document(
        DocumentRequest(kind=Kind.SCORING_FORM, event=first, paper="A4")
    )
    for name in ("print-status", "print-download"):
        url = reverse(f"leagues:{name}", args=[league.pk, event_doc.pk])
        assert client.get(url).status_code == 404, url
    retry = reverse("leagues:print-retry", args=[league.pk, event_doc.pk])
    assert client.post(retry).status_code == 404
    client.force_login(organizer.user)  # first's organizer: may see its documents
    for name in ("status", "download"):
        url = reverse(f"printing:{name}", args=[first.pk, league_doc.pk])
        assert client.get(url).status_code == 404, url
        assert client.get(reverse(f"printing:{name}", args=[first.pk, event_doc.pk])).status_code
    assert client.post(reverse("printing:retry", args=[first.pk, league_doc.pk])).status_code == 404
    generate = reverse("printing:generate", args=[first.pk, Kind.LEAGUE_TABLE])
    assert client.post(generate).status_code == 404
    preview = reverse("printing:preview", args=[first.pk, Kind.LEAGUE_TABLE])
    assert client.get(preview).status_code == 404


def test_paper_and_language_are_the_askers_and_a_bad_paper_is_a4(client, liga):
    league, _first, _second = liga
    doc = ask(client, league, paper="Legal")
    assert doc.paper == "A4" and doc.filename == f"league{league.pk}-league-table-a4.pdf"
    assert str(doc) == "League table — Liga 2026 (A4)"
    response = client.get(reverse("leagues:print-download", args=[league.pk, doc.pk]))
    assert f'filename="league{league.pk}-league-table-a4.pdf"' in response["Content-Disposition"]
    client.cookies["django_language"] = "pt-br"
    letter = ask(client, league, paper="Letter")
    assert letter.pk != doc.pk and (letter.paper, letter.language) == ("Letter", "pt-br")
    assert "PONTOS" in "\n".join(download(client, letter))


def test_status_page_partial_and_try_again(client, liga):
    league, _first, _second = liga
    doc = ask(client, league)
    status = reverse("leagues:print-status", args=[league.pk, doc.pk])
    get = reverse("leagues:print-download", args=[league.pk, doc.pk])
    page = client.get(status).content.decode()
    assert "<html" in page and "Liga 2026" in page and get in page
    partial = client.get(status, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in partial and get in partial
    asked = client.post(reverse("leagues:print", args=[league.pk]), HTTP_HX_REQUEST="true")
    assert asked.status_code == 200 and f'id="print-job-{doc.pk}"' in asked.content.decode()
    retry = reverse("leagues:print-retry", args=[league.pk, doc.pk])
    client.post(retry)  # a current file is not made again on anyone's asking
    assert CachedDocument.objects.get(pk=doc.pk).generated_at == doc.generated_at
    CachedDocument.objects.filter(pk=doc.pk).update(state=CachedDocument.State.FAILED)
    assert "Try again" in client.get(status).content.decode()
    assert client.post(retry).url == status
    assert CachedDocument.objects.get(pk=doc.pk).state == CachedDocument.State.DONE


def test_the_league_page_offers_the_pdf(client, liga):
    league, _first, _second = liga
    page = client.get(reverse("leagues:detail", args=[league.pk])).content.decode()
    assert f'action="{reverse("leagues:print", args=[league.pk])}"' in page
    assert "Download PDF" in page and 'value="Letter"' in page


@pytest.fixture
def crowded(organizer):
    """120 players in one accepted event: player i scored 200 − i points, so his rank is
    i + 1 (no ties), and the top 3 qualify."""
    event = Event.objects.create(
        name="Crowded Cup", date=datetime.date(2026, 4, 1), venue="Recife", organizer=organizer
    )
    players = Player.objects.bulk_create(
        Player(player_number=f"C{i:04d}", name=f"Crowd {i:03d}") for i in range(120)
    )
    RankedScore.objects.bulk_create(
        RankedScore(event=event, player=p, year=2026, playing_points=200 - i)
        for i, p in enumerate(players)
    )
    return League.objects.create(
        name="Liga Longa",
        starts=datetime.date(2026, 1, 1),
        ends=datetime.date(2026, 12, 31),
        qualify=3,
    )


def test_a_long_table_runs_over_pages_with_its_header_and_footer(client, crowded):
    pages = download(client, ask(client, crowded, paper="Letter"))
    assert len(pages) >= 3
    for page in pages:
        assert "RANK PLAYER PLAYER NUMBER REGION POINTS EVENTS QUALIFIED" in page
        assert "Liga Longa · League table · Printed" in page
    expected = [line(i + 1, f"Crowd {i:03d}", f"C{i:04d}", 200 - i, 1, i < 3) for i in range(120)]
    assert table_lines(pages) == expected  # every row once, in rank order, none split
