"""The pt-BR catalogue is complete: `makemessages` run over the code today finds nothing
fuzzy, nothing untranslated and nothing obsolete (every user-facing string is translated,
and no stale translation lingers). Run on a copy: the repository's catalogue is untouched."""

import os
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = Path("pt_BR") / "LC_MESSAGES" / "django.po"
IGNORED = ["*.txt"]
SOURCES = ("tournament", "templates", "scoring")  # what makemessages reads (py and html)

pytestmark = pytest.mark.skipif(
    shutil.which("xgettext") is None, reason="gettext's xgettext is not installed"
)


def entries(text: str) -> list[list[str]]:
    return [[line for line in block.split("\n") if line] for block in text.split("\n\n")]


def problems(text: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {"fuzzy": [], "untranslated": [], "obsolete": []}
    for lines in entries(text):
        if not lines or any('"Project-Id-Version' in line for line in lines):
            continue
        body = [line for line in lines if not line.startswith("#")]
        shown = " | ".join(lines)[:160]
        if not body and any(line.startswith("#~") for line in lines):
            found["obsolete"].append(shown)
            continue
        if any(line.startswith("#,") and "fuzzy" in line for line in lines):
            found["fuzzy"].append(shown)
        for i, line in enumerate(body):
            empty = line in ('msgstr ""', 'msgstr[0] ""', 'msgstr[1] ""')
            if empty and (i == len(body) - 1 or not body[i + 1].startswith('"')):
                found["untranslated"].append(shown)
                break
    return found


def test_makemessages_finds_nothing_to_do(settings, tmp_path, monkeypatch):
    # makemessages writes to the `locale` folder beside the sources it reads: it runs in a
    # folder of its own that links the sources and holds a copy of the catalogue, so the
    # repository's catalogue is never rewritten by a test.
    for source in SOURCES:
        (tmp_path / source).symlink_to(ROOT / source)
    copy = tmp_path / "locale"
    (copy / CATALOGUE).parent.mkdir(parents=True)
    shutil.copy(ROOT / "locale" / CATALOGUE, copy / CATALOGUE)
    before = (ROOT / "locale" / CATALOGUE).read_bytes()
    settings.LOCALE_PATHS = [copy]
    monkeypatch.chdir(tmp_path)
    call_command(
        "makemessages", locale=["pt_BR"], ignore_patterns=IGNORED, symlinks=True, verbosity=0
    )
    assert (ROOT / "locale" / CATALOGUE).read_bytes() == before  # untouched
    assert os.path.getsize(copy / CATALOGUE) > 0
    assert problems((copy / CATALOGUE).read_text(encoding="utf-8")) == {
        "fuzzy": [],
        "untranslated": [],
        "obsolete": [],
    }


def test_the_check_sees_each_kind_of_problem():
    """The checker itself: a fuzzy, an untranslated and an obsolete entry are each found."""
    text = (
        'msgid ""\nmsgstr ""\n"Project-Id-Version: x\\n"\n\n'
        '#, fuzzy\nmsgid "Close"\nmsgstr "Fechada"\n\n'
        'msgid "Open"\nmsgstr ""\n\n'
        '#~ msgid "Gone"\n#~ msgstr "Foi"\n\n'
        'msgid "Kept"\nmsgstr "Mantido"\n'
    )
    found = problems(text)
    assert [len(found[k]) for k in ("fuzzy", "untranslated", "obsolete")] == [1, 1, 1]
