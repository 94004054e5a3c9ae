"""The release this code is: pyproject.toml's `version` (one source; CHANGELOG.md says what
each release changed and what an operator must do). Shown in the footer, by `/healthz` and
by the API's index."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


@cache
def release() -> str:
    with PYPROJECT.open("rb") as file:
        return tomllib.load(file)["project"]["version"]


def context(request) -> dict[str, str]:
    """Template context processor: `release` for the footer."""
    return {"release": release()}
