"""The organizer runs a 27-player event in a real browser, round by round to the finish."""

import random

from django.urls import reverse

from tests.support.browser import browser_page, browser_test
from tests.support.events import add_players
from tournament.events.models import Round
from tournament.rounds.simulate import play_round

pytestmark = browser_test


def check_public_seating(public, live_server, rnd: Round, players: int) -> None:
    seating = live_server.url + reverse("rounds:seating", args=[rnd.event_id, rnd.number])
    public.goto(seating)
    rows = public.locator("table.seating-table tbody tr")
    assert rows.count() == players
    names = rows.locator("td:first-child").all_inner_texts()
    assert names == sorted(names)
    assert public.locator(".table-card").count() == rnd.brackets.count()
    public.goto(seating + "?projector=1")
    assert public.locator("body.projector h1.projector-title").is_visible()
    assert public.locator(".site-header").is_hidden()


def test_organizer_runs_27_players_to_the_finish(
    chromium, live_server, transactional_db, client, event, organizer
):
    add_players(event, 27)
    rng = random.Random(27)
    tab = browser_page(chromium, client, live_server, organizer)
    public = browser_page(chromium, client, live_server, viewport={"width": 390, "height": 844})
    tab.goto(live_server.url + reverse("rounds:list", args=[event.pk]))
    tab.get_by_role("button", name="Seat round 1").click()
    # Nobody has a decklist yet: the organizer is warned first, and seats anyway.
    assert "27 checked-in players have no decklist" in tab.locator(".seat-warnings").inner_text()
    tab.get_by_role("button", name="Seat anyway").click()
    expected = [(1, 27, 9), (2, 9, 3), (3, 3, 1)]
    for number, players, brackets in expected:
        assert tab.locator(".message.success").inner_text().startswith(f"Round {number} is seated")
        assert tab.locator("article.bracket").count() == brackets
        rnd = event.rounds.get(number=number)
        seating = live_server.url + reverse("rounds:seating", args=[event.pk, number])
        assert public.goto(seating).status == 404  # not published yet
        tab.get_by_role("button", name="Publish seating").click()
        assert "is public" in tab.locator(".message.success").inner_text()
        check_public_seating(public, live_server, rnd, players)
        play_round(rnd, rng)  # results come from the judges' page (another app)
        tab.reload()
        assert tab.locator(".badge.state-complete").count() == brackets
        close = "Close the final" if rnd.is_final else "Close round and advance"
        tab.get_by_role("button", name=close).click()
        dialog = tab.locator("dialog.confirm-dialog")
        question = "Close the final?" if rnd.is_final else f"Close round {number}?"
        assert question in dialog.inner_text()
        if number == 1:  # cancelling changes nothing
            dialog.get_by_role("button", name="Cancel").click()
            dialog.wait_for(state="detached")
            assert event.rounds.get(number=1).state == Round.State.SEATED
            tab.get_by_role("button", name=close).click()
        # The dialog's button says what it closes: the final is "Close the final".
        dialog.get_by_role(
            "button", name="Close the final" if rnd.is_final else "Close the round"
        ).click()
        if rnd.is_final:
            break
        assert f"{players // 3} players advance" in tab.locator(".message.success").inner_text()
        # Closing leads straight to seating the next round.
        tab.get_by_role("button", name=f"Seat round {number + 1}").click()
    assert "final is closed" in tab.locator(".message.success").inner_text()
    winner = event.rounds.get(number=3).brackets.get().winner
    assert winner.name in tab.locator(".advancement").inner_text()
    tab.get_by_role("button", name="Finish the event").click()
    tab.locator("dialog.confirm-dialog").get_by_role("button", name="Finish the event").click()
    assert tab.locator(".message.success").inner_text() == f"{event.name} is finished."
    assert winner.name in tab.locator(".podium").inner_text()
    event.refresh_from_db()
    assert event.status == "finished"
