"""Where the tests' fixtures and helpers live (docs/testing.md, "Where the fixtures live").

- No module under tests/ imports a `conftest` module (its own folder's, another folder's or the
  root one): a fixture a folder shares is in `tests/plugins/`, found by name; a helper is
  imported from `tests/support/`.
- No module imports a fixture from `tests/plugins/` (importing a fixture registers it again,
  in the importing module, over the shared one).
- Every module of `tests/plugins/` is registered in the root conftest's `pytest_plugins`.

The imports are read from each file's syntax tree (absolute and relative, at any depth).
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def imported_modules(path: Path, tree: ast.AST) -> list[tuple[int, str, list[str]]]:
    """(line, absolute module, names imported from it) for every import of the file."""
    found = []
    package = list(path.relative_to(ROOT).parent.parts)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.append((node.lineno, module, [alias.name for alias in node.names]))
    return found


@cache
def parsed() -> dict[Path, ast.AST]:
    return {
        path: ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for path in sorted(TESTS.rglob("*.py"))
    }


def conftest_imports(trees: dict[Path, ast.AST]) -> list[str]:
    found = []
    for path, tree in trees.items():
        for line, module, names in imported_modules(path, tree):
            if "conftest" in module.split(".") or "conftest" in names:
                shown = f"{module} import {', '.join(names)}" if names else module
                found.append(f"{path.relative_to(ROOT)}:{line}: {shown}")
    return found


def is_fixture(node: ast.AST) -> bool:
    return isinstance(node, ast.FunctionDef) and any(
        "fixture" in ast.unparse(decorator) for decorator in node.decorator_list
    )


def plugin_fixtures(trees: dict[Path, ast.AST]) -> dict[str, set[str]]:
    """Plugin module → the fixtures it defines."""
    return {
        module_name(path): {node.name for node in tree.body if is_fixture(node)}
        for path, tree in trees.items()
        if path.parent == TESTS / "plugins" and path.name != "__init__.py"
    }


def test_no_module_of_the_tests_imports_a_conftest():
    assert conftest_imports(parsed()) == []


def test_the_check_sees_every_spelling_of_a_conftest_import(tmp_path):
    # The check itself can fail: each spelling below is one import of a conftest module.
    spellings = [
        "from tests.results.conftest import post_game\n",
        "from .conftest import pdf_pages\n",
        "from ..conftest import make_player\n",
        "from tests.results import conftest as results_fixtures\n",
        "import tests.conftest\n",
        "def helper():\n    from tests.events.conftest import add_players\n",
    ]
    folder = TESTS / "results"
    trees = {folder / f"test_{i}.py": ast.parse(text) for i, text in enumerate(spellings)}
    assert len(conftest_imports(trees)) == len(spellings)
    clean = {folder / "test_ok.py": ast.parse("from tests.support.results import post_game\n")}
    assert conftest_imports(clean) == []


def test_no_module_imports_a_shared_fixture():
    fixtures = plugin_fixtures(parsed())
    found = [
        f"{path.relative_to(ROOT)}:{line}: {name} from {module}"
        for path, tree in parsed().items()
        for line, module, names in imported_modules(path, tree)
        for name in names
        if name in fixtures.get(module, ())
    ]
    assert found == []


def test_every_plugin_module_is_registered_at_the_root():
    root = parsed()[TESTS / "conftest.py"]
    (registered,) = [
        ast.literal_eval(node.value)
        for node in root.body
        if isinstance(node, ast.Assign)
        and any(getattr(target, "id", None) == "pytest_plugins" for target in node.targets)
    ]
    assert sorted(registered) == sorted(plugin_fixtures(parsed()))
