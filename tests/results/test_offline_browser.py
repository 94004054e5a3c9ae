"""The judge's offline app in real Chromium: queue while offline, send in order when back.

Expected outcomes follow SPEC §5: a single-entry event confirms each game at once; otherwise
an entry waits for a second official, and two different entries of one game conflict. The
bracket is won by the first player to win two games (000 *TOURNAMENT TYPES*).

Every test runs on a 390 px phone that says its language, as real phones do (`pt-BR`,
`en-US`: the browser's Accept-Language), and the first one also on a phone that says none:
the kept copies must open offline whatever the phone sends. The judges chose English, so the
pages are English whatever the phone says (their own language comes first).
"""

import random

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.browser import browser_page, browser_test
from tests.support.results import bracket_url, post_game
from tournament.accounts import preferences
from tournament.results import selectors
from tournament.results.models import EntryStatus, Game, GameEntry
from tournament.rounds.services.rounds import close_round, publish_round, seat_next_round
from tournament.rounds.simulate import play_round

pytestmark = browser_test

PHONE = {"width": 390, "height": 844}


@pytest.fixture(params=["pt-BR", "en-US"])
def phone_locale(request) -> str | None:
    """The language the phone says it reads (Playwright's `locale`: Accept-Language)."""
    return request.param


@pytest.fixture(autouse=True)
def judges_read_english(judge, second_judge):
    for official in (judge, second_judge):
        preferences.keep(official.user, language="en")


class Phone:
    """Logged-in pages of a 390 px phone that says `locale` (None: no language)."""

    def __init__(self, chromium, client, live_server, locale):
        self.chromium, self.client, self.live_server = chromium, client, live_server
        self.url = live_server.url
        self.locale = locale

    def open(self, person):
        options = {"locale": self.locale} if self.locale else {}
        return browser_page(
            self.chromium, self.client, self.live_server, person, viewport=PHONE, **options
        )


@pytest.fixture
def phone(chromium, live_server, transactional_db, client, phone_locale) -> Phone:
    return Phone(chromium, client, live_server, phone_locale)


@pytest.fixture
def running_bracket(event, registered_players):
    rnd = seat_next_round(event, seed=7)
    publish_round(rnd)
    return rnd.brackets.order_by("table").first()


def _players(bracket):
    return [s.registration.player for s in bracket.seats.order_by("position")]


def _open_kept(phone, judge, bracket):
    """A phone's page on the bracket, once the service worker has kept it for offline use."""
    tab = phone.open(judge)
    tab.goto(phone.url + bracket_url(bracket))
    tab.wait_for_selector("#offline-queue[data-offline-ready]", state="attached")
    return tab


def _enter(tab, winner, counts):
    """Fill the result form (counts in seat order) and submit it."""
    tab.locator(f"input[name=winner][value='{winner.pk}']").check()
    for player_pk, count in counts.items():
        tab.fill(f"#id_unrazed_{player_pk}", str(count))
    tab.locator("button.submit-result").click()


def _states(tab) -> list[str]:
    return tab.locator("#offline-queue .queue-item").evaluate_all(
        "rows => rows.map(r => r.className.replace('queue-item queue-', ''))"
    )


def _wait_states(tab, expected: list[str]) -> None:
    """Wait until the queue lists exactly these states (on timeout, say what it lists)."""
    from playwright.sync_api import TimeoutError

    try:
        tab.wait_for_function(
            "want => Array.from(document.querySelectorAll('#offline-queue .queue-item'))"
            ".map(r => r.className.replace('queue-item queue-', '')).join() === want.join()",
            arg=expected,
            timeout=15000,
        )
    except TimeoutError:
        assert _states(tab) == expected, tab.locator("#offline-queue").inner_text()


def _queue_two_games_offline(phone, judge, bracket):
    """Offline: enter games 1 and 2 (player A wins both), close the tab, reopen it offline."""
    a, b, c = _players(bracket)
    tab = _open_kept(phone, judge, bracket)
    context = tab.context
    context.set_offline(True)
    _enter(tab, a, {b.pk: 4, c.pk: 3})
    _wait_states(tab, ["queued"])
    assert tab.locator(".entry-form h3").inner_text() == "Game 2"
    _enter(tab, a, {b.pk: 5, c.pk: 2})
    _wait_states(tab, ["queued", "queued"])
    assert "Queued — not yet sent" in tab.locator("#offline-queue").inner_text()
    # Each queued game says what was entered, to check before it is sent.
    assert tab.locator(".queue-summary").all_inner_texts() == [
        f"Winner: {a.name} · {a.name} 6, {b.name} 4, {c.name} 3",
        f"Winner: {a.name} · {a.name} 6, {b.name} 5, {c.name} 2",
    ]
    tab.close()
    assert GameEntry.objects.count() == 0
    # Reopened while still offline: the kept copy, saying so, with both games still queued.
    tab = context.new_page()
    tab.goto(phone.url + bracket_url(bracket))
    _wait_states(tab, ["queued", "queued"])
    assert "Offline copy of this page" in tab.locator(".offline-banner").inner_text()
    assert tab.locator(".entry-form h3").inner_text() == "Game 3"
    return tab


@pytest.mark.parametrize("phone_locale", ["pt-BR", "en-US", None])
def test_two_games_entered_offline_are_sent_when_back_online(
    phone,
    single_entry,
    running_bracket,
    judge,
    phone_locale,
):
    a, b, c = _players(running_bracket)
    tab = _queue_two_games_offline(phone, judge, running_bracket)
    tab.context.set_offline(False)
    _wait_states(tab, ["confirmed", "confirmed"])
    games = list(Game.objects.filter(bracket=running_bracket).order_by("number"))
    assert [(g.number, g.winner_id) for g in games] == [(1, a.pk), (2, a.pk)]
    assert games[0].unrazed == {str(a.pk): 6, str(b.pk): 4, str(c.pk): 3}
    assert games[1].unrazed == {str(a.pk): 6, str(b.pk): 5, str(c.pk): 2}
    assert GameEntry.objects.count() == 2
    running_bracket.refresh_from_db()
    assert running_bracket.state == running_bracket.State.COMPLETE


def test_answer_lost_after_the_server_saved_is_not_counted_twice(
    phone,
    single_entry,
    running_bracket,
    judge,
):
    tab = _queue_two_games_offline(phone, judge, running_bracket)
    posts = []

    def lose_first_answer(route):
        if route.request.method != "POST":
            return route.continue_()
        posts.append(route.request.post_data)
        if len(posts) == 1:
            route.fetch()  # the server receives and saves game 1 ...
            return route.abort("connectionreset")  # ... but its answer never arrives
        return route.continue_()

    tab.context.route("**/brackets/**", lose_first_answer)
    tab.context.set_offline(False)
    _wait_states(tab, ["confirmed", "confirmed"])
    # Game 1 went out twice (the lost answer, then the resend), game 2 once.
    assert len(posts) == 3 and posts[0] == posts[1]
    assert GameEntry.objects.count() == 2
    assert Game.objects.filter(bracket=running_bracket).count() == 2
    assert "already received" in tab.locator(".queue-item").first.inner_text()


def test_conflict_created_while_offline(
    phone,
    event,
    running_bracket,
    judge,
    second_judge,
):
    a, b, c = _players(running_bracket)
    tab = _open_kept(phone, judge, running_bracket)
    tab.context.set_offline(True)
    _enter(tab, a, {b.pk: 4, c.pk: 3})
    _enter(tab, a, {b.pk: 5, c.pk: 2})
    _wait_states(tab, ["queued", "queued"])
    # Meanwhile the second judge, online, enters game 1 differently (own session).
    other = Client()
    other.force_login(second_judge.user)
    post_game(other, running_bracket, [a, b, c], [6, 5, 3], winner=a)
    tab.context.set_offline(False)
    _wait_states(tab, ["conflict", "refused"])
    conflict, refused = tab.locator(".queue-item").all()
    # The server's side-by-side view of both entries of game 1, inside the queued item.
    tab.wait_for_selector(".queue-compare-view .entry")
    assert conflict.locator(".queue-compare-view .entry").count() == 2
    # Game 2 may be entered while game 1 waits, but not while game 1's entries differ:
    # refused, with the server's reason.
    assert "Game 1 has entries that differ" in refused.inner_text()
    entries = list(GameEntry.objects.filter(bracket=running_bracket))
    assert len(entries) == 2
    assert all(e.status == EntryStatus.UNCONFIRMED and e.number == 1 for e in entries)
    assert list(selectors.conflicts(entries)) == [1]
    assert not Game.objects.exists()


def test_public_standings_are_never_served_from_the_cache(phone, event, running_bracket, judge):
    tab = _open_kept(phone, judge, running_bracket)
    standings = phone.url + reverse("standings:event", args=[event.pk])
    assert tab.goto(standings).ok
    kept = tab.evaluate(
        "caches.open('judge-pages').then(c => c.keys())"
        ".then(keys => keys.map(r => new URL(r.url).pathname))"
    )
    assert kept == [bracket_url(running_bracket)]
    tab.context.set_offline(True)
    with pytest.raises(Exception, match="net::ERR_"):
        tab.goto(standings)
    # The judge's page, by contrast, opens offline and says it is a copy.
    judge_tab = tab.context.new_page()
    judge_tab.goto(phone.url + bracket_url(running_bracket))
    banner = judge_tab.wait_for_selector(".offline-banner:not([hidden])")
    assert "Offline copy of this page" in banner.inner_text()


def test_confirmation_queued_offline_from_a_page_kept_by_the_dashboard(
    phone,
    event,
    running_bracket,
    judge,
    second_judge,
):
    a, b, c = _players(running_bracket)
    other = Client()
    other.force_login(judge.user)
    post_game(other, running_bracket, [a, b, c], [6, 4, 3], winner=a)
    tab = phone.open(second_judge)
    tab.goto(phone.url + reverse("results:dashboard", args=[event.pk]))
    # The dashboard and the round's three bracket pages are kept for offline use.
    ready = tab.wait_for_selector("#offline-queue[data-offline-ready]", state="attached")
    assert ready.get_attribute("data-offline-ready") == "4"
    tab.context.set_offline(True)
    # Never opened online: the bracket page comes from the copy the dashboard asked for.
    tab.goto(phone.url + bracket_url(running_bracket))
    tab.locator("#pending button.ok").click()
    _wait_states(tab, ["queued"])
    assert "Table 1, confirm game 1" in tab.locator(".queue-item").inner_text()
    assert tab.locator("#pending button.ok").is_disabled()
    assert not Game.objects.exists()
    tab.context.set_offline(False)
    _wait_states(tab, ["confirmed"])
    entry = GameEntry.objects.get()
    assert entry.status == EntryStatus.CONFIRMED and entry.confirmed_by == second_judge
    assert Game.objects.get().winner == a
    # Logging out forgets the kept judge pages (the next user of the phone sees none).
    tab.locator(".site-menu summary").click()  # the phone's menu is folded
    tab.locator(".site-nav button", has_text="Log out").click()
    tab.wait_for_load_state()
    tab.wait_for_function("caches.has('judge-pages').then(kept => !kept)", timeout=5000)


def test_online_post_without_an_answer_stays_queued_until_it_gets_one(
    phone,
    single_entry,
    running_bracket,
    judge,
):
    # The phone believes it is online, but the venue's wifi drops the request.
    from playwright.sync_api import expect

    a, b, c = _players(running_bracket)
    tab = _open_kept(phone, judge, running_bracket)
    tab.context.route("**/brackets/**", lambda route: route.abort("connectionreset"))
    _enter(tab, a, {b.pk: 4, c.pk: 3})
    # No answer: the game is kept, queued, and the form moves on to the next game.
    expect(tab.locator(".entry-form h3")).to_have_text("Game 2")
    _wait_states(tab, ["queued"])
    assert not GameEntry.objects.exists()
    tab.context.unroute("**/brackets/**")
    # The next resend (a few seconds later) gets through.
    _wait_states(tab, ["confirmed"])
    assert Game.objects.get().unrazed == {str(a.pk): 6, str(b.pk): 4, str(c.pk): 3}


def test_refused_online_entry_shows_errors_next_to_the_fields(phone, event, running_bracket, judge):
    a, b, c = _players(running_bracket)
    tab = _open_kept(phone, judge, running_bracket)
    tab.locator(f"input[name=winner][value='{a.pk}']").check()
    tab.fill(f"#id_unrazed_{b.pk}", "4")
    with tab.expect_navigation():
        tab.locator("button.submit-result").click()
    errors = tab.locator(".count-row.has-error .field-errors")
    assert errors.inner_text() == f"Enter the unrazed realms of {c.name}."
    assert tab.locator("#offline-queue .queue-item").count() == 0
    assert not GameEntry.objects.exists()


@pytest.mark.parametrize(
    "phone_locale, language, kept_in, refusal",
    [
        (
            "en-US",
            "pt-br",
            "Ela foi guardada durante a rodada 1; a rodada 2 já começou",
            "A rodada 1 está fechada: não é mais possível lançar uma nova partida na mesa 1. "
            "Nada foi salvo.",
        ),
        (
            "pt-BR",
            "en",
            "It was kept during round 1; round 2 has started since",
            "Round 1 is closed: a new game can no longer be entered at table 1. Nothing was saved.",
        ),
    ],
)
def test_a_copy_kept_in_round_1_says_round_2_started_and_its_game_is_refused(
    phone,
    single_entry,
    running_bracket,
    judge,
    phone_locale,
    language,
    kept_in,
    refusal,
):
    """The judge's own language, not the phone's: the kept pages and the server's refusal."""
    preferences.keep(judge.user, language=language)
    a, b, c = _players(running_bracket)
    tab = _open_kept(phone, judge, running_bracket)
    assert tab.evaluate("document.documentElement.lang") == language
    # Round 1 is played and closed meanwhile, and the final seated (9 players: 3 winners).
    round1 = running_bracket.round
    play_round(round1, random.Random(3))
    close_round(round1)
    final = seat_next_round(single_entry, seed=7)
    publish_round(final)
    games_before = Game.objects.filter(bracket=running_bracket).count()
    # The dashboard, opened online, keeps the final's pages: the phone now knows of round 2.
    tab.goto(phone.url + reverse("results:dashboard", args=[single_entry.pk]))
    tab.wait_for_selector("#offline-queue[data-offline-ready]", state="attached")
    tab.context.set_offline(True)
    tab.goto(phone.url + bracket_url(running_bracket))
    banner = tab.wait_for_selector(".offline-banner:not([hidden])")
    assert kept_in in banner.inner_text()
    assert tab.evaluate("document.documentElement.lang") == language
    _enter(tab, a, {b.pk: 4, c.pk: 3})
    _wait_states(tab, ["queued"])
    tab.context.set_offline(False)
    _wait_states(tab, ["refused"])
    assert tab.locator(".queue-message").inner_text() == refusal
    assert Game.objects.filter(bracket=running_bracket).count() == games_before
    assert not GameEntry.objects.filter(bracket=running_bracket).exists()
