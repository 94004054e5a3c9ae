"""`python -m scoring.crossfire CROSSFIRE_DIR OUT_DIR [--texts]`: write the card facts folder.

Reads a checkout of the CrossFire deck editor (github spellfire/CrossFire) and writes
sets.csv, cards.csv, card_identities.csv, cards_international.csv, placeholders.csv,
types.csv, worlds.csv and attributes.csv to OUT_DIR. Card texts (`text`, `blueline`) are
left out unless `--texts` is given (they are TSR / Wizards of the Coast material: never
commit such a folder).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scoring.crossfire.database import convert, write_facts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring.crossfire", description=__doc__)
    parser.add_argument("crossfire_dir", type=Path, help="a CrossFire checkout")
    parser.add_argument("out_dir", type=Path, help="the folder to write (e.g. carddata)")
    parser.add_argument(
        "--texts", action="store_true", help="also write the card texts (not for the repository)"
    )
    args = parser.parse_args(argv)
    if not (args.crossfire_dir / "Scripts" / "CommonV.tcl").is_file():
        parser.error(f"{args.crossfire_dir} is not a CrossFire checkout (no Scripts/CommonV.tcl)")
    facts = convert(args.crossfire_dir)
    written = write_facts(facts, args.out_dir, texts=args.texts)
    for name, count in written.items():
        print(f"{name}: {count} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
