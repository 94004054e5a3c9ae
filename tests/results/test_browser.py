"""A judge enters a whole bracket on a phone-sized screen (real Chromium), through his
offline app's queue, on a phone that says its language (the judge chose English: his pages
are English whatever the phone says)."""

import pytest

from tests.support.browser import browser_page, browser_test
from tests.support.results import bracket_url
from tournament.accounts import preferences
from tournament.rounds.services.rounds import publish_round, seat_next_round

pytestmark = browser_test


@pytest.mark.parametrize("locale", ["pt-BR", "en-US"])
def test_judge_enters_a_full_bracket_on_a_phone(
    chromium, live_server, transactional_db, client, event, registered_players, judge, locale
):
    from playwright.sync_api import expect

    event.single_entry = True
    event.save()
    rnd = seat_next_round(event, seed=7)
    publish_round(rnd)
    bracket = rnd.brackets.order_by("table").first()
    a, b, c = [s.registration.player for s in bracket.seats.order_by("position")]
    preferences.keep(judge.user, language="en")
    tab = browser_page(
        chromium,
        client,
        live_server,
        judge,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        locale=locale,
    )
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
        # Sent through the judge's queue, then the page moves on with the server's message.
        expect(tab.locator(".messages")).to_contain_text(f"Game {number} is recorded")
    rows = tab.locator("#games tbody tr")
    places = [rows.nth(i).locator("td.place").inner_text() for i in range(3)]
    points = [rows.nth(i).locator("td.points").inner_text() for i in range(3)]
    assert places == ["1", "2", "3"]
    assert points == ["4", "3", "2"]
    assert "won two games" in tab.locator("#bracket-over").inner_text()
    # Sent and shown by the server: nothing is left in the judge's queue.
    assert tab.locator("#offline-queue .queue-item").count() == 0
    # Nothing overflows the phone's width.
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
