"""Standings on a 1280 px screen and a one-on-one event on a 390 px phone, in Portuguese
(Chromium with the browser's locale pt-BR): every column of the widest tables shows whole,
none cut at the table's right edge ("eliminado na rodad"), and a one-on-one event's
overview speaks of matches, never of brackets or a scoring form. Screenshots go to
var/screenshots/."""

import random
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from tests.support.browser import browser_page, browser_test
from tests.support.events import add_players
from tournament.accounts.models import Player
from tournament.rounds.simulate import run_event

pytestmark = browser_test

SCREEN = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(settings.BASE_DIR) / "var" / "screenshots"
PORTUGUESE = {"locale": "pt-BR", "extra_http_headers": {"Accept-Language": "pt-BR"}}


def shoot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def long_names(event) -> None:
    """Names and clubs as long as a real event's ("Gabriela Ferreira", "Carioca Spellfire")."""
    for i, player in enumerate(Player.objects.filter(registrations__event=event), start=1):
        player.name, player.club = f"Gabriela Ferreira {i:02d}", "Carioca Spellfire"
        player.save(update_fields=["name", "club"])


@pytest.fixture
def blitz(event):
    """A finished one-on-one event: 15 players, best of 1, 4 Swiss rounds, one drop after
    round 2, a top cut of 4 (the widest standings: eleven columns)."""
    event.structure, event.best_of, event.swiss_rounds, event.top_cut = "one-on-one", 1, 4, 4
    event.deck_rules, event.deck_size = "blitz", 25
    event.save()
    add_players(event, 15)
    long_names(event)
    dropping = event.registrations.order_by("pk").last()
    return run_event(event, random.Random(3), drops={2: [dropping]})


@pytest.fixture
def championship(event, registered_players):
    long_names(event)
    return run_event(event, random.Random(7))


def fits(page) -> None:
    """The table needs no sideways scroll, and no cell's words run past its box."""
    wrap = page.evaluate(
        """() => { const w = document.querySelector('.standings-table').closest('.table-wrap');
           return [w.scrollWidth, w.clientWidth]; }"""
    )
    assert wrap[0] <= wrap[1], wrap
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.standings-table td')]
           .filter(td => td.scrollWidth > td.clientWidth + 1).map(td => td.innerText)"""
    )
    assert cut == []


@pytest.mark.parametrize("which", ["blitz", "championship"])
def test_the_standings_fit_a_1280_px_screen(
    chromium, live_server, transactional_db, client, request, which
):
    target = request.getfixturevalue(which)
    page = browser_page(chromium, client, live_server, viewport=SCREEN, **PORTUGUESE)
    page.goto(live_server.url + reverse("standings:event", args=[target.pk]))
    shoot(page, f"standings-1280-{which}")
    fits(page)
    status = page.locator(".standings-table tbody tr").last.locator("td").last.inner_text()
    if which == "blitz":  # the last Swiss place missed the cut (SPEC §11)
        assert status in ("Ficou fora do corte", "desistiu na rodada 2")
        assert page.get_by_text("Ficou fora do corte").count() >= 1
    else:
        assert status.startswith("eliminado na rodada")


def test_a_one_on_one_overview_on_a_phone_speaks_of_matches(
    chromium, live_server, transactional_db, client, blitz
):
    organizer = blitz.organizer
    phone = browser_page(
        chromium, client, live_server, organizer, viewport=PHONE, is_mobile=True, **PORTUGUESE
    )
    phone.goto(live_server.url + reverse("events:detail", args=[blitz.pk]))
    shoot(phone, "blitz-overview-phone")
    text = phone.locator("main").inner_text()
    assert "Confrontos um contra um · Melhor de 1 · 4 rodadas suíças · corte de 4" in text
    assert "pontos de confronto" in text and "campanha" in text
    for bracket_words in ("chave", "Enviar formulário de pontuação", "Revisão do ranking"):
        assert bracket_words not in text
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
