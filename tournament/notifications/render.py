"""A message's subject and body, written for its reader: in the recipient's language
(`Preferences.language`), with dates, times and numbers in that language and times in the
event's zone. The stored parameters are raw values; everything shown is formatted here."""

from __future__ import annotations

import datetime as dt

from django.utils import formats, timezone, translation
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournament.core.timezones import event_clock, labelled
from tournament.notifications.kinds import words_for
from tournament.standings.words import record_words

DATE_PARAMS = frozenset({"date"})  # ISO dates ("2026-11-21")
MOMENT_PARAMS = frozenset({"closes"})  # ISO date-times with their offset


class _Params(dict):
    """A parameter a message of an older version did not store reads as a dash."""

    def __missing__(self, key: str) -> str:
        return "—"


def render(message, language: str) -> tuple[str, str]:
    """Subject and body of `message` in `language`, its times in its event's zone."""
    words = words_for(message.kind, message.params)
    with translation.override(language), event_clock(message.event):
        params = _Params(shown(message.params))
        return str(words.subject % params), str(words.body % params)


def shown(raw: dict) -> dict:
    """The parameters as the reader sees them (call it inside the language and zone)."""
    params: dict = {}
    for key, value in raw.items():
        if key in DATE_PARAMS:
            params[key] = _date(value)
        elif key in MOMENT_PARAMS:
            params[key] = _moment(value)
        elif isinstance(value, float):  # a decimal comma in Portuguese
            params[key] = formats.localize(value)
        else:
            params[key] = value
    if "round" in raw or raw.get("final"):
        params["round_name"] = round_name(raw)
    if "table" in raw:
        # A one-on-one player plays one match a round: the round names it (SPEC §11).
        params["where"] = round_name(raw) if raw.get("match") in MATCH_OUTCOMES else where(raw)
    if raw.get("match") in MATCH_OUTCOMES:
        params["match_text"] = match_text(raw)
    if "record" in raw:  # a one-on-one event's player (SPEC §11): record and match points
        params["points_text"] = record_words(raw["record"], raw.get("match_points"))
    elif isinstance(raw.get("points"), int | float):
        points = raw["points"]
        params["points_text"] = ngettext("%(points)s point", "%(points)s points", points) % {
            "points": formats.localize(points)
        }
    elif "points" in raw:  # an unscored event stores none
        params["points_text"] = _("no points")
    if isinstance(raw.get("problems"), int):
        problems = raw["problems"]
        params["problems_text"] = (
            ngettext("%(problems)s problem", "%(problems)s problems", problems)
            % {"problems": problems}
            if problems
            else _("no list saved")
        )
    if isinstance(raw.get("entries"), list):
        params["entries"] = "\n".join(_entry_line(e) for e in raw["entries"])
    if isinstance(raw.get("changes"), list):
        params["changes"] = "\n".join(_change_line(c) for c in raw["changes"])
    if isinstance(raw.get("games"), list):
        params["games"] = "\n".join(_game_line(g) for g in raw["games"])
    if isinstance(raw.get("opponents"), list):
        params["opponents"] = ", ".join(raw["opponents"]) or "—"
    if raw.get("results") and isinstance(raw["results"], list):
        params["results_text"] = "\n\n".join(_result_block(r) for r in raw["results"])
        last = raw["results"][-1]
        if last.get("match") in LAST_MATCH:
            params["last_result"] = str(LAST_MATCH[last["match"]]) % {
                "round_name": round_name(last)
            }
        else:
            params["last_result"] = _("%(round_name)s: place %(place)s") % {
                "round_name": round_name(last),
                "place": last.get("place") or "—",
            }
    return params


# A one-on-one match carried in a subject, "(round 1: match won)" (SPEC §11).
LAST_MATCH = {
    "won": gettext_lazy("%(round_name)s: match won"),
    "lost": gettext_lazy("%(round_name)s: match lost"),
    "drawn": gettext_lazy("%(round_name)s: match drawn"),
}
MATCH_SENTENCES = {
    "won": gettext_lazy("You won the match."),
    "lost": gettext_lazy("You lost the match."),
    "drawn": gettext_lazy("The match is drawn."),
}


def match_text(raw: dict) -> str:
    """A one-on-one match's outcome, with the match points it gave in a Swiss round (a
    loss gives none, a top-cut match none to tell)."""
    text = str(MATCH_SENTENCES[raw["match"]])
    points = raw.get("points")
    if isinstance(points, int) and points:
        text += " " + ngettext(
            "It gave you %(points)s match point.", "It gave you %(points)s match points.", points
        ) % {"points": formats.localize(points)}
    return text


# A one-on-one match's result in a later mail (SPEC §11): the match, not a place at a table.
MATCH_OUTCOMES = {
    "won": gettext_lazy("Your match in %(where)s: won."),
    "lost": gettext_lazy("Your match in %(where)s: lost."),
    "drawn": gettext_lazy("Your match in %(where)s: drawn."),
}


def _result_block(result: dict) -> str:
    """One table's result carried by a later mail: the place and points (a one-on-one
    match: won, lost or drawn), each game, the games corrected before the player was told,
    the table's page."""
    params = shown({k: v for k, v in result.items() if k != "results"})
    where = params.get("where", "—")
    if result.get("match") in MATCH_OUTCOMES:
        lines = [str(MATCH_OUTCOMES[result["match"]]) % {"where": where}]
    else:
        lines = [
            _("Your result in %(where)s: place %(place)s of the table with %(points_text)s.")
            % {
                "where": where,
                "place": result.get("place") or "—",
                "points_text": params.get("points_text", "—"),
            }
        ]
    if params.get("games"):
        lines.append(params["games"])
    for fixed in result.get("corrected") or []:
        values = {"game": fixed.get("game"), "reason": fixed.get("reason") or "—"}
        lines.append("- " + _("game %(game)s was corrected: %(reason)s") % values)
    if result.get("url"):
        lines.append(result["url"])
    return "\n".join(lines)


def round_name(raw: dict) -> str:
    """ "round 2", "the final", or "before round 1" (a drop before any round)."""
    if raw.get("final"):
        return _("the final")
    if not raw.get("round"):
        return _("before round 1")
    return _("round %(round)s") % {"round": formats.localize(raw["round"])}


def where(raw: dict) -> str:
    """ "round 2, table 1, game 1" (the game only when the message is about one)."""
    values = {"round_name": round_name(raw), "table": raw["table"], "game": raw.get("game")}
    if raw.get("game"):
        return _("%(round_name)s, table %(table)s, game %(game)s") % values
    return _("%(round_name)s, table %(table)s") % values


def _date(value) -> str:
    parsed = parse_date(value) if isinstance(value, str) else None
    return formats.date_format(parsed, "DATE_FORMAT") if parsed else str(value)


def _moment(value) -> str:
    parsed = parse_datetime(value) if isinstance(value, str) else None
    if parsed is None or timezone.is_naive(parsed):
        return str(value)  # stored already formatted by an older version
    return labelled(parsed, "DATETIME_FORMAT")


def _time(value) -> str:
    parsed = parse_datetime(value) if isinstance(value, str) else None
    if parsed is None:
        return "—"
    if timezone.is_aware(parsed):
        parsed = timezone.localtime(parsed)
    return formats.time_format(parsed, "H:i")


def _entry_line(entry: dict) -> str:
    values = {
        "table": entry.get("table"),
        "game": entry.get("game"),
        "by": entry.get("by") or "—",
        "time": _time(entry.get("at")),
    }
    return "- " + _("table %(table)s, game %(game)s: entered by %(by)s at %(time)s") % values


def _ended_by(code) -> str:
    from tournament.results.models import EndedBy

    try:
        return str(EndedBy(code).label)
    except ValueError:
        return str(code)


def _change_line(change: dict) -> str:
    what = change.get("what")
    before, after = change.get("from"), change.get("to")
    if what == "winner":
        values = {"from": before or _("no winner"), "to": after or _("no winner")}
        return "- " + _("winner: %(from)s → %(to)s") % values
    if what == "ended_by":
        values = {"from": _ended_by(before), "to": _ended_by(after)}
        return "- " + _("ended by: %(from)s → %(to)s") % values
    labels = {
        "unrazed": _("unrazed realms of %(player)s: %(from)s → %(to)s"),
        "razed": _("razed realms of %(player)s: %(from)s → %(to)s"),
        "holdings": _("holdings of %(player)s: %(from)s → %(to)s"),
    }
    values = {
        "player": change.get("player") or "—",
        "from": "—" if before is None else formats.localize(before),
        "to": "—" if after is None else formats.localize(after),
    }
    return "- " + labels.get(what, labels["unrazed"]) % values


def _game_line(game: dict) -> str:
    values = {
        "game": game.get("game"),
        "winner": game.get("winner"),
        "realms": "—" if game.get("realms") is None else formats.localize(game["realms"]),
    }
    if not values["winner"]:
        return "- " + _("game %(game)s: no winner; your unrazed realms: %(realms)s") % values
    return "- " + _("game %(game)s: won by %(winner)s; your unrazed realms: %(realms)s") % values


def iso(value: dt.date | dt.datetime | None) -> str | None:
    """How a date or a moment is stored in a message's parameters."""
    return value.isoformat() if value is not None else None
