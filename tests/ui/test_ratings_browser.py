"""The ratings on a 390×844 phone in both languages (Chromium): the ratings page's table
and the player page's chart fit the screen; screenshots under var/screenshots/."""

import datetime
import random

import pytest
from django.urls import reverse

from tests.ratings.test_pages import replay
from tests.support.browser import browser_page, browser_test
from tests.support.events import build_event
from tests.ui.test_venue_browser import PHONE, inside_width, shoot

pytestmark = browser_test


@pytest.fixture
def rated(organizer):
    first = build_event(organizer, 9, seed=3, name="Autumn Open", date=datetime.date(2026, 1, 10))
    players = [r.player for r in first.registrations.select_related("player")]
    for n, month in enumerate((2, 3, 4, 5), start=1):
        replay(organizer, players, n, name=f"Open {n}", date=datetime.date(2026, month, 14))
    return players


@pytest.mark.parametrize(
    ("locale", "rating", "games"), [("en-US", "Rating", "Games"), ("pt-BR", "Rating", "Partidas")]
)
def test_ratings_page_and_player_chart_on_a_phone(
    chromium, live_server, transactional_db, client, rated, locale, rating, games
):
    phone = browser_page(
        chromium, client, live_server, viewport=PHONE, is_mobile=True, locale=locale
    )
    phone.goto(live_server.url + reverse("ratings:list"))
    shoot(phone, f"ratings-phone-{locale}")
    for label in (rating, games):
        assert inside_width(phone, f"table.ratings-table th:has-text('{label}')", PHONE["width"])
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    player = random.Random(1).choice(rated)
    phone.goto(live_server.url + reverse("standings:player", args=[player.player_number]))
    shoot(phone, f"rating-chart-phone-{locale}")
    assert inside_width(phone, ".rating-chart svg", PHONE["width"])
    # Five events: five points on the line, the labels readable (≥ 10 px on the phone).
    assert phone.locator(".rating-chart circle").count() == 5
    size = phone.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.rating-chart .rank-label')).fontSize)"
        " * document.querySelector('.rating-chart svg').getBoundingClientRect().width / 600"
    )
    assert size >= 10
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
