"""A checked list shaped for reading: grouped by construction group (pages, the API, the
printable sheet), line by line as written, and the plain context of the printed decklist
sheet (used by the printing app)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext_lazy

from scoring.deckformat import ALL_GROUPS
from scoring.decklist import (
    LINE_CARD,
    LINE_COMMENT,
    LINE_HEADER,
    LINE_HEADING,
    LINE_PROBLEM,
    LINE_TITLE,
    LINE_TOTAL,
    DeckEntry,
    item_label,
)
from scoring.deckrules import group_of
from tournament.core.issues import deck_message, group_label
from tournament.decks.models import Decklist
from tournament.decks.services.checking import DeckCheck, check_stored
from tournament.decks.services.swaps import swaps_for_print
from tournament.events.models import Registration


def group_entries(entries: Iterable[DeckEntry]) -> list[dict[str, Any]]:
    """Rows grouped by construction group in table order, same printing lines merged."""
    groups: dict[str, dict[str, dict[str, Any]]] = {}
    for entry in entries:
        card = entry.card
        rows = groups.setdefault(group_of(card), {})
        row = rows.get(card.card_id)
        if row is None:
            rows[card.card_id] = {
                "count": entry.count,
                "name": card.name,
                "card_id": card.card_id,
                "type": card.type,
                "level": card.level_text,
                "world": card.world if card.world not in ("None", "") else "",
                "avatar": card.is_avatar,
                "identity": card.identity_key,
                # Only when the operator imported texts (a CrossFire checkout, or a data
                # folder with texts): the shipped facts have none.
                "text": card.text,
            }
        else:
            row["count"] += entry.count
    order = [g for g in ALL_GROUPS if g in groups] + [g for g in groups if g not in ALL_GROUPS]
    return [
        {
            "group": group,
            "type": group_label(group),
            "rows": list(groups[group].values()),
            "total": sum(r["count"] for r in groups[group].values()),
        }
        for group in order
    ]


# What each kind of line shows where it names no card itself.
LINE_LABELS = {
    LINE_HEADING: gettext_lazy("heading"),
    LINE_TITLE: gettext_lazy("title of the list"),
    LINE_TOTAL: gettext_lazy("total"),
    LINE_COMMENT: gettext_lazy("comment"),
    LINE_HEADER: gettext_lazy("CrossFire's header"),
    LINE_PROBLEM: gettext_lazy("not read"),
}


def written_rows(check: DeckCheck) -> list[dict[str, Any]]:
    """The main list as written, line by line: what the player wrote, what it became (the
    card or cards with number, type and level, and the note when a rule read it: first
    words, article, language, near number), or the kind of line it is (SPEC §3: every line
    ends as a card, a heading, a title or a reported problem)."""
    pasted = check.text.splitlines()
    cards: dict[int, list[DeckEntry]] = {}
    for entry in (*check.entries, *check.sideboard[: check.main_sideboard]):
        if entry.line is not None:
            cards.setdefault(entry.line, []).append(entry)
    side_problems = {id(p) for p in check.sideboard_problems}
    problems: dict[int, list[str]] = {}
    for found in check.problems:
        if found.line is not None and id(found) not in side_problems:
            problems.setdefault(found.line, []).append(deck_message(found))
    kinds = dict(check.lines)
    rows = []
    for line, written in enumerate(pasted, start=1):
        if not written.strip():
            continue
        # A line the tidying step blanked (`//`, `;` comments) is a comment too.
        kind = kinds.get(line, LINE_COMMENT)
        entries = cards.get(line, [])
        rows.append(
            {
                "line": line,
                "written": written.strip(),
                "kind": kind,
                "label": "" if kind == LINE_CARD else str(LINE_LABELS.get(kind, "")),
                "cards": [
                    {
                        "count": e.count,
                        "name": e.card.name,
                        "card_id": e.card.card_id,
                        "type": e.card.type,
                        "level": e.card.level_text if e.card.is_champion else "",
                        "note": deck_message(e.note) if e.note else "",
                    }
                    for e in entries
                ],
                "problems": problems.get(line, []),
            }
        )
    return rows


def decklist_for_print(registration: Registration) -> dict[str, Any] | None:
    """Plain context for the decklist sheet, or None when the player has no list."""
    decklist = Decklist.objects.filter(registration=registration).first()
    if decklist is None or not decklist.text.strip():
        return None
    event = registration.event
    check = check_stored(decklist, event)
    groups = [
        {
            "type": g["type"],
            "rows": [
                {k: r[k] for k in ("count", "name", "card_id", "level", "world")} for r in g["rows"]
            ],
            "total": g["total"],
        }
        for g in group_entries(check.entries)
    ]
    context: dict[str, Any] = {
        "player": registration.player,
        "event": event,
        "groups": groups,
        "total": check.card_count,
        "level_total": check.report.level_total,
        "is_legal": check.is_legal,
        "problems": [_with_items(m) for m in check.messages()],
        "unresolved": unresolved_lines(decklist.text, check),
        "unresolved_cards": check.unresolved_cards,
        # The lines a rule read (first words, article, language, near number): what the
        # player wrote beside the card it is, for the deck check.
        "read_as": [
            {"line": row["line"], "written": row["written"], **card}
            for row in written_rows(check)
            for card in row["cards"]
            if card["note"]
        ],
    }
    if check.sideboard:
        context["sideboard"] = group_entries(check.sideboard)
    # The sheet prints these too ({% sideboard_record %}); here so a document fingerprint
    # built from this context changes when a swap is recorded.
    context["sideboard_record"] = swaps_for_print(registration)
    return context


def _with_items(message: dict[str, Any]) -> str:
    """A problem as one printed line: its message, then each card it offers after a dash
    (never joined with commas: card names contain commas)."""
    items = [f"– {item_label(item)}" for item in message["items"]]
    return " ".join([message["message"], *items])


def unresolved_lines(text: str, check: DeckCheck) -> list[dict[str, Any]]:
    """The main deck's lines that named no card, as pasted: the printed sheet lists them so
    a deck check sees every card the player meant to register."""
    pasted = text.splitlines()
    side = {id(p) for p in check.sideboard_problems}
    numbers = sorted(
        {
            p.line
            for p in check.parse_problems
            if id(p) not in side and p.line is not None and 0 < p.line <= len(pasted)
        }
    )
    return [{"line": n, "text": pasted[n - 1].strip()} for n in numbers]
