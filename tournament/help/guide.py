"""The user guide: Markdown chapters in English and Brazilian Portuguese, rendered safely.

The chapters live in `guide/<language>/<slug>.md` beside this module (`guide/README.md`: how
they are written). Markdown is rendered by markdown-it-py with raw HTML off, then sanitised by
nh3 (an allow-list of tags and attributes), so nothing a chapter holds can run on the page.

Two small conventions of the guide are read here:
- a heading may end with `{#anchor}`: the anchor the site's pages link to (`help/link.html`),
  the same in both languages;
- an image's address is relative to the guide's static folder (`static/help/`), e.g.
  `![The event page](en/event-page.png)`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

import nh3
from django.templatetags.static import static
from markdown_it import MarkdownIt
from markdown_it.token import Token

GUIDE_DIR = Path(__file__).resolve().parent / "guide"
STATIC_DIR = Path(__file__).resolve().parent / "static" / "help"
DEFAULT_LANGUAGE = "en"
#: Django's language code → the guide's folder.
LANGUAGE_FOLDERS = {"en": "en", "pt-br": "pt-BR"}

#: The chapters in reading order (their slugs: file names and URLs, the same in each language).
CHAPTERS = (
    "organizer",
    "judge",
    "player",
    "ranking-officer",
    "one-on-one",
    "team-spirit",
    "leagues",
    "api",
)

ANCHOR = re.compile(r"\s*\{#([a-z0-9-]+)\}\s*$")
TITLE = re.compile(r"^#\s+(.+?)\s*$", re.MULTILINE)

ALLOWED_TAGS = {
    "h1", "h2", "h3", "h4", "p", "ul", "ol", "li", "strong", "em", "code", "pre", "a",
    "img", "table", "thead", "tbody", "tr", "th", "td", "blockquote", "hr", "br",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title"},
    "img": {"src", "alt", "title", "loading"},
    "h2": {"id"},
    "h3": {"id"},
    "h4": {"id"},
    "th": {"style"},
    "td": {"style"},
}


@dataclass(frozen=True)
class Chapter:
    slug: str
    language: str  # the folder: "en" or "pt-BR"
    title: str
    html: str


def folder_for(language_code: str | None) -> str:
    """The guide's folder for a Django language code (English when there is none)."""
    code = (language_code or DEFAULT_LANGUAGE).lower()
    return LANGUAGE_FOLDERS.get(code, LANGUAGE_FOLDERS.get(code.split("-")[0], DEFAULT_LANGUAGE))


def source_path(slug: str, folder: str) -> Path:
    return GUIDE_DIR / folder / f"{slug}.md"


def _markdown() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _take_anchors(tokens: list[Token]) -> None:
    """`## Check-in {#check-in}` → `<h2 id="check-in">Check-in</h2>`."""
    for opening, inline in pairwise(tokens):
        if opening.type != "heading_open" or inline.type != "inline":
            continue
        match = ANCHOR.search(inline.content)
        if not match:
            continue
        opening.attrSet("id", match.group(1))
        inline.content = inline.content[: match.start()]
        last = inline.children[-1] if inline.children else None
        if last is not None and last.type == "text":
            last.content = ANCHOR.sub("", last.content)


def _static_images(tokens: list[Token]) -> None:
    """Image addresses are relative to the guide's static folder."""
    for token in tokens:
        for child in token.children or ():
            if child.type == "image":
                src = str(child.attrGet("src") or "")
                if not src.startswith(("/", "http:", "https:")):
                    child.attrSet("src", static(f"help/{src}"))
                child.attrSet("loading", "lazy")


def render(text: str) -> str:
    """Markdown → sanitised HTML."""
    md = _markdown()
    tokens = md.parse(text)
    _take_anchors(tokens)
    _static_images(tokens)
    html = md.renderer.render(tokens, md.options, {})
    return nh3.clean(html, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES)


@cache
def _chapter(slug: str, folder: str, mtime: float) -> Chapter:
    text = source_path(slug, folder).read_text(encoding="utf-8")
    title = TITLE.search(text)
    return Chapter(slug, folder, title.group(1) if title else slug, render(text))


def chapter(slug: str, language_code: str | None) -> Chapter | None:
    """A chapter in the reader's language, in English where it has no translation; None for a
    slug the guide does not have."""
    if slug not in CHAPTERS:
        return None
    for folder in (folder_for(language_code), DEFAULT_LANGUAGE):
        path = source_path(slug, folder)
        if path.exists():
            return _chapter(slug, folder, path.stat().st_mtime)
    return None


def chapters(language_code: str | None) -> list[Chapter]:
    """Every chapter, in reading order, in the reader's language."""
    return [c for c in (chapter(slug, language_code) for slug in CHAPTERS) if c is not None]
