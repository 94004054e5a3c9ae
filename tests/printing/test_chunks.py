"""Bracket sheets rendered in chunks by worker processes, table ranges and one bracket's sheet."""

import dataclasses
import os
import signal
import subprocess
import time

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.support.pdf import pdf_pages
from tournament.printing import chunks, services
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.render import render_pdf
from tournament.printing.models import CachedDocument, Kind

pytestmark = pytest.mark.django_db


def sheets_request(event, rnd, kind=Kind.BRACKETS, **fields) -> DocumentRequest:
    return DocumentRequest(
        kind=kind,
        event=event,
        paper=fields.pop("paper", "A4"),
        round=rnd,
        base_url="https://sf.example",
        printed_at=timezone.now(),
        **fields,
    )


@pytest.mark.parametrize("kind", [Kind.BRACKETS, Kind.BLANK_BRACKETS])
def test_chunked_path_prints_the_same_text_as_the_single_path(event, played_round, kind):
    """Three brackets in chunks of one sheet, two worker processes: same pages, same text."""
    request = sheets_request(event, played_round, kind)
    progress: list[tuple[int, int]] = []
    chunked = chunks.render_document_pdf(
        request, lambda done, total: progress.append((done, total)), size=1, workers=2
    )
    single = render_pdf(request)
    assert pdf_pages(chunked) == pdf_pages(single)
    assert len(pdf_pages(chunked)) == 3
    # progress: 0 of 3 first, then one more sheet each time, ending at 3 of 3
    assert progress == [(0, 3), (1, 3), (2, 3), (3, 3)]


def test_bracket_sheets_split_by_table_in_order(event, played_round):
    request = sheets_request(event, played_round)
    assert chunks.split_parts(request, 2) == [[1, 2], [3]]
    assert chunks.split_parts(request, 40) == [[1, 2, 3]]
    ranged = dataclasses.replace(request, tables=(2, None))
    assert chunks.split_parts(ranged, 1) == [[2], [3]]


def test_a_chunk_that_cannot_be_rendered_fails_the_document(event, played_round, monkeypatch):
    """An error in a worker reaches the document with its message (here the job given to
    `os.remove`, which wants one path, not two)."""
    monkeypatch.setattr(chunks, "render_chunk", os.remove)
    with pytest.raises(
        chunks.ChunkRenderError, match=r"a PDF worker failed on .*chunk00000.pdf: .*tuple"
    ):
        chunks.render_document_pdf(sheets_request(event, played_round), size=1, workers=1)


def test_a_lost_worker_fails_the_document(event, played_round):
    """A worker killed mid-render (as by the kernel's OOM killer) fails the document with
    a message, instead of waiting for it until the time limit."""

    def kill_the_workers(done, total):
        if done == 1:  # the first chunk is back; the second is in the worker's hands
            children = subprocess.run(
                ["pgrep", "-P", str(os.getpid()), "-f", "spawn_main"],
                capture_output=True,
                text=True,
                check=False,
            )
            for pid in children.stdout.split():
                os.kill(int(pid), signal.SIGKILL)

    request = sheets_request(event, played_round)
    started = time.monotonic()
    with pytest.raises(chunks.ChunkRenderError, match="a PDF worker failed"):
        chunks.render_document_pdf(request, kill_the_workers, size=1, workers=1)
    assert time.monotonic() - started < chunks.WORKER_TIMEOUT / 4


def test_table_range_document(client_as, organizer, event, played_round):
    """Tables 2 to 3 of round 1: two sheets, tables 2 and 3, in a file of its own."""
    client = client_as(organizer)
    url = reverse("printing:generate", args=[event.pk, "brackets"])
    response = client.post(url, {"round": 1, "from_table": "2", "to_table": "3"})
    doc = CachedDocument.objects.get(pk=int(response.url.rstrip("/").split("/")[-1]))
    assert (doc.table_from, doc.table_to) == (2, 3)
    assert doc.filename.endswith("-tables2-3-a4.pdf")
    assert (doc.sheets_done, doc.sheets_total) == (2, 2)
    download = client.get(reverse("printing:download", args=[event.pk, doc.pk]))
    pages = pdf_pages(b"".join(download.streaming_content))
    assert [page.split("TABLE\n")[1][0] for page in pages] == ["2", "3"]
    whole = client.post(url, {"round": 1})
    assert int(whole.url.rstrip("/").split("/")[-1]) != doc.pk  # the whole round: another file


def test_status_shows_sheets_progress_while_pending(
    client_as, organizer, event, played_round, monkeypatch
):
    monkeypatch.setattr(services, "_enqueue", lambda doc_id: None)  # the worker has not run
    client = client_as(organizer)
    response = client.post(reverse("printing:generate", args=[event.pk, "brackets"]), {"round": 1})
    doc = CachedDocument.objects.get(pk=int(response.url.rstrip("/").split("/")[-1]))
    CachedDocument.objects.filter(pk=doc.pk).update(sheets_done=312, sheets_total=729)
    partial = client.get(
        reverse("printing:status", args=[event.pk, doc.pk]), HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "312 of 729 sheets" in partial and 'max="729"' in partial


def test_judge_prints_one_bracket_from_the_bracket_page(client_as, judge, event, played_round):
    bracket = played_round.brackets.order_by("table")[1]
    client = client_as(judge)
    page = client.get(reverse("results:bracket", args=[event.pk, bracket.pk])).content.decode()
    link = reverse("printing:bracket", args=[event.pk, bracket.pk])
    assert link in page
    response = client.get(link)
    doc = CachedDocument.objects.get(bracket=bracket)
    assert response.status_code == 302
    assert response.url == reverse("printing:download", args=[event.pk, doc.pk])
    pages = pdf_pages(b"".join(client.get(response.url).streaming_content))
    assert len(pages) == 1 and f"TABLE\n{bracket.table}" in pages[0]


@pytest.mark.parametrize("who", ["player", "stranger"])
def test_one_bracket_sheet_is_for_officials_only(request, client_as, event, played_round, who):
    bracket = played_round.brackets.first()
    client = client_as(request.getfixturevalue(who))
    assert client.get(reverse("printing:bracket", args=[event.pk, bracket.pk])).status_code == 403


@pytest.mark.parametrize(
    ("first", "last", "message"),
    [
        ("5", "2", "The first table must not come after the last one."),
        ("two", "", "Table numbers are whole numbers like 1 or 12."),
    ],
)
def test_bad_table_range_gets_a_clear_message(
    client_as, organizer, event, played_round, first, last, message
):
    client = client_as(organizer)
    url = reverse("printing:generate", args=[event.pk, "brackets"])
    data = {"round": 1, "from_table": first, "to_table": last}
    partial = client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    assert message in partial
    page = client.post(url, data, follow=True).content.decode()
    assert message in page
    assert not CachedDocument.objects.exists()  # nothing started


def test_the_sheet_legend_gives_each_mark_its_own_letter_in_portuguese(event, played_round):
    """ "V" is the victory ending in pt-BR: the won-game tick must be another letter."""
    import re

    from tournament.printing.documents.render import render_document_html

    request = sheets_request(event, played_round, language="pt-br")
    html = render_document_html(request)
    legend = re.search(r'<p class="legend">(.*?)</p>', html, re.S).group(1)
    marks = re.findall(r"<strong>([^<]+)</strong>", legend)[1:]  # after "Partida 1…n"
    assert len(marks) == len(set(marks)) >= 4, marks
