"""Countries and regions as data: reading free text, the move of the old columns, the
forms, the filters offering what exists, and country names in the page's language.

Expected codes are ISO 3166-1 alpha-2, looked up by hand (BR Brazil, CA Canada, US United
States, GB United Kingdom, DE Germany, CL Chile, PT Portugal)."""

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import modify_settings
from django.urls import reverse
from django.utils import translation
from django_countries import countries

from tests.support.players import make_player
from tournament.accounts import locations
from tournament.accounts.forms import OTHER_REGION, ProfileForm, SignUpForm
from tournament.accounts.locations import country_code, fold
from tournament.accounts.models import Player, Region
from tournament.ranking.filters import RankingFilter, ranked_countries
from tournament.ranking.models import RankingTotal
from tournament.standings.filters import PlayerFilter


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Brazil", "BR"),
        ("Brasil", "BR"),
        ("BRASIL", "BR"),
        ("  brasil ", "BR"),
        ("BR", "BR"),
        ("br", "BR"),
        ("BRA", "BR"),  # alpha-3
        ("Canada", "CA"),
        ("Canadá", "CA"),
        ("CANADÁ", "CA"),
        ("United States", "US"),
        ("United States of America", "US"),
        ("USA", "US"),
        ("U.S.A.", "US"),
        ("usa", "US"),
        ("Estados Unidos", "US"),
        ("EUA", "US"),
        ("UK", "GB"),
        ("England", "GB"),
        ("Germany", "DE"),
        ("Alemanha", "DE"),
        ("Chile", "CL"),
        ("Portugal", "PT"),
        ("Narnia", ""),
        ("Deutschland", ""),  # neither English nor Portuguese
        ("", ""),
        ("   ", ""),
    ],
)
def test_country_code_reads_names_codes_and_aliases(text, code):
    assert country_code(text) == code


def test_fold_ignores_case_accents_and_punctuation():
    assert fold("  São  Paulo ") == "sao paulo"
    assert fold("U.S.A.") == "u s a"
    assert fold("CANADÁ") == "canada"


# The move of the free-text columns (migration 0006), on the database.

BEFORE, AFTER = ("accounts", "0005_regions"), ("accounts", "0007_country_codes")
OLD_LOCATIONS = [  # player number, country text, region text
    ("1001", "Brazil", "São Paulo"),
    ("1002", "brasil", "sao paulo"),  # the same region, other spelling: one row
    ("1003", "BR", "Rio de Janeiro"),
    ("1004", "Canadá", "Ontario"),
    ("1005", "USA", ""),
    ("1006", "United States", "Ohio"),
    ("1007", "Narnia", "Cair Paravel"),  # not a country
    ("1008", "", "Lisboa"),  # a region without a country
    ("1009", "", ""),  # nothing to move
]


def _migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])


def _migrate_to_latest():
    """Every app back at its latest migration: going back to BEFORE also unapplied the
    other apps' migrations that depend on a later one, and later tests need them all."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


# transaction=True: the test migrates the schema (a flush follows; `serialized_rollback` would
# restore rows that clash with the content types other transactional tests recreated).
@pytest.mark.django_db(transaction=True)
def test_migration_maps_free_text_and_reports_the_rest(capsys):
    _migrate(BEFORE)
    try:
        old = MigrationExecutor(connection).loader.project_state([BEFORE]).apps
        OldPlayer = old.get_model("accounts", "Player")
        for number, country, region in OLD_LOCATIONS:
            OldPlayer.objects.create(
                player_number=number, name=f"P{number}", country=country, region=region
            )
        capsys.readouterr()
        _migrate(AFTER)
        printed = capsys.readouterr().out
        # 8 players had a location; 6 countries read; 2 notes, in player-number order.
        assert (
            "Player locations: 6 of 8 mapped to a country; 2 not"
            " (e.g. 'Cair Paravel, Narnia', 'Lisboa')" in printed
        )
        _migrate_to_latest()  # the models below are today's: later migrations add columns
        got = {
            p.player_number: (str(p.country), p.region.name if p.region else "", p.location_note)
            for p in Player.objects.select_related("region")
        }
        assert got == {
            "1001": ("BR", "São Paulo", ""),
            "1002": ("BR", "São Paulo", ""),
            "1003": ("BR", "Rio de Janeiro", ""),
            "1004": ("CA", "Ontario", ""),
            "1005": ("US", "", ""),
            "1006": ("US", "Ohio", ""),
            "1007": ("", "", "Cair Paravel, Narnia"),
            "1008": ("", "", "Lisboa"),
            "1009": ("", "", ""),
        }
        assert sorted(Region.objects.values_list("country", "name")) == [
            ("BR", "Rio de Janeiro"),
            ("BR", "São Paulo"),
            ("CA", "Ontario"),
            ("US", "Ohio"),
        ]
        call_command("unmapped_locations")
        listed = capsys.readouterr().out.splitlines()
        assert listed == [
            "1007\tP1007\tno country\t'Cair Paravel, Narnia'",
            "1008\tP1008\tno country\t'Lisboa'",
            "2 player(s) to fix: add the region (admin: Regions) or correct the country,"
            " then choose it on the player.",
        ]
        # Backwards: codes become English names again, regions their names.
        _migrate(BEFORE)
        back = MigrationExecutor(connection).loader.project_state([BEFORE]).apps
        rows = back.get_model("accounts", "Player").objects.order_by("player_number")
        assert [(p.country, p.region) for p in rows][:6] == [
            ("Brazil", "São Paulo"),
            ("Brazil", "São Paulo"),
            ("Brazil", "Rio de Janeiro"),
            ("Canada", "Ontario"),
            ("United States of America", ""),
            ("United States of America", "Ohio"),
        ]
    finally:
        _migrate_to_latest()


def test_unmapped_locations_with_nothing_to_fix(db, capsys):
    make_player("ana", country="BR")
    call_command("unmapped_locations")
    assert "Every player's location is a country and region" in capsys.readouterr().out


# The forms.


@pytest.fixture
def regions(db) -> dict[str, Region]:
    return {
        "sp": Region.objects.create(country="BR", name="São Paulo"),
        "on": Region.objects.create(country="CA", name="Ontario"),
    }


SIGN_UP = {
    "username": "newbie",
    "email": "newbie@example.org",
    "password1": "a-Long-passphrase-9",
    "password2": "a-Long-passphrase-9",
    "name": "New Player",
}


def test_sign_up_offers_countries_and_regions_with_their_country(regions):
    html = str(SignUpForm())
    assert '<option value="BR">Brazil</option>' in html
    assert f'<option value="{regions["on"].pk}" data-country="CA">Ontario</option>' in html
    assert 'data-country-of="country"' in html
    assert f'<option value="{OTHER_REGION}">' in html


def test_sign_up_stores_the_country_code_and_the_region(regions):
    form = SignUpForm({**SIGN_UP, "country": "BR", "region": str(regions["sp"].pk)})
    assert form.is_valid(), form.errors
    player = form.save().player
    assert (str(player.country), player.region, player.location_note) == (
        "BR",
        regions["sp"],
        "",
    )


def test_a_region_without_a_country_gives_its_country(regions):
    form = SignUpForm({**SIGN_UP, "region": str(regions["on"].pk)})
    assert form.is_valid(), form.errors
    assert str(form.save().player.country) == "CA"


def test_a_region_of_another_country_is_refused(regions):
    form = SignUpForm({**SIGN_UP, "country": "BR", "region": str(regions["on"].pk)})
    assert not form.is_valid()
    assert form.errors["region"] == ["This region is not in the chosen country."]


def test_other_region_needs_a_note_and_keeps_it(regions):
    form = SignUpForm({**SIGN_UP, "country": "PT", "region": OTHER_REGION})
    assert not form.is_valid()
    assert "location_note" in form.errors
    form = SignUpForm(
        {**SIGN_UP, "country": "PT", "region": OTHER_REGION, "location_note": "Algarve"}
    )
    assert form.is_valid(), form.errors
    player = form.save().player
    assert (str(player.country), player.region, player.location_note) == ("PT", None, "Algarve")


def test_profile_shows_other_for_a_note_and_a_listed_region_clears_it(regions):
    player = make_player("ana", country="BR", location_note="Campinas")
    assert ProfileForm(instance=player)["region"].value() == OTHER_REGION
    form = ProfileForm(
        {"name": "Ana", "country": "BR", "region": str(regions["sp"].pk), "club": ""},
        instance=player,
    )
    assert form.is_valid(), form.errors
    form.save()
    player.refresh_from_db()
    assert (player.region, player.location_note) == (regions["sp"], "")


def test_profile_page_saves_a_region(client, regions):
    player = make_player("ana")
    client.force_login(player.user)
    response = client.post(
        reverse("accounts:profile"),
        {"name": "Ana", "country": "CA", "region": str(regions["on"].pk), "club": ""},
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert (str(player.country), player.region) == ("CA", regions["on"])


# The filters offer what exists.


def _ranked(player: Player, points: int = 10) -> None:
    RankingTotal.objects.create(
        player=player, year=RankingTotal.ALL_YEARS, ranking_points=points, playing_points=points
    )


@pytest.fixture
def ranked(regions):
    """Ranked players in Brazil (São Paulo) and Canada (Ontario); an unranked one in Chile."""
    _ranked(make_player("ana", country="BR", region=regions["sp"]))
    _ranked(make_player("bob", country="CA", region=regions["on"]))
    make_player("cid", country="CL")
    Region.objects.create(country="CL", name="Santiago")  # a region without players
    return regions


def _choices(filterset, name) -> list:
    return [(value, str(label)) for value, label in filterset.filters[name].field.choices]


def test_ranking_filter_offers_the_countries_and_regions_of_ranked_players(ranked):
    filterset = RankingFilter(data={}, queryset=Player.objects.all())
    assert _choices(filterset, "country") == [("", "All"), ("BR", "Brazil"), ("CA", "Canada")]
    assert _choices(filterset, "region") == [
        ("", "All"),
        ("Ontario", "Ontario"),
        ("São Paulo", "São Paulo"),
    ]
    html = str(filterset.form["region"])
    assert '<option value="Ontario" data-country="CA">Ontario</option>' in html


def test_player_filter_offers_the_countries_of_players(ranked):
    filterset = PlayerFilter(data={"country": "CL"}, queryset=Player.objects.all())
    assert _choices(filterset, "country") == [
        ("", "All"),
        ("BR", "Brazil"),
        ("CA", "Canada"),
        ("CL", "Chile"),
    ]
    assert [p.name for p in filterset.qs] == ["Cid"]
    by_region = PlayerFilter(data={"region": "Ontario"}, queryset=Player.objects.all())
    assert [p.name for p in by_region.qs] == ["Bob"]


def test_choices_are_read_once_per_form(ranked, django_assert_num_queries):
    filterset = RankingFilter(data={"country": "BR"}, queryset=Player.objects.all())
    with django_assert_num_queries(2):  # the years; the countries and regions
        version = filterset.choices_version
        assert filterset.form.is_valid()
        assert "Brazil" in str(filterset.form)
    assert ("BR", "Brazil", "") in version[1]


def test_ranking_and_players_pages_name_countries_and_regions(client, ranked):
    page = client.get(reverse("ranking:ranking")).content.decode()
    assert '<option value="BR">Brazil</option>' in page
    assert '<option value="CL">' not in page  # no ranked player there
    assert '<td class="secondary">São Paulo</td>' in page
    players = client.get(reverse("standings:players")).content.decode()
    assert '<option value="CL">Chile</option>' in players
    assert "<td>Chile</td>" in players


# Country names in the page's language (django-countries' catalogue).


@pytest.fixture
def countries_catalogue():
    """django-countries' translations loaded (they are found through INSTALLED_APPS)."""

    def forget():
        countries.__dict__.pop("_iter_cache", None)  # names cached per language
        locations._names.cache_clear()

    forget()
    if "django_countries" in settings.INSTALLED_APPS:
        yield
    else:  # until it is installed: loading the app again runs every app's ready()
        with modify_settings(INSTALLED_APPS={"append": "django_countries"}):
            yield
    forget()


def test_country_names_in_portuguese(ranked, countries_catalogue):
    with translation.override("pt-br"):
        assert locations.country_name("BR") == "Brasil"
        assert locations.country_name("CA") == "Canadá"
        assert ranked_countries() == [("BR", "Brasil"), ("CA", "Canadá")]
        assert country_code("Alemanha") == "DE"


def test_ranking_page_in_portuguese(client, ranked, countries_catalogue):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pt-br"
    page = client.get(reverse("ranking:ranking")).content.decode()
    assert '<option value="BR">Brasil</option>' in page
    assert '<option value="CA">Canadá</option>' in page
    assert '<td class="secondary">Canadá</td>' in page


@pytest.mark.parametrize("page", ["accounts:profile", "accounts:signup"])
def test_the_country_menu_in_the_persons_language(client, db, countries_catalogue, page):
    """The profile's and the sign-up's country menus name Brazil as a Brazilian reads it,
    and as an English reader does in English, whichever language the first request had."""
    player = make_player("ana")
    if page == "accounts:profile":
        client.force_login(player.user)
    client.get(reverse(page), HTTP_ACCEPT_LANGUAGE="en")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pt-br"
    portuguese = client.get(reverse(page)).content.decode()
    assert '<option value="BR">Brasil</option>' in portuguese
    assert '<option value="DE">Alemanha</option>' in portuguese
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert '<option value="BR">Brazil</option>' in client.get(reverse(page)).content.decode()


def test_api_gives_the_code_and_the_name(client, ranked):
    rows = client.get(reverse("api-v1:ranking")).json()["results"]
    ana = next(row for row in rows if row["name"] == "Ana")
    assert (ana["country"], ana["country_name"], ana["region"]) == ("BR", "Brazil", "São Paulo")
