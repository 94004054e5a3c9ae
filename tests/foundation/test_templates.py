"""Template source rules that Django does not enforce."""

import re
from pathlib import Path

from django.conf import settings

TEMPLATES = Path(settings.BASE_DIR) / "templates"
# Django's {# … #} comment ends at the line's end: one left open prints on the page.
OPEN_COMMENT = re.compile(r"\{#(?![^\n]*#\})")


def test_no_single_line_comment_spans_lines():
    opened = [
        f"{path.relative_to(TEMPLATES)}:{text[: match.start()].count(chr(10)) + 1}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for text in [path.read_text(encoding="utf-8")]
        for match in OPEN_COMMENT.finditer(text)
    ]
    assert opened == [], "use {% comment %} for comments over several lines"


def test_each_message_is_translated_once():
    """A msgid written twice in the .po (same context) keeps only one of its translations."""
    po = Path(settings.BASE_DIR) / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"
    entries = re.findall(r'(?:^msgctxt (".*")\n)?^msgid (".*"(?:\n".*")*)', po.read_text(), re.M)
    seen, repeated = set(), []
    for key in entries:
        if key in seen and key[1] != '""':
            repeated.append(key)
        seen.add(key)
    assert repeated == []
