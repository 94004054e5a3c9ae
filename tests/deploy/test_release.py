"""One version, pyproject.toml's, shown in the footer, by /healthz and by the API's index;
CHANGELOG.md names it first, and the previous release's commit is recorded for the upgrade
check."""

import re
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse

from tournament.version import release

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def test_the_release_is_pyprojects_and_the_changelogs_newest():
    assert release() == "0.2.0"  # pyproject.toml, this release
    assert re.match(r"^\d+\.\d+\.\d+$", release())
    headings = re.findall(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(), re.M)
    assert headings[0] == release() and "0.1.0" in headings


def test_the_footer_healthz_and_the_api_index_show_it(client):
    page = client.get(reverse("events:list"), HTTP_ACCEPT_LANGUAGE="en")
    assert '<span class="release">Release 0.2.0</span>' in page.content.decode()
    assert client.get("/healthz").json()["release"] == "0.2.0"
    assert client.get("/api/v1/").json()["release"] == "0.2.0"


def test_the_previous_release_is_a_commit_of_this_history():
    lines = (ROOT / "deploy" / "previous-release").read_text().splitlines()
    commit = next(line for line in lines if line and not line.startswith("#"))
    assert re.fullmatch(r"[0-9a-f]{40}", commit)
    if (ROOT / ".git").exists():
        known = subprocess.run(
            ["git", "-C", str(ROOT), "cat-file", "-e", f"{commit}^{{commit}}"], check=False
        )
        assert known.returncode == 0
