"""A new API token is shown whole on a 390 px phone and copied with one tap (it is shown once)."""

import pytest
from django.urls import reverse

from tests.support.browser import browser_page, browser_test
from tests.ui.test_venue_browser import PHONE, shoot

pytestmark = browser_test


@pytest.mark.django_db(transaction=True)
def test_the_new_token_is_copied_with_one_tap_on_a_phone(chromium, client, live_server, judge):
    page = browser_page(
        chromium,
        client,
        live_server,
        judge,
        viewport=PHONE,
        permissions=["clipboard-read", "clipboard-write"],
    )
    page.goto(live_server.url + reverse("accounts:api_tokens"))
    page.fill("input[name=name]", "Discord bot")
    page.check("input[name=scopes][value=read]")
    page.click("form.form button[type=submit], form button.primary")
    secret = page.locator("#token-secret")
    token = secret.input_value()
    assert len(token) > 20
    # The whole token is visible (it wraps), not cut off in a narrow box.
    assert secret.evaluate(
        "el => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight"
    )
    page.click("button[data-copy]")
    page.locator("button[data-copy]", has_text="Copied").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == token
    shoot(page, "api-token-copy-phone")
