"""CrossFire's deck files (`.cfd`), read without a Tcl interpreter (pure Python).

A `.cfd` file is a short Tcl script CrossFire's deck editor writes and reads back:

    set tempDeckSize 55
    set tempDeckTitle {Forgotten Realms Hero Battle}
    set tempDeck {
       {1st 193} {RR 116} ...
    }
    set tempAltCards {...}

Nothing in it is run: the script is read as a Tcl list of `set NAME VALUE` commands. Each
card is CrossFire's `{set number}` pair, the number being CrossFire's raw number (chase cards
follow the set's regular numbers: `RR 116` is RRc/16, `1st 450` is 1stc/10). `tempDeckSize`
names CrossFire's deck format (`55`, `75AS`, `551ES`, `110`: the deck size first).
`tempAltCards` are the cards CrossFire lists as "Considering Cards" while a deck is built:
they are not part of the deck (nor a sideboard), so they are not read as cards.

A deck file becomes a typed list (`cfd_decklist_text`), one `SET/NUMBER Name` line per card
(copies counted), which the site stores and checks like any pasted list (SPEC §3).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from scoring.cards import CardIndex
from scoring.crossfire.tcl import TclError, split_list
from scoring.decklist import ParsedDeck, parse_decklist

# A deck file of 110 cards plus 150 considered cards is under 4 KB; anything far larger is
# no deck file and is refused unread.
MAX_CFD_BYTES = 64_000
MAX_CFD_CARDS = 400
_SIZE_RE = re.compile(r"^(?P<size>\d{2,3})")
_NUMBER_RE = re.compile(r"^\d{1,4}$")
_SET_RE = re.compile(r"^[A-Za-z0-9]{1,4}$")


class CfdError(ValueError):
    """A file that is not a CrossFire deck file (the message says why, in English)."""


@dataclass(frozen=True, slots=True)
class CfdDeck:
    """What a deck file holds."""

    title: str
    format_id: str  # CrossFire's deck format, e.g. "55", "75AS", "551ES"
    cards: tuple[tuple[str, str], ...]  # (set, raw number), in file order, one per copy
    considering: tuple[tuple[str, str], ...] = ()
    author: str = ""
    email: str = ""
    notes: str = ""

    @property
    def deck_size(self) -> int | None:
        """The deck size the format names (55, 75, 110), or None."""
        match = _SIZE_RE.match(self.format_id)
        if not match:
            return None
        digits = match["size"]
        # `551ES` is a 55-card format (1st edition starter), not a 551-card one.
        return 110 if digits == "110" else int(digits[:2])


def decode_cfd(data: bytes) -> str:
    """A deck file's text: CrossFire writes ISO-8859-1; UTF-8 is read too."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("iso-8859-1")


def looks_like_cfd(text: str) -> bool:
    """Whether a text is a CrossFire deck file rather than a typed list."""
    return bool(re.search(r"^\s*set\s+tempDeck\s", text, re.MULTILINE))


def read_cfd(text: str) -> CfdDeck:
    """The deck a `.cfd` script describes; CfdError when it is not one."""
    if len(text) > MAX_CFD_BYTES:
        raise CfdError(f"the file is too large for a deck file ({len(text)} characters)")
    try:
        words = split_list(text)
    except TclError as exc:
        raise CfdError(f"not a CrossFire deck file ({exc})") from exc
    if len(words) % 3:
        raise CfdError("not a CrossFire deck file (a `set` command without its value)")
    values: dict[str, str] = {}
    for i in range(0, len(words), 3):
        if words[i] != "set":
            raise CfdError(f"not a CrossFire deck file (unexpected {words[i][:40]!r})")
        values[words[i + 1]] = words[i + 2]
    if "tempDeck" not in values:
        raise CfdError("not a CrossFire deck file (no tempDeck)")
    return CfdDeck(
        title=values.get("tempDeckTitle", "").strip(),
        format_id=values.get("tempDeckSize", "").strip().upper(),
        cards=_pairs(values["tempDeck"]),
        considering=_pairs(values.get("tempAltCards", "")),
        author=values.get("tempAuthorName", "").strip(),
        email=values.get("tempAuthorEmail", "").strip(),
        notes=values.get("tempNotes", ""),
    )


def _pairs(value: str) -> tuple[tuple[str, str], ...]:
    """`{1st 193} {RR 116}` → (("1st", "193"), ("RR", "116"))."""
    try:
        items = split_list(value)
    except TclError as exc:
        raise CfdError(f"the card list is not a Tcl list ({exc})") from exc
    if len(items) > MAX_CFD_CARDS:
        raise CfdError(f"too many cards ({len(items)}, at most {MAX_CFD_CARDS})")
    pairs: list[tuple[str, str]] = []
    for item in items:
        try:
            parts = split_list(item)
        except TclError as exc:
            raise CfdError(f"a card is not a {{set number}} pair ({exc})") from exc
        if len(parts) < 2 or not _SET_RE.match(parts[0]) or not _NUMBER_RE.match(parts[1]):
            raise CfdError(f"a card is not a {{set number}} pair: {{{item[:40]}}}")
        pairs.append((parts[0], str(int(parts[1]))))
    return tuple(pairs)


def cfd_decklist_text(deck: CfdDeck, index: CardIndex) -> str:
    """The deck as a typed list: a comment with its title, then `N SET/NUMBER Name` per card
    in file order (copies counted on the first line); a pair the card data does not know is
    kept as CrossFire wrote it, `{SET NUMBER}`, so the check reports it."""
    lines = [f"# {deck.title}"] if deck.title else []
    if deck.format_id:
        lines.append(f"# CrossFire deck format {deck.format_id}")
    copies = Counter(deck.cards)
    for pair in dict.fromkeys(deck.cards):
        card = index.by_raw(*pair)
        count = f"{copies[pair]} " if copies[pair] > 1 else ""
        if card is None:
            lines.append(f"{count}{{{pair[0]} {pair[1]}}}")
        else:
            lines.append(f"{count}{card.card_id} {card.name}")
    return "\n".join(lines) + "\n"


def parse_cfd(text: str, index: CardIndex) -> ParsedDeck:
    """A deck file read as the typed list it becomes (CfdError when it is none)."""
    return parse_decklist(cfd_decklist_text(read_cfd(text), index), index)
