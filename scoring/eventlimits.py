"""Size and shape limits of an event file, checked before anything reads its content.

An event file comes from anyone who can sign in, so its size is bounded before the rules see
it: a real event has at most a few hundred players, a few rounds, objects of a few keys and
short strings. Each limit is generous for a real event and refuses what would make the
reader or the database fail (deep nesting, NUL characters, strings longer than a column, a
hundred thousand junk keys). Every issue names its place in the file, and the list is cut
after `MAX_ISSUES` with a count of the rest.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

from scoring.model import Issue, IssueCode, Plural, issue

MAX_PLAYERS = 2000
MAX_DEPTH = 24  # a real file nests 8 deep (rounds → brackets → games → unrazed)
MAX_KEYS = 100  # per object: the top level has about twenty
MAX_ITEMS = 5000  # per list: a round of 2000 players has under 700 brackets
MAX_NODES = 1_000_000
MAX_STRING = 200  # longest text column an event file fills (the seed)
MAX_ID = 100  # player and team ids (kept per imported player)
MAX_ISSUES = 50

_ID_PATH = re.compile(r"^(players|teams)\[\d+\]\.id$")


# Each limit's issue: its stable code and English template (the site translates by code).
_NUL_BYTE = (IssueCode.NUL_BYTE, "contains a NUL byte: this is not a text file")
_TOO_DEEP = (IssueCode.NESTED_TOO_DEEPLY, "is nested too deeply (more than %(limit)s levels)")
_TOO_MANY_VALUES = (IssueCode.TOO_MANY_VALUES, "has more than %(limit)s values")
_TOO_MANY_KEYS = (
    IssueCode.TOO_MANY_KEYS,
    Plural("has %(count)s key; at most %(limit)s", "has %(count)s keys; at most %(limit)s"),
)
_TOO_MANY_ENTRIES = (
    IssueCode.TOO_MANY_ENTRIES,
    Plural("has %(count)s entry; at most %(limit)s", "has %(count)s entries; at most %(limit)s"),
)
_MORE_ISSUES = (
    IssueCode.MORE_ISSUES,
    Plural("and %(count)s more issue", "and %(count)s more issues"),
)
_TEXT = (
    (IssueCode.TEXT_NUL, "the text contains a NUL character"),
    (IssueCode.TEXT_TOO_LONG, "the text is too long: at most %(limit)s characters, got %(length)s"),
)
# A lone UTF-16 surrogate (JSON "\ud800") is no character: nothing can store or print it.
_SURROGATE = (IssueCode.TEXT_SURROGATE, "the text contains an unpaired surrogate (not Unicode)")
_SURROGATES = re.compile("[\ud800-\udfff]")
_KEY = (
    (IssueCode.KEY_NUL, "the key contains a NUL character"),
    (IssueCode.KEY_TOO_LONG, "the key is too long: at most %(limit)s characters, got %(length)s"),
)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


class _Limits:
    def __init__(self) -> None:
        self.issues: list[Issue] = []
        self.more = 0
        self.nodes = 0

    def fail(self, path: str, code: IssueCode, template: str | Plural, **params: object) -> None:
        if len(self.issues) < MAX_ISSUES:
            self.issues.append(issue(path or "(file)", code, template, **params))
        else:
            self.more += 1

    def text(self, value: str, path: str, limit: int, *, key: bool = False) -> None:
        nul, too_long = _KEY if key else _TEXT
        if "\x00" in value:
            self.fail(path, *nul)
        if _SURROGATES.search(value):
            self.fail(path, *_SURROGATE)
        if len(value) > limit:
            self.fail(path, *too_long, limit=limit, length=len(value))

    def walk(self, root: Any) -> None:
        # Iterative: a recursive walk is exactly what a deeply nested file would break.
        stack: list[tuple[Any, str, int]] = [(root, "", 1)]
        while stack:
            value, path, depth = stack.pop()
            self.nodes += 1
            if self.nodes > MAX_NODES:
                self.fail("(file)", *_TOO_MANY_VALUES, limit=MAX_NODES)
                return
            if isinstance(value, str):
                limit = MAX_ID if _ID_PATH.match(path) else MAX_STRING
                self.text(value, path, limit)
                continue
            if not isinstance(value, dict | list):
                continue
            if depth > MAX_DEPTH:
                self.fail(path, *_TOO_DEEP, limit=MAX_DEPTH)
                continue
            if isinstance(value, dict):
                if len(value) > MAX_KEYS:
                    self.fail(path, *_TOO_MANY_KEYS, count=len(value), limit=MAX_KEYS)
                    continue
                for key, item in reversed(value.items()):
                    where = _join(path, str(key)[:MAX_ID])
                    self.text(str(key), where, MAX_ID, key=True)
                    stack.append((item, where, depth + 1))
            else:
                limit = MAX_PLAYERS if path == "players" else MAX_ITEMS
                if len(value) > limit:
                    self.fail(path, *_TOO_MANY_ENTRIES, count=len(value), limit=limit)
                    continue
                stack.extend(
                    (item, f"{path}[{i}]", depth + 1)
                    for i, item in reversed(list(enumerate(value)))
                )


def limit_issues(data: Any) -> list[Issue]:
    """Where a decoded event file exceeds the limits (empty when it is within them)."""
    limits = _Limits()
    limits.walk(data)
    issues = limits.issues
    if limits.more:
        issues.append(issue("(file)", *_MORE_ISSUES, count=limits.more))
    return issues


def decode(source: str | bytes) -> tuple[Any, list[Issue]]:
    """The JSON value of an event file's text, or the issue that stops it being read."""
    if (isinstance(source, bytes) and b"\x00" in source) or (
        isinstance(source, str) and "\x00" in source
    ):
        # JSON escapes a NUL as \\u0000; a raw one is binary data, not an event file.
        return None, [issue("(file)", *_NUL_BYTE)]
    try:
        return json.loads(source), []
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        return None, [issue(where, IssueCode.NOT_JSON, "not valid JSON: %(error)s", error=exc.msg)]
    except UnicodeDecodeError as exc:
        msg = "not UTF-8 text: %(error)s"
        return None, [issue("(file)", IssueCode.NOT_UTF8, msg, error=exc.reason)]
    except ValueError:
        # Python refuses to read integers of thousands of digits (a denial-of-service guard).
        msg = "a number has more than %(limit)s digits"
        return None, [
            issue("(file)", IssueCode.NUMBER_TOO_LONG, msg, limit=sys.get_int_max_str_digits())
        ]
    except RecursionError:
        return None, [issue("(file)", *_TOO_DEEP, limit=MAX_DEPTH)]


def cap_issues(issues: list[Issue], limit: int = MAX_ISSUES) -> list[Issue]:
    """The first `limit` issues, plus one that counts the rest. A list capped already keeps
    its count: capping twice never turns "and 110 more issues" into "and 1 more issue"."""
    counted = 0
    if issues and issues[-1].code == IssueCode.MORE_ISSUES:
        counted = int((issues[-1].params or {}).get("count", 0))
        issues = issues[:-1]
    rest = max(len(issues) - limit, 0) + counted
    if not rest:
        return issues
    return [*issues[:limit], issue("(file)", *_MORE_ISSUES, count=rest)]
