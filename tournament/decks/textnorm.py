"""Reading decklist files and tidying pasted text before the parser sees it."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from scoring.cards import CardIndex, normalize_card_id, normalize_name
from scoring.decklist import MAX_LINE_CHARS, SECTION_NAMES, reads_as_written

ENCODINGS = ("utf-8-sig", "utf-16", "cp1252", "latin-1")
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff"), None)
_SPACES = re.compile(r"[ \t\u00a0\u2002\u2003\u2009\u3000]+")
_BULLET = re.compile(r"^[-*•·–—>]+\s+")
_ENUM = re.compile(r"^(?P<n>\d+)[.)]\s+(?P<rest>\D.*)$")
_ID_FIRST = re.compile(
    r"^(?P<count>\d+\s*[xX×]?\s+)?(?P<id>[A-Za-z0-9]+c?/\d+)\s*[-:–]?\s+(?P<name>\D.*)$"
)
_ID_TRAIL = re.compile(
    r"^(?P<name>.*?)\s*(?:\[(?P<a>[^\[\]]+/\s*\d+)\]|[-–]\s*(?P<b>[A-Za-z0-9]+c?/\d+))$"
)
_LEAD_X = re.compile(r"^[xX×]\s?(?P<n>\d+)\s+(?P<rest>\S.*)$")
_TRAIL_X = re.compile(
    r"^(?P<rest>\D.*?)\s*(?:[xX×]\s?(?P<a>\d+)"
    r"|\((?:[xX×]\s?)?(?P<b>\d+)\s?[xX×]?\)|(?P<c>\d+)\s?[xX×])$"
)
_TOTAL = re.compile(
    r"^(?:total|totals|deck total|cards|card count)\b[^a-z]*\d+\s*(?:cards?)?$", re.I
)
_COMMENT = re.compile(r"^(?://|;|--\s)")
_DECORATED_HEADING = re.compile(r"^[=\-*\[_]+\s*(?P<h>[^=*\]_]+?)\s*[=\-*\]_]+$")
_HEADING_COUNT = re.compile(r"\s*(?:\(\s*\d+\s*\)|\[\s*\d+\s*\]|-?\s*\d+)\s*$")


def read_decklist_file(path: Path) -> str:
    """A decklist file's text: UTF-8 (with or without BOM), UTF-16 with BOM, else Latin-1."""
    data = Path(path).read_bytes()
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def _heading(text: str, index: CardIndex) -> str | None:
    """`Realms (12)`, `== Realms ==`, `REALMS` → `Realms:` when it is no card's name."""
    match = _DECORATED_HEADING.match(text)
    candidate = match["h"] if match else text
    candidate = _HEADING_COUNT.sub("", candidate.rstrip(":")).strip()
    if not candidate or normalize_name(candidate) not in SECTION_NAMES:
        return None
    if index.identity_keys_for_name(candidate) and not match and not text.endswith(":"):
        return None  # "Hero" or "Realm" alone may be a card
    return candidate + ":"


def _move_number(text: str) -> str:
    """`1st/003 Zhentil Keep`, `Zhentil Keep [1st/003]`, `Zhentil Keep - 1st/003` → `(…)` form."""
    if (match := _ID_FIRST.match(text)) and normalize_card_id(match["id"]):
        return f"{match['count'] or ''}{match['name'].strip()} ({match['id']})"
    if (match := _ID_TRAIL.match(text)) and normalize_card_id(match["a"] or match["b"] or ""):
        return f"{match['name']} ({(match['a'] or match['b']).strip()})"
    return text


def normalize_line(raw: str, index: CardIndex, enumerated: bool = False) -> str:
    """One line in the parser's shape (`N Name (SET/NUM)`); comments and totals become blank."""
    text = unicodedata.normalize("NFC", raw).translate(_INVISIBLE)
    text = _SPACES.sub(" ", text).strip()
    if reads_as_written(text, index):
        return text  # the parser's own notations (SPEC §3): headings with counts, totals …
    if not text or text.startswith("#") or _COMMENT.match(text) or _TOTAL.match(text):
        return ""
    heading = _heading(text, index)
    if heading is not None:
        return heading
    text = _move_number(_BULLET.sub("", text))
    if match := _ENUM.match(text):
        # `3. Name`: a running number when the list is numbered 1, 2, 3 …, else a count.
        text = match["rest"] if enumerated else f"{match['n']} {match['rest']}"
    if match := _LEAD_X.match(text):
        return f"{match['n']} {match['rest']}"
    if not text[:1].isdigit() and (match := _TRAIL_X.match(text)):
        count = match["a"] or match["b"] or match["c"]
        return f"{count} {match['rest']}"
    return text


def normalize_decklist_text(text: str, index: CardIndex) -> str:
    """Tidy every line (line numbers are kept, so messages point at the pasted line).

    Over-long lines are left as they are: the parser refuses them without reading them.
    """
    lines = text.splitlines()
    enumerated = _is_enumerated(lines)
    return "\n".join(
        line if len(line) > MAX_LINE_CHARS else normalize_line(line, index, enumerated)
        for line in lines
    )


def _is_enumerated(lines: list[str]) -> bool:
    """Whether the `N.` lines number the list 1, 2, 3 … (at least three of them)."""
    numbers = [
        int(m["n"])
        for line in lines
        if len(line) <= MAX_LINE_CHARS and (m := _ENUM.match(line.strip()))
    ]
    return len(numbers) >= 3 and numbers == list(range(1, len(numbers) + 1))
