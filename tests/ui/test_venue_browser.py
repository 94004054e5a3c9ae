"""What a user must see at the venue, on a 390×844 phone and a 1280×900 screen (Chromium).

Every test saves screenshots under var/screenshots/ (kept by CI as artifacts).
"""

import random
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from tests.conftest import browser_page, browser_test
from tournament.events.simulate import run_event
from tournament.standings.recompute import refresh_event

pytestmark = browser_test

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SCREENSHOTS = Path(settings.BASE_DIR) / "var" / "screenshots"


def shoot(page, name: str) -> None:
    """A full-page screenshot for the CI artifacts."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def inside_width(page, selector: str, width: int) -> bool:
    b = box(page, selector)
    return b is not None and b["x"] >= 0 and b["x"] + b["width"] <= width


@pytest.fixture
def finished(event, registered_players):
    run_event(event, random.Random(7))
    refresh_event(event)
    event.refresh_from_db()
    return event


def test_standings_on_a_phone_show_place_player_and_total(
    chromium, live_server, transactional_db, client, finished
):
    url = live_server.url + reverse("standings:event", args=[finished.pk])
    phone = browser_page(chromium, client, live_server, viewport=PHONE, is_mobile=True)
    phone.goto(url)
    shoot(phone, "standings-phone")
    for label in ("Place", "Player", "Total"):
        th = f"table.standings-table th:has-text('{label}')"
        assert inside_width(phone, th, PHONE["width"]), label
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    desktop = browser_page(chromium, client, live_server, viewport=DESKTOP)
    desktop.goto(url)
    shoot(desktop, "standings-desktop")
    assert desktop.locator("table.standings-table th:has-text('Unrazed realms')").is_visible()


def test_bracket_page_shows_place_and_points_on_a_phone(
    chromium, live_server, transactional_db, client, finished
):
    final = finished.rounds.get(is_final=True)
    bracket = final.brackets.get()
    url = reverse("standings:bracket", args=[finished.pk, final.number, bracket.table])
    phone = browser_page(chromium, client, live_server, viewport=PHONE, is_mobile=True)
    phone.goto(live_server.url + url)
    shoot(phone, "bracket-phone")
    for label in ("Place", "Points"):
        assert inside_width(phone, f"table.bracket-grid th:text-is('{label}')", PHONE["width"])
    winner_row = phone.locator("table.bracket-grid tbody tr", has_text=bracket.winner.name)
    assert winner_row.locator("td.place").inner_text() == "1"
