"""The user guide stays true to the site (tournament/help/guide/README.md: its conventions).

- every UI label it names (written **in bold**) is a message of the current catalogue, used
  by the code today: its English text in the English guide, its Brazilian Portuguese one in
  the Portuguese guide;
- every page address it names (`/events/<n>/…` in code, or a link) is a URL of the site;
- every screenshot it shows exists, small, and none lies unused;
- both languages have every chapter, with the same anchors, and every "Help" link the pages
  carry points at a chapter and anchor that exist.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.urls import Resolver404, resolve, reverse
from markdown_it import MarkdownIt

from tournament.help import guide

ROOT = Path(settings.BASE_DIR)
CATALOGUE = ROOT / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"
FOLDERS = sorted(set(guide.LANGUAGE_FOLDERS.values()))
SOURCES = [(folder, slug) for folder in FOLDERS for slug in guide.CHAPTERS]
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|%[sd]|\{[a-z_]*\}")
HELP_LINK = re.compile(
    r'include "help/link\.html" with chapter="([a-z0-9-]+)"(?: section="([a-z0-9-]+)")?'
)
MAX_SCREENSHOT_BYTES = 200_000
MAX_SCREENSHOTS_BYTES = 3_000_000


def text_of(folder: str, slug: str) -> str:
    return guide.source_path(slug, folder).read_text(encoding="utf-8")


def inline_tokens(text: str):
    for token in MarkdownIt("commonmark").enable("table").parse(text):
        yield from token.children or ()


def labels(text: str) -> list[str]:
    """What the chapter writes in bold: the UI labels it names."""
    found, current = [], None
    for child in inline_tokens(text):
        if child.type == "strong_open":
            current = []
        elif child.type == "strong_close":
            found.append("".join(current).strip())
            current = None
        elif current is not None:
            current.append(" " if child.type == "softbreak" else child.content)
    return found


def addresses(text: str) -> list[str]:
    """The site's pages the chapter names: code spans and links starting with "/"."""
    found = []
    for child in inline_tokens(text):
        if child.type == "code_inline" and child.content.startswith("/"):
            found.append(child.content)
        elif child.type == "link_open" and str(child.attrGet("href")).startswith("/"):
            found.append(str(child.attrGet("href")))
    return found


def images(text: str) -> list[str]:
    return [str(c.attrGet("src")) for c in inline_tokens(text) if c.type == "image"]


def pattern(message: str) -> re.Pattern:
    """A catalogue message as a pattern: each placeholder stands for one word or number
    (`Seat round %(number)s` names **Seat round 2**)."""
    parts = PLACEHOLDER.split(message)
    return re.compile(r"\S+".join(re.escape(p) for p in parts), re.IGNORECASE)


@cache
def catalogue() -> dict[str, list[re.Pattern]]:
    """The messages of the current code (each has a place in a template or a module that
    exists), per guide folder: English msgids, Brazilian Portuguese msgstrs."""
    with CATALOGUE.open("rb") as handle:
        messages = [m for m in read_po(handle) if m.id and m.locations]
    used = [m for m in messages if any((ROOT / path).exists() for path, _ in m.locations)]
    texts: dict[str, list[str]] = {"en": [], "pt-BR": []}
    for message in used:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        texts["en"].extend(ids)
        texts["pt-BR"].extend(s for s in strings if s)
    return {folder: [pattern(t) for t in found] for folder, found in texts.items()}


def in_catalogue(label: str, folder: str) -> bool:
    return any(p.fullmatch(label) for p in catalogue()[folder])


@pytest.mark.parametrize(("folder", "slug"), SOURCES)
def test_every_chapter_is_written_in_both_languages(folder, slug):
    assert guide.source_path(slug, folder).exists(), f"{folder}/{slug}.md"


@pytest.mark.parametrize(("folder", "slug"), SOURCES)
def test_every_label_the_guide_names_is_on_the_site(folder, slug):
    named = labels(text_of(folder, slug))
    assert named, "a chapter names the buttons and menus it explains"
    missing = [label for label in named if not in_catalogue(label, folder)]
    assert not missing, f"{folder}/{slug}.md names labels the site does not have: {missing}"


@pytest.mark.parametrize(("folder", "slug"), SOURCES)
def test_every_page_the_guide_names_exists(folder, slug):
    for address in addresses(text_of(folder, slug)):
        path = re.sub(r"<[a-z_]+>", "1", address.split("#")[0])
        try:
            match = resolve(path)
        except Resolver404:
            pytest.fail(f"{folder}/{slug}.md names {address}, which is no page of the site")
        if match.view_name == "help:chapter":
            assert match.kwargs["slug"] in guide.CHAPTERS, address


@pytest.mark.parametrize(("folder", "slug"), SOURCES)
def test_every_screenshot_the_guide_shows_exists(folder, slug):
    for src in images(text_of(folder, slug)):
        assert src.startswith(f"{folder}/"), f"{src}: a chapter shows its own language's pages"
        shot = guide.STATIC_DIR / src
        assert shot.is_file(), f"{folder}/{slug}.md shows {src}, which does not exist"
        assert shot.stat().st_size <= MAX_SCREENSHOT_BYTES, f"{src} is too large"


def test_no_screenshot_lies_unused_and_all_stay_small():
    shown = {src for folder, slug in SOURCES for src in images(text_of(folder, slug))}
    files = {p.relative_to(guide.STATIC_DIR).as_posix() for p in guide.STATIC_DIR.rglob("*.png")}
    assert files - shown == set(), "screenshots no chapter shows"
    assert sum((guide.STATIC_DIR / f).stat().st_size for f in files) <= MAX_SCREENSHOTS_BYTES


def anchors(slug: str, folder: str) -> set[str]:
    return set(re.findall(r'<h[2-4] id="([a-z0-9-]+)"', guide.render(text_of(folder, slug))))


@pytest.mark.parametrize("slug", guide.CHAPTERS)
def test_both_languages_have_the_same_anchors(slug):
    assert anchors(slug, "en") == anchors(slug, "pt-BR")


def test_every_help_link_of_the_pages_points_at_a_section_that_exists():
    links = [
        (path, match.groups())
        for path in (ROOT / "templates").rglob("*.html")
        for match in HELP_LINK.finditer(path.read_text(encoding="utf-8"))
    ]
    # the pages the guide explains: the event page, a table's page, the decklist, the review
    linked = {path.relative_to(ROOT / "templates").as_posix() for path, _ in links}
    for page in (
        "events/event_detail.html",
        "results/bracket.html",
        "decks/decklist.html",
        "review/review.html",
    ):
        assert page in linked, f"{page} has no Help link"
    for path, (slug, section) in links:
        assert slug in guide.CHAPTERS, f"{path}: {slug}"
        for folder in FOLDERS:
            assert section is None or section in anchors(slug, folder), f"{path}: {slug}#{section}"


# --- rendering and the pages ----------------------------------------------------------------


def test_the_rendering_is_sanitised():
    html = guide.render(
        "# T\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) "
        '<img src=x onerror="alert(1)">\n\n## Part {#part}\n\n![shot](en/a.png)'
    )
    assert "<script" not in html and 'href="javascript' not in html and "<img src=x" not in html
    assert '<h2 id="part">Part</h2>' in html
    assert 'src="/static/help/en/a.png"' in html


TITLES = [("en", "Running an event"), ("pt-br", "Conduzir um evento")]


@pytest.mark.parametrize(("language", "title"), TITLES)
def test_the_help_pages_in_each_language(client, language, title):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    index = client.get(reverse("help:index"))
    assert index.status_code == 200 and title in index.content.decode()
    page = client.get(reverse("help:chapter", args=["organizer"]))
    assert page.status_code == 200
    assert 'id="check-in"' in page.content.decode()
    assert client.get(reverse("help:chapter", args=["nothing"])).status_code == 404


@pytest.mark.django_db
def test_every_page_links_to_the_guide_in_its_header(client):
    page = client.get(reverse("events:list")).content.decode()
    header = page.split("</header>")[0]
    assert f'href="{reverse("help:index")}"' in header
