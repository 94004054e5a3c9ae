"""A Team Spirit round on a phone (real Chromium, 390×844): pair, seat, publish, record."""

from django.urls import reverse
from playwright.sync_api import expect

from tests.support.browser import browser_page, browser_test
from tests.support.events import add_players
from tests.support.results import bracket_url
from tournament.events.services import teams as team_svc

pytestmark = browser_test
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True}


def test_a_team_spirit_round_on_a_phone(
    chromium, live_server, transactional_db, client, event, organizer, judge
):
    event.tournament_type = "team-spirit"
    event.victory = "enhanced"
    event.single_entry = True
    event.save()
    add_players(event, 6)
    regs = list(event.registrations.order_by("player__name").select_related("player"))
    team_svc.pair_players(event, regs[0], regs[1], "Alpha")
    team_svc.pair_players(event, regs[2], regs[3], "Beta")
    tab = browser_page(chromium, client, live_server, organizer, **PHONE)
    # The organizer pairs the last two players on the teams page.
    tab.goto(live_server.url + reverse("events:teams", args=[event.pk]))
    tab.fill("#id_name", "Gamma")
    tab.select_option("#id_first", str(regs[4].pk))
    tab.select_option("#id_second", str(regs[5].pk))
    tab.get_by_role("button", name="Create the team").click()
    assert "Team Gamma is complete." in tab.locator(".messages").inner_text()
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    tab.goto(live_server.url + reverse("rounds:list", args=[event.pk]))
    tab.get_by_role("button", name="Seat round 1").click()
    tab.get_by_role("button", name="Seat anyway").click()  # nobody has a decklist yet
    tab.get_by_role("button", name="Publish seating").click()
    # The public seating lists seats A1 B1 C1 A2 B2 C2: no two neighbours share a team.
    public = browser_page(chromium, client, live_server, **PHONE)
    public.goto(live_server.url + reverse("rounds:seating", args=[event.pk, 1]))
    badges = public.locator(".table-card .badge.team").all_inner_texts()
    assert sorted(badges) == ["Alpha", "Alpha", "Beta", "Beta", "Gamma", "Gamma"]
    assert all(badges[i] != badges[(i + 1) % 6] for i in range(6))
    assert "partners never sit side by side" in public.locator(".partner-rule").inner_text()
    assert public.evaluate("document.documentElement.scrollWidth") <= 390
    # A judge records two games won by the team in seat 1 (one game per member).
    bracket = event.rounds.get().brackets.get()
    a1, b1, c1, a2, b2, c2 = [s.registration.player for s in bracket.seats.order_by("position")]
    judge_tab = browser_page(chromium, client, live_server, judge, **PHONE)
    judge_tab.goto(live_server.url + bracket_url(bracket))
    for number, (scorer, partner) in enumerate([(a1, a2), (a2, a1)], start=1):
        # One choice per team (SPEC §10: a team wins); its value is the first member seated.
        judge_tab.locator(f"input[name=winner][value='{a1.pk}']").check()
        assert judge_tab.locator(f"input[name=winner][value='{a2.pk}']").count() == 0
        assert judge_tab.input_value(f"#id_unrazed_{a1.pk}") == "10"  # preset
        # The team's 10 + 0 wins although seat 2's team has 5 + 6 = 11 (checked at a turn's start).
        for player, count in ((scorer, 10), (partner, 0), (b1, 5), (b2, 6), (c1, 2), (c2, 3)):
            judge_tab.fill(f"#id_unrazed_{player.pk}", str(count))
        judge_tab.locator("button.submit-result").click()
        # the entry goes through the judge's offline queue, then the page moves on
        expect(judge_tab.locator(".messages")).to_contain_text(f"Game {number} is recorded")
    teams = judge_tab.locator("#games tr.team-row")
    points = [teams.nth(i).locator("td.points").inner_text() for i in range(3)]
    # The final (one table), each team heading its members: seat 1's team 5 each; seat 2's
    # 22 realms → 3 each; seat 3's 10 → 2 each.
    assert points == ["5", "3", "2"]
    assert judge_tab.locator("#games tr.member").count() == 6
    first_team = team_svc.team_of(bracket.seats.get(position=1).registration)
    assert first_team.name in judge_tab.locator("#bracket-over").inner_text()
    assert judge_tab.evaluate("document.documentElement.scrollWidth") <= 390
