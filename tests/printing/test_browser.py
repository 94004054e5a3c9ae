"""In a real browser: the organizer asks for a PDF, htmx shows progress and then the download."""

import os

import pytest
from django.urls import reverse

from tests.support.browser import browser_page, browser_test

SHOTS = os.environ.get("PRINTING_DUMP_DIR")

pytestmark = [*browser_test, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def page(chromium, live_server, client, organizer):
    return browser_page(
        chromium, client, live_server, organizer, viewport={"width": 1100, "height": 900}
    )


def shot(page, name: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=False)


def test_generate_and_download_from_the_printing_page(page, live_server, event, played_round):
    page.goto(live_server.url + reverse("printing:index", args=[event.pk]))
    assert page.locator("h2", has_text="Printing").is_visible()
    block = page.locator("section.print-block", has_text="Round 1")
    block.locator("tr", has_text="Bracket sheets").last.get_by_role("button", name="PDF").click()
    link = page.locator("#print-status a", has_text="Download PDF")
    link.wait_for(timeout=30000)
    shot(page, "index")
    href = link.get_attribute("href")
    response = page.request.get(live_server.url + href)
    assert response.status == 200 and response.body().startswith(b"%PDF")

    page.goto(
        live_server.url + reverse("printing:preview", args=[event.pk, "brackets"]) + "?round=1"
    )
    assert page.locator(".bracket-sheet").count() == played_round.brackets.count()
    assert page.locator(".bracket-sheet svg").count() == played_round.brackets.count()
    shot(page, "preview")
