"""Checking a decklist: reading a pasted text or a deck file (CrossFire .cfd, LackeyCCG
.dek), parsing and validating it against an event's deck format (SPEC §3), and the
fingerprint a stored status depends on."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring.cards import CardIndex
from scoring.cfd import CfdError, cfd_decklist_text, decode_cfd, looks_like_cfd, read_cfd
from scoring.deckformat import COMMUNITY_EDITION, DeckFormat, Problem
from scoring.decklist import (
    MAX_DECKLIST_CHARS,
    NO_CARD_DATA_CODE,
    DeckEntry,
    ParsedDeck,
    no_card_data_problems,
    parse_decklist,
    suggestion_items,
    text_limit_problems,
)
from scoring.deckrules import DeckReport, validate_deck
from scoring.lackey import DekError, dek_decklist_text, looks_like_dek, read_dek
from tournament.core.issues import deck_message
from tournament.decks.carddata import current_import_token, get_card_index
from tournament.decks.models import Decklist
from tournament.decks.textnorm import normalize_decklist_text
from tournament.events.models import Event

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
