"""CrossFire's own sample decks (all 46 of its `Decks/**.cfd`), read three ways: the `.cfd`
file, the text CrossFire's "Print Deck" writes for it, and a typed `SET/NUM Name` list. SPEC §3:
the printed deck and the deck file are read as they are written, so each deck gets the same
cards and the same verdict whichever of the three a player hands in.

The fixtures are made by `decks/crossfire/make_fixtures.py` from a CrossFire checkout."""

from collections import Counter
from pathlib import Path

import pytest

from scoring.cards import default_card_index
from scoring.cfd import decode_cfd, parse_cfd, read_cfd
from scoring.deckformat import DeckFormat
from scoring.decklist import parse_decklist
from scoring.deckrules import validate_deck

FIXTURES = Path(__file__).parent / "decks" / "crossfire"
DECKS = sorted(p.name.removesuffix(".cfd") for p in FIXTURES.glob("*.cfd"))


@pytest.fixture(scope="module")
def index():
    return default_card_index()


def test_every_sample_deck_of_crossfire_is_a_fixture():
    # The pinned CrossFire snapshot ships 46 deck files under Decks/.
    assert len(DECKS) == 46
    for name in DECKS:
        assert (FIXTURES / f"{name}.printed.txt").is_file()
        assert (FIXTURES / f"{name}.typed.txt").is_file()


def _format(name: str) -> DeckFormat:
    deck = read_cfd(decode_cfd((FIXTURES / f"{name}.cfd").read_bytes()))
    rules = "tav" if deck.format_id == "55TAV" else "community"
    return DeckFormat(size=deck.deck_size, rules=rules)


@pytest.mark.parametrize("name", DECKS)
def test_printed_cfd_and_typed_give_the_same_cards_and_verdict(index, name):
    fmt = _format(name)
    cfd = parse_cfd(decode_cfd((FIXTURES / f"{name}.cfd").read_bytes()), index)
    printed = parse_decklist((FIXTURES / f"{name}.printed.txt").read_text("utf-8"), index)
    typed = parse_decklist((FIXTURES / f"{name}.typed.txt").read_text("utf-8"), index)
    readings = {"cfd": cfd, "printed": printed, "typed": typed}
    for how, parsed in readings.items():
        assert parsed.problems == (), (how, [p.message for p in parsed.problems])
    cards = {
        how: Counter(e.card.card_id for e in p.entries for _ in range(e.count))
        for how, p in readings.items()
    }
    assert cards["printed"] == cards["cfd"] == cards["typed"]
    verdicts = {
        how: (report.is_legal, report.codes)
        for how, p in readings.items()
        for report in [validate_deck(p.entries, fmt)]
    }
    assert verdicts["printed"] == verdicts["cfd"] == verdicts["typed"], verdicts
