"""What a user must see at the venue, on a 390×844 phone and a 1280×900 screen (Chromium).

Every test saves screenshots under var/screenshots/ (kept by CI as artifacts).
"""

import random
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from tests.support.browser import browser_page, browser_test
from tests.support.decks import deck_text
from tests.support.players import login
from tournament.rounds.services.rounds import publish_round, seat_next_round
from tournament.rounds.simulate import run_event
from tournament.standings.recompute import refresh_event

pytestmark = browser_test

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SCREENSHOTS = Path(settings.BASE_DIR) / "var" / "screenshots"


def shoot(page, name: str) -> None:
    """A full-page screenshot for the CI artifacts."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def inside_width(page, selector: str, width: int) -> bool:
    b = box(page, selector)
    return b is not None and b["x"] >= 0 and b["x"] + b["width"] <= width


@pytest.fixture
def finished(event, registered_players):
    run_event(event, random.Random(7))
    refresh_event(event)
    event.refresh_from_db()
    return event


def test_standings_on_a_phone_show_place_player_and_total(
    chromium, live_server, transactional_db, client, finished
):
    url = live_server.url + reverse("standings:event", args=[finished.pk])
    phone = browser_page(chromium, client, live_server, viewport=PHONE, is_mobile=True)
    phone.goto(url)
    shoot(phone, "standings-phone")
    for label in ("Place", "Player", "Total"):
        th = f"table.standings-table th:has-text('{label}')"
        assert inside_width(phone, th, PHONE["width"]), label
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # the filters fold away: the first rows are on the first screen
    assert phone.locator(".filters").is_hidden()
    assert box(phone, "table.standings-table tbody tr")["y"] < PHONE["height"]
    phone.get_by_label("Show all columns").check()
    assert phone.locator("table.standings-table th:has-text('Unrazed realms')").is_visible()
    desktop = browser_page(chromium, client, live_server, viewport=DESKTOP)
    desktop.goto(url)
    shoot(desktop, "standings-desktop")
    assert desktop.locator("table.standings-table th:has-text('Unrazed realms')").is_visible()


def test_bracket_page_shows_place_and_points_on_a_phone(
    chromium, live_server, transactional_db, client, finished
):
    final = finished.rounds.get(is_final=True)
    bracket = final.brackets.get()
    url = reverse("standings:bracket", args=[finished.pk, final.number, bracket.table])
    phone = browser_page(chromium, client, live_server, viewport=PHONE, is_mobile=True)
    phone.goto(live_server.url + url)
    shoot(phone, "bracket-phone")
    for label in ("Place", "Points"):
        assert inside_width(phone, f"table.bracket-grid th:text-is('{label}')", PHONE["width"])
    winner_row = phone.locator("table.bracket-grid tbody tr", has_text=bracket.winner.name)
    assert winner_row.locator("td.place").inner_text() == "1"
    desktop = browser_page(chromium, client, live_server, viewport=DESKTOP)
    desktop.goto(live_server.url + url)
    shoot(desktop, "bracket-desktop")
    assert desktop.locator("table.bracket-grid th:text-is('Game 1')").is_visible()


@pytest.fixture
def running_bracket(event, registered_players):
    rnd = seat_next_round(event, seed=7)
    publish_round(rnd)
    return rnd.brackets.order_by("table").first()


def visible_links(page, selector: str) -> int:
    return sum(1 for link in page.locator(selector).all() if link.is_visible())


def test_officials_navigation_is_compact_on_a_phone(
    chromium, live_server, transactional_db, client, running_bracket, organizer
):
    event = running_bracket.round.event
    url = live_server.url + reverse("rounds:list", args=[event.pk])
    phone = browser_page(chromium, client, live_server, organizer, viewport=PHONE, is_mobile=True)
    phone.goto(url)
    shoot(phone, "officials-nav-phone")
    header = box(phone, ".site-header")
    assert header["height"] <= 64  # one line: the brand and the menu button
    assert visible_links(phone, ".site-nav a") == 0
    assert visible_links(phone, ".event-nav a") <= 4  # the officials' pages fold into "Manage"
    assert not phone.get_by_role("link", name="My seat").is_visible()  # he does not play
    phone.locator(".event-menu > summary").click()
    assert phone.get_by_role("link", name="Check-in").is_visible()
    phone.locator(".site-menu > summary").click()
    assert phone.get_by_role("link", name="Events").is_visible()
    desktop = browser_page(chromium, client, live_server, organizer, viewport=DESKTOP)
    desktop.goto(url)
    shoot(desktop, "officials-nav-desktop")
    assert desktop.get_by_role("link", name="Events").is_visible()
    assert desktop.get_by_role("link", name="Check-in").is_visible()
    assert box(desktop, ".site-header")["height"] <= 64


def test_judge_reaches_submit_without_scrolling(
    chromium, live_server, transactional_db, client, running_bracket, judge
):
    from tests.support.results import bracket_url

    phone = browser_page(chromium, client, live_server, judge, viewport=PHONE, is_mobile=True)
    desktop = browser_page(chromium, client, live_server, judge, viewport=DESKTOP)
    for page, viewport, name in ((phone, PHONE, "phone"), (desktop, DESKTOP, "desktop")):
        page.goto(live_server.url + bracket_url(running_bracket))
        page.wait_for_load_state("networkidle")
        shoot(page, f"judge-entry-{name}")
        submit = box(page, "button.submit-result")
        assert submit["y"] >= 0 and submit["y"] + submit["height"] <= viewport["height"]
        # place and points are on the screen, not scrolled away behind the games
        for label in ("Place", "Points"):  # short headers, their full names in the title
            header = f"#games th:has(abbr[title='{label}'])"
            assert inside_width(page, header, viewport["width"]), label


def font_px(page, selector: str) -> float:
    return page.locator(selector).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")


def centre_y(page, locator) -> float:
    b = locator.bounding_box()
    return b["y"] + b["height"] / 2


def fits_the_screen(page) -> bool:
    return page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")


def test_projector_seating_fits_the_screen_with_big_table_numbers(
    chromium, live_server, transactional_db, client, event
):
    from tests.support.events import add_players

    add_players(event, 27)
    rnd = seat_next_round(event, seed=3)
    publish_round(rnd)
    url = reverse("rounds:seating", args=[event.pk, rnd.number]) + "?projector=1"
    screen = browser_page(chromium, client, live_server, viewport=DESKTOP)
    screen.goto(live_server.url + url)
    screen.wait_for_load_state("networkidle")
    shoot(screen, "projector-seating")
    # SPEC §1: the public sees seating; the hall reads it from far away.
    assert font_px(screen, "td.table-no") >= font_px(screen, "table.seating-table td")
    card = screen.locator(".table-card").first
    assert font_px(screen, ".table-card .table-no") >= font_px(screen, ".table-card li")
    number, names = card.locator(".table-no"), card.locator("ul")
    assert abs(centre_y(screen, number) - centre_y(screen, names)) <= 4
    assert fits_the_screen(screen)  # 27 names and 9 tables: shown a screenful at a time
    rows = screen.locator("table.seating-table tbody tr")
    shown = sum(1 for row in rows.all() if row.is_visible())
    assert 0 < shown < 27
    assert (
        screen.locator(".seating-alpha [data-projector-pages]")
        .get_attribute("data-page-label")
        .startswith("1 / ")
    )
    assert screen.locator(".projector-qr svg").is_visible()


def test_projector_standings_fit_the_screen_with_a_qr_code(
    chromium, live_server, transactional_db, client, finished
):
    url = reverse("standings:event", args=[finished.pk]) + "?projector=1"
    screen = browser_page(chromium, client, live_server, viewport=DESKTOP)
    screen.goto(live_server.url + url)
    screen.wait_for_load_state("networkidle")
    shoot(screen, "projector-standings")
    assert screen.locator("body.projector table.standings-table").is_visible()
    assert screen.locator(".site-header").is_hidden()
    assert inside_width(screen, "table.standings-table th:has-text('Total')", DESKTOP["width"])
    assert fits_the_screen(screen)
    assert screen.locator("#standings-live").get_attribute("hx-trigger") == "every 60s"
    assert screen.locator(".projector-qr svg").is_visible()


def test_home_offers_organizing_and_has_a_favicon(
    chromium, live_server, transactional_db, client, player
):
    for viewport, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page = browser_page(chromium, client, live_server, player, viewport=viewport)
        page.goto(live_server.url + reverse("events:home"))
        shoot(page, f"home-{name}")
        assert page.get_by_role("link", name="Organize an event").is_visible()
        assert page.get_by_role("link", name="Import an event file").is_visible()
        assert box(page, ".site-header")["height"] <= 64
        icon = page.locator("link[rel=icon]").first.get_attribute("href")
        assert page.request.get(live_server.url + icon).ok


def test_brazilian_phone_header_stays_on_one_line(
    chromium, live_server, transactional_db, client, finished, organizer
):
    from django.conf import settings as django_settings

    page = browser_page(chromium, client, live_server, organizer, viewport=PHONE, is_mobile=True)
    page.context.add_cookies(
        [{"name": django_settings.LANGUAGE_COOKIE_NAME, "value": "pt-br", "url": live_server.url}]
    )
    page.goto(live_server.url + reverse("standings:event", args=[finished.pk]))
    shoot(page, "standings-phone-pt-br")
    assert page.locator("html").get_attribute("lang") == "pt-br"
    assert box(page, ".site-header")["height"] <= 64
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_decklist_with_its_groups_fits_a_phone(
    chromium, live_server, transactional_db, client, event, registered_players
):
    """A player pasting a 55-card list sees it, its groups and totals within 390 px."""
    from tournament.decks.services.saving import save_decklist

    player = registered_players[0]
    registration = event.registrations.get(player=player)
    save_decklist(registration, player.user, deck_text("legal_community_55.txt"))
    phone = browser_page(chromium, client, live_server, player, viewport=PHONE, is_mobile=True)
    phone.goto(live_server.url + reverse("decks:decklist", args=[event.pk]))
    shoot(phone, "decklist-phone")
    assert phone.locator(".deck-groups").count() == 1
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_my_seat_leads_a_seated_player_to_report_his_game(
    chromium, live_server, transactional_db, client, event, running_bracket
):
    """A player's report is one tap from "My seat" when the event lets players report."""
    event.players_report_results = True
    event.save(update_fields=["players_report_results"])
    player = running_bracket.seats.order_by("position").first().registration.player
    phone = browser_page(chromium, client, live_server, player, viewport=PHONE, is_mobile=True)
    phone.goto(live_server.url + reverse("rounds:my_seat", args=[event.pk]))
    shoot(phone, "my-seat-report-phone")
    report = phone.get_by_role("link", name="Report a game of my table")
    assert report.is_visible()
    assert centre_y(phone, report) < PHONE["height"]  # on the first screen
    report.click()
    phone.wait_for_load_state()
    assert phone.locator("form.result-form").is_visible()
    shoot(phone, "my-seat-report-form-phone")


def test_a_conflict_is_highlighted_cell_by_cell(
    chromium, live_server, transactional_db, client, running_bracket, judge, second_judge
):
    """Two judges enter game 1 with 6 against 7 realms for the first player: the organizer
    sees those two cells marked, and no other."""
    from tests.support.results import bracket_url, post_game

    seated = [s.registration.player for s in running_bracket.seats.order_by("position")]
    a = seated[0]
    post_game(login(client, judge), running_bracket, seated, [6, 4, 4], winner=a)
    post_game(login(client, second_judge), running_bracket, seated, [7, 4, 4], winner=a)
    organizer = running_bracket.round.event.organizer
    for viewport, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page = browser_page(chromium, client, live_server, organizer, viewport=viewport)
        page.goto(live_server.url + bracket_url(running_bracket))
        shoot(page, f"conflict-{name}")
        marked = page.locator("td.differs")
        assert marked.count() == 2 and sorted(marked.all_inner_texts()) == ["6", "7"]
        plain = page.locator(".entry td.num:not(.differs)").first
        colour = "e => getComputedStyle(e).backgroundColor"
        assert marked.first.evaluate(colour) != plain.evaluate(colour)
        assert marked.first.is_visible()


def test_the_team_is_named_as_the_winner(
    chromium, live_server, transactional_db, client, event, organizer
):
    """Team Spirit: the winner is the team, its two members named (SPEC §10)."""
    from tests.events.test_teams import play_first_team_wins
    from tests.support.events import paired
    from tournament.rounds.services.rounds import close_round, finish_event

    event.tournament_type = "team-spirit"
    event.victory = "enhanced"
    event.save()
    paired(event, 3)
    rnd = seat_next_round(event, seed=3)
    publish_round(rnd)
    bracket = rnd.brackets.get()
    winners = play_first_team_wins(bracket)[0]
    refresh_event(event)
    close_round(rnd)
    finish_event(event)
    first, second = (r.player.name for r in winners.registrations)
    expected = f"{winners.name} ({first} & {second})"
    desktop = browser_page(chromium, client, live_server, organizer, viewport=DESKTOP)
    desktop.goto(live_server.url + reverse("rounds:detail", args=[event.pk, 1]))
    shoot(desktop, "team-winner-round-desktop")
    assert desktop.get_by_text(f"Tournament winner: {expected}").is_visible()
    phone = browser_page(chromium, client, live_server, viewport=PHONE, is_mobile=True)
    phone.goto(live_server.url + reverse("standings:bracket", args=[event.pk, 1, bracket.table]))
    shoot(phone, "team-winner-bracket-phone")
    assert phone.get_by_text(f"Winner: {expected}").is_visible()
    team_row = phone.locator("tr.team-row").first
    assert team_row.inner_text().split()[:2] == ["1", winners.name.split()[0]]


@pytest.mark.parametrize("language", ["en", "pt-br"])
def test_the_judges_bracket_table_fits_a_phone_in_both_languages(
    chromium, live_server, transactional_db, client, finished, organizer, language
):
    """Place, points, total and wins stay on a 390 px screen; each game's winner, ending,
    realms and its "Correct" link are in the list under the table."""
    bracket = finished.rounds.get(number=1).brackets.order_by("-table").first()
    phone = browser_page(chromium, client, live_server, organizer, viewport=PHONE, is_mobile=True)
    phone.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    phone.goto(live_server.url + reverse("results:bracket", args=[finished.pk, bracket.pk]))
    shoot(phone, f"judge-bracket-table-phone-{language}")
    wrap = phone.locator(".table-wrap:has(table.games)")
    assert wrap.evaluate("el => el.scrollWidth <= el.clientWidth")
    for header in phone.locator("table.games thead th").all():
        if header.is_visible():
            b = header.bounding_box()
            assert b["x"] + b["width"] <= PHONE["width"], header.inner_text()
    lines = phone.locator("#game-list li")
    assert lines.count() == bracket.games.count() > 0
    for line in lines.all():
        b = line.bounding_box()
        assert b["x"] + b["width"] <= PHONE["width"]
        assert bracket.seats.first().registration.player.name in line.inner_text()
