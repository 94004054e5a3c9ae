"""Results that keep pace, in a real browser (Chromium) on a phone and on a laptop, in both
languages: a judge enters game 1, the page offers game 2 at once (not a blank game 1), he
enters it; a second judge sees both waiting and confirms them with one button."""

import pytest
from django.conf import settings

from tests.support.browser import browser_page, browser_test
from tests.support.results import bracket_url
from tournament.results.models import EntryStatus, Game, GameEntry
from tournament.rounds.services.rounds import publish_round, seat_next_round

pytestmark = browser_test

SCREENS = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True},
    "laptop": {"viewport": {"width": 1280, "height": 900}},
}
# The words each language shows (the pt-BR catalogue's).
WORDS = {
    "en": {"game": "Game {n}", "waits": "waits for another judge", "confirm": "Confirm games 1, 2"},
    "pt-br": {
        "game": "Partida {n}",
        "waits": "espera que outro juiz",
        "confirm": "Confirmar as partidas 1, 2",
    },
}


def _tab(chromium, client, live_server, player, screen: str, language: str):
    tab = browser_page(chromium, client, live_server, player, **SCREENS[screen])
    tab.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    )
    return tab


def _enter(tab, winner, others: dict) -> None:
    tab.locator(f"input[name=winner][value='{winner.pk}']").check()
    for player, count in others.items():
        tab.fill(f"#id_unrazed_{player.pk}", str(count))
    tab.locator("button.submit-result").click()


@pytest.mark.parametrize(("screen", "language"), [("phone", "en"), ("laptop", "pt-br")])
def test_a_judge_enters_two_games_and_another_confirms_both_at_once(
    chromium,
    live_server,
    transactional_db,
    client,
    event,
    registered_players,
    judge,
    second_judge,
    screen,
    language,
):
    from playwright.sync_api import expect

    words = WORDS[language]
    rnd = seat_next_round(event, seed=7)
    publish_round(rnd)
    bracket = rnd.brackets.order_by("table").first()
    a, b, c = [s.registration.player for s in bracket.seats.order_by("position")]
    url = live_server.url + bracket_url(bracket)
    tab = _tab(chromium, client, live_server, judge, screen, language)
    tab.goto(url)
    expect(tab.locator(".entry-form h3")).to_have_text(words["game"].format(n=1))
    _enter(tab, a, {b: 4, c: 3})
    # Game 1 waits for a second judge; the page offers game 2 right away.
    expect(tab.locator("#waiting-own")).to_contain_text(words["waits"])
    expect(tab.locator(".entry-form h3")).to_have_text(words["game"].format(n=2))
    _enter(tab, b, {a: 3, c: 2})
    expect(tab.locator("#waiting-own")).to_contain_text("1, 2")
    tab.wait_for_function(
        "document.querySelectorAll('#offline-queue .queue-item').length === 0"
        " || !document.querySelector('#offline-queue')"
    )
    assert GameEntry.objects.filter(status=EntryStatus.UNCONFIRMED).count() == 2
    assert (
        tab.evaluate("document.documentElement.scrollWidth") <= SCREENS[screen]["viewport"]["width"]
    )

    other = _tab(chromium, client, live_server, second_judge, screen, language)
    other.goto(url)
    button = other.locator("#confirm-all")
    expect(button).to_have_text(words["confirm"])
    button.click()
    other.wait_for_load_state()
    expect(other.locator("#confirm-all")).to_have_count(0)
    assert list(Game.objects.order_by("number").values_list("number", "winner")) == [
        (1, a.pk),
        (2, b.pk),
    ]
    assert (
        other.evaluate("document.documentElement.scrollWidth")
        <= SCREENS[screen]["viewport"]["width"]
    )
