"""The event shorthand (000 SHORTHAND SPECIFICATIONS), built and parsed back."""

import pytest
from django.utils import translation

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
        ("SPELLFIRE: No-Xs—Standard [55]", "names its digit"),
        ("SPELLFIRE: Championship (Questing, Questing)—Standard [55]", "Variant listed twice"),
        ("Spellfire: Campeonato (Adivinha, Questing) – Padrão [55]", "Variant listed twice"),
        ("SPELLFIRE: Championship (Jokers)—Standard [55]", "Unknown variant: 'Jokers'"),
        ("SPELLFIRE: Championship—Standard [60]", "Unknown deck size: 60"),
        ("SPELLFIRE: Championship—Quick [55]", "Unknown victory condition: 'Quick'"),
    ],
)
def test_bad_shorthand_names_what_is_wrong(text, message):
    with pytest.raises(ShorthandError, match=message.replace("[", r"\[")):
        parse_shorthand(text)


# Every form the seeds print (000 SHORTHAND SPECIFICATIONS, 003 Formas de Especificação):
# (text, type, victory, size, variants, title).
SEED_FORMS = [
    (
        "SPELLFIRE® Regional Championship—Barbaric [55]",
        "championship",
        "barbaric",
        55,
        (),
        "Regional Championship",
    ),
    (
        "SPELLFIRE<sup>Æ</sup> Regional Championship—Barbaric [55]",
        "championship",
        "barbaric",
        55,
        (),
        "Regional Championship",
    ),
    (
        "SPELLFIRE<sup>Æ</sup>: King's Decree (Questing)—Enhanced [75]",
        "kings-decree",
        "enhanced",
        75,
        ("questing",),
        None,
    ),
    (
        "SPELLFIRE® World Championship—Standard [55]",
        "championship",
        "standard",
        55,
        (),
        "World Championship",
    ),
    (
        "Spellfire: Decreto do Rei (Adivinha) – Ampliadas[75]",
        "kings-decree",
        "enhanced",
        75,
        ("questing",),
        None,
    ),
    (
        "Spellfire: Campeonato Regional – Bárbaras[55]",
        "championship",
        "barbaric",
        55,
        (),
        "Campeonato Regional",
    ),
    (
        "SPELLFIRE Campeonato Mundial – padrão[55]",
        "championship",
        "standard",
        55,
        (),
        "Campeonato Mundial",
    ),
    (
        "spellfire: King's Decree (Questing)–Enhanced [75]",
        "kings-decree",
        "enhanced",
        75,
        ("questing",),
        None,
    ),
]


@pytest.mark.parametrize("text, kind, victory, size, variants, title", SEED_FORMS)
def test_every_form_the_seeds_print_is_parsed(text, kind, victory, size, variants, title):
    parsed = parse_shorthand(text)
    assert (parsed.tournament_type, parsed.victory, parsed.deck_size) == (kind, victory, size)
    assert parsed.variants == variants and parsed.title == title


def test_portuguese_form_of_003_is_printed_and_parsed_back():
    # 003 Formas de Especificação: "Spellfire: Decreto do Rei (Adivinha) – Ampliadas[75]",
    # the SPEC §2 spacing adds a space before the deck size.
    text = shorthand("kings-decree", "enhanced", 75, ["questing"], None, "pt")
    assert text == "Spellfire: Decreto do Rei (Adivinha) – Ampliadas [75]"
    assert parse_shorthand(text).tournament_type == "kings-decree"
    no_nines = shorthand("no-xs", "standard", 55, [], 9, "pt")
    assert no_nines == "Spellfire: Sem 9 – Padrão [55]"  # 003 Sem X: 'Por exemplo "Sem 9"'
    assert parse_shorthand(no_nines).digit == 9


def test_no_xs_shows_its_digit_and_parses_back():
    text = shorthand("no-xs", "standard", 55, [], 9)
    assert text == "SPELLFIRE: No-9s—Standard [55]"  # SPEC §2
    assert parse_shorthand(text).digit == 9


@pytest.mark.parametrize(
    "language, expected",
    [
        ("en", "SPELLFIRE: King&#x27;s Decree (Questing)—Enhanced [75]"),
        ("pt-br", "Spellfire: Decreto do Rei (Adivinha) – Ampliadas [75]"),
    ],
)
def test_event_shows_its_shorthand(client, event, language, expected):
    event.tournament_type = "kings-decree"
    event.victory = "enhanced"
    event.deck_size = 75
    event.variants = ["questing"]
    event.save()
    with translation.override("en"):  # the request's language does not outlive the test
        page = client.get(event.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language)
    assert expected in page.content.decode()


def test_a_regra_5_event_prints_the_portuguese_shorthand(event):
    # SPEC §2: for regra-5.0 events "the shorthand is printed in Portuguese".
    event.rules_edition = "regra-5.0"
    event.victory = "barbaric"
    with translation.override("en"):
        assert event.shorthand == "Spellfire: Campeonato – Bárbaras [55]"
        event.rules_edition = "community-0.9"
        assert event.shorthand == "SPELLFIRE: Championship—Barbaric [55]"


def test_event_form_offers_the_rules_edition():
    from tournament.events.forms import EventForm

    field = EventForm().fields["rules_edition"]
    assert [value for value, _label in field.choices] == ["community-0.9", "regra-5.0"]
