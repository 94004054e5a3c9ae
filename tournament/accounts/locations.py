"""Countries and regions as data: reading a country typed as free text, and the names shown.

Countries are ISO 3166-1 codes (django-countries, names translated per language); regions
are `Region` rows under a country. `country_code` reads what people typed before the codes
(names in English or Portuguese, codes, common aliases); `map_locations` is the one-off move
of the free-text columns, run by the data migration `0006_map_locations`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from functools import cache

from django.utils import translation
from django_countries import countries

# Names the country lists do not spell that way (folded: see `fold`), in English and
# Portuguese. The lists themselves give every ISO name in English and, when the
# django-countries catalogue is loaded, in Brazilian Portuguese.
COUNTRY_ALIASES = {
    "america": "US",
    "estados unidos": "US",
    "estados unidos da america": "US",
    "eua": "US",
    "eeuu": "US",
    "united states": "US",
    "united states of america": "US",
    "us": "US",
    "usa": "US",
    "brasil": "BR",
    "republica federativa do brasil": "BR",
    "canada": "CA",
    "uk": "GB",
    "england": "GB",
    "inglaterra": "GB",
    "scotland": "GB",
    "escocia": "GB",
    "wales": "GB",
    "great britain": "GB",
    "gra bretanha": "GB",
    "reino unido": "GB",
    "alemanha": "DE",
    "espanha": "ES",
    "franca": "FR",
    "italia": "IT",
    "holland": "NL",
    "holanda": "NL",
    "paises baixos": "NL",
    "belgica": "BE",
    "suica": "CH",
    "suecia": "SE",
    "noruega": "NO",
    "dinamarca": "DK",
    "finlandia": "FI",
    "irlanda": "IE",
    "polonia": "PL",
    "grecia": "GR",
    "russia": "RU",
    "japao": "JP",
    "china": "CN",
    "coreia do sul": "KR",
    "south korea": "KR",
    "korea": "KR",
    "mexico": "MX",
    "argentina": "AR",
    "uruguai": "UY",
    "paraguai": "PY",
    "peru": "PE",
    "colombia": "CO",
    "australia": "AU",
    "nova zelandia": "NZ",
    "africa do sul": "ZA",
    "czech republic": "CZ",
    "republica tcheca": "CZ",
    "tchequia": "CZ",
}

# The languages whose country names are read (the site's languages).
NAME_LANGUAGES = ("en", "pt-br")

_NOT_WORD = re.compile(r"[^a-z0-9]+")


def fold(text: str) -> str:
    """Lower case, no accents, punctuation as spaces: "U.S.A." → "u s a", "Canadá" → "canada"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(_NOT_WORD.sub(" ", plain).split())


@cache
def _names(language: str) -> dict[str, str]:
    """Folded country name → code, as the lists spell the names in that language."""
    with translation.override(language):
        return {fold(str(name)): code for code, name in countries}


def country_code(text: str) -> str:
    """The ISO 3166-1 alpha-2 code of a country typed as text, or "" when it is not one.

    Tried in order: a two- or three-letter code ("BR", "bra"), the alias table, the country
    names in each of `NAME_LANGUAGES`, django-countries' own name lookup (older names too).
    Case, accents, dots and extra spaces are ignored."""
    folded = fold(text or "")
    if not folded:
        return ""
    compact = folded.replace(" ", "")
    if len(compact) in (2, 3) and compact.isalpha():
        code = countries.alpha2(compact)
        if code:
            return code
    for key in (folded, compact):
        if key in COUNTRY_ALIASES:
            return COUNTRY_ALIASES[key]
    for language in NAME_LANGUAGES:
        code = _names(language).get(folded)
        if code:
            return code
    return countries.by_name(text.strip()) or ""


def country_name(code: str) -> str:
    """The country's name in the active language ("" for no country)."""
    return countries.name(code) if code else ""


def country_names() -> dict[str, str]:
    """Code → name in the active language, for every country (cached per language by
    django-countries): for tables that name many rows' countries."""
    return dict(countries)


def sorted_by_name(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """(value, name) pairs in the order of the names, ignoring case and accents."""
    return sorted(pairs, key=lambda pair: (fold(str(pair[1])), str(pair[1])))


def unmapped_note(country: str, region: str) -> str:
    """What the player had typed, kept when no country could be read from it."""
    return ", ".join(part for part in (region.strip(), country.strip()) if part)


def map_locations(
    Player, Region, old_country: str, old_region: str, new_region: str
) -> tuple[int, list[str]]:
    """Move every player's free-text country and region to a code and a `Region` row.

    `Player` and `Region` are the models (historical ones in the migration); the names say
    which columns hold the old texts and which foreign key receives the region. A region
    whose country could be read becomes a `Region` row under it (one row per country and
    name, ignoring case and accents; the first spelling met is kept); what could not be read
    stays in `Player.location_note`. Returns how many players had a location and the notes
    left (in player-number order)."""
    regions: dict[tuple[str, str], object] = {
        (str(r.country), fold(r.name)): r for r in Region.objects.all()
    }
    located, unmapped = 0, []
    rows = Player.objects.exclude(**{old_country: "", old_region: ""})
    for player in rows.order_by("player_number").iterator():
        country_text = getattr(player, old_country) or ""
        region_text = (getattr(player, old_region) or "").strip()
        located += 1
        code = country_code(country_text)
        region = None
        if code and region_text:
            key = (code, fold(region_text))
            if key not in regions:
                regions[key] = Region.objects.create(country=code, name=region_text[:60])
            region = regions[key]
        note = "" if code else unmapped_note(country_text, region_text)
        setattr(player, old_country, code)
        setattr(player, new_region, region)
        player.location_note = note
        player.save(update_fields=[old_country, new_region, "location_note"])
        if note:
            unmapped.append(note)
    return located, unmapped


def summary(located: int, unmapped: list[str], examples: int = 3) -> str:
    """One line for the migration's output: how many were mapped, how many not, examples."""
    line = f"Player locations: {located - len(unmapped)} of {located} mapped to a country"
    if unmapped:
        shown = ", ".join(repr(note) for note in unmapped[:examples])
        line += (
            f"; {len(unmapped)} not (e.g. {shown}), kept in location_note:"
            " see `manage.py unmapped_locations`"
        )
    return line


def choices_with_country(regions: Iterable, value: Callable) -> list[tuple[str, RegionLabel]]:
    """(value, label) choices of regions whose labels carry their country (`RegionLabel`)."""
    return [(value(r), RegionLabel(r.name, r.country)) for r in regions]


class RegionLabel(str):
    """A region's name as a choice label that knows the region's country: `RegionSelect`
    writes it as the option's `data-country` (the page shows the chosen country's regions)."""

    country: str

    def __new__(cls, name: str, country) -> RegionLabel:
        label = super().__new__(cls, name)
        label.country = str(country)
        return label
