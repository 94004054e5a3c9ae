"""SPEC §3: every line ends as a card, a heading, a title or a reported problem — none is
dropped silently. Random real-looking lists (card names in every notation the parser reads,
misspellings, international names, headings, totals, titles, junk) are parsed and each
non-blank line is checked to have an outcome that is backed by what the parser returned."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.cards import default_card_index
from scoring.decklist import (
    LINE_CARD,
    LINE_COMMENT,
    LINE_HEADER,
    LINE_HEADING,
    LINE_PROBLEM,
    LINE_TITLE,
    LINE_TOTAL,
    parse_decklist,
)

INDEX = default_card_index()
OFFICIAL = [c for c in INDEX.cards if not c.is_fan_set]
INTERNATIONAL = ["Eauprofonde", "La Caravane", "Die Karawane", "A Caravana", "Ilhas MoonShae"]
HEADINGS = ["Realms:", "Realm (3)", "## Artifacts (2 Cards)", "Sideboard:", "Champions", "Reinos:"]
TOTALS = ["Total Cards: 55", "55 cards", "Total: 12"]
JUNK = [
    "Deck do Zé — Campeão Carioca",
    "my favourite deck!!",
    "???",
    "lol",
    "x" * 250,
    "0 Waterdeep",
]
SETS = ["1st Ed.", "2nd Ed.", "For. Realms", "Runes & Ruins Chase", "3rd Edition", "UnderDark"]


@st.composite
def card_lines(draw) -> str:
    card = draw(st.sampled_from(OFFICIAL))
    name = card.name
    form = draw(st.integers(0, 8))
    if form == 1:
        return f"{draw(st.integers(1, 4))} {name}"
    if form == 2:
        return f"{name} ({card.card_id})"
    if form == 3:
        return f"{card.number} {draw(st.sampled_from(SETS))} {name}"  # a web table's row
    if form == 4:
        return name[:-1] + draw(st.sampled_from("zqx"))  # a misspelling
    if form == 5:
        return " ".join(name.split()[:1])  # its first word
    if form == 6:
        return f"{name}, {draw(st.sampled_from(SETS))}"
    if form == 7:
        return f"{draw(st.integers(0, 999))} {name}"
    return name


LINES = st.one_of(
    card_lines(),
    st.sampled_from(INTERNATIONAL + HEADINGS + TOTALS + JUNK),
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=40),
    st.just(""),
)
BACKED = {LINE_CARD, LINE_HEADING, LINE_TITLE, LINE_PROBLEM, LINE_TOTAL}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINES, min_size=1, max_size=25))
def test_no_line_disappears(lines):
    text = "\n".join(line.replace("\n", " ").replace("\r", " ") for line in lines)
    parsed = parse_decklist(text, INDEX)
    outcomes = dict(parsed.lines)
    entry_lines = {e.line for e in (*parsed.entries, *parsed.sideboard)}
    problem_lines = {p.line for p in parsed.problems}
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            assert number not in outcomes
            continue
        kind = outcomes.get(number)
        assert kind is not None, (number, raw)
        if kind == LINE_COMMENT:
            assert raw.strip().startswith("#"), (number, raw)
        elif kind == LINE_HEADER:
            pass  # CrossFire's printed header: only with its `Total Cards:` line
        else:
            assert kind in BACKED, (number, raw, kind)
        if kind == LINE_CARD:
            assert number in entry_lines, (number, raw)
        if kind == LINE_PROBLEM:
            assert number in problem_lines, (number, raw)
        if kind == LINE_TITLE:
            assert number == min(n for n in outcomes) and parsed.title == raw.strip()
    # A card line's cards are all there: none counted without an entry or a problem.
    assert entry_lines | problem_lines <= set(outcomes) | {None}


def test_the_property_sees_a_dropped_line():
    # The check above would catch a parser that forgot a line: a line with no outcome.
    parsed = parse_decklist("Waterdeep\nzzzz qqqq\n", INDEX)
    assert dict(parsed.lines) == {1: LINE_CARD, 2: LINE_PROBLEM}
