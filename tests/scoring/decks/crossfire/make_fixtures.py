"""Build the CrossFire deck fixtures: every sample deck of a CrossFire checkout, as its `.cfd`
file, as the text CrossFire's "Print Deck" writes for it, and as a typed `SET/NUM Name` list.

    python tests/scoring/decks/crossfire/make_fixtures.py CROSSFIRE_DIR [CARD_DATA_DIR]

The printed text follows CrossFire's own print code (Scripts/EditorIO.tcl `Editor::Print`,
Scripts/Print.tcl in text mode, Scripts/Common.tcl `GetCardDesc`, `CenterString`,
`SplitLine`) with its default settings (Config.tcl: cards by type, champions under their
class, no card text): the title and `Total Cards:` / `Total Levels:` centred on 80 columns,
`Created by` and `Email:`, a 79-dash separator, the notes wrapped at 72 columns, then each type
heading `Type (qty)` in CrossFire's type order followed by one line per copy,
`    SET/NUM Name, (World/Level)`, sorted as Tcl's `lsort` sorts the deck.
"""

from __future__ import annotations

import re
import shutil
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[3]))

from scoring.cards import Card, CardIndex, load_card_index  # noqa: E402
from scoring.cfd import CfdDeck, decode_cfd, read_cfd  # noqa: E402

# CommonV.tcl `cardTypeInfo`: the order headings are printed in.
TYPE_ORDER = (
    "Ally",
    "Artifact",
    "Blood Ability",
    "Cleric",
    "Cleric Spell",
    "Dungeon",
    "Event",
    "Hero",
    "Holding",
    "Magical Item",
    "Monster",
    "Psionicist",
    "Psionic Power",
    "Realm",
    "Regent",
    "Rule",
    "Thief",
    "Thief Ability",
    "Unarmed Combat",
    "Wizard",
    "Wizard Spell",
)
CHAMPION_TYPES = {"Cleric", "Hero", "Monster", "Psionicist", "Regent", "Thief", "Wizard"}
# CommonV.tcl `worldInfo`: each world's short name (None and No World print none).
WORLD_SHORT = {
    "AD&D": "AD&D",
    "Birthright": "BR",
    "Dark Sun": "DS",
    "DragonLance": "DL",
    "Forgotten Realms": "FR",
    "Greyhawk": "GH",
    "Ravenloft": "RL",
    "TSR": "TSR",
}
# Formats/*/<format>.cff `Avatars 0 N`: the avatars whose levels the total leaves out.
FREE_AVATARS = {"55": 1, "551ES": 0, "55AS": 1, "55TAV": 1, "75": 1, "75AS": 1, "110": 2}


def center(text: str, width: int = 80) -> str:
    """CrossFire::CenterString."""
    text = text.strip(" ")
    return text if len(text) >= width else " " * ((width - len(text)) // 2) + text


def split_line(width: int, line: str, indent: int) -> str:
    """CrossFire::SplitLine."""
    pad = " " * indent
    lp, out = indent, pad
    for word in line.replace("\n", " \n ").split(" "):
        if word == "\n":
            out += word + pad
            lp = indent
            continue
        if lp + len(word) >= width:
            lp = indent
            word = "\n" + pad + word
        if lp > indent:
            out += " "
            lp += 1
        lp += len(word)
        out += word
    return out.rstrip() + "\n"


def description(card: Card) -> str:
    """CrossFire::GetCardDesc: `SET/NUM Name, (World/Level)`."""
    desc, world, bonus = card.name, WORLD_SHORT.get(card.world, ""), card.level_text
    if bonus:
        desc += f", ({world}/{bonus})" if world else f", ({bonus})"
    elif world:
        desc += f", ({world})"
    return f"{card.card_id} {desc}"


def level_total(cards: list[Card], free_avatars: int) -> int:
    """Editor::CalcLevelTotal: champions' first level number; the highest avatars are free."""

    def level(card: Card) -> int:
        first = card.level_text.split("/")[0]
        return int(first) if first.lstrip("+-").isdigit() else 0

    champions = [c for c in cards if c.type in CHAMPION_TYPES]
    avatars = sorted((level(c) for c in champions if c.is_avatar), reverse=True)
    return sum(level(c) for c in champions if not c.is_avatar) + sum(avatars[free_avatars:])


def printed(deck: CfdDeck, index: CardIndex) -> str:
    """The text CrossFire's Print Deck writes (text mode, default settings)."""
    pairs = sorted(deck.cards, key=lambda p: f"{p[0]} {p[1]} ")  # lsort: string order
    cards = [index.by_raw(*p) for p in pairs]
    if any(c is None for c in cards):
        raise ValueError(f"{deck.title}: a card the data does not know")
    out = [center(deck.title) + "\n\n"] if deck.title else []
    main = sum(1 for c in cards if c.type != "Dungeon")
    dungeon = " + Dungeon Card" if main < len(cards) else ""
    out.append(center(f"Total Cards: {main}{dungeon}") + "\n")
    levels = level_total(cards, FREE_AVATARS.get(deck.format_id, 1))
    out.append(center(f"Total Levels: {levels}") + "\n")
    out.append("\n")
    if deck.author:
        out.append(center(f"Created by {deck.author}") + "\n")
    if deck.email:
        out.append(center(f"Email: {deck.email}") + "\n")
    separator = "\n" + "-" * 79 + "\n\n"
    out.append(separator)
    notes = deck.notes.strip() + "\n"
    if notes != "\n":
        out.append(split_line(72, notes, 4))
        out.append(separator)
    per_type = Counter(c.type for c in cards)
    for card_type in TYPE_ORDER:
        if not per_type[card_type]:
            continue
        out.append(f"{card_type} ({per_type[card_type]})\n")
        out.extend(f"    {description(c)}\n" for c in cards if c.type == card_type)
    return "".join(out) + "\n"  # Tcl's `puts` ends the file with a newline


def typed(deck: CfdDeck, index: CardIndex) -> str:
    """The same deck typed the plain way: one `SET/NUM Name` line per copy, by name."""
    cards = sorted((index.by_raw(*p) for p in deck.cards), key=lambda c: (c.name, c.card_id))
    return "".join(f"{c.card_id} {c.name}\n" for c in cards)


def slug(relative: Path) -> str:
    """`55 Card/Standard/Sample_gencon.cfd` → `55-standard-gencon`."""
    parts = [*relative.parts[:-1], relative.stem.strip().removeprefix("Sample_")]
    text = "-".join(p.replace(" Card", "") for p in parts).lower()
    return re.sub(r"[^a-z0-9]+", "-", text.replace("&", "and")).strip("-")


def main(crossfire: Path, data_dir: Path | None) -> None:
    index = load_card_index(data_dir)
    for old in HERE.glob("*.cfd"):
        old.unlink()
    for source in sorted((crossfire / "Decks").rglob("*.cfd")):
        name = slug(source.relative_to(crossfire / "Decks"))
        shutil.copyfile(source, HERE / f"{name}.cfd")
        deck = read_cfd(decode_cfd(source.read_bytes()))
        (HERE / f"{name}.printed.txt").write_text(printed(deck, index), encoding="utf-8")
        (HERE / f"{name}.typed.txt").write_text(typed(deck, index), encoding="utf-8")
        print(name)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) > 2 else None)
