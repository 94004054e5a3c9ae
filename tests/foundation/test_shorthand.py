"""The event shorthand (000 SHORTHAND SPECIFICATIONS), built and parsed back."""

import pytest

from scoring.shorthand import ShorthandError, parse_shorthand, shorthand

CASES = [
    (
        "kings-decree",
        "enhanced",
        75,
        ["questing"],
        None,
        "SPELLFIRE: King's Decree (Questing)—Enhanced [75]",
    ),
    ("championship", "standard", 55, [], None, "SPELLFIRE: Championship—Standard [55]"),
    ("no-xs", "barbaric", 55, [], 9, "SPELLFIRE: No-9s—Barbaric [55]"),
    (
        "world-war",
        "enhanced",
        110,
        ["allies", "sideboard"],
        None,
        "SPELLFIRE: World War! (Allies, Sideboard)—Enhanced [110]",
    ),
    ("the-grind", "barbaric-newbie", 25, [], None, "SPELLFIRE: The Grind—Barbaric Newbie [25]"),
    (
        "rule-lawyers-delight",
        "standard",
        55,
        ["dungeon-discard", "melon-rule"],
        None,
        "SPELLFIRE: Rule Lawyer's Delight (The Dungeon Discard, Melon Rule)—Standard [55]",
    ),
]


@pytest.mark.parametrize("kind, victory, size, variants, digit, expected", CASES)
def test_shorthand_builds_and_parses_back(kind, victory, size, variants, digit, expected):
    text = shorthand(kind, victory, size, variants, digit)
    assert text == expected
    parsed = parse_shorthand(text)
    assert (parsed.tournament_type, parsed.victory, parsed.deck_size) == (kind, victory, size)
    assert list(parsed.variants) == variants
    assert parsed.digit == digit


@pytest.mark.parametrize(
    "text, message",
    [
        ("Championship—Standard [55]", "A shorthand looks like"),
        ("SPELLFIRE: Chess—Standard [55]", "Unknown tournament type: 'Chess'"),
        ("SPELLFIRE: Championship (Jokers)—Standard [55]", "Unknown variant: 'Jokers'"),
        ("SPELLFIRE: Championship—Standard [60]", "Unknown deck size: 60"),
        ("SPELLFIRE: Championship—Quick [55]", "Unknown victory condition: 'Quick'"),
    ],
)
def test_bad_shorthand_names_what_is_wrong(text, message):
    with pytest.raises(ShorthandError, match=message.replace("[", r"\[")):
        parse_shorthand(text)


def test_event_shows_its_shorthand(client, event):
    event.tournament_type = "kings-decree"
    event.victory = "enhanced"
    event.deck_size = 75
    event.variants = ["questing"]
    event.save()
    page = client.get(event.get_absolute_url()).content.decode()
    assert "SPELLFIRE: King&#x27;s Decree (Questing)—Enhanced [75]" in page
