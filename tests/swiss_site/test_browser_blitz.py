"""An organizer runs a 16-player Blitz event, one-on-one (SPEC §11), on a 390×844 phone:
four Swiss rounds (⌈log₂ 16⌉), a top cut of four and its final, judges entering and
confirming results on their phones (most matches through the services the pages call, one
match a round through the pages, the final through the offline queue), a no-show, closing
every round and finishing the event. Screenshots go to var/screenshots/ (git-ignored)."""

from pathlib import Path

from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.support.browser import browser_page, browser_test
from tests.support.events import add_players
from tests.support.one_on_one import win
from tests.support.results import seated
from tournament.events.models import Bracket, Event, Round
from tournament.standings.models import EventStanding

pytestmark = browser_test

PHONE = {"viewport": {"width": 390, "height": 844}}
SCREENSHOTS = Path(settings.BASE_DIR) / "var" / "screenshots"


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"swiss_{name}.png"), full_page=True)


def fits_the_phone(page) -> None:
    """Nothing makes the page wider than the phone (wide tables scroll in their own box)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def success(page) -> str:
    return page.locator(".message.success").inner_text()


def click(page, name: str) -> None:
    """Press a button that posts a form, and wait for the page that answers: the server is
    done with the request before the test writes results of its own (one SQLite database)."""
    with page.expect_navigation():
        page.get_by_role("button", name=name).click()


def confirm_dialog(page, question: str, ok: str) -> None:
    dialog = page.locator("dialog.confirm-dialog")
    assert question in dialog.inner_text()
    with page.expect_navigation():
        dialog.get_by_role("button", name=ok).click()


def enter_game(tab, winner, loser) -> None:
    """The judge's result form: the winner, both players' unrazed realms (6 to 2)."""
    tab.locator(f"input[name=winner][value='{winner.pk}']").check()
    tab.fill(f"#id_unrazed_{winner.pk}", "6")
    tab.fill(f"#id_unrazed_{loser.pk}", "2")
    tab.locator("button.submit-result").click()


def enter_online(tab, winner, loser) -> None:
    """Enter a game online: the page comes back saying it waits for a second judge."""
    enter_game(tab, winner, loser)
    tab.wait_for_selector("#waiting-own")
    set_aside(tab)


def set_aside(tab) -> None:
    """The judge puts his phone away: his app stops asking after the entry it sent while
    the test's database (SQLite in memory, one lock per table) takes the next write."""
    tab.goto("about:blank")


def open_kept(tab, url: str) -> None:
    """Open a judge's page and wait until his app has kept it for offline use (its own
    request for the page is over before the test goes on)."""
    tab.goto(url)
    tab.wait_for_selector("#offline-queue[data-offline-ready]", state="attached")


def confirm_game(tab, url: str, number: int) -> None:
    open_kept(tab, url)
    tab.locator(f"form.entry-action[data-action=confirm][data-number='{number}'] button").click()
    # Sent through the judge's app (its queue), then the page reloads without the entry.
    tab.wait_for_selector(f"form.entry-action[data-number='{number}']", state="detached")
    set_aside(tab)


def match_through_the_pages(live_server, first, second, match: Bracket) -> None:
    """A best of 3 won 2–0 by the first seat: a judge enters, the second judge confirms."""
    url = live_server.url + reverse("results:bracket", args=[match.round.event_id, match.pk])
    winner, loser = seated(match)
    open_kept(first, url)
    fits_the_phone(first)
    assert "Game 1 of a best of 3" in first.locator(".entry-form h3").inner_text()
    enter_online(first, winner, loser)
    confirm_game(second, url, 1)
    first.goto(url)
    assert first.locator(".entry-form h3").inner_text() == "Game 2 of a best of 3"
    assert first.locator("#match-score .match-score").inner_text() == "1–0"
    enter_online(first, winner, loser)
    confirm_game(second, url, 2)
    first.goto(url)
    assert "Match decided" in first.locator("#match-score").inner_text()
    assert first.locator(".entry-form").count() == 0
    set_aside(first)
    set_aside(second)


def test_a_16_player_blitz_event_from_round_1_to_the_final_on_a_phone(
    chromium, live_server, transactional_db, client, event, organizer, judge, second_judge
):
    event.deck_size, event.deck_rules = 25, "blitz"
    event.structure, event.best_of, event.top_cut = "one-on-one", 3, 4
    event.save()
    add_players(event, 16)
    # One test client per person: logging a client in again would end the last session.
    tab = browser_page(chromium, Client(), live_server, organizer, **PHONE)
    first = browser_page(chromium, Client(), live_server, judge, **PHONE)
    second = browser_page(chromium, Client(), live_server, second_judge, **PHONE)
    public = browser_page(chromium, client, live_server, **PHONE)
    tab.goto(live_server.url + reverse("rounds:list", args=[event.pk]))
    click(tab, "Pair round 1")
    # Nobody registered a decklist: the organizer is warned first, and pairs anyway.
    assert "16 checked-in players have no decklist" in tab.locator(".seat-warnings").inner_text()
    click(tab, "Pair anyway")

    for number in (1, 2, 3, 4):  # ⌈log₂ 16⌉ = 4 Swiss rounds
        assert success(tab).startswith(f"Round {number} is paired")
        assert f"Round {number} of 4 Swiss" in tab.locator(".round-caption").inner_text()
        assert tab.locator("li.match").count() == 8  # 16 players: 8 matches, no bye
        click(tab, "Publish pairings")
        fits_the_phone(tab)
        shot(tab, f"round_{number}")
        rnd = event.rounds.get(number=number)
        matches = list(rnd.brackets.order_by("table"))
        by_hand = matches[-1]
        if number == 2:
            # Table 1's second player did not come: recorded from the pairings, 0–2.
            absent = seated(matches[0])[1]
            card = tab.locator("#table-1")
            card.locator("summary").click()
            card.get_by_role("button", name=f"{absent.name} did not come").click()
            confirm_dialog(
                tab,
                f"Record that {absent.name} did not come to table 1? He loses the match 0–2.",
                "Record the no-show",
            )
            assert "is lost without games" in success(tab)
            card = tab.locator("#table-1")
            assert card.locator(".match-score").inner_text() == "2–0"
            assert "No-show" in card.inner_text()
            matches = matches[1:]
        for match in matches[:-1]:
            win(match, seated(match)[0], judge, second_judge, best_of=3)
        match_through_the_pages(live_server, first, second, by_hand)
        tab.reload()
        assert tab.locator("li.match.state-complete").count() == 8
        tab.get_by_role("button", name="Close the round").click()
        confirm_dialog(
            tab, f"Close round {number}? The standings decide the next pairings.", "Close the round"
        )
        assert success(tab) == f"Round {number} is closed: pair the next round."
        next_label = "Pair the top cut" if number == 4 else f"Pair round {number + 1}"
        click(tab, next_label)

    # The top cut of four, seeded by the Swiss standing: 1 v 4, 2 v 3 (SPEC §11).
    assert success(tab).startswith("Round 5 is paired")
    assert "Top cut: semi-finals" in tab.locator(".round-caption").inner_text()
    seeds = list(
        EventStanding.objects.filter(event=event).order_by("place").values_list("player", flat=True)
    )
    semis = event.rounds.get(number=5)
    pairs = [[p.pk for p in seated(m)] for m in semis.brackets.order_by("table")]
    assert pairs == [[seeds[0], seeds[3]], [seeds[1], seeds[2]]]
    click(tab, "Publish pairings")
    shot(tab, "semi_finals")
    one, two = semis.brackets.order_by("table")
    win(one, seated(one)[0], judge, second_judge, best_of=3)
    match_through_the_pages(live_server, first, second, two)
    tab.reload()
    tab.get_by_role("button", name="Close the round").click()
    confirm_dialog(
        tab, "Close round 5? Its winners play the next round of the top cut.", "Close the round"
    )
    click(tab, "Pair the top cut: final")

    # The final: the judge's phone keeps the page and queues game 1 while offline.
    final = event.rounds.get(number=6)
    assert final.is_cut and final.is_final
    assert "Top cut: final" in tab.locator(".round-caption").inner_text()
    click(tab, "Publish pairings")
    (match,) = final.brackets.all()
    champion, finalist = seated(match)
    url = live_server.url + reverse("results:bracket", args=[event.pk, match.pk])
    open_kept(first, url)
    first.context.set_offline(True)
    enter_game(first, champion, finalist)
    first.wait_for_selector("#offline-queue .queue-item.queue-queued")
    # The queue moves the form on to the next game, in the match's words.
    assert first.locator(".entry-form h3").inner_text() == "Game 2 of a best of 3"
    shot(first, "final_offline")
    first.context.set_offline(False)
    first.wait_for_selector("#offline-queue .queue-item.queue-waiting")
    set_aside(first)
    confirm_game(second, url, 1)
    first.goto(url)
    fits_the_phone(first)
    assert first.locator("#match-score .match-score").inner_text() == "1–0"
    enter_online(first, champion, finalist)
    confirm_game(second, url, 2)
    first.goto(url)
    assert "Match decided" in first.locator("#match-score").inner_text()
    assert champion.name in first.locator(".tournament-winner").inner_text()
    shot(first, "final_decided")

    tab.reload()
    tab.get_by_role("button", name="Close the final").click()
    confirm_dialog(tab, "Close the final? Its places become final.", "Close the final")
    assert "The final is closed" in success(tab)
    assert champion.name in tab.locator(".advancement").inner_text()
    tab.get_by_role("button", name="Finish the event").click()
    confirm_dialog(tab, "Finish", "Finish the event")
    assert success(tab) == f"{event.name} is finished."
    event.refresh_from_db()
    assert event.status == "finished"
    assert EventStanding.objects.get(event=event, place=1).player == champion
    assert Round.objects.filter(event=event).count() == 6

    # Anyone follows the final's pairing on the public round page.
    public.goto(live_server.url + reverse("rounds:detail", args=[event.pk, 6]))
    fits_the_phone(public)
    text = public.locator("#pairings").inner_text()
    assert champion.name in text and finalist.name in text and "2–0" in text
    shot(public, "final_public")


def test_the_event_form_asks_the_one_on_one_settings_only_for_one_on_one(
    chromium, live_server, client, organizer
):
    tab = browser_page(chromium, client, live_server, organizer, **PHONE)
    tab.goto(live_server.url + reverse("events:create"))
    settings_ = [
        tab.locator(f'[data-field="{name}"]') for name in ("best_of", "swiss_rounds", "top_cut")
    ]
    assert all(field.is_hidden() for field in settings_)
    ranking = [tab.locator(f'[data-field="{name}"]') for name in ("scored", "points_mode")]
    assert all(field.is_visible() for field in ranking)
    tab.select_option("[name=structure]", "one-on-one")
    assert all(field.is_visible() for field in settings_)
    # A one-on-one event is never scored (SPEC §11): the ranking's fields are not asked.
    assert all(field.is_hidden() for field in ranking)
    fits_the_phone(tab)
    tab.fill("[name=name]", "Blitz Night")
    tab.fill("[name=date]", "2026-12-12")
    tab.fill("[name=venue]", "Recife")
    tab.select_option("[name=deck_size]", "25")
    tab.select_option("[name=deck_rules]", "blitz")
    tab.select_option("[name=best_of]", "1")
    tab.select_option("[name=top_cut]", "8")
    shot(tab, "event_form")
    click(tab, "Save")
    assert "Event created" in success(tab)
    created = Event.objects.get(name="Blitz Night")
    assert (created.structure, created.best_of, created.swiss_rounds, created.top_cut) == (
        "one-on-one",
        1,
        None,
        8,
    )
