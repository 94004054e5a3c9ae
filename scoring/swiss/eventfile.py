"""The one-on-one event file (SPEC §11): parse with located errors, serialize canonically.

A "spellfire-event/1" file with ``"structure": "one-on-one"``. It shares the bracket
file's keys (SPEC §8, ``scoring.eventfile``) except ``teams`` and adds::

    structure ("one-on-one"), best_of? (1|3; default 3), swiss_rounds? (1 or more; default
    the Swiss rounds before a recorded cut, else ⌈log₂ players⌉ or the Swiss rounds
    recorded if more), top_cut? (0|2|4|8; default 0), draw? ([ids]; the recorded draw that
    orders players level after every tie-breaker, first listed ranks higher),
    rounds [{number, cut? (false), matches [{table, players [id, id], games [as in §8],
        no_show? (null; the id of a player who did not come: he loses without games)}],
        byes? ([]), dropped? ([]; ids who left after that round)}]

One-on-one events are never scored for the ranking, so ``scored`` is optional (written
back as false); so are the format keys ``deck_size`` (55), ``deck_rules`` ("community"),
``tournament_type`` ("championship") and ``victory`` ("standard"). Canonical output:
keys in the order above, 2-space indent, UTF-8, a trailing newline.
"""

from __future__ import annotations

import json
from typing import Any

from scoring.eventfile_base import (
    BAD,
    FORMAT_ID,
    TOP_KEYS,
    Check,
    Reader,
    any_bad,
    duplicate_player_ids,
    join,
    official_to_dict,
    read_format,
    read_game,
    read_heading,
    read_ids,
    read_official,
    read_player,
)
from scoring.model import Game, Issue, Role, RulesEdition
from scoring.swiss.model import (
    BEST_OF,
    ONE_ON_ONE,
    TOP_CUTS,
    Match,
    SwissEvent,
    SwissRound,
    default_swiss_rounds,
)
from scoring.swiss.validation import validate_swiss_event

__all__ = ["read_swiss_event", "serialize_swiss_event", "swiss_event_to_dict"]

SWISS_KEYS = (
    *(k for k in TOP_KEYS if k != "teams"),
    "best_of",
    "swiss_rounds",
    "top_cut",
    "draw",
)
# Format keys a one-on-one file may leave out, and what they then are.
FORMAT_DEFAULTS = {
    "deck_size": 55,
    "deck_rules": "community",
    "tournament_type": "championship",
    "victory": "standard",
    "scored": False,
}


def _read_match(r: Reader, known: set[str]) -> Check:
    ids = read_ids(r, known)
    games = r.array(read_game(r, known, known))

    def check(value: Any, path: str) -> Any:
        data = r.obj(value, path, ("table", "players", "games", "no_show"))
        if data is None:
            return BAD
        table = r.key(data, path, "table", r.integer)
        players = r.key(data, path, "players", ids)
        played = r.key(data, path, "games", games)
        no_show = r.key(data, path, "no_show", r.nullable(r.string), None)
        if no_show not in (None, BAD) and no_show not in known:
            no_show = r.unknown_player(join(path, "no_show"), no_show)
        if any_bad(table, players, played, no_show):
            return BAD
        return Match(table, players, played, no_show)

    return check


def _read_round(r: Reader, known: set[str]) -> Check:
    ids = read_ids(r, known)
    matches = r.array(_read_match(r, known))

    def check(value: Any, path: str) -> Any:
        data = r.obj(value, path, ("number", "cut", "matches", "byes", "dropped"))
        if data is None:
            return BAD
        number = r.key(data, path, "number", r.integer)
        cut = r.key(data, path, "cut", r.boolean, False)
        played = r.key(data, path, "matches", matches)
        byes = r.key(data, path, "byes", ids, ())
        dropped = r.key(data, path, "dropped", ids, ())
        if any_bad(number, cut, played, byes, dropped):
            return BAD
        return SwissRound(number, played, byes, dropped, cut)

    return check


def _default_swiss_rounds(players: int, rounds: tuple[SwissRound, ...]) -> int:
    """Without ``swiss_rounds``: the Swiss rounds before the cut when the file has one,
    else ⌈log₂ players⌉ (SPEC §11's default) or the Swiss rounds recorded if more."""
    recorded = sum(1 for rnd in rounds if not rnd.cut)
    if any(rnd.cut for rnd in rounds):
        return max(1, recorded)
    return max(default_swiss_rounds(players), recorded)


def read_swiss_event(data: Any) -> tuple[SwissEvent | None, list[Issue]]:
    """Read a decoded one-on-one event file: the event and its issues.

    The event is None when the file's structure is wrong; otherwise the issues are those
    of rules validation. ``scoring.eventfile.read_any_event`` decodes and checks the
    file's size before calling this.
    """
    r = Reader()
    data = r.obj(data, "", SWISS_KEYS)
    if data is None:
        return None, r.issues
    name, date, venue = read_heading(r, data)
    fmt = read_format(r, {**FORMAT_DEFAULTS, **data})
    seed = r.key(data, "", "seed", r.nullable(r.string), None)
    best_of = r.key(data, "", "best_of", lambda v, p: r.choice(v, p, BEST_OF), 3)
    top_cut = r.key(data, "", "top_cut", lambda v, p: r.choice(v, p, TOP_CUTS), 0)
    coordinator = r.key(data, "", "coordinator", read_official(r, Role.COORDINATOR))
    judges = r.key(data, "", "judges", r.array(read_official(r, Role.JUDGE)), ())
    players = r.key(data, "", "players", r.array(read_player(r)))
    known = {p.id for p in players} if players is not BAD else set()
    if players is not BAD:
        duplicate_player_ids(r, players)
    swiss_rounds = r.key(data, "", "swiss_rounds", r.integer, None)
    draw = r.key(data, "", "draw", read_ids(r, known), ())
    rounds = r.key(data, "", "rounds", r.array(_read_round(r, known)))
    if swiss_rounds is None and rounds is not BAD:
        swiss_rounds = _default_swiss_rounds(len(known), rounds)
    values = (name, date, venue, fmt, seed, best_of, top_cut, coordinator, judges, players)
    if r.issues or any_bad(*values, swiss_rounds, draw, rounds):
        return None, r.issues
    event = SwissEvent(
        fmt,
        name,
        date,
        venue,
        coordinator,
        judges,
        players,
        best_of,
        swiss_rounds,
        top_cut,
        rounds,
        seed,
        draw,
    )
    return event, validate_swiss_event(event)


# -- serializing -------------------------------------------------------------------------


def _game(game: Game, seats: tuple[str, ...]) -> dict[str, Any]:
    def counts(values: dict[str, int]) -> dict[str, int]:
        order = [p for p in seats if p in values] + [p for p in values if p not in seats]
        return {p: values[p] for p in order}

    data: dict[str, Any] = {
        "winner": game.winner,
        "ended_by": str(game.ended_by),
        "unrazed": counts(dict(game.unrazed)),
    }
    if game.razed is not None:
        data["razed"] = counts(dict(game.razed))
    if game.holdings is not None:
        data["holdings"] = counts(dict(game.holdings))
    return data


def _match(match: Match) -> dict[str, Any]:
    data: dict[str, Any] = {
        "table": match.table,
        "players": list(match.players),
        "games": [_game(g, match.players) for g in match.games],
    }
    if match.no_show is not None:
        data["no_show"] = match.no_show
    return data


def _round(rnd: SwissRound) -> dict[str, Any]:
    data: dict[str, Any] = {"number": rnd.number}
    if rnd.cut:
        data["cut"] = True
    data["matches"] = [_match(m) for m in rnd.matches]
    data["byes"] = list(rnd.byes)
    data["dropped"] = list(rnd.dropped)
    return data


def swiss_event_to_dict(event: SwissEvent) -> dict[str, Any]:
    """The event as a JSON-ready dict with keys in canonical order."""
    fmt = event.format
    data: dict[str, Any] = {
        "format": FORMAT_ID,
        "name": event.name,
        "date": event.date.isoformat(),
        "venue": event.venue,
        "structure": ONE_ON_ONE,
        "deck_size": fmt.deck_size,
        "deck_rules": str(fmt.deck_rules),
        "tournament_type": str(fmt.tournament_type),
    }
    if fmt.no_xs_digit is not None:
        data["no_xs_digit"] = fmt.no_xs_digit
    data["variants"] = [str(v) for v in fmt.variants]
    data["victory"] = str(fmt.victory)
    data["scored"] = False
    if fmt.time_limit_minutes is not None:
        data["time_limit_minutes"] = fmt.time_limit_minutes
    if fmt.rules_edition is not RulesEdition.COMMUNITY_0_9:
        data["rules_edition"] = str(fmt.rules_edition)
    if event.seed is not None:
        data["seed"] = event.seed
    data["best_of"] = event.best_of
    data["swiss_rounds"] = event.swiss_rounds
    data["top_cut"] = event.top_cut
    if event.draw:
        data["draw"] = list(event.draw)
    data["coordinator"] = official_to_dict(event.coordinator)
    data["judges"] = [official_to_dict(j) for j in event.judges]
    data["players"] = [
        {"id": p.id, "name": p.name, "player_number": p.player_number} for p in event.players
    ]
    data["rounds"] = [_round(rnd) for rnd in event.rounds]
    return data


def serialize_swiss_event(event: SwissEvent) -> str:
    """Canonical JSON text of the event (2-space indent, UTF-8, trailing newline)."""
    return json.dumps(swiss_event_to_dict(event), indent=2, ensure_ascii=False) + "\n"
