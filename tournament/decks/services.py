"""Decklist rules for the site: checking, saving (draft, lock, judge changes), visibility."""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.cards import CardIndex
from scoring.cfd import CfdError, cfd_decklist_text, decode_cfd, looks_like_cfd, read_cfd
from scoring.deckformat import ALL_GROUPS, COMMUNITY_EDITION, DeckFormat, Problem
from scoring.decklist import (
    LINE_CARD,
    LINE_COMMENT,
    LINE_HEADER,
    LINE_HEADING,
    LINE_PROBLEM,
    LINE_TITLE,
    LINE_TOTAL,
    MAX_DECKLIST_CHARS,
    NO_CARD_DATA_CODE,
    DeckEntry,
    ParsedDeck,
    item_label,
    no_card_data_problems,
    parse_decklist,
    suggestion_items,
    text_limit_problems,
)
from scoring.deckrules import DeckReport, apply_swap, group_of, validate_deck, validate_swap
from scoring.lackey import DekError, dek_decklist_text, looks_like_dek, read_dek
from tournament.core.happenings import announce
from tournament.core.issues import deck_message, group_label
from tournament.core.locking import lock_rows
from tournament.decks.carddata import current_import_token, get_card_index
from tournament.decks.happenings import DecklistChanged
from tournament.decks.models import DeckCheckFinding, Decklist, DecklistChange, SideboardSwap
from tournament.decks.textnorm import normalize_decklist_text
from tournament.events.choices import Status
from tournament.events.models import Bracket, DecklistsPublished, Event, Registration, Seat
from tournament.events.permissions import EventRole, player_of, role_in_event

SIDEBOARD_VARIANT = "sideboard"
# A list refused for its size is never stored, not even as a draft.
SIZE_CODES = frozenset({"text_too_long", "too_many_lines"})


@dataclass(frozen=True)
class DeckCheck:
    """A parsed and validated list: entries, sideboard, report, and where each problem is."""

    entries: tuple[DeckEntry, ...]
    sideboard: tuple[DeckEntry, ...]
    report: DeckReport
    fmt: DeckFormat
    # Problems found while reading the separate sideboard box (their lines count from 1 there).
    sideboard_problems: tuple[Problem, ...] = ()
    # Cards on lines that named no card: not in the count, which must say so.
    unresolved_cards: int = 0
    # The main box as read (a pasted deck file already its typed list), what each of its
    # non-blank lines became (`scoring.decklist.LINE_*`) and the list's title, if any.
    text: str = ""
    lines: tuple[tuple[int, str], ...] = ()
    title: str = ""
    main_sideboard: int = 0  # how many of `sideboard` come from the main box's own heading

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
    def is_unchecked(self) -> bool:
        """No card data on the site: the list could not be judged at all."""
        return any(p.code == NO_CARD_DATA_CODE for p in self.problems)

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
                "message": deck_message(p),
                "line": p.line,
                "blocking": p.blocking,
                "sideboard": id(p) in side,
                # The cards a problem offers (suggestions, an ambiguous line's choices), each
                # its own item: card names contain commas.
                "items": [dict(item) for item in suggestion_items(p)],
            }
            for p in self.problems
        ]

    def notes(self) -> list[str]:
        return [deck_message(n) for n in self.report.notes]


PARSE_CODES = frozenset(
    {
        "text_too_long",
        "too_many_lines",
        "line_too_long",
        "count_too_large",
        "unknown_card",
        "ambiguous_card",
        "unknown_number",
        "placeholder",
        "number_mismatch",
        "bad_count",
        "unknown_section",
    }
)


# A decklist file (a CrossFire .cfd or a text list): four bytes per character of the longest
# list at most (UTF-8); larger uploads are refused unread.
MAX_UPLOAD_BYTES = 4 * MAX_DECKLIST_CHARS
DECKLIST_FILE_SUFFIXES = (".cfd", ".dek", ".txt")


def decode_text(data: bytes) -> str:
    """A text file's content: UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1252
    or Latin-1 (never an error)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def deck_file_text(text: str, index: CardIndex | None = None, kind: str = "") -> str:
    """A deck file's text (CrossFire `.cfd`, LackeyCCG `.dek`; `kind` when the file's name
    says which, else recognised by its content, e.g. pasted into the text box) as its typed
    list; any other text as it is. A broken deck file raises a translated ValidationError."""
    if kind == ".cfd" or (not kind and looks_like_cfd(text)):
        try:
            deck = read_cfd(text)
        except CfdError:
            raise ValidationError(
                _("This file is not a CrossFire deck file: it has no readable tempDeck list.")
            ) from None
        return cfd_decklist_text(deck, index or get_card_index())
    if kind == ".dek" or (not kind and looks_like_dek(text)):
        try:
            dek = read_dek(text)
        except DekError as error:
            raise ValidationError(
                _("This file is not a LackeyCCG deck file (.dek) that can be read safely: %(why)s.")
                % {"why": error}
            ) from None
        return dek_decklist_text(dek, index or get_card_index())
    return text


def decklist_from_file(name: str, data: bytes, index: CardIndex | None = None) -> str:
    """The list a decklist file holds: a CrossFire deck file (.cfd) or a LackeyCCG deck file
    (.dek) becomes its typed list, a text file is its text. A bad file raises a translated
    ValidationError naming what is wrong."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise ValidationError(
            _("The file is too large: %(size)s bytes, at most %(max)s.")
            % {"size": len(data), "max": MAX_UPLOAD_BYTES}
        )
    if b"\x00" in data and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ValidationError(
            _("This file is not a text file or a deck file (CrossFire .cfd, LackeyCCG .dek).")
        )
    suffix = "." + name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if suffix and suffix not in DECKLIST_FILE_SUFFIXES:
        raise ValidationError(
            _(
                "Upload a CrossFire deck file (.cfd), a LackeyCCG deck file (.dek) or a text "
                "file (.txt), not %(suffix)s."
            )
            % {"suffix": suffix}
        )
    text = decode_cfd(data) if suffix == ".cfd" else decode_text(data)
    return deck_file_text(text, index, suffix if suffix in (".cfd", ".dek") else "")


def rules_edition_of(event: Event) -> str:
    """The event's rules edition; events without the field follow the community rules."""
    return getattr(event, "rules_edition", COMMUNITY_EDITION) or COMMUNITY_EDITION


def deck_format_of(event: Event) -> DeckFormat:
    """The deck format an event's lists are validated against."""
    return DeckFormat(
        size=event.deck_size,
        rules=event.deck_rules,
        tournament_type=event.tournament_type,
        no_xs_digit=event.no_xs_digit,
        variants=frozenset(event.variants or ()),
        rules_edition=rules_edition_of(event),
    )


def card_data_token() -> str:
    """The card data a check used: the latest import's token, or the CSV files (one query)."""
    return current_import_token() or "csv"


def format_key(event: Event, card_data: str | None = None) -> str:
    """Fingerprint of what a stored status depends on: the event format and the card data
    (`card_data_token()`, read here unless a caller keying many events passes it)."""
    fmt = deck_format_of(event)
    variants = ",".join(sorted(fmt.variants))
    parts = (fmt.size, fmt.rules, fmt.tournament_type, fmt.no_xs_digit, variants)
    parts += (fmt.rules_edition,)
    return "|".join(str(p) for p in parts) + "|" + (card_data or card_data_token())


def has_sideboard(event: Event) -> bool:
    return SIDEBOARD_VARIANT in (event.variants or ())


def check_decklist(
    text: str,
    fmt: DeckFormat,
    sideboard_text: str = "",
    index: CardIndex | None = None,
    *,
    sideboard_opt_out: bool = False,
) -> DeckCheck:
    """Parse and validate a list (and its separate sideboard box) against a format.

    Oversized text is refused before it is tidied or parsed (bounded time and memory).
    """
    too_big = text_limit_problems(text) or text_limit_problems(sideboard_text)
    if too_big:
        report = DeckReport(problems=too_big, counts={}, level_total=0)
        return DeckCheck(entries=(), sideboard=(), report=report, fmt=fmt)
    index = index or get_card_index()
    if not index.cards:
        report = DeckReport(problems=no_card_data_problems(), counts={}, level_total=0)
        return DeckCheck(entries=(), sideboard=(), report=report, fmt=fmt)
    # A .cfd or .dek pasted into the box is read as the file; a broken one is read as lines
    # (each one reported).
    with suppress(ValidationError):
        text = deck_file_text(text, index)
    main = parse_decklist(normalize_decklist_text(text, index), index)
    side = (
        parse_decklist(normalize_decklist_text(sideboard_text, index), index)
        if sideboard_text.strip()
        else ParsedDeck((), (), ())
    )
    sideboard = main.sideboard + tuple(replace(e, sideboard=True) for e in side.entries)
    report = validate_deck(main.entries, fmt, sideboard, sideboard_opt_out=sideboard_opt_out)
    problems = main.problems + side.problems + report.problems
    return DeckCheck(
        entries=main.entries,
        sideboard=sideboard,
        report=replace(report, problems=problems),
        fmt=fmt,
        sideboard_problems=side.problems,
        unresolved_cards=main.unresolved_cards,
        text=text,
        lines=main.lines,
        title=main.title,
        main_sideboard=len(main.sideboard),
    )


def check_for_event(
    event: Event, text: str, sideboard_text: str = "", sideboard_opt_out: bool = False
) -> DeckCheck:
    """Check a list against an event's format (the sideboard box only counts with the variant)."""
    return check_decklist(
        text, deck_format_of(event), sideboard_text, sideboard_opt_out=sideboard_opt_out
    )


def check_stored(decklist: Decklist, event: Event) -> DeckCheck:
    """Check a saved list as it was registered."""
    return check_for_event(
        event, decklist.text, decklist.sideboard_text, decklist.sideboard_opt_out
    )


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


# --- who may see and change a list ---


def is_locked(event: Event) -> bool:
    """Lists lock once round 1 is seated (SPEC §3)."""
    return event.rounds.filter(number=1).exists()


def is_owner(user, registration: Registration) -> bool:
    player = player_of(user)
    return player is not None and registration.player_id == player.pk


# --- which lists are public: ONE rule (pages, the API, the event menu and the metagame) ---


def public_decklist_q() -> Q:
    """The rule, as a filter on registrations: a list is public when its event is finished
    (never while it runs), the organizer published all lists or the top N (the N best final
    places as stored in `EventStanding.place`, never recomputed; players sharing place N are
    all in), the list is not empty, and its player did not keep it private."""
    published = Q(event__decklists_published=DecklistsPublished.ALL) | Q(
        event__decklists_published=DecklistsPublished.TOP,
        standing__place__lte=F("event__decklists_top"),
    )
    return (
        Q(event__status=Status.FINISHED)
        & published
        & Q(decklist__isnull=False)
        & ~Q(decklist__text="")
        & Q(decklist__hidden_by_player=False)
    )


def public_registrations(event: Event | None = None):
    """Registrations whose list anyone may read (of one event, or of every event)."""
    registrations = Registration.objects.filter(public_decklist_q())
    return registrations.filter(event=event) if event is not None else registrations


def is_public_decklist(registration: Registration) -> bool:
    """Whether anyone may read this registration's list (the rule above, for one row)."""
    if not index_is_public(registration.event):
        return False  # no query for the usual case
    return public_registrations().filter(pk=registration.pk).exists()


def index_is_public(event: Event) -> bool:
    """Whether the public may see the event's decklists page (finished, some lists published);
    which lists it shows is `public_decklist_q`."""
    return event.status == Status.FINISHED and event.decklists_published in (
        DecklistsPublished.TOP,
        DecklistsPublished.ALL,
    )


def can_view_decklist(user, registration: Registration) -> bool:
    """Officials and the owner always; anyone else only a public list."""
    event = registration.event
    if is_owner(user, registration) or role_in_event(user, event) >= EventRole.JUDGE:
        return True
    return is_public_decklist(registration)


def can_view_index(user, event: Event, role: EventRole | None = None) -> bool:
    """The list of decklists: officials (every list); the public once the event is finished
    with lists published (the public ones only: `visible_registrations`). `role`, when the
    caller already knows it, saves the lookup."""
    if index_is_public(event):
        return True
    role = role_in_event(user, event) if role is None else role
    return role >= EventRole.JUDGE


def visible_registrations(user, event: Event, role: EventRole | None = None):
    """The registrations whose list this user may read in the event's list of decklists:
    every one for officials, the public ones for anybody else (none when not published)."""
    role = role_in_event(user, event) if role is None else role
    if role >= EventRole.JUDGE:
        return Registration.objects.filter(event=event)
    if not can_view_index(user, event, role):
        return Registration.objects.none()
    return public_registrations(event)


def can_edit_decklist(user, registration: Registration) -> bool:
    """Officials always (a reason is needed once locked); the owner until the lock."""
    if role_in_event(user, registration.event) >= EventRole.JUDGE:
        return True
    return is_owner(user, registration) and not is_locked(registration.event)


def reason_required(user, registration: Registration) -> bool:
    """An official's change after the lock needs a reason (players cannot change it then)."""
    return (
        is_locked(registration.event) and role_in_event(user, registration.event) >= EventRole.JUDGE
    )


# --- saving ---


def _apply(decklist: Decklist, check: DeckCheck, key: str) -> None:
    """Store the validation result on the decklist (not saved)."""
    if not decklist.text.strip():
        decklist.status = Decklist.Status.MISSING
    elif check.is_unchecked:
        decklist.status = Decklist.Status.UNCHECKED
    else:
        decklist.status = Decklist.Status.LEGAL if check.is_legal else Decklist.Status.ILLEGAL
    decklist.problem_count = min(len(check.problems), 32767)
    decklist.card_count = min(check.card_count, 32767)
    decklist.level_total = min(check.report.level_total, 32767)
    decklist.format_key = key


@transaction.atomic
def save_decklist(
    registration: Registration,
    user,
    text: str,
    sideboard_text: str = "",
    reason: str = "",
    sideboard_opt_out: bool = False,
) -> tuple[Decklist, DeckCheck, bool]:
    """Save a list (illegal lists too, as drafts); returns (decklist, check, changed)."""
    event = registration.event
    role = role_in_event(user, event)
    owner = is_owner(user, registration)
    if not owner and role < EventRole.JUDGE:
        raise PermissionDenied(_("Only the player or the event's judges may change this list."))
    locked = is_locked(event)
    if locked and role < EventRole.JUDGE:
        raise ValidationError(
            _("Decklists are locked: round 1 has been seated. Ask a judge to change your list.")
        )
    reason = reason.strip()
    if locked and not reason:
        raise ValidationError(_("A change after the lock needs a reason."))
    too_big = text_limit_problems(text) or text_limit_problems(sideboard_text)
    if too_big:
        raise ValidationError([deck_message(p) for p in too_big])
    # A deck file pasted into the box is saved as its typed list, as if uploaded.
    text = deck_file_text(text.replace("\r\n", "\n")).strip()
    sideboard_text = sideboard_text.replace("\r\n", "\n").strip() if has_sideboard(event) else ""
    decklist, _created = lock_rows(Decklist.objects.all()).get_or_create(registration=registration)
    opt_out = sideboard_opt_out and has_sideboard(event)
    check = check_for_event(event, text, sideboard_text, opt_out)
    if any(p.code in SIZE_CODES for p in check.problems):
        raise ValidationError([deck_message(p) for p in check.problems if p.code in SIZE_CODES])
    before, before_side, before_opt_out = (
        decklist.text,
        decklist.sideboard_text,
        decklist.sideboard_opt_out,
    )
    changed = (before, before_side, before_opt_out) != (text, sideboard_text, opt_out)
    decklist.text, decklist.sideboard_text = text, sideboard_text
    decklist.sideboard_opt_out = opt_out
    _apply(decklist, check, format_key(event))
    if changed:
        decklist.updated_by = player_of(user)
    decklist.save()
    if changed:
        change = DecklistChange.objects.create(
            decklist=decklist,
            changed_by=player_of(user),
            reason=reason,
            locked=locked,
            before_text=before,
            after_text=text,
            before_sideboard=before_side,
            after_sideboard=sideboard_text,
            before_opt_out=before_opt_out,
            after_opt_out=opt_out,
            status=decklist.status,
        )
        announce(DecklistChanged(change))
    return decklist, check, changed


@transaction.atomic
def set_hidden_by_player(user, registration: Registration, hidden: bool) -> Decklist:
    """The player keeps his list private (where the organizer allows it) or shares it again.

    Only the player decides, at any time (the list itself stays locked). A private list is
    never public, even if the organizer later stops allowing it."""
    if not is_owner(user, registration):
        raise PermissionDenied(_("Only the player decides whether his list is published."))
    if hidden and not registration.event.decklist_opt_out_allowed:
        raise ValidationError(_("The organizer publishes this event's decklists."))
    decklist, _created = lock_rows(Decklist.objects.all()).get_or_create(registration=registration)
    if decklist.hidden_by_player != hidden:
        decklist.hidden_by_player = hidden
        decklist.save(update_fields=["hidden_by_player"])
    return decklist


def refresh_statuses(event: Event) -> int:
    """Re-validate stored lists whose format or card data changed; returns how many."""
    key = format_key(event)
    stale = list(Decklist.objects.filter(registration__event=event).exclude(format_key=key))
    fmt = deck_format_of(event)
    for decklist in stale:
        check = check_decklist(
            decklist.text,
            fmt,
            decklist.sideboard_text,
            sideboard_opt_out=decklist.sideboard_opt_out,
        )
        _apply(decklist, check, key)
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


# --- sideboard swaps between games (000 *Sideboard Use*) ---


@dataclass(frozen=True)
class SwapState:
    """A player's deck and sideboard before a game of a bracket, after the recorded swaps."""

    registration: Registration
    bracket: Bracket
    check: DeckCheck
    deck: tuple[DeckEntry, ...]
    sideboard: tuple[DeckEntry, ...]
    swaps: tuple[SideboardSwap, ...]

    @property
    def last_game(self) -> int:
        """The game the latest recorded swap was made before (0: none yet)."""
        recorded = [s.game_number for s in self.swaps if s.status == SideboardSwap.Status.RECORDED]
        return max(recorded, default=0)


def _card_rows(entries: Iterable[DeckEntry]) -> list[dict[str, str]]:
    """One choice per identity (the printing shown is the one the list names)."""
    seen: dict[str, dict[str, str]] = {}
    for entry in entries:
        card = entry.card
        seen.setdefault(card.identity_key, {"card_id": card.card_id, "name": card.name})
    return sorted(seen.values(), key=lambda r: r["name"].casefold())


def swap_state(registration: Registration, bracket: Bracket) -> SwapState:
    """The registered list with this bracket's recorded swaps applied, in recording order."""
    decklist = Decklist.objects.filter(registration=registration).first()
    check = check_stored(decklist, registration.event) if decklist else None
    if check is None:
        check = check_for_event(registration.event, "")
    swaps = tuple(
        SideboardSwap.objects.filter(registration=registration, bracket=bracket).select_related(
            "proposed_by", "decided_by"
        )
    )
    index = get_card_index()
    deck, side = check.entries, check.sideboard
    for swap in swaps:
        if swap.status != SideboardSwap.Status.RECORDED:
            continue
        out_card, in_card = index.by_id(swap.out_card_id), index.by_id(swap.in_card_id)
        if out_card is None or in_card is None:
            continue  # a card no longer in the data: the record stays, the state cannot use it
        moved = apply_swap(deck, side, [out_card], [in_card])
        deck, side = moved.deck, moved.sideboard
    return SwapState(registration, bracket, check, deck, side, swaps)


def swap_choices(state: SwapState) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """Cards that may go out (in the deck now) and come in (in the sideboard now)."""
    return _card_rows(state.deck), _card_rows(state.sideboard)


def seated_brackets(registration: Registration) -> list[Bracket]:
    """The brackets this player sits in, latest round first (where his swaps are made)."""
    return list(
        Bracket.objects.filter(seats__registration=registration)
        .select_related("round")
        .order_by("-round__number")
    )


def _swap_problems(
    state: SwapState, game_number: int, out_card_id: str, in_card_id: str
) -> tuple[list[str], tuple]:
    """Messages refusing a swap (empty: it is legal) and the two cards it moves."""
    event = state.registration.event
    errors: list[str] = []
    if not has_sideboard(event):
        return [_("This event does not use the Sideboard variant.")], (None, None)
    if not state.check.sideboard:
        return [_("This player registered no sideboard.")], (None, None)
    played = state.bracket.games.count()
    latest = max(played + 1, 2)
    if state.bracket.state == Bracket.State.COMPLETE:
        latest = played
    if not 2 <= game_number <= latest:
        errors.append(
            _("A swap is made before game 2 or a later game of this bracket (here: 2 to %(n)s).")
            % {"n": latest}
        )
    elif game_number < state.last_game:
        errors.append(
            _("A swap before game %(n)s is already recorded: record swaps in game order.")
            % {"n": state.last_game}
        )
    index = get_card_index()
    out_card, in_card = index.by_id(out_card_id), index.by_id(in_card_id)
    if out_card is None or in_card is None:
        errors.append(_("Choose a card going out of the deck and one coming in."))
        return errors, (out_card, in_card)
    report = validate_swap(state.deck, state.sideboard, [out_card], [in_card], state.check.fmt)
    errors += [deck_message(p) for p in report.problems if p.blocking]
    return errors, (out_card, in_card)


@transaction.atomic
def record_swap(
    user, registration: Registration, bracket: Bracket, game_number: int, out_id: str, in_id: str
) -> SideboardSwap:
    """A player proposes, or a judge records, one card out → one card in before a game."""
    event = registration.event
    official = role_in_event(user, event) >= EventRole.JUDGE
    if not official and not is_owner(user, registration):
        raise PermissionDenied(_("Only the player or the event's judges may swap these cards."))
    if not Seat.objects.filter(bracket=bracket, registration=registration).exists():
        raise ValidationError(_("This player is not seated in this bracket."))
    # One swap at a time per list: the state below is what the swap is checked against.
    lock_rows(Decklist.objects.all()).filter(registration=registration).first()
    state = swap_state(registration, bracket)
    errors, (out_card, in_card) = _swap_problems(state, game_number, out_id, in_id)
    if errors:
        raise ValidationError(errors)
    player = player_of(user)
    return SideboardSwap.objects.create(
        registration=registration,
        bracket=bracket,
        game_number=game_number,
        out_card_id=out_card.card_id,
        out_name=out_card.name,
        in_card_id=in_card.card_id,
        in_name=in_card.name,
        status=SideboardSwap.Status.RECORDED if official else SideboardSwap.Status.PROPOSED,
        proposed_by=player,
        decided_by=player if official else None,
        decided_at=timezone.now() if official else None,
    )


@transaction.atomic
def decide_swap(user, swap: SideboardSwap, accept: bool) -> SideboardSwap:
    """A judge records a player's proposed swap (checked again now) or rejects it."""
    swap = lock_rows(SideboardSwap.objects.all()).get(pk=swap.pk)
    if role_in_event(user, swap.registration.event) < EventRole.JUDGE:
        raise PermissionDenied(_("Only the event's judges decide on a proposed swap."))
    if swap.status != SideboardSwap.Status.PROPOSED:
        raise ValidationError(_("This swap was already decided."))
    if accept:
        state = swap_state(swap.registration, swap.bracket)
        errors, _cards = _swap_problems(state, swap.game_number, swap.out_card_id, swap.in_card_id)
        if errors:
            raise ValidationError(errors)
    swap.status = SideboardSwap.Status.RECORDED if accept else SideboardSwap.Status.REJECTED
    swap.decided_by, swap.decided_at = player_of(user), timezone.now()
    swap.save(update_fields=["status", "decided_by", "decided_at"])
    return swap


def swap_row(swap: SideboardSwap) -> dict[str, Any]:
    """One swap as pages and the printed sheet show it."""
    bracket = swap.bracket
    return {
        "round": bracket.round.number,
        "table": bracket.table,
        "game": swap.game_number,
        "out": f"{swap.out_name} ({swap.out_card_id})",
        "in": f"{swap.in_name} ({swap.in_card_id})",
        "status": swap.get_status_display(),
        "recorded": swap.status == SideboardSwap.Status.RECORDED,
        "proposed_by": swap.proposed_by.name if swap.proposed_by else "",
        "decided_by": swap.decided_by.name if swap.decided_by else "",
        "when": swap.decided_at or swap.created_at,
    }


def swaps_for_print(registration: Registration) -> dict[str, Any]:
    """What the decklist sheet prints under the sideboard: the opt-out and recorded swaps."""
    decklist = Decklist.objects.filter(registration=registration).first()
    swaps = (
        SideboardSwap.objects.filter(
            registration=registration, status=SideboardSwap.Status.RECORDED
        )
        .select_related("bracket__round", "proposed_by", "decided_by")
        .order_by("bracket__round__number", "game_number", "pk")
    )
    return {
        "opt_out": bool(decklist and decklist.sideboard_opt_out),
        "swaps": [swap_row(s) for s in swaps],
    }


# --- deck checks ---


def record_deck_check(
    user, registration: Registration, problem: str, penalty: str
) -> DeckCheckFinding:
    """A judge records what a deck check found and the penalty given (officials only; the
    event must have started: a deck is checked at the tables)."""
    event = registration.event
    if role_in_event(user, event) < EventRole.JUDGE:
        raise PermissionDenied(_("Only the event's judges and organizer record deck checks."))
    problem = (problem or "").strip()
    if not problem:
        raise ValidationError(_("Say what the deck check found."))
    if penalty not in DeckCheckFinding.Penalty.values:
        raise ValidationError(_("Choose the penalty given."))
    if event.status not in (Status.RUNNING, Status.FINISHED):
        raise ValidationError(_("Decks are checked once the event runs."))
    current = event.rounds.order_by("-number").values_list("number", flat=True).first()
    return DeckCheckFinding.objects.create(
        registration=registration,
        round_number=current,
        problem=problem[:1000],
        penalty=penalty,
        recorded_by=player_of(user),
    )


def deck_checks(registration: Registration) -> list[DeckCheckFinding]:
    return list(registration.deck_checks.select_related("recorded_by"))
