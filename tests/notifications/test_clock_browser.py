"""In a real browser (a phone in Berlin, to show the reader's own clock does not matter): a
São Paulo event's deadline reads 18:00 São Paulo time in English and in Portuguese, and a
Portuguese browser signs up with Portuguese e-mails chosen. Screenshots go to
var/screenshots/."""

import datetime
from pathlib import Path

from django.conf import settings
from django.urls import reverse

from tests.support.browser import browser_page, browser_test
from tournament.notifications.models import Preferences

pytestmark = browser_test

SCREENSHOTS = Path(settings.BASE_DIR) / "var" / "screenshots"
PHONE = {"viewport": {"width": 390, "height": 844}, "timezone_id": "Europe/Berlin"}


def shot(tab, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(SCREENSHOTS / f"clock-{name}.png"), full_page=True)


def test_a_sao_paulo_deadline_reads_18h_in_both_languages(chromium, live_server, client, event):
    event.time_zone = "America/Sao_Paulo"
    event.registration_deadline = datetime.datetime(2026, 11, 20, 21, tzinfo=datetime.UTC)
    event.save()
    url = live_server.url + reverse("events:detail", args=[event.pk])
    for locale, expected in (
        ("en-US", "Nov. 20, 2026, 18:00 (America/Sao_Paulo)"),
        ("pt-BR", "20 de novembro de 2026, 18:00 (America/Sao_Paulo)"),
    ):
        tab = browser_page(chromium, client, live_server, None, locale=locale, **PHONE)
        tab.goto(url)
        assert expected in tab.locator("main").inner_text()
        shot(tab, f"deadline-{locale}")


def test_a_portuguese_browser_signs_up_for_portuguese_mails(chromium, live_server, client, db):
    tab = browser_page(chromium, client, live_server, None, locale="pt-BR", **PHONE)
    tab.goto(live_server.url + reverse("accounts:signup"))
    assert tab.input_value("[name=language]") == "pt-br"
    tab.fill("[name=username]", "bia")
    tab.fill("[name=email]", "bia@example.org")
    tab.fill("[name=password1]", "a-Long-passphrase-9")
    tab.fill("[name=password2]", "a-Long-passphrase-9")
    tab.fill("[name=name]", "Bia Lima")
    shot(tab, "signup-pt-BR")
    with tab.expect_navigation():
        tab.locator("form button[type=submit], form input[type=submit]").last.click()
    assert Preferences.objects.get(user__username="bia").language == "pt-br"
