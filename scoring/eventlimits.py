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
from typing import Any

from scoring.model import Issue, IssueCode, issue

MAX_PLAYERS = 2000
MAX_DEPTH = 24  # a real file nests 8 deep (rounds → brackets → games → unrazed)
MAX_KEYS = 100  # per object: the top level has about twenty
MAX_ITEMS = 5000  # per list: a round of 2000 players has under 700 brackets
MAX_NODES = 1_000_000
MAX_STRING = 200  # longest text column an event file fills (the seed)
MAX_ID = 100  # player and team ids (kept per imported player)
MAX_ISSUES = 50

_ID_PATH = re.compile(r"^(players|teams)\[\d+\]\.id$")


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


class _Limits:
    def __init__(self) -> None:
        self.issues: list[Issue] = []
        self.more = 0
        self.nodes = 0

    def fail(self, path: str, message: str) -> None:
        if len(self.issues) < MAX_ISSUES:
            self.issues.append(Issue(path or "(file)", message))
        else:
            self.more += 1

    def text(self, value: str, path: str, limit: int, what: str) -> None:
        if "\x00" in value:
            self.fail(path, f"{what} contains a NUL character")
        if len(value) > limit:
            self.fail(path, f"{what} is too long: at most {limit} characters, got {len(value)}")

    def walk(self, root: Any) -> None:
        # Iterative: a recursive walk is exactly what a deeply nested file would break.
        stack: list[tuple[Any, str, int]] = [(root, "", 1)]
        while stack:
            value, path, depth = stack.pop()
            self.nodes += 1
            if self.nodes > MAX_NODES:
                self.fail("(file)", f"has more than {MAX_NODES} values")
                return
            if isinstance(value, str):
                limit = MAX_ID if _ID_PATH.match(path) else MAX_STRING
                self.text(value, path, limit, "the text")
                continue
            if not isinstance(value, dict | list):
                continue
            if depth > MAX_DEPTH:
                self.fail(path, f"is nested too deeply (more than {MAX_DEPTH} levels)")
                continue
            if isinstance(value, dict):
                if len(value) > MAX_KEYS:
                    self.fail(path, f"has {len(value)} keys; at most {MAX_KEYS}")
                    continue
                for key, item in reversed(value.items()):
                    where = _join(path, str(key)[:MAX_ID])
                    self.text(str(key), where, MAX_ID, "the key")
                    stack.append((item, where, depth + 1))
            else:
                limit = MAX_PLAYERS if path == "players" else MAX_ITEMS
                if len(value) > limit:
                    self.fail(path, f"has {len(value)} entries; at most {limit}")
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
        issues.append(Issue("(file)", f"and {limits.more} more issues like these"))
    return issues


def decode(source: str | bytes) -> tuple[Any, list[Issue]]:
    """The JSON value of an event file's text, or the issue that stops it being read."""
    if (isinstance(source, bytes) and b"\x00" in source) or (
        isinstance(source, str) and "\x00" in source
    ):
        # JSON escapes a NUL as \\u0000; a raw one is binary data, not an event file.
        return None, [Issue("(file)", "contains a NUL byte: this is not a text file")]
    try:
        return json.loads(source), []
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        return None, [issue(where, IssueCode.NOT_JSON, "not valid JSON: %(error)s", error=exc.msg)]
    except UnicodeDecodeError as exc:
        msg = "not UTF-8 text: %(error)s"
        return None, [issue("(file)", IssueCode.NOT_UTF8, msg, error=exc.reason)]
    except RecursionError:
        return None, [Issue("(file)", f"is nested too deeply (more than {MAX_DEPTH} levels)")]


def cap_issues(issues: list[Issue], limit: int = MAX_ISSUES) -> list[Issue]:
    """The first `limit` issues, plus one that counts the rest."""
    if len(issues) <= limit:
        return issues
    return [*issues[:limit], Issue("(file)", f"and {len(issues) - limit} more issues")]
