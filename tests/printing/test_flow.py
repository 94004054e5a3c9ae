"""Pages, permissions and the cached-file flow: pending → done, stale and expired → regenerated."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.support.pdf import pdf_pages, pdf_reader
from tournament.printing import services
from tournament.printing.models import CachedDocument
from tournament.printing.tasks import render_document
from tournament.results.models import Game
from tournament.standings.recompute import refresh_event

pytestmark = pytest.mark.django_db


def generate(client, event, kind: str, **data) -> CachedDocument:
    response = client.post(reverse("printing:generate", args=[event.pk, kind]), data)
    assert response.status_code == 302
    return CachedDocument.objects.get(pk=int(response.url.rstrip("/").split("/")[-1]))


def download(client, doc) -> bytes:
    response = client.get(reverse("printing:download", args=[doc.event_id, doc.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return b"".join(response.streaming_content)


@pytest.mark.parametrize("who", ["player", "stranger"])
def test_players_and_strangers_get_403(
    request, client_as, event, played_round, registered_players, who
):
    client = client_as(request.getfixturevalue(who))
    doc = services.request_document(
        services.DocumentRequest(kind="brackets", event=event, paper="A4", round=played_round)
    )
    reg = event.registrations.first()
    urls = [
        reverse("printing:index", args=[event.pk]),
        reverse("printing:preview", args=[event.pk, "brackets"]) + "?round=1",
        reverse("printing:preview", args=[event.pk, "blank-brackets"]) + "?round=1",
        reverse("printing:preview", args=[event.pk, "decklist"]) + f"?registration={reg.pk}",
        reverse("printing:status", args=[event.pk, doc.pk]),
        reverse("printing:download", args=[event.pk, doc.pk]),
    ]
    for url in urls:
        assert client.get(url).status_code == 403, url
    response = client.post(reverse("printing:generate", args=[event.pk, "seating"]), {"round": 1})
    assert response.status_code == 403


def test_anonymous_is_sent_to_login(client_as, event, played_round):
    response = client_as(None).get(reverse("printing:index", args=[event.pk]))
    assert response.status_code == 302 and "login" in response.url


@pytest.mark.parametrize("who", ["organizer", "judge"])
def test_officials_see_index_and_previews(request, client_as, event, played_round, who):
    client = client_as(request.getfixturevalue(who))
    page = client.get(reverse("printing:index", args=[event.pk])).content.decode()
    assert "Tournament scoring form" in page and "Round 1" in page
    assert reverse("printing:preview", args=[event.pk, "seating"]) in page
    preview = client.get(reverse("printing:preview", args=[event.pk, "brackets"]) + "?round=1")
    assert preview.status_code == 200
    html = preview.content.decode()
    assert "print preview" in html and "Advancement grid" in html and "<svg" in html


def test_generate_then_download_serves_the_pdf(client_as, organizer, event, played_round):
    client = client_as(organizer)
    doc = generate(client, event, "brackets", round=1)
    assert doc.state == CachedDocument.State.DONE  # eager: done at once
    status = client.get(reverse("printing:status", args=[event.pk, doc.pk])).content.decode()
    assert reverse("printing:download", args=[event.pk, doc.pk]) in status
    pages = pdf_pages(download(client, doc))
    assert len(pages) == played_round.brackets.count()
    assert doc.round.brackets.first().seats.first().registration.player.name in "".join(pages)
    # the QR target is absolute, built from the request that asked for the file
    assert "http://testserver/events/" in pages[0]
    # asking again reuses the same current file
    assert generate(client, event, "brackets", round=1).pk == doc.pk


def test_htmx_generation_returns_the_progress_partial(client_as, organizer, event, played_round):
    client = client_as(organizer)
    response = client.post(
        reverse("printing:generate", args=[event.pk, "seating"]),
        {"round": 1},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert "Download PDF" in html


def test_pending_polls_until_the_task_finishes(
    client_as, organizer, event, played_round, monkeypatch
):
    monkeypatch.setattr(services, "_enqueue", lambda doc_id: None)  # a worker that has not run yet
    client = client_as(organizer)
    doc = generate(client, event, "seating", round=1)
    assert doc.state == CachedDocument.State.PENDING
    url = reverse("printing:status", args=[event.pk, doc.pk])
    partial = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 1s"' in partial and "Generating" in partial
    # downloading a pending document shows the progress page instead
    response = client.get(reverse("printing:download", args=[event.pk, doc.pk]))
    assert response.status_code == 302 and response.url == url
    render_document.apply(args=[doc.pk])  # the worker runs
    partial = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "every 1s" not in partial and "Download PDF" in partial
    assert "Player" in pdf_pages(download(client, doc))[0]


def test_result_change_makes_the_file_stale_and_it_is_regenerated(
    client_as, organizer, event, played_round
):
    client = client_as(organizer)
    doc = generate(client, event, "brackets", round=1)
    old_version, old_file = doc.source_version, doc.file.name
    assert services.is_current(doc)
    # a judge corrects a result: a loser of game 1 had one realm less
    game = Game.objects.filter(bracket__round=played_round).order_by("id").first()
    loser = next(k for k in game.unrazed if int(k) != game.winner_id and game.unrazed[k] > 0)
    game.unrazed[loser] -= 1
    game.save()
    refresh_event(event)
    doc.refresh_from_db()
    assert services.is_stale(doc)
    text = "\n".join(pdf_pages(download(client, doc)))
    doc.refresh_from_db()
    assert doc.source_version != old_version and doc.file.name != old_file
    assert services.is_current(doc)
    seat = game.bracket.seats.get(registration__player_id=int(loser))
    assert str(seat.figures.unrazed_total) in text


def test_expired_file_is_regenerated(client_as, organizer, event, played_round):
    client = client_as(organizer)
    doc = generate(client, event, "scoring-form")
    first = doc.generated_at
    CachedDocument.objects.filter(pk=doc.pk).update(
        expires=timezone.now() - dt.timedelta(seconds=1)
    )
    doc.refresh_from_db()
    assert services.is_stale(doc)
    download(client, doc)
    doc.refresh_from_db()
    assert doc.generated_at > first and not doc.is_expired


def test_paper_override_and_event_default(client_as, organizer, event, played_round):
    client = client_as(organizer)
    event.paper_size = "Letter"
    event.save()
    letter = generate(client, event, "seating", round=1)
    a4 = generate(client, event, "seating", round=1, paper="A4")
    assert (letter.paper, a4.paper) == ("Letter", "A4")
    sizes = [
        round(float(pdf_reader(download(client, d)).pages[0].mediabox.height)) for d in (letter, a4)
    ]
    assert sizes == [792, 842]


def test_purge_removes_expired_files(event, played_round):
    doc = services.request_document(
        services.DocumentRequest(kind="seating", event=event, paper="A4", round=played_round)
    )
    storage, name = doc.file.storage, doc.file.name
    assert storage.exists(name)
    CachedDocument.objects.update(expires=timezone.now() - dt.timedelta(seconds=1))
    assert services.purge_expired() == 1
    assert not storage.exists(name) and not CachedDocument.objects.exists()


def test_unknown_kind_and_missing_round_are_404(client_as, organizer, event):
    client = client_as(organizer)
    assert client.get(reverse("printing:preview", args=[event.pk, "nope"])).status_code == 404
    assert client.get(reverse("printing:preview", args=[event.pk, "seating"])).status_code == 404


def test_result_change_queues_a_fresh_render_when_a_worker_runs(
    client_as, organizer, event, played_round, monkeypatch, django_capture_on_commit_callbacks
):
    from celery import current_app

    from tournament.printing import tasks

    doc = generate(client_as(organizer), event, "brackets", round=1)
    queued: list[int] = []
    monkeypatch.setattr(tasks.render_document, "delay", queued.append)
    game = Game.objects.filter(bracket__round=played_round).order_by("id").first()
    loser = next(k for k in game.unrazed if int(k) != game.winner_id and game.unrazed[k] > 0)
    game.unrazed[loser] -= 1
    game.save()
    current_app.conf.task_always_eager = False  # as with a real broker (the fixture restores it)
    with django_capture_on_commit_callbacks(execute=True):
        refresh_event(event)
    current_app.conf.task_always_eager = True
    assert queued == [doc.pk]
    doc.refresh_from_db()
    assert doc.state == CachedDocument.State.PENDING


def test_result_change_leaves_files_alone_when_eager(client_as, organizer, event, played_round):
    doc = generate(client_as(organizer), event, "brackets", round=1)
    refresh_event(event)  # nothing changed, and eager mode never renders here
    doc.refresh_from_db()
    assert doc.state == CachedDocument.State.DONE and services.is_current(doc)


def test_document_keeps_the_language_of_who_asked(client_as, organizer, event, played_round):
    client = client_as(organizer)
    client.cookies["django_language"] = "pt-br"
    doc = generate(client, event, "seating", round=1)
    assert doc.language == "pt-br"
    assert "Folha de mesas" in "\n".join(pdf_pages(download(client, doc)))
    client.cookies["django_language"] = "en"
    assert generate(client, event, "seating", round=1).pk != doc.pk  # its own cached file
