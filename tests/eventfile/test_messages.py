"""Engine issues shown on pages: every code has a translatable template equal to the engine's."""

import ast
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.urls import reverse
from django.utils import translation

from scoring.eventfile import read_event
from scoring.model import IssueCode, Plural, issue
from tests.scoring.test_engine_rules_files import NINE_ROUND_1, event, seats, two_nil
from tests.support.eventfile import sample, write
from tournament.core.issues import ISSUE_TEMPLATES, issue_line, issue_message

ROOT = Path(__file__).resolve().parents[2]
ENGINE_SOURCES = (
    "scoring/validation.py",
    "scoring/eventfile.py",
    "scoring/eventfile_base.py",
    "scoring/eventlimits.py",
    "scoring/teams.py",
    "scoring/swiss/eventfile.py",
    "scoring/swiss/validation.py",
)
BYES = Plural(
    "round %(round)s gives %(count)s bye: only the odd player out has one",
    "round %(round)s gives %(count)s byes: only the odd player out has one",
)
CATALOG = ROOT / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"


def _engine_strings() -> set[str]:
    strings: set[str] = set()
    for name in ENGINE_SOURCES:
        tree = ast.parse((ROOT / name).read_text(encoding="utf-8"))
        strings |= {
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
        }
    return strings


def english_forms(template: Any) -> tuple[str, ...]:
    """The English msgids of a site template: its one msgid, or for an ``ngettext_lazy``
    entry its singular and plural (which Django's lazy proxy keeps as keyword arguments)."""
    kw = getattr(template, "_kw", {})
    if "singular" in kw:
        return (kw["singular"], kw["plural"])
    with translation.override("en"):
        return (str(template),)


def _engine_plurals() -> set[tuple[str, str]]:
    """(singular, plural) of each `Plural(...)` the engine sources write."""
    pairs = set()
    for name in ENGINE_SOURCES:
        tree = ast.parse((ROOT / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Plural":
                pairs.add(tuple(arg.value for arg in node.args[:2]))
    return pairs


def test_every_engine_code_has_a_template_equal_to_the_engines():
    assert set(ISSUE_TEMPLATES) == set(IssueCode) - {IssueCode.SITE}
    engine = _engine_strings()
    forms = [english_forms(t) for t in ISSUE_TEMPLATES.values()]
    assert [f for f in forms if any(text not in engine for text in f)] == []
    # a plural entry pairs the same singular and plural as the engine's Plural
    assert {f for f in forms if len(f) == 2} == _engine_plurals()


def test_a_count_of_one_reads_singular_in_both_languages():
    # The engine picks the singular for exactly 1 ("1 bye"), as English gettext does; the
    # site's ngettext entry follows the same count (pt-BR: nplurals=2, plural=(n != 1)).
    one = issue("rounds[0].byes", IssueCode.BYES_MANY, BYES, "byes", round=2, count=1)
    two = issue("rounds[0].byes", IssueCode.BYES_MANY, BYES, "byes", round=2, count=2)
    assert one.message == "round 2 gives 1 bye: only the odd player out has one"
    assert two.message == "round 2 gives 2 byes: only the odd player out has one"
    with translation.override("en"):
        assert issue_message(one) == one.message and issue_message(two) == two.message
    with translation.override("pt-br"):
        assert issue_message(one) == "a rodada 2 dá 1 bye: só o jogador que sobra tem um"
        assert issue_message(two) == "a rodada 2 dá 2 byes: só o jogador que sobra tem um"


def test_every_template_has_a_pt_br_translation_in_the_fragment():
    # django.po plus the branch fragments the lead merges into it
    catalogs = []
    for path in [CATALOG, *sorted((CATALOG.parent / "fragments").glob("*.po"))]:
        with path.open("rb") as handle:
            catalogs.append(read_po(handle))
    for template in ISSUE_TEMPLATES.values():
        msgid = english_forms(template)
        found = (c.get(msgid[0]) for c in catalogs)  # babel keys a plural by its singular
        message = next((f for f in found if f is not None and f.string), None)
        assert message is not None, msgid
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert len(strings) == len(msgid) and all(strings), msgid


def test_messages_are_the_engines_in_english():
    data = event(9, [NINE_ROUND_1, [two_nil(1, seats(8, 1, 4))]])
    _record, issues = read_event(data)
    assert issues
    with translation.override("en"):
        assert [issue_line(i) for i in issues] == [str(i) for i in issues]
        assert issue_message(issues[0]) == issues[0].message


@pytest.mark.django_db
def test_import_page_names_the_advancement_refusal(client_as, player, tmp_path):
    data = event(9, [NINE_ROUND_1, [two_nil(1, seats(8, 1, 4))]])
    data["coordinator"] = sample("spec_example.json")["coordinator"]
    with open(write(tmp_path, data), "rb") as upload:
        response = client_as(player).post(reverse("eventfile:import"), {"file": upload})
    page = response.content.decode()
    assert "rounds[1].brackets[0].players[0]: &#x27;p8&#x27; was eliminated by round 1" in page


@pytest.fixture
def fragment_catalog(settings, tmp_path):
    """The project's pt-BR catalogue compiled from its source (no stale .mo file)."""
    target = tmp_path / "pt_BR" / "LC_MESSAGES"
    target.mkdir(parents=True)
    with CATALOG.open("rb") as handle:
        catalog = read_po(handle)
    with (target / "django.mo").open("wb") as handle:
        write_mo(handle, catalog)
    settings.LOCALE_PATHS = [str(tmp_path), *settings.LOCALE_PATHS]


@pytest.mark.django_db
def test_import_page_shows_the_refusal_in_pt_br(client_as, player, tmp_path, fragment_catalog):
    data = event(9, [NINE_ROUND_1, [two_nil(1, seats(8, 1, 4))]])
    # The request's language must not outlive the test.
    with open(write(tmp_path, data), "rb") as upload, translation.override("en"):
        response = client_as(player).post(
            reverse("eventfile:import"), {"file": upload}, HTTP_ACCEPT_LANGUAGE="pt-br"
        )
    page = response.content.decode()
    assert "rounds[1].brackets[0].players[0]: &#x27;p8&#x27; foi eliminado até a rodada 1" in page


def test_words_inside_messages_are_translated(fragment_catalog):
    data = event(9, [NINE_ROUND_1, [two_nil(1, seats(1, 4, 7))]])
    data["name"] = 7
    _record, [issue] = read_event(data)
    with translation.override("pt-br"):
        assert issue_line(issue) == "name: deve ser um texto, mas é um número"
