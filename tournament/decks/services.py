"""Decklist rules for the site: checking, saving (draft, lock, judge changes), visibility."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.cards import CardIndex
from scoring.deckformat import ALL_GROUPS, DeckFormat, Problem
from scoring.decklist import DeckEntry, ParsedDeck, parse_decklist
from scoring.deckrules import DeckReport, group_of, validate_deck
from tournament.decks.carddata import current_import_token, get_card_index
from tournament.decks.messages import group_label, render_note, render_problem
from tournament.decks.models import Decklist, DecklistChange
from tournament.decks.textnorm import normalize_decklist_text
from tournament.events.models import Event, Registration
from tournament.events.permissions import Role, player_of, role_in_event

SIDEBOARD_VARIANT = "sideboard"


@dataclass(frozen=True)
class DeckCheck:
    """A parsed and validated list: entries, sideboard, report, and where each problem is."""

    entries: tuple[DeckEntry, ...]
    sideboard: tuple[DeckEntry, ...]
    report: DeckReport
    fmt: DeckFormat
    # Problems found while reading the separate sideboard box (their lines count from 1 there).
    sideboard_problems: tuple[Problem, ...] = ()

    @property
    def problems(self) -> tuple[Problem, ...]:
        return self.report.problems

    @property
    def parse_problems(self) -> tuple[Problem, ...]:
        """Lines that did not resolve to a card (the list cannot be judged)."""
        return tuple(p for p in self.problems if p.code in PARSE_CODES)

    @property
    def is_legal(self) -> bool:
        return self.report.is_legal

    @property
    def card_count(self) -> int:
        """Cards in the main deck (dungeons included)."""
        return sum(e.count for e in self.entries)

    def messages(self) -> list[dict[str, Any]]:
        """Problems rendered in the active language, with line, box and blocking flag."""
        side = {id(p) for p in self.sideboard_problems}
        return [
            {
                "code": p.code,
                "message": render_problem(p),
                "line": p.line,
                "blocking": p.blocking,
                "sideboard": id(p) in side,
            }
            for p in self.problems
        ]

    def notes(self) -> list[str]:
        return [render_note(n, self.fmt.size) for n in self.report.notes]


PARSE_CODES = frozenset(
    {
        "unknown_card",
        "ambiguous_card",
        "unknown_number",
        "placeholder",
        "number_mismatch",
        "bad_count",
        "unknown_section",
    }
)


def deck_format_of(event: Event) -> DeckFormat:
    """The deck format an event's lists are validated against."""
    return DeckFormat(
        size=event.deck_size,
        rules=event.deck_rules,
        tournament_type=event.tournament_type,
        no_xs_digit=event.no_xs_digit,
        variants=frozenset(event.variants or ()),
    )


def format_key(event: Event) -> str:
    """Fingerprint of what a stored status depends on: the event format and the card data."""
    fmt = deck_format_of(event)
    variants = ",".join(sorted(fmt.variants))
    parts = (fmt.size, fmt.rules, fmt.tournament_type, fmt.no_xs_digit, variants)
    return "|".join(str(p) for p in parts) + "|" + (current_import_token() or "csv")


def has_sideboard(event: Event) -> bool:
    return SIDEBOARD_VARIANT in (event.variants or ())


def check_decklist(
    text: str, fmt: DeckFormat, sideboard_text: str = "", index: CardIndex | None = None
) -> DeckCheck:
    """Parse and validate a list (and its separate sideboard box) against a format."""
    index = index or get_card_index()
    main = parse_decklist(normalize_decklist_text(text, index), index)
    side = (
        parse_decklist(normalize_decklist_text(sideboard_text, index), index)
        if sideboard_text.strip()
        else ParsedDeck((), (), ())
    )
    sideboard = main.sideboard + tuple(replace(e, sideboard=True) for e in side.entries)
    report = validate_deck(main.entries, fmt, sideboard)
    problems = main.problems + side.problems + report.problems
    return DeckCheck(
        entries=main.entries,
        sideboard=sideboard,
        report=replace(report, problems=problems),
        fmt=fmt,
        sideboard_problems=side.problems,
    )


def check_for_event(event: Event, text: str, sideboard_text: str = "") -> DeckCheck:
    """Check a list against an event's format (the sideboard box only counts with the variant)."""
    return check_decklist(text, deck_format_of(event), sideboard_text)


# --- grouping for pages and the printable sheet ---


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


# --- who may see and change a list ---


def is_locked(event: Event) -> bool:
    """Lists lock once round 1 is seated (SPEC §3)."""
    return event.rounds.filter(number=1).exists()


def is_owner(user, registration: Registration) -> bool:
    player = player_of(user)
    return player is not None and registration.player_id == player.pk


def can_view_decklist(user, registration: Registration) -> bool:
    """Officials and the owner always; anyone else only after the event, when published."""
    event = registration.event
    if is_owner(user, registration) or role_in_event(user, event) >= Role.JUDGE:
        return True
    return event.status == "finished" and event.publish_decklists


def can_view_index(user, event: Event) -> bool:
    """The list of all decklists: officials; the public once finished and published."""
    if role_in_event(user, event) >= Role.JUDGE:
        return True
    return event.status == "finished" and event.publish_decklists


def can_edit_decklist(user, registration: Registration) -> bool:
    """Officials always (a reason is needed once locked); the owner until the lock."""
    if role_in_event(user, registration.event) >= Role.JUDGE:
        return True
    return is_owner(user, registration) and not is_locked(registration.event)


def reason_required(user, registration: Registration) -> bool:
    """An official's change after the lock needs a reason (players cannot change it then)."""
    return is_locked(registration.event) and role_in_event(user, registration.event) >= Role.JUDGE


# --- saving ---


def _apply(decklist: Decklist, check: DeckCheck, key: str) -> None:
    """Store the validation result on the decklist (not saved)."""
    if not decklist.text.strip():
        decklist.status = Decklist.Status.MISSING
    else:
        decklist.status = Decklist.Status.LEGAL if check.is_legal else Decklist.Status.ILLEGAL
    decklist.problem_count = min(len(check.problems), 32767)
    decklist.card_count = min(check.card_count, 32767)
    decklist.level_total = min(check.report.level_total, 32767)
    decklist.format_key = key


@transaction.atomic
def save_decklist(
    registration: Registration, user, text: str, sideboard_text: str = "", reason: str = ""
) -> tuple[Decklist, DeckCheck, bool]:
    """Save a list (illegal lists too, as drafts); returns (decklist, check, changed)."""
    event = registration.event
    role = role_in_event(user, event)
    owner = is_owner(user, registration)
    if not owner and role < Role.JUDGE:
        raise PermissionDenied(_("Only the player or the event's judges may change this list."))
    locked = is_locked(event)
    if locked and role < Role.JUDGE:
        raise ValidationError(
            _("Decklists are locked: round 1 has been seated. Ask a judge to change your list.")
        )
    reason = reason.strip()
    if locked and not reason:
        raise ValidationError(_("A change after the lock needs a reason."))
    text = text.replace("\r\n", "\n").strip()
    sideboard_text = sideboard_text.replace("\r\n", "\n").strip() if has_sideboard(event) else ""
    decklist, _created = Decklist.objects.select_for_update().get_or_create(
        registration=registration
    )
    check = check_for_event(event, text, sideboard_text)
    before, before_side = decklist.text, decklist.sideboard_text
    changed = (before, before_side) != (text, sideboard_text)
    decklist.text, decklist.sideboard_text = text, sideboard_text
    _apply(decklist, check, format_key(event))
    if changed:
        decklist.updated_by = player_of(user)
    decklist.save()
    if changed:
        DecklistChange.objects.create(
            decklist=decklist,
            changed_by=player_of(user),
            reason=reason,
            locked=locked,
            before_text=before,
            after_text=text,
            before_sideboard=before_side,
            after_sideboard=sideboard_text,
            status=decklist.status,
        )
    return decklist, check, changed


def refresh_statuses(event: Event) -> int:
    """Re-validate stored lists whose format or card data changed; returns how many."""
    key = format_key(event)
    stale = list(Decklist.objects.filter(registration__event=event).exclude(format_key=key))
    fmt = deck_format_of(event)
    for decklist in stale:
        _apply(decklist, check_decklist(decklist.text, fmt, decklist.sideboard_text), key)
    fields = ["status", "problem_count", "card_count", "level_total", "format_key"]
    Decklist.objects.bulk_update(stale, fields)
    return len(stale)


def decklist_status(registration: Registration) -> str:
    """`legal`, `illegal` or `missing` for one registration (re-checked if stale)."""
    decklist = Decklist.objects.filter(registration=registration).first()
    if decklist is None:
        return Decklist.Status.MISSING
    if decklist.format_key != format_key(registration.event):
        refresh_statuses(registration.event)
        decklist.refresh_from_db()
    return decklist.status


# --- the printable sheet (used by the printing app) ---


def decklist_for_print(registration: Registration) -> dict[str, Any] | None:
    """Plain context for the decklist sheet, or None when the player has no list."""
    decklist = Decklist.objects.filter(registration=registration).first()
    if decklist is None or not decklist.text.strip():
        return None
    event = registration.event
    check = check_for_event(event, decklist.text, decklist.sideboard_text)
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
        "problems": [m["message"] for m in check.messages()],
    }
    if check.sideboard:
        context["sideboard"] = group_entries(check.sideboard)
    return context
