"""A decklist change read as cards added and removed (the history page), not a text diff."""

from collections import Counter
from dataclasses import dataclass

from scoring.cards import CardIndex
from scoring.decklist import parse_decklist


@dataclass(frozen=True, slots=True)
class CardChange:
    """How many copies of one card (or of one unrecognised line) a change added or removed."""

    name: str
    before: int
    after: int
    sideboard: bool = False
    recognised: bool = True

    @property
    def added(self) -> bool:
        return self.after > self.before

    @property
    def copies(self) -> int:
        """Copies added or removed."""
        return abs(self.after - self.before)


Key = tuple[bool, bool, str]  # (sideboard, recognised, card id or line text)


def _counts(text: str, sideboard: bool, index: CardIndex) -> tuple[Counter, dict[Key, str]]:
    """Copies per card of one list (lines the parser could not read counted as text)."""
    parsed = parse_decklist(text, index)
    counts: Counter = Counter()
    names: dict[Key, str] = {}
    for entry in (*parsed.entries, *parsed.sideboard):
        key = (sideboard or entry.sideboard, True, entry.card.card_id)
        counts[key] += entry.count
        names[key] = f"{entry.card.name} ({entry.card.set_code} {entry.card.number})"
    lines = text.splitlines()
    for line in sorted({p.line for p in parsed.problems if p.line}):
        raw = lines[line - 1].strip()
        key = (sideboard, False, raw)
        counts[key] += 1
        names[key] = raw
    return counts, names


def card_changes(
    before: tuple[str, str], after: tuple[str, str], index: CardIndex
) -> list[CardChange]:
    """The cards whose count differs between two (main deck, sideboard) texts: main deck
    first, then the sideboard, each by name."""
    old, new = Counter(), Counter()
    names: dict[Key, str] = {}
    for (main, side), total in ((before, old), (after, new)):
        for text, sideboard in ((main, False), (side, True)):
            counts, labels = _counts(text, sideboard, index)
            total.update(counts)
            names.update(labels)
    changed = [key for key in names if old[key] != new[key]]
    changed.sort(key=lambda key: (key[0], not key[1], names[key].casefold()))
    return [
        CardChange(names[key], old[key], new[key], sideboard=key[0], recognised=key[1])
        for key in changed
    ]
