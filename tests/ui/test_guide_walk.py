"""A new organizer runs a first bracket event and a first one-on-one event to the end, in
Brazilian Portuguese, pressing only what the guide's chapters name (Chromium, locale pt-BR).

Each button or link the walk presses is looked up by the label the pt-BR chapter writes in
bold, and the walk fails if the chapter does not name it: the guide alone is enough to run
an event. The games themselves are stored by the simulator (the bracket event) and by the
judges' services (the one-on-one event, one match entered and confirmed on the judges'
pages as `judge.md` says). One player of the bracket event registers, saves her decklist,
checks in and finds her seat on the pages, as `player.md` says; the others register through
the services.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from django.conf import settings
from django.test import Client
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.help.test_guide import labels, text_of
from tests.support.browser import browser_page, browser_test
from tests.support.one_on_one import win
from tests.support.players import make_player
from tests.support.results import seated
from tournament.events.models import Event, Registration
from tournament.review.models import ScoringReview
from tournament.rounds.simulate import play_round
from tournament.standings.recompute import refresh_event

pytestmark = browser_test

LOCALE, LANGUAGE = "pt-BR", "pt-br"
SCREEN = {"width": 1280, "height": 900}
DECK = Path(settings.BASE_DIR) / "tournament" / "demo" / "demo_decks" / "legal_community_55.txt"
RE_PAIR = re.compile(r"^Emparceirar (a rodada \d+|o corte)")  # "Emparceirar o corte: final"


class Guided:
    """A browser page that presses only what a chapter of the pt-BR guide names."""

    def __init__(self, page: Page, *chapters: str) -> None:
        self.page = page
        self.named = {label for chapter in chapters for label in labels(text_of("pt-BR", chapter))}

    def named_by_guide(self, label: str) -> str:
        assert label in self.named, f"the guide does not name “{label}”"
        return label

    def link(self, label: str) -> None:
        self.page.get_by_role("link", name=self.named_by_guide(label), exact=True).first.click()
        self.page.wait_for_load_state()

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def card(self, label: str) -> None:
        """A link that carries the label among other words (a table's card on the dashboard)."""
        self.page.get_by_role("link").filter(has_text=self.named_by_guide(label)).first.click()
        self.page.wait_for_load_state()

    def press(self, label: str) -> None:
        """Press a button; answer yes when the site asks first (its dialog or its page)."""
        self.page.get_by_role("button", name=self.named_by_guide(label), exact=True).first.click()
        dialog = self.page.locator("dialog.confirm-dialog[open]")
        try:
            dialog.wait_for(state="visible", timeout=1500)
        except PlaywrightTimeout:
            pass
        else:
            dialog.locator("button.danger").click()
        self.page.wait_for_load_state()

    def field(self, label: str, value: str) -> None:
        self.page.get_by_label(self.named_by_guide(label), exact=True).fill(value)


def new_page(chromium, client, live_server, player) -> Page:
    page = browser_page(chromium, client, live_server, player, locale=LOCALE, viewport=SCREEN)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": LANGUAGE, "url": live_server.url}]
    )
    return page


def register(event: Event, count: int, prefix: str) -> None:
    """The players' part (player.md): each registers on his own phone."""
    for i in range(1, count + 1):
        player = make_player(f"{prefix}{i}", f"Jogador {prefix}{i:02d}", club=f"Clube {i % 3}")
        Registration.objects.create(event=event, player=player, registered_by=player)


def create_event(guide: Guided, live_server, name: str, structure: str | None = None) -> Event:
    page = guide.page
    page.goto(live_server.url + "/")
    guide.link("Eventos")
    guide.link("Organizar um evento")
    guide.field("Nome", name)
    guide.field("Data", "2026-12-20")
    guide.field("Local", "Niterói")
    if structure:
        page.get_by_label(guide.named_by_guide("Estrutura"), exact=True).select_option(structure)
        page.get_by_label(guide.named_by_guide("Partidas por confronto"), exact=True).select_option(
            label=guide.named_by_guide("Melhor de 1")
        )
        page.get_by_label(guide.named_by_guide("Corte"), exact=True).select_option(
            label=guide.named_by_guide("Top 4")
        )
    guide.press("Salvar")
    event = Event.objects.get(name=name)
    guide.press("Abrir inscrições")
    event.refresh_from_db()
    assert event.status == "registration"
    return event


def check_everyone_in(guide: Guided, event: Event) -> None:
    guide.link("Check-in")
    guide.page.locator("input[data-select-all]").check()
    guide.press("Fazer check-in dos jogadores selecionados")
    assert not event.registrations.filter(checked_in=False).exists()


def seat_or_pair(guide: Guided, label: str, publish: str, anyway: str) -> None:
    guide.link("Rodadas")
    guide.press(label)
    if guide.page.get_by_role("button", name=anyway, exact=True).count():
        guide.press(anyway)  # round 1: the players have no decklists yet
    guide.press(publish)


def player_registers(chromium, live_server, event: Event) -> Guided:
    """player.md: a player registers, saves his decklist and checks himself in."""
    walker = make_player("walker", "Jogadora do Guia")
    guide = Guided(new_page(chromium, Client(), live_server, walker), "player")
    guide.page.goto(live_server.url + "/")
    guide.link("Eventos")
    guide.page.get_by_role("link", name=event.name).first.click()
    guide.press("Inscrever-se neste evento")
    guide.link("Minha lista do baralho")
    guide.page.locator("textarea").first.fill(DECK.read_text(encoding="utf-8"))
    guide.press("Salvar lista do baralho")
    registration = event.registrations.get(player=walker)
    assert registration.decklist.status == "legal", registration.decklist.status
    guide.page.goto(live_server.url + event.get_absolute_url())
    guide.press("Fazer meu check-in")
    registration.refresh_from_db()
    assert registration.checked_in
    return guide


def test_a_first_bracket_event_run_to_the_end_in_portuguese(
    chromium, live_server, transactional_db, client, organizer, judge
):
    page = new_page(chromium, client, live_server, organizer)
    guide = Guided(page, "organizer")
    event = create_event(guide, live_server, "Copa do Guia")
    event.judges.set([judge])
    player = player_registers(chromium, live_server, event)
    register(event, 8, "b")
    page.reload()
    check_everyone_in(guide, event)
    rng = random.Random(52)
    for number in range(1, 8):
        seat_label = f"Distribuir as mesas da rodada {number}"
        guide.named.add(seat_label) if number > 2 else None  # the guide shows rounds 1 and 2
        seat_or_pair(guide, seat_label, "Publicar mesas", "Sortear mesmo assim")
        rnd = event.rounds.get(number=number)
        assert rnd.published
        if number == 1:  # player.md: the player finds his seat
            player.goto(live_server.url + event.get_absolute_url())
            player.link("Onde eu sento?")
            table = rnd.brackets.get(seats__registration__player__user__username="walker").table
            assert player.page.get_by_text(f"Mesa {table}").count()
        play_round(rnd, rng)
        refresh_event(event)
        page.reload()
        if rnd.is_final:
            guide.press("Fechar a final")
            guide.press("Encerrar o evento")
            break
        guide.press("Fechar a rodada e avançar")
    event.refresh_from_db()
    assert event.status == "finished"
    guide.link("Impressão")
    assert page.get_by_text(guide.named_by_guide("Formulário de pontuação do torneio")).count()
    page.goto(live_server.url + event.get_absolute_url())
    guide.press("Enviar formulário de pontuação")
    assert ScoringReview.objects.get(event=event).state == "submitted"


def test_a_first_one_on_one_event_run_to_the_end_in_portuguese(
    chromium, live_server, transactional_db, client, organizer, judge, second_judge
):
    page = new_page(chromium, client, live_server, organizer)
    guide = Guided(page, "organizer", "one-on-one", "judge")
    event = create_event(guide, live_server, "Copa Um a Um", structure="one-on-one")
    assert event.is_one_on_one
    event.judges.set([judge, second_judge])
    register(event, 8, "s")
    page.reload()
    check_everyone_in(guide, event)
    judged = False
    for number in range(1, 10):
        guide.link("Rodadas")
        pair = page.get_by_role("button", name=RE_PAIR).first.inner_text().strip()
        guide.named.add(pair) if pair != "Emparceirar a rodada 1" else None  # later rounds
        seat_or_pair(guide, pair, "Publicar emparceiramentos", "Emparceirar mesmo assim")
        rnd = event.rounds.get(number=number)
        assert rnd.published
        for bracket in rnd.brackets.all():
            players = seated(bracket)
            if len(players) < 2:
                continue  # a bye
            if not judged:  # one match on the judges' pages, as judge.md says
                enter_a_match(chromium, live_server, event, bracket, judge, second_judge)
                judged = True
                continue
            win(bracket, players[0], judge, second_judge, best_of=event.best_of)
        refresh_event(event)
        page.goto(live_server.url + f"/events/{event.pk}/rounds/{number}/")
        closing = next(
            label
            for label in ("Fechar a final", "Fechar a última rodada", "Fechar a rodada")
            if page.get_by_role("button", name=label, exact=True).count()
        )
        guide.press(closing)
        if closing == "Fechar a final":
            guide.press("Encerrar o evento")
            break
    event.refresh_from_db()
    assert event.status == "finished"
    assert judged and event.rounds.filter(is_cut=True).exists()


def enter_a_match(chromium, live_server, event, bracket, judge, second_judge) -> None:
    """judge.md: a judge enters the game on his phone, a second judge confirms it."""
    first = seated(bracket)[0]
    # each browser signs in through a test client of its own: a second log-in on the same
    # client would end the organizer's session
    phone = browser_page(
        chromium, Client(), live_server, judge,
        locale=LOCALE, viewport={"width": 390, "height": 844}, is_mobile=True,
    )  # fmt: skip
    phone.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": LANGUAGE, "url": live_server.url}]
    )
    guide = Guided(phone, "judge")
    phone.goto(live_server.url + f"/events/{event.pk}/judge/")
    guide.card("Lançar resultados das partidas")
    winner = phone.locator("fieldset.winner-field label.choice", has_text=first.name)
    winner.locator("input").check()
    realms = phone.locator("fieldset.counts input")
    realms.nth(0).fill("6")
    realms.nth(1).fill("2")
    guide.press("Enviar resultado")
    confirming = Guided(new_page(chromium, Client(), live_server, second_judge), "judge")
    confirming.page.goto(live_server.url + f"/events/{event.pk}/brackets/{bracket.pk}/")
    confirming.press("Confirmar")
    bracket.refresh_from_db()
    assert bracket.state == "complete", bracket.state
