"""What the event files of both structures share (SPEC §8 and §11): the format id and the
top-level keys, the reader that turns JSON values into engine types while collecting located
issues, the readers of the parts every file has (its heading, format, officials, players,
games), and an official as every file writes one.

``scoring.eventfile`` (bracket events) and ``scoring.swiss.eventfile`` (one-on-one events)
both build on it; neither needs the other.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections import Counter
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any

from scoring.model import (
    DECK_SIZES,
    DeckRules,
    EndedBy,
    Format,
    Game,
    Issue,
    IssueCode,
    Official,
    PlayerRef,
    Plural,
    PointsMode,
    Role,
    RulesEdition,
    TournamentType,
    Variant,
    Victory,
    issue,
)

FORMAT_ID = "spellfire-event/1"
# Player numbers name players in addresses (/players/<number>/) and forms: ASCII letters,
# digits and ". - _" only, at most 20 (the database column).
PLAYER_NUMBER = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,19}")
MULTIPLIERS = (1, 2)
# An older file says only "timed": true; it is read with this limit per round.
LEGACY_TIME_LIMIT_MINUTES = 60
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class _Bad:
    """Marker of a value that failed to parse (its issue is already recorded)."""


BAD: Any = _Bad()
REQUIRED: Any = object()
Check = Callable[[Any, str], Any]


class Reader:
    """Collects issues while turning JSON values into engine types."""

    def __init__(self) -> None:
        self.issues: list[Issue] = []

    def fail(
        self,
        path: str,
        code: IssueCode,
        template: str | Plural,
        who: str | None = None,
        **params: Any,
    ) -> Any:
        parts = path.split(".")
        if who is not None and len(parts) > 1 and parts[-1] == who:
            parts.pop()  # "….unrazed.p3": the field is "unrazed", the player "p3"
        field = re.sub(r"\[\d+\]$", "", parts[-1]) or None
        self.issues.append(issue(path or "(file)", code, template, field, who, **params))
        return BAD

    def obj(self, value: Any, path: str, keys: Sequence[str]) -> dict | None:
        """A JSON object with no keys other than ``keys``."""
        if not isinstance(value, dict):
            self.fail(
                path, IssueCode.NOT_OBJECT, "must be an object, got %(kind)s", kind=_kind(value)
            )
            return None
        for key in value:
            if key not in keys:
                self.fail(join(path, key), IssueCode.UNKNOWN_KEY, "unknown key %(key)r", key=key)
        return value

    def key(self, data: dict, path: str, key: str, check: Check, default: Any = REQUIRED) -> Any:
        """Read one key, checking its value, or the default when absent."""
        where = join(path, key)
        if key not in data:
            if default is REQUIRED:
                return self.fail(where, IssueCode.MISSING_KEY, "missing key %(key)r", key=key)
            return default
        return check(data[key], where)

    # -- value checks ------------------------------------------------------------------

    def string(self, value: Any, path: str) -> Any:
        if not isinstance(value, str):
            return self.fail(
                path, IssueCode.NOT_STRING, "must be a string, got %(kind)s", kind=_kind(value)
            )
        return value

    def player_number(self, value: Any, path: str) -> Any:
        """A player number: empty, or 1 to 20 letters, digits, ".", "-" and "_" (it names a
        player in addresses and forms: nothing else is safe there)."""
        value = self.string(value, path)
        if value is BAD or value == "" or PLAYER_NUMBER.fullmatch(value):
            return value
        msg = (
            "a player number is 1 to 20 letters (A-Z), digits, '.', '-' or '_', starting with "
            "a letter or digit: got %(number)r"
        )
        return self.fail(path, IssueCode.PLAYER_NUMBER_CHARS, msg, number=value)

    def text(self, value: Any, path: str) -> Any:
        """A string that is not blank."""
        value = self.string(value, path)
        if value is not BAD and not value.strip():
            return self.fail(path, IssueCode.EMPTY, "must not be empty")
        return value

    def integer(self, value: Any, path: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            msg = "must be a whole number, got %(kind)s %(value)r"
            return self.fail(path, IssueCode.NOT_WHOLE_NUMBER, msg, kind=_kind(value), value=value)
        return value

    def boolean(self, value: Any, path: str) -> Any:
        if not isinstance(value, bool):
            msg = "must be true or false, got %(kind)s"
            return self.fail(path, IssueCode.NOT_BOOLEAN, msg, kind=_kind(value))
        return value

    def choice(self, value: Any, path: str, allowed: Sequence[int]) -> Any:
        """One of a few whole numbers (55.0 or true are not accepted)."""
        if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
            options = ", ".join(json.dumps(a) for a in allowed)
            msg = "must be one of %(options)s, got %(value)s"
            return self.fail(
                path, IssueCode.NOT_ONE_OF, msg, options=options, value=json.dumps(value)
            )
        return value

    def enum(self, kind: type[StrEnum]) -> Check:
        def check(value: Any, path: str) -> Any:
            if self.string(value, path) is BAD:
                return BAD
            if value not in {e.value for e in kind}:
                options = ", ".join(e.value for e in kind)
                msg = "unknown value %(value)r; expected one of: %(options)s"
                return self.fail(path, IssueCode.UNKNOWN_VALUE, msg, value=value, options=options)
            return kind(value)

        return check

    def array(self, item: Check) -> Check:
        def check(value: Any, path: str) -> Any:
            if not isinstance(value, list):
                msg = "must be a list, got %(kind)s"
                return self.fail(path, IssueCode.NOT_LIST, msg, kind=_kind(value))
            items = [item(v, f"{path}[{i}]") for i, v in enumerate(value)]
            return BAD if any(v is BAD for v in items) else tuple(items)

        return check

    def nullable(self, check: Check) -> Check:
        return lambda value, path: None if value is None else check(value, path)

    def counts(self, known: set[str]) -> Check:
        """An object player id → whole number."""

        def check(value: Any, path: str) -> Any:
            if not isinstance(value, dict):
                msg = "must be an object of player id to count, got %(kind)s"
                return self.fail(path, IssueCode.NOT_COUNTS, msg, kind=_kind(value))
            ok = True
            for player, count in value.items():
                where = f"{path}.{player}"
                if player not in known:
                    ok = False
                    self.unknown_player(where, player)
                elif isinstance(count, bool) or not isinstance(count, int):
                    msg = "must be a whole number, got %(kind)s %(value)r"
                    ok = False
                    self.fail(
                        where,
                        IssueCode.NOT_WHOLE_NUMBER,
                        msg,
                        player,
                        kind=_kind(count),
                        value=count,
                    )
            return dict(value) if ok else BAD

        return check

    def unknown_player(self, path: str, player: str) -> Any:
        msg = "unknown player id %(player)r"
        return self.fail(path, IssueCode.UNKNOWN_PLAYER, msg, player, player=player)

    def unknown_id(self, path: str, value: str, *, team: bool) -> Any:
        """An id that names no player (or, in a Team Spirit bracket, no team)."""
        if not team:
            return self.unknown_player(path, value)
        return self.fail(path, IssueCode.UNKNOWN_TEAM, "unknown team id %(team)r", team=value)


def join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    if isinstance(value, float):
        return "a decimal number"
    return names.get(type(value), "a number" if isinstance(value, int) else type(value).__name__)


def any_bad(*values: Any) -> bool:
    return any(v is BAD for v in values)


# -- parsing -----------------------------------------------------------------------------


def read_date(r: Reader) -> Check:
    def check(value: Any, path: str) -> Any:
        if r.string(value, path) is BAD:
            return BAD
        try:
            if not _DATE.match(value):
                raise ValueError
            return dt.date.fromisoformat(value)
        except ValueError:
            return r.fail(
                path, IssueCode.NOT_DATE, "must be a date YYYY-MM-DD, got %(value)r", value=value
            )

    return check


def read_official(r: Reader, role: Role) -> Check:
    def check(value: Any, path: str) -> Any:
        data = r.obj(value, path, ("name", "player_number", "played"))
        if data is None:
            return BAD
        name = r.key(data, path, "name", r.text)
        number = r.key(data, path, "player_number", r.player_number, "")
        played = r.key(data, path, "played", r.boolean, False)
        if any_bad(name, number, played):
            return BAD
        return Official(name, number, played, role)

    return check


def read_player(r: Reader) -> Check:
    def check(value: Any, path: str) -> Any:
        data = r.obj(value, path, ("id", "name", "player_number"))
        if data is None:
            return BAD
        pid = r.key(data, path, "id", r.text)
        name = r.key(data, path, "name", r.text)
        number = r.key(data, path, "player_number", r.player_number, "")
        if any_bad(pid, name):
            return BAD
        # A bad number is reported at its place; the player's id stays known, so the
        # brackets that seat him do not add "unknown player" issues of their own.
        return PlayerRef(pid, name, "" if number is BAD else number)

    return check


def read_game(r: Reader, known: set[str], seats: set[str]) -> Check:
    def check(value: Any, path: str) -> Any:
        data = r.obj(value, path, ("winner", "ended_by", "unrazed", "razed", "holdings"))
        if data is None:
            return BAD
        winner = r.key(data, path, "winner", r.nullable(r.string))
        if winner not in (None, BAD) and winner not in seats:
            winner = r.unknown_id(join(path, "winner"), winner, team=seats is not known)
        ended_by = r.key(data, path, "ended_by", r.enum(EndedBy))
        unrazed = r.key(data, path, "unrazed", r.counts(known))
        razed = r.key(data, path, "razed", r.counts(known), None)
        holdings = r.key(data, path, "holdings", r.counts(known), None)
        if any_bad(winner, ended_by, unrazed, razed, holdings):
            return BAD
        return Game(winner, ended_by, unrazed, razed, holdings)

    return check


def read_ids(r: Reader, known: set[str], what: str = "player") -> Check:
    def one(value: Any, path: str) -> Any:
        if r.string(value, path) is BAD:
            return BAD
        if value not in known:
            return r.unknown_id(path, value, team=what == "team")
        return value

    return r.array(one)


TOP_KEYS = (
    "format",
    "name",
    "date",
    "venue",
    "deck_size",
    "deck_rules",
    "tournament_type",
    "no_xs_digit",
    "variants",
    "victory",
    "scored",
    "event_multiplier",
    "points_mode",
    "time_limit_minutes",
    "timed",
    "rules_edition",
    "seed",
    "coordinator",
    "judges",
    "players",
    "teams",
    "rounds",
    "structure",
)
# SPEC §11: "structure" is "brackets" (the default) or "one-on-one" (``scoring.swiss``).
BRACKETS, ONE_ON_ONE = "brackets", "one-on-one"


def read_format(r: Reader, data: dict) -> Any:
    size = r.key(data, "", "deck_size", lambda v, p: r.choice(v, p, DECK_SIZES))
    rules = r.key(data, "", "deck_rules", r.enum(DeckRules))
    kind = r.key(data, "", "tournament_type", r.enum(TournamentType))
    digit = r.key(data, "", "no_xs_digit", r.nullable(lambda v, p: r.choice(v, p, range(10))), None)
    variants = r.key(data, "", "variants", r.array(r.enum(Variant)), ())
    if variants is not BAD and len(set(variants)) != len(variants):
        variants = r.fail("variants", IssueCode.VARIANT_TWICE, "a variant is listed twice")
    victory = r.key(data, "", "victory", r.enum(Victory))
    scored = r.key(data, "", "scored", r.boolean)
    multiplier = r.key(data, "", "event_multiplier", lambda v, p: r.choice(v, p, MULTIPLIERS), 1)
    mode = r.key(data, "", "points_mode", r.enum(PointsMode), PointsMode.CUMULATIVE)
    limit = r.key(data, "", "time_limit_minutes", r.nullable(r.integer), None)
    if r.key(data, "", "timed", r.boolean, False) is True and limit is None:
        limit = LEGACY_TIME_LIMIT_MINUTES
    edition = r.key(data, "", "rules_edition", r.enum(RulesEdition), RulesEdition.COMMUNITY_0_9)
    values = (size, rules, kind, victory, scored, multiplier, mode, variants, limit, digit)
    if any_bad(*values, edition):
        return BAD
    return Format(
        deck_size=size,
        deck_rules=rules,
        tournament_type=kind,
        victory=victory,
        scored=scored,
        event_multiplier=multiplier,
        points_mode=mode,
        variants=variants,
        time_limit_minutes=limit,
        no_xs_digit=digit,
        rules_edition=edition,
    )


def read_heading(r: Reader, data: dict) -> tuple[Any, Any, Any]:
    """The top of every event file, either structure: its format id (refused unless it is
    this one), then the event's name, date and venue."""
    ident = r.key(data, "", "format", r.string)
    if ident is not BAD and ident != FORMAT_ID:
        msg = "unsupported format %(format)r; expected %(expected)r"
        r.fail("format", IssueCode.UNSUPPORTED_FORMAT, msg, format=ident, expected=FORMAT_ID)
    name = r.key(data, "", "name", r.text)
    date = r.key(data, "", "date", read_date(r))
    venue = r.key(data, "", "venue", r.string)
    return name, date, venue


def duplicate_player_ids(r: Reader, players: Sequence[PlayerRef]) -> None:
    """Report each later use of a player id that an earlier player has already."""
    uses = Counter(p.id for p in players)
    seen: set[str] = set()
    for i, player in enumerate(players):
        if player.id in seen:
            msg = Plural(
                "player id %(player)r is used %(count)s time",
                "player id %(player)r is used %(count)s times",
            )
            where = f"players[{i}].id"
            r.fail(
                where,
                IssueCode.DUPLICATE_PLAYER_ID,
                msg,
                player.id,
                player=player.id,
                count=uses[player.id],
            )
        seen.add(player.id)


# -- serializing -------------------------------------------------------------------------


def official_to_dict(official: Official) -> dict[str, Any]:
    """An official as every event file writes one (both structures)."""
    return {
        "name": official.name,
        "player_number": official.player_number,
        "played": official.played,
    }
