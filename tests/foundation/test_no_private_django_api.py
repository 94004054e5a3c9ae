"""The site's code and the rules engine use Django's public API only: none of the private
attributes below, which Django may rename or drop in any release (a prefetch's cache, a
queryset's results, the connection's stack of atomic blocks). Their public counterparts:
`prefetch_related_objects`, the objects already read passed on explicitly,
`transaction.atomic` and the lock scope of `results.services.writing`."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRIVATE = ("_result_cache", "_prefetch_done", "_prefetched_objects_cache", "atomic_blocks")
WORD = re.compile(r"\b(" + "|".join(PRIVATE) + r")\b")


def private_uses(root: Path) -> list[str]:
    """Each line of the Python files under ``root`` naming one of the private attributes."""
    return [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for path in sorted(root.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if WORD.search(line)
    ]


def test_no_code_uses_djangos_private_api():
    assert private_uses(ROOT / "tournament") + private_uses(ROOT / "scoring") == []


def test_the_check_finds_a_private_name(tmp_path):
    """The search itself finds a use, in code or in a string (`getattr`), and not a name
    that merely contains one (a check that cannot fail proves nothing)."""
    (tmp_path / "m.py").write_text(
        "my_result_cache = {}\n"
        "held = getattr(bracket, '_prefetched_objects_cache', {})\n"
        "block = connection.atomic_blocks[-1]\n"
    )
    assert private_uses(tmp_path) == [
        "m.py:2: held = getattr(bracket, '_prefetched_objects_cache', {})",
        "m.py:3: block = connection.atomic_blocks[-1]",
    ]
