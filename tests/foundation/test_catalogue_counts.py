"""Every count in the catalogue goes through `ngettext`: no entry formats a number of things
without a plural form ("inscreveu 1 jogadores").

The rule, applied to each msgid of the pt-BR catalogue that is not a plural entry:

- a placeholder (`%(name)s`, `%(name)d` or `{name}`) followed by a word (directly, or after
  "more", "other", "new", "extra", "further" or "open") is a count
  of that word when the placeholder is named `count` or `n` (the site's names for a number
  of things) and the word is an English plural ("%(count)s players", "%(n)s players"), or
  when the word is the placeholder's own name and plural ("%(minutes)s minutes",
  "%(players)s players", "%(rounds)s rounds");
- such an entry fails: its English is already wrong for 1 ("1 players"), and a Portuguese
  noun and its article agree with the number as well. It must be an `ngettext` entry
  (`{% blocktranslate count … %}` in a template).

A word is plural when it ends in "s" and has at least three letters, but not a verb form
("is", "was", "has": "%(count)s is" is a sentence about the number, not a count). Other
numbers (a round's or a table's number, a limit followed by its unit such as "at most
%(limit)s characters", a size in "%(size)s-card") name a thing or bound rather than count
it, and are left alone: the rule looks only at what follows the placeholder, so a count
written another way ("%(total)s brackets") is not seen; keep to `count`/`n` for counts.

The rules engine's issue and deck-check templates are held to the same rule: their msgids
are the engine's own English messages, copied into `tournament/core/issues.py` and kept
equal to them by a test, so a template that counts has a singular and a plural in the
engine too (`scoring.model.Plural`, `MessageTemplate.plural`). `ENGINE_TEMPLATES_TO_DO`,
the list of those still waiting for one, is empty and may only stay so: a new entry fails,
and so does one that was fixed but left in the list.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"
# A count may have a word between it and its noun ("%(count)s more issues").
PLACEHOLDER_WORD = re.compile(
    r"(?:%\((\w+)\)[sd]|\{(\w+)\}) (?:(?:more|other|new|extra|further|open) )?([A-Za-z]+)"
)
COUNT_NAMES = {"count", "n"}
NOT_NOUNS = {"is", "was", "has", "does", "goes", "gives", "comes", "needs"}
ENGINE_TEMPLATES_TO_DO: frozenset[str] = frozenset()


def entries(text: str) -> list[tuple[str, bool]]:
    """(msgid, is a plural entry) of each entry of a .po text (obsolete ones left out)."""
    found = []
    for block in text.split("\n\n"):
        lines = [line for line in block.split("\n") if line and not line.startswith("#")]
        msgid, on = [], False
        for line in lines:
            if line.startswith("msgid "):
                on = True
                msgid.append(line[len("msgid ") :])
            elif line.startswith(("msgid_plural", "msgstr")):
                on = False
            elif on and line.startswith('"'):
                msgid.append(line)
        if msgid:
            text_ = "".join(part[1:-1] for part in msgid)
            found.append((text_, any(line.startswith("msgid_plural") for line in lines)))
    return found


def counts_without_plural(msgid: str) -> list[str]:
    """The counts of this (singular-only) msgid that the rule above finds."""
    found = []
    for match in PLACEHOLDER_WORD.finditer(msgid):
        name = match.group(1) or match.group(2)
        word = match.group(3)
        plural = len(word) >= 3 and word.endswith("s") and word.lower() not in NOT_NOUNS
        if plural and (name in COUNT_NAMES or name == word):
            found.append(match.group(0))
    return found


def test_no_catalogue_entry_formats_a_count_without_a_plural_form():
    text = CATALOGUE.read_text(encoding="utf-8")
    offending = {
        msgid: counts_without_plural(msgid)
        for msgid, plural in entries(text)
        if not plural and counts_without_plural(msgid)
    }
    assert {m: c for m, c in offending.items() if m not in ENGINE_TEMPLATES_TO_DO} == {}
    assert ENGINE_TEMPLATES_TO_DO - set(offending) == set()  # fixed: take it off the list


def test_the_rule_sees_a_count_and_leaves_numbers_that_are_not_counts():
    assert counts_without_plural("registered %(count)d players") == ["%(count)d players"]
    assert counts_without_plural("Table %(table)s ({n} players)") == ["{n} players"]
    assert counts_without_plural("%(minutes)s minutes per round") == ["%(minutes)s minutes"]
    assert counts_without_plural("Round %(number)s is closed.") == []
    assert counts_without_plural("at most %(limit)s characters") == []
    assert counts_without_plural("%(count)s of %(total)s checked in") == []
    assert counts_without_plural("%(name)s has dropped.") == []
    # A plural entry is not looked at: the checker reads msgid_plural.
    po = (
        'msgid "%(count)s player"\nmsgid_plural "%(count)s players"\n'
        'msgstr[0] "%(count)s jogador"\nmsgstr[1] "%(count)s jogadores"\n\n'
        'msgid "inscreveu %(count)d players"\nmsgstr "x"\n'
    )
    assert entries(po) == [("%(count)s player", True), ("inscreveu %(count)d players", False)]
