"""The hooks through which an app above adds its part to a lower app's page or check, and
that the site's wiring (`site/subscriptions.py`) hands every part in."""

from tournament.core.extras import Checks, PageExtras


def test_page_extras_merge_the_parts_in_the_order_added_and_once_each():
    extras = PageExtras("a page")
    first = lambda who: {"a": who, "b": 1}  # noqa: E731
    second = lambda who: {"b": 2}  # noqa: E731
    extras.add(first)
    extras.add(second)
    extras.add(first)
    assert extras.parts == (first, second)
    assert extras.context("x") == {"a": "x", "b": 2}  # the later part wins a shared name


def test_checks_concatenate_the_problems_of_every_part():
    checks = Checks("a file")
    checks.add(lambda record: [f"{record}: one"])
    checks.add(lambda record: [])
    checks.add(lambda record: [f"{record}: two"])
    assert checks.run("r") == ["r: one", "r: two"]
    assert Checks("nothing").run("r") == []


def test_the_site_hands_in_every_part_the_lower_apps_declare():
    from tournament.accounts import preferences
    from tournament.accounts.views import ProfileView
    from tournament.decks.views_metagame import MetagameIndexView
    from tournament.eventfile.services import BRACKET_FILE_CHECKS
    from tournament.events.views_calendar import profile_feeds
    from tournament.leagues.views import player_seasons
    from tournament.leagues.views_metagame import metagame_leagues
    from tournament.notifications.person import keeper
    from tournament.ranking.views import player_ranking, standings_form_due
    from tournament.ratings.views import bracket_chances, player_rating
    from tournament.review.fingerprint import accepted_copy_issues
    from tournament.standings.views import BracketView, PlayerView, StandingsView

    assert BRACKET_FILE_CHECKS.parts == (accepted_copy_issues,)
    assert ProfileView.extras.parts == (profile_feeds,)
    assert PlayerView.extras.parts == (player_seasons, player_rating)
    assert PlayerView.yearly_extras.parts == (player_ranking,)
    assert StandingsView.extras.parts == (standings_form_due,)
    assert BracketView.extras.parts == (bracket_chances,)
    assert MetagameIndexView.extras.parts == (metagame_leagues,)
    assert preferences._keeper == [keeper]
