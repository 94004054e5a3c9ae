"""The structure is decided once: only `tournament/events/structures.py` (and the rules
engine, `scoring/`, which this does not read) tests an event's structure or tournament type
by name. Everything else asks the structure object (`event.shape`: `teams`, `ranked`,
`one_on_one`, which `event.is_one_on_one` reads), so that a new structure or type is taught
in one module (docs/ARCHITECTURE.md, "The structure object").

A test of a name is a comparison (`==`, `!=`, `in`, `not in`) whose one side is the stored
field (`structure`, `tournament_type`) or one of the choices (`Structure.ONE_ON_ONE`,
`TournamentType.TEAM_SPIRIT`, the quoted identifier `"team-spirit"`), in the site's Python
or in a template. ("brackets" quoted is left out: it is also the name of a printed
document's kind.)"""

import re
from pathlib import Path

from tournament.events.choices import Structure, TournamentType

ROOT = Path(__file__).resolve().parents[2]
ALLOWED = {"tournament/events/structures.py", "tournament/events/choices.py"}

FIELD = r"\b(?:structure|tournament_type)\b[\"')\]]*"
IDENTIFIERS = [v for v in (*Structure.values, *TournamentType.values) if v != "brackets"]
NAME = (
    r"(?:\b(?:Structure|TournamentType)\.[A-Z_]+\b|[\"'](?:"
    + "|".join(map(re.escape, IDENTIFIERS))
    + r")[\"'])"
)
OP = r"(?:==|!=|\bnot\s+in\b|\bin\b)"
NAME_TEST = re.compile(
    rf"{FIELD}\s*{OP}|{OP}\s*\(?\s*[\w.]*{FIELD}|{NAME}\s*\)?\s*{OP}|{OP}\s*\(?\s*{NAME}"
)


def name_tests(root: Path) -> list[str]:
    """Each line of the site's Python and templates under ``root`` testing a structure's or
    tournament type's name, outside the structure module."""
    files = [*root.glob("tournament/**/*.py"), *root.glob("templates/**/*.html")]
    files += root.glob("templates/**/*.txt")
    found = []
    for path in sorted(files):
        name = path.relative_to(root).as_posix()
        if name in ALLOWED or "/migrations/" in name:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if NAME_TEST.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    return found


def test_only_the_structure_module_tests_a_structure_name():
    assert name_tests(ROOT) == []


def test_the_check_finds_each_kind_of_name_test(tmp_path):
    """The search finds a test of the field, of a choice, of a quoted identifier, in code
    and in a template, and lets the structure module, a plain use of the field and the
    object's answers through (a check that cannot fail proves nothing)."""
    (tmp_path / "tournament" / "events").mkdir(parents=True)
    (tmp_path / "templates").mkdir()
    (tmp_path / "tournament" / "m.py").write_text(
        "if event.tournament_type == TournamentType.TEAM_SPIRIT:\n"
        "one = Structure.ONE_ON_ONE in league.structures\n"
        'if data.get("structure") != other:\n'
        'return payload["structure"] == "one-on-one"\n'
        "if event.shape.teams:\n"
        "rows.filter(tournament_type=event.tournament_type)\n"
        "structure = models.CharField(choices=Structure, default=Structure.BRACKETS)\n"
        'if kind == "brackets":\n'
    )
    (tmp_path / "tournament" / "events" / "structures.py").write_text(
        "if event.structure == Structure.ONE_ON_ONE:\n"
    )
    (tmp_path / "templates" / "t.html").write_text(
        '{% if event.tournament_type != "no-xs" %}{% endif %}\n'
        "{% if event.shape.teams %}{% endif %}\n"
    )
    assert name_tests(tmp_path) == [
        'templates/t.html:1: {% if event.tournament_type != "no-xs" %}{% endif %}',
        "tournament/m.py:1: if event.tournament_type == TournamentType.TEAM_SPIRIT:",
        "tournament/m.py:2: one = Structure.ONE_ON_ONE in league.structures",
        'tournament/m.py:3: if data.get("structure") != other:',
        'tournament/m.py:4: return payload["structure"] == "one-on-one"',
    ]
