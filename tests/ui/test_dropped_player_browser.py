"""A judge's phone after a player dropped (SPEC §4): the dropped player is shown as dropped,
is not offered as winner and has no count field (390×844, Portuguese)."""

import pytest

from tests.support.browser import browser_page, browser_test
from tests.support.results import bracket_url
from tests.ui.test_venue_browser import PHONE, shoot
from tournament.events.models import Registration
from tournament.rounds.services.rounds import drop_player, publish_round, seat_next_round

pytestmark = browser_test


@pytest.mark.django_db(transaction=True)
def test_the_judge_sees_the_dropped_player_marked_on_a_phone(
    chromium, client, live_server, event, registered_players, judge
):
    rnd = seat_next_round(event, seed=7)
    publish_round(rnd)
    bracket = rnd.brackets.order_by("table").first()
    marina = bracket.seats.order_by("position").first().registration.player
    drop_player(Registration.objects.get(event=event, player=marina))
    page = browser_page(chromium, client, live_server, judge, viewport=PHONE, locale="pt-BR")
    page.context.add_cookies(
        [{"name": "django_language", "value": "pt-br", "url": live_server.url}]
    )
    page.goto(live_server.url + bracket_url(bracket))
    form = page.locator("form.result-form")
    dropped = form.locator(".dropped-row")
    assert dropped.count() == 1 and marina.name in dropped.inner_text()
    assert "desistiu" in dropped.inner_text()
    assert form.locator(f'input[name="winner"][value="{marina.pk}"]').count() == 0
    assert form.locator(f'input[name="unrazed_{marina.pk}"]').count() == 0
    shoot(page, "judge-dropped-player-phone-pt-br")
