"""Browser tests: the mark that skips them without Debian chromium, a logged-in page."""

from pathlib import Path

import pytest

from tournament.accounts.models import Player

CHROMIUM = "/usr/bin/chromium"
browser_test = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is not installed"),
]


def browser_page(browser, client, live_server, player: Player | None = None, **context):
    """A new page, logged in as `player` through the test client's session cookie."""
    from django.conf import settings

    browser_context = browser.new_context(**context)
    if player is not None:
        client.force_login(player.user)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        browser_context.add_cookies(
            [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
        )
    return browser_context.new_page()
