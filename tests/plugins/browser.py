"""Shared fixture: headless Debian Chromium (the marks and the logged-in page are in
`tests/support/browser.py`)."""

import pytest

from tests.support.browser import CHROMIUM


@pytest.fixture
def chromium(live_server, monkeypatch):
    """Headless Debian Chromium driven by Playwright, against pytest-django's live server."""
    # Playwright's sync API runs an event loop; Django's ORM refuses that unless told.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield browser
        browser.close()
