"""In a real browser: the event form's No-Xs digit and live shorthand, and bulk check-in
by ticking players."""

from django.urls import reverse

from tests.support.browser import browser_page, browser_test
from tests.support.events import add_players
from tournament.events.models import Registration

pytestmark = browser_test


def test_event_form_digit_and_live_shorthand(chromium, live_server, client, organizer):
    tab = browser_page(chromium, client, live_server, organizer)
    tab.goto(live_server.url + reverse("events:create"))
    digit = tab.locator('[data-field="no_xs_digit"]')
    assert digit.is_hidden()
    preview = tab.locator("#shorthand-preview")
    tab.select_option("[name=tournament_type]", "no-xs")
    assert digit.is_visible()
    tab.fill("[name=no_xs_digit]", "9")
    tab.locator("[name=no_xs_digit]").dispatch_event("change")
    # SPEC §2's example: a No-Xs event shows its digit.
    preview.filter(has_text="No-9s").wait_for()
    assert preview.inner_text() == "SPELLFIRE: No-9s—Standard [55]"
    tab.select_option("[name=tournament_type]", "championship")
    assert digit.is_hidden() and tab.input_value("[name=no_xs_digit]") == ""
    # A checkbox sits beside its label, on the same line.
    box = tab.locator("#id_scored").bounding_box()
    label = tab.locator('label[for="id_scored"]').bounding_box()
    assert abs((box["y"] + box["height"] / 2) - (label["y"] + label["height"] / 2)) < 12


def test_bulk_check_in_by_ticking(chromium, live_server, client, event, judge):
    add_players(event, 3)
    Registration.objects.update(checked_in=False)
    tab = browser_page(chromium, client, live_server, judge, viewport={"width": 390, "height": 844})
    tab.goto(live_server.url + reverse("events:checkin", args=[event.pk]))
    assert "0 of 3 checked in" in tab.locator(".checkin-count").inner_text()
    boxes = tab.locator("input[name=registrations]")
    boxes.nth(0).check()
    boxes.nth(2).check()
    tab.get_by_role("button", name="Check in the selected players").click()
    assert "2 players checked in." in tab.locator(".message.success").inner_text()
    assert "2 of 3 checked in" in tab.locator(".checkin-count").inner_text()
    tab.locator("input[data-select-all]").check()  # the header box ticks every row
    assert tab.locator("input[name=registrations]:checked").count() == 3
    tab.get_by_role("button", name="Check in the selected players").click()
    assert "3 of 3 checked in" in tab.locator(".checkin-count").inner_text()
