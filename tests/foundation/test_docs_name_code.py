"""Every module, file and function that `docs/*.md` and the README name in backticks exists in
the code.

What is checked, per backticked name:

- a path (``events/to_engine.py``, ``templates/printing/``): the file or folder exists, from the
  repository root or under ``tournament/``;
- ``path.py: name``: that file defines ``name`` (``def``, ``class`` or an assignment);
- a dotted name whose leading parts are a module (``scoring.points.bracket_scores``,
  ``results.services.submit_entry``): that module defines the last part; a module named
  alone (``writing.update_rows``) defines or imports it, or the name is a relation
  (``registration.standing``);
- a call (``refresh_event(event)``) or a bare identifier with an underscore or a capital
  (``store_places``, ``EventStanding``): it is defined (calls) or occurs (names) in the code.

Anything else (field values, codes, commands, settings) is prose and not checked.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
CODE_DIRS = ("scoring", "tournament", "bench", "scripts", "tests", "templates", "static")
BACKTICKED = re.compile(r"`([^`\n]+)`")
IDENTIFIER = r"[A-Za-z_][A-Za-z0-9_]*"
PATH_NAME = re.compile(rf"^([\w./-]+\.py):\s*({IDENTIFIER})$")
DOTTED = re.compile(rf"^({IDENTIFIER}(?:\.{IDENTIFIER})+)(?:\(.*\))?(?:\s*->.*)?$")
CALL = re.compile(rf"^({IDENTIFIER})\(.*\)(?:\s*->.*)?$")
BARE = re.compile(rf"^{IDENTIFIER}$")


ROOT_FILES = ("*.py", "Dockerfile", "*.yml", "*.toml", ".ci/*")


@cache
def code_files() -> tuple[Path, ...]:
    found = [p for pattern in ROOT_FILES for p in ROOT.glob(pattern) if p.is_file()]
    for folder in CODE_DIRS:
        found += [
            p
            for p in (ROOT / folder).rglob("*")
            if p.suffix in {".py", ".html", ".js", ".txt", ".css"} and "migrations" not in p.parts
        ]
    return tuple(p for p in found if p.resolve() != Path(__file__).resolve())  # not this test


@cache
def corpus() -> str:
    return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in code_files())


def named_anywhere(name: str) -> bool:
    """A file or folder of that name in the code, the docs or the shared card data."""
    bare = name.rstrip("/")
    for base in (ROOT, ROOT.parent / "shared"):
        if next((p for p in base.rglob(bare) if ".venv" not in p.parts), None) is not None:
            return True
    return False


def defines(text: str, name: str) -> bool:
    pattern = rf"^\s*(?:async\s+)?(?:def|class)\s+{name}\b|^\s*{name}\s*(?::[^=\n]*)?="
    return re.search(pattern, text, re.MULTILINE) is not None


IMPORTS = re.compile(r"^(?:from\s+[\w.]+\s+)?import\s+(\([^)]*\)|[^\n]*)", re.MULTILINE)


def names(text: str, name: str) -> bool:
    """The module defines ``name`` or imports it (a module that re-exports a name)."""
    imported = (re.search(rf"\b{name}\b", found) for found in IMPORTS.findall(text))
    return defines(text, name) or any(imported)


def find_path(path: str) -> Path | None:
    for base in (ROOT, ROOT / "tournament", ROOT / "scoring"):
        candidate = base / path
        if candidate.exists():
            return candidate
    return None


def module_files(parts: list[str]) -> list[Path]:
    """Files that the dotted module path may name (package modules or ``__init__``)."""
    relative = Path(*parts)
    found = []
    for base in (ROOT, ROOT / "tournament", ROOT / "scoring"):
        if (base / relative.with_suffix(".py")).exists():
            found.append(base / relative.with_suffix(".py"))
        elif (base / relative).is_dir():  # a package: any of its modules (an app's models)
            found += sorted((base / relative).glob("*.py"))
    return found


def problem(name: str) -> str | None:
    """Why a backticked name does not match the code (None: it does, or it is prose)."""
    name = name.strip()
    if match := PATH_NAME.match(name):
        path = find_path(match[1])
        if path is None:
            return f"no file {match[1]}"
        return None if defines(path.read_text(), match[2]) else f"{match[1]} has no {match[2]}"
    if "://" in name or name.startswith(("/", "{")) or "<" in name or "*" in name:
        return None  # a URL or a pattern
    if name.startswith("var/"):
        return None  # the data folder the site makes when it runs (git-ignored)
    if match := re.match(
        rf"^([\w/]+/\w+)\.(?!py$|md$)({IDENTIFIER})$", name
    ):  # core/params.parse_year
        path = find_path(f"{match[1]}.py")
        if path is not None:
            return None if defines(path.read_text(), match[2]) else f"{match[1]} has no {match[2]}"
    if re.fullmatch(r"[\w.-]+\.(py|md)|[a-z_]+/", name):  # a file or folder named alone
        return None if named_anywhere(name) else f"no file or folder {name}"
    if "/" in name and name[:1].islower() and " " not in name and re.search(r"(\.\w+|/)$", name):
        return None if find_path(name) or named_anywhere(name) else f"no file or folder {name}"
    if match := DOTTED.match(name):
        if f'"{match[1]}"' in corpus():
            return None  # a name the code spells as a string (a task, a webhook event)
        parts = match[1].split(".")
        if parts[-1] == "py":
            return None if find_path(name) or find_path(f"tournament/{name}") else f"no {name}"
        for split in range(len(parts) - 1, 0, -1):
            files = module_files(parts[:split])
            if files:
                attribute = parts[split]
                if any(defines(f.read_text(), attribute) for f in files):
                    return None
                if (files[0].parent / f"{attribute}.py").exists() or (
                    files[0].parent / attribute
                ).is_dir():
                    return None  # a submodule
                return f"{'.'.join(parts[:split])} has no {attribute}"
        # `services.check_decklist`: a module named relative to the app being described;
        # a module of that name that does not name the attribute is a stale name.
        if len(parts) == 2:
            tournament = ROOT / "tournament"
            modules = [*tournament.rglob(f"{parts[0]}.py"), *tournament.rglob(f"{parts[0]}/*.py")]
            if not modules:
                return None  # not a module path (a webhook event name, a JSON path)
            if any(names(p.read_text(), parts[1]) for p in modules):
                return None
            if f'related_name="{parts[1]}"' in corpus():
                return None  # a relation read from a row (`registration.standing`)
            return f"no module {parts[0]} names {parts[1]}"
        return None
    if match := CALL.match(name):
        called = re.search(rf"(?i)\b{match[1]}\(", corpus())
        return None if called else f"nothing defines or calls {match[1]}"
    if BARE.match(name) and ("_" in name.strip("_") or name[:1].isupper()) and len(name) > 3:
        found = re.search(rf"(?i){name}\b", corpus())
        return None if found else f"{name} is not in the code"
    return None


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_every_name_in_the_docs_exists_in_the_code(doc: Path):
    text = doc.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.DOTALL)  # code blocks are examples
    problems = sorted({p for name in BACKTICKED.findall(text) if (p := problem(name))})
    assert problems == []


def test_the_check_catches_a_missing_name():
    assert problem("standings/services.py: no_such_function") is not None
    assert problem("scoring.points.no_such_function") is not None
    assert problem("events/no_such_module.py") is not None
    assert problem("no_such_function(event)") is not None
    assert problem("no_such_module.py") is not None
    assert problem("store.update_rows") is not None  # a module of that name without it
    assert problem("standings/writing.py: store_places") is None
    assert problem("scoring.points.bracket_scores") is None
    assert problem("writing.update_rows") is None
    assert problem("reading.standing_rows") is None  # re-exported
    assert problem("registration.standing") is None  # a relation
