"""The site's check (`decks.services.checking.check_decklist`: the pasted text tidied,
then parsed) gives CrossFire's printed deck the same cards and verdict as its `.cfd` file
uploaded, for all 46 sample decks of CrossFire (SPEC §3; fixtures:
tests/scoring/decks/crossfire)."""

from collections import Counter
from pathlib import Path

import pytest

from scoring.cards import default_card_index
from scoring.cfd import decode_cfd, read_cfd
from scoring.deckformat import DeckFormat
from tournament.decks.services.checking import check_decklist, decklist_from_file

FIXTURES = Path(__file__).resolve().parents[1] / "scoring" / "decks" / "crossfire"
DECKS = sorted(p.name.removesuffix(".cfd") for p in FIXTURES.glob("*.cfd"))


@pytest.fixture(scope="module")
def index():
    return default_card_index()


def cards(check):
    return Counter(e.card.card_id for e in check.entries for _ in range(e.count))


@pytest.mark.parametrize("name", DECKS)
def test_pasted_print_and_uploaded_cfd_agree_on_the_site(index, name):
    data = (FIXTURES / f"{name}.cfd").read_bytes()
    deck = read_cfd(decode_cfd(data))
    fmt = DeckFormat(deck.deck_size, rules="tav" if deck.format_id == "55TAV" else "community")
    uploaded = check_decklist(decklist_from_file(f"{name}.cfd", data, index), fmt, index=index)
    pasted = check_decklist((FIXTURES / f"{name}.printed.txt").read_text("utf-8"), fmt, index=index)
    typed = check_decklist((FIXTURES / f"{name}.typed.txt").read_text("utf-8"), fmt, index=index)
    for check in (uploaded, pasted, typed):
        assert check.parse_problems == (), [p.message for p in check.problems]
    assert cards(pasted) == cards(uploaded) == cards(typed)
    verdicts = [(c.is_legal, [p.code for p in c.problems]) for c in (pasted, uploaded, typed)]
    assert verdicts[0] == verdicts[1] == verdicts[2]
