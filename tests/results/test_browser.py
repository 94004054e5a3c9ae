"""A judge enters a whole bracket on a phone-sized screen (real Chromium)."""

import os
from pathlib import Path

import pytest
from django.conf import settings

from tests.results.conftest import bracket_url
from tournament.events.services.rounds import publish_round, seat_next_round

CHROMIUM = "/usr/bin/chromium"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium not installed"),
]


@pytest.fixture
def page(live_server):
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        yield context
        browser.close()


def test_judge_enters_a_full_bracket_on_a_phone(
    page, live_server, transactional_db, client, event, registered_players, judge
):
    event.single_entry = True
    event.save()
    rnd = seat_next_round(event, seed=7)
    publish_round(rnd)
    bracket = rnd.brackets.order_by("table").first()
    a, b, c = [s.registration.player for s in bracket.seats.order_by("position")]
    client.force_login(judge.user)
    page.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )
    tab = page.new_page()
    tab.goto(live_server.url + bracket_url(bracket))
    for number, (b_count, c_count) in enumerate([(4, 3), (5, 2)], start=1):
        assert tab.locator(".entry-form h3").inner_text() == f"Game {number}"
        assert tab.locator(".tiebreak-counts").is_hidden()
        tab.locator(f"input[name=winner][value='{a.pk}']").check()
        # The tiny script presets the winner's count to the victory condition (6).
        assert tab.input_value(f"#id_unrazed_{a.pk}") == "6"
        assert tab.get_attribute(f"#id_unrazed_{b.pk}", "inputmode") == "numeric"
        tab.fill(f"#id_unrazed_{b.pk}", str(b_count))
        tab.fill(f"#id_unrazed_{c.pk}", str(c_count))
        tab.locator("button.submit-result").click()
        tab.wait_for_load_state()
        assert f"Game {number} is recorded" in tab.locator(".messages").inner_text()
    rows = tab.locator("#games tbody tr")
    places = [rows.nth(i).locator("td.place").inner_text() for i in range(3)]
    points = [rows.nth(i).locator("td.points").inner_text() for i in range(3)]
    assert places == ["1", "2", "3"]
    assert points == ["4", "3", "2"]
    assert "won two games" in tab.locator("#bracket-over").inner_text()
    # Nothing overflows the phone's width.
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
