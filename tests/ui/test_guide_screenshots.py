"""The user guide's screenshots: the real pages of the demo, in English and Brazilian
Portuguese, as each role sees them (Chromium; phones at 390 px).

`scripts/screenshots.sh` runs this file with GUIDE_SCREENSHOTS=1, which writes the pictures
into the guide (`tournament/help/static/help/<language>/`); otherwise they go to
var/screenshots/guide/ and the guide is left alone. Either way every page must load in the
language asked for, and the pages the guide explains must carry their Help link.
"""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.urls import reverse
from PIL import Image

from tests.support.browser import browser_page, browser_test
from tournament.accounts import preferences
from tournament.accounts.models import Player
from tournament.demo.management.commands.seed_demo import event as demo_event
from tournament.demo.management.commands.seed_demo import register_all
from tournament.events.models import Event
from tournament.help.guide import STATIC_DIR
from tournament.leagues.models import League
from tournament.review import services as review
from tournament.rounds.services.rounds import publish_round
from tournament.rounds.services.swiss import pair_round

pytestmark = browser_test

PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1100, "height": 760}
LANGUAGES = {"en": ("en-US", "en"), "pt-BR": ("pt-BR", "pt-br")}  # folder: browser, site
COLOURS = 64  # a quantized palette keeps a page's picture at a few tens of kilobytes


@dataclass(frozen=True)
class Shot:
    name: str
    user: str | None
    url: str
    phone: bool = False
    height: int | None = None  # of the window and the picture; None: the device's own
    help_link: bool = False


def output_dir(folder: str) -> Path:
    if os.environ.get("GUIDE_SCREENSHOTS"):
        return STATIC_DIR / folder
    return Path(settings.BASE_DIR) / "var" / "screenshots" / "guide" / folder


def save(png: bytes, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    image = Image.open(BytesIO(png)).convert("RGB").quantize(COLOURS)
    image.save(path, optimize=True)


def one_on_one_event() -> Event:
    """A one-on-one event of eight demo players, round 1 paired and published."""
    organizer = Player.objects.get(user__username="organizer")
    judges = Player.objects.filter(user__username__in=["judge1", "judge2"])
    players = Player.objects.filter(user__username__startswith="player").order_by("pk")[:8]
    swiss = demo_event(
        "Copa Niterói",
        datetime.date(2026, 11, 29),
        organizer,
        judges,
        venue="Niterói",
        structure="one-on-one",
        best_of=3,
        swiss_rounds=3,
        top_cut=4,
        scored=False,
    )
    register_all(swiss, players, deck="legal_community_55")
    Event.objects.filter(pk=swiss.pk).update(status="running")
    publish_round(pair_round(swiss, seed=3))
    return swiss


def shots() -> list[Shot]:
    running = Event.objects.get(name="Copa Carioca")
    finished = Event.objects.get(name="Autumn Open")
    upcoming = Event.objects.get(name="Winter Championship")
    teams = Event.objects.get(name="Team Spirit Cup")
    swiss = one_on_one_event()
    review.submit(teams, teams.organizer.user)  # a scoring form that awaits the officer
    first = running.rounds.get(number=1)
    bracket = first.brackets.order_by("table").first()
    seated = bracket.seats.order_by("position").first().registration.player.user.username
    bad_list = upcoming.registrations.order_by("player__pk")[10].player.user.username
    return [
        Shot("event-page", "organizer", reverse("events:detail", args=[running.pk]),
             help_link=True),
        Shot("checkin", "organizer", reverse("events:checkin", args=[running.pk])),
        Shot("round-page", "organizer", reverse("rounds:detail", args=[running.pk, 1]),
             height=1000),
        Shot("printing", "organizer", reverse("printing:index", args=[finished.pk])),
        Shot("judge-dashboard", "judge1", reverse("results:dashboard", args=[running.pk]),
             phone=True),
        Shot("judge-bracket", "judge1",
             reverse("results:bracket", args=[running.pk, bracket.pk]), phone=True,
             height=1500, help_link=True),
        Shot("decklist", bad_list, reverse("decks:decklist", args=[upcoming.pk]),
             height=1100, help_link=True),
        Shot("my-seat", seated, reverse("rounds:my_seat", args=[running.pk]), phone=True),
        Shot("review", "ranking", reverse("review:event", args=[teams.pk]), height=1300,
             help_link=True),
        Shot("one-on-one-round", "organizer", reverse("rounds:detail", args=[swiss.pk, 1]),
             height=900),
        Shot("teams", "organizer", reverse("events:teams", args=[teams.pk])),
        Shot("league", None, reverse("leagues:detail", args=[League.objects.first().pk])),
    ]  # fmt: skip


def test_the_guides_screenshots(chromium, live_server, transactional_db, client):
    call_command("import_cards", verbosity=0)
    call_command("seed_demo", verbosity=0)
    for shot in shots():
        player = Player.objects.get(user__username=shot.user) if shot.user else None
        for folder, (browser_locale, site_language) in LANGUAGES.items():
            if player is not None:
                # the guide shows each person in its chapter's language: the one he picked
                # (a person's choice outranks the language cookie)
                preferences.keep(player.user, language=site_language)
            size = PHONE if shot.phone else SCREEN
            # the picture's height is the window's: a bar fixed to the screen's bottom (the
            # judge's submit button) stays at the bottom of the picture
            viewport = {"width": size["width"], "height": shot.height or size["height"]}
            page = browser_page(
                chromium, client, live_server, player,
                locale=browser_locale, viewport=viewport, is_mobile=shot.phone,
            )  # fmt: skip
            page.context.add_cookies(
                [{"name": settings.LANGUAGE_COOKIE_NAME, "value": site_language,
                  "url": live_server.url}]
            )  # fmt: skip
            response = page.goto(live_server.url + shot.url)
            assert response is not None and response.ok, (shot.name, folder)
            assert page.locator("html").get_attribute("lang") == site_language, shot.name
            if shot.help_link:
                assert page.locator("a.help-link").count() == 1, shot.name
            png = page.screenshot()
            save(png, output_dir(folder) / f"{shot.name}.png")
            page.context.close()
