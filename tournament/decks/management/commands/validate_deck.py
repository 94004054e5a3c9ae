"""`manage.py validate_deck`: check a decklist file (a text list, a CrossFire `.cfd` or a
LackeyCCG `.dek` deck file) against a format; JSON out, exit 0/1/2."""

import json
import sys
from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from scoring.cards import load_card_index
from scoring.deckformat import (
    COMMUNITY_EDITION,
    DECK_RULES,
    DECK_RULES_ALIASES,
    DECK_SIZES,
    RULES_EDITIONS,
    TOURNAMENT_TYPES,
    VARIANTS,
    DeckFormat,
)
from scoring.decklist import item_label
from scoring.deckrules import group_of
from tournament.core.issues import deck_message
from tournament.decks.carddata import get_card_index
from tournament.decks.services.checking import (
    MAX_UPLOAD_BYTES,
    DeckCheck,
    check_decklist,
    decklist_from_file,
)

# Deck rules with a deck size of their own: the size when --size is not given.
RULES_SIZES = {"blitz": 25}

EXIT_LEGAL, EXIT_ILLEGAL, EXIT_UNREADABLE = 0, 1, 2
# Four bytes per character at most (UTF-8): anything larger cannot be a list the parser takes.
MAX_FILE_BYTES = MAX_UPLOAD_BYTES


def report_json(check: DeckCheck) -> dict:
    """The JSON document printed for one checked list."""
    messages = check.messages()
    cards = [
        {
            "line": e.line,
            "count": e.count,
            "name": e.card.name,
            "card_id": e.card.card_id,
            "type": e.card.type,
            "group": group_of(e.card),
            "level": e.card.level_text,
            "world": e.card.world,
            "avatar": e.card.is_avatar,
            "sideboard": e.sideboard,
            # What the player wrote, and how a rule read it (first words, language …).
            "written": e.written,
            "note": deck_message(e.note) if e.note else "",
        }
        for e in (*check.entries, *check.sideboard)
    ]
    return {
        "is_legal": check.is_legal and not check.parse_problems,
        "resolved": not check.parse_problems,
        "format": {
            "size": check.fmt.size,
            "rules": check.fmt.rules,
            "tournament_type": check.fmt.tournament_type,
            "digit": check.fmt.no_xs_digit,
            "variants": sorted(check.fmt.variants),
            "rules_edition": check.fmt.rules_edition,
        },
        "problems": [
            {
                **{k: m[k] for k in ("code", "message", "line", "blocking")},
                # The cards a problem offers (suggestions or choices), one item each.
                "suggestions": m["items"],
            }
            for m in messages
        ],
        "counts": dict(check.report.counts),
        "total": check.card_count,
        "sideboard_total": sum(e.count for e in check.sideboard),
        "level_total": check.report.level_total,
        "notes": check.notes(),
        "cards": cards,
        "title": check.title,
    }


class Command(BaseCommand):
    help = (
        "Validate a decklist file. Prints JSON; exit 0 legal, 1 illegal, 2 when the file "
        "cannot be read or some line does not name exactly one card."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "file",
            help="decklist text file or deck file (CrossFire .cfd, LackeyCCG .dek); '-' reads "
            "standard input",
        )
        parser.add_argument(
            "--size",
            type=int,
            choices=DECK_SIZES,
            default=None,
            help="deck size (default 55; 25 with --rules blitz)",
        )
        parser.add_argument(
            "--rules", default="community", choices=[*DECK_RULES, *DECK_RULES_ALIASES]
        )
        parser.add_argument("--tournament-type", default="championship", choices=TOURNAMENT_TYPES)
        parser.add_argument("--digit", type=int, default=None, help="X of a No-Xs tournament")
        parser.add_argument(
            "--variant", action="append", default=[], choices=VARIANTS, dest="variants"
        )
        parser.add_argument("--rules-edition", default=COMMUNITY_EDITION, choices=RULES_EDITIONS)
        parser.add_argument(
            "--sideboard", default=None, help="a separate file with the sideboard cards"
        )
        parser.add_argument(
            "--no-sideboard",
            action="store_true",
            help="the player declares he plays without a sideboard (Sideboard variant)",
        )
        parser.add_argument(
            "--data-dir", default=None, help="read cards from this CSV directory, not the DB"
        )

    def handle(self, *args, **options):
        try:
            fmt = DeckFormat(
                size=options["size"] or RULES_SIZES.get(options["rules"], 55),
                rules=options["rules"],
                tournament_type=options["tournament_type"],
                no_xs_digit=options["digit"],
                variants=frozenset(options["variants"]),
                rules_edition=options["rules_edition"],
            )
        except ValueError as exc:
            raise CommandError(f"invalid format: {exc}", returncode=EXIT_UNREADABLE) from exc
        index = load_card_index(Path(options["data_dir"])) if options["data_dir"] else None
        index = index or get_card_index()
        text = self._read(options["file"], index)
        side = self._read(options["sideboard"], index) if options["sideboard"] else ""
        check = check_decklist(text, fmt, side, index, sideboard_opt_out=options["no_sideboard"])
        if not check.entries and not check.sideboard and not check.parse_problems:
            self._fail(f"{options['file']}: no card lines found")
        document = report_json(check)
        self.stdout.write(json.dumps(document, ensure_ascii=False, indent=2))
        if check.parse_problems:
            for problem in document["problems"]:
                if problem["code"] in {p.code for p in check.parse_problems}:
                    self.stderr.write(problem["message"])
                    for item in problem["suggestions"]:
                        self.stderr.write(f"  - {item_label(item)}")
            sys.exit(EXIT_UNREADABLE)
        sys.exit(EXIT_LEGAL if check.is_legal else EXIT_ILLEGAL)

    def _read(self, name: str, index) -> str:
        """The file's list; a file far larger than any list is refused unread. A deck file
        (CrossFire .cfd, LackeyCCG .dek; also recognised by its content on standard input) is
        read as the typed list it stands for."""
        try:
            if name == "-":
                data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
                if len(data) > MAX_FILE_BYTES:
                    self._fail(f"standard input: more than {MAX_FILE_BYTES} bytes")
                name_for_type = "-"
            else:
                if Path(name).stat().st_size > MAX_FILE_BYTES:
                    self._fail(f"{name}: more than {MAX_FILE_BYTES} bytes")
                data = Path(name).read_bytes()
                deck_file = Path(name).suffix.lower() in (".cfd", ".dek")
                name_for_type = Path(name).name if deck_file else "-"
        except OSError as exc:
            self._fail(f"cannot read {name}: {exc.strerror or exc}")
            return ""
        try:
            return decklist_from_file(name_for_type, data, index)
        except ValidationError as exc:
            self._fail(f"{name}: {' '.join(exc.messages)}")
        return ""

    def _fail(self, message: str) -> None:
        raise CommandError(message, returncode=EXIT_UNREADABLE)
