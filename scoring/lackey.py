"""LackeyCCG deck files (`.dek`), read with a hardened XML parser (pure Python).

The XML LackeyCCG's deck editor saves: one `<card>` per copy, inside a `<superzone>` named
after its part of the deck (`Deck`, `Sideboard`, …):

    <deck version="0.8">
      <meta><game>spellfire</game></meta>
      <superzone name="Deck">
        <card><name id="…">Waterdeep</name><set>1st</set></card>
      </superzone>
      <superzone name="Sideboard">…</superzone>
    </deck>

The file is read with `defusedxml`: a document type declaration, an entity (so also a
"billion laughs" payload) or an external reference is refused, never expanded or fetched;
the size is capped before parsing. A deck file becomes a typed list (`dek_decklist_text`),
which the site stores and checks like any pasted list (SPEC §3).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from scoring.cards import CardIndex

# A 110-card deck with a sideboard is ~10 KB of XML; anything far larger is no deck file.
MAX_DEK_CHARS = 64_000
MAX_DEK_CARDS = 400
_SIDEBOARD_ZONES = frozenset({"sideboard", "side", "reserva", "reservas"})
# A name or set is one line of text: control characters and newlines are no part of it.
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f]+")


class DekError(ValueError):
    """A file that is not a LackeyCCG deck file (the message says why, in English)."""


@dataclass(frozen=True, slots=True)
class DekCard:
    name: str
    set: str = ""
    card_id: str = ""  # the `id` attribute of `<name>` (the plugin's own picture id)


@dataclass(frozen=True, slots=True)
class DekDeck:
    """What a deck file holds: its zones in file order, each (zone name, cards)."""

    zones: tuple[tuple[str, tuple[DekCard, ...]], ...]
    game: str = ""


def looks_like_dek(text: str) -> bool:
    """Whether a text is a LackeyCCG deck file rather than a typed list."""
    head = text.lstrip("\ufeff \t\r\n")[:400]
    return head.startswith("<") and bool(re.search(r"<deck[\s>]", head))


def read_dek(text: str) -> DekDeck:
    """The deck a `.dek` document describes; DekError when it is none, or is unsafe."""
    if len(text) > MAX_DEK_CHARS:
        raise DekError(f"the file is too large for a deck file ({len(text)} characters)")
    if "\x00" in text:
        raise DekError("the file is binary, not XML")
    try:
        root = fromstring(text, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        name = type(exc).__name__
        raise DekError(f"the XML declares a document type or entities ({name})") from None
    except (ParseError, ValueError) as exc:
        raise DekError(f"not well-formed XML ({exc})") from None
    if root.tag != "deck":
        raise DekError(f"not a LackeyCCG deck (its root is <{root.tag[:40]}>, not <deck>)")
    zones: list[tuple[str, tuple[DekCard, ...]]] = []
    total = 0
    for zone in root.iter("superzone"):
        cards = tuple(_card(card) for card in zone.iter("card"))
        total += len(cards)
        if total > MAX_DEK_CARDS:
            raise DekError(f"too many cards (more than {MAX_DEK_CARDS})")
        zones.append((_text(zone.get("name")) or "Deck", cards))
    if not zones:
        raise DekError("not a LackeyCCG deck (no <superzone>)")
    return DekDeck(tuple(zones), _text(root.findtext("meta/game")))


def _text(value: str | None) -> str:
    return _CONTROL_RE.sub(" ", value or "").strip()


def _card(element: Element) -> DekCard:
    name = element.find("name")
    if name is None or not _text(name.text):
        raise DekError("a <card> without its <name>")
    return DekCard(_text(name.text), _text(element.findtext("set")), _text(name.get("id")))


def dek_decklist_text(deck: DekDeck, index: CardIndex) -> str:
    """The deck as a typed list: `N Name` per card (copies counted), `Name (SET)` when the
    set names one of the card's printings, the sideboard under `Sideboard:`; other zones are
    part of the deck, each after a comment naming it."""
    lines: list[str] = []
    for zone, cards in deck.zones:
        if zone.casefold() in _SIDEBOARD_ZONES:
            lines.append("Sideboard:")
        else:
            lines.append(f"# {zone}")
        copies = Counter(cards)
        for card in dict.fromkeys(cards):
            count = f"{copies[card]} " if copies[card] > 1 else ""
            lines.append(f"{count}{_typed(card, index)}")
    return "\n".join(lines) + "\n"


def _typed(card: DekCard, index: CardIndex) -> str:
    """One card as typed: its number when the plugin's id is a card number of that name,
    else its name and set when the set is one of its printings', else its name."""
    numbered = index.by_id(card.card_id) if "/" in card.card_id else None
    if numbered is not None and index.name_matches(card.name, numbered, card.card_id):
        return f"{numbered.card_id} {card.name}"
    code = index.set_code(card.set) if card.set else None
    if code:
        keys = index.match_name(card.name).keys
        if any(c.set_code == code for k in keys for c in index.printings(k)):
            return f"{card.name} ({code})"
    return card.name
