"""validate_deck: JSON output and exit codes 0 (legal), 1 (illegal), 2 (unreadable/unresolved)."""

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.support.decks import DECKS, deck_text

ROOT = Path(settings.BASE_DIR)


def run(*args: str) -> tuple[int, dict | None, str]:
    """call_command with the exit code, the parsed JSON and stderr."""
    out, err = StringIO(), StringIO()
    code = 0
    try:
        call_command("validate_deck", *args, stdout=out, stderr=err)
    except SystemExit as exit_:
        code = exit_.code
    except CommandError as error:
        return error.returncode, None, str(error)
    text = out.getvalue()
    return code, json.loads(text) if text.strip() else None, err.getvalue()


@pytest.mark.parametrize(
    ("name", "options", "expected"),
    [
        ("legal_community_55.txt", [], 0),
        ("legal_community_75.txt", ["--size", "75"], 0),
        ("legal_community_110.txt", ["--size", "110"], 0),
        ("legal_tav_56.txt", ["--rules", "tav"], 0),
        ("legal_no9s_55.txt", ["--tournament-type", "no-xs", "--digit", "9"], 0),
        ("legal_world_war_greyhawk_55.txt", ["--tournament-type", "world-war"], 0),
        ("legal_newbie_25.txt", ["--size", "25"], 0),
        ("legal_community_55.txt", ["--tournament-type", "no-xs", "--digit", "9"], 1),
        ("legal_community_55.txt", ["--tournament-type", "world-war"], 1),
        ("legal_community_75.txt", [], 1),
        ("bad_duplicate.txt", [], 1),
        ("bad_realms_16.txt", [], 1),
        ("bad_total_size_54.txt", [], 1),
    ],
)
def test_sample_decks(db, name, options, expected):
    code, document, _err = run(str(DECKS / name), *options)
    assert code == expected
    assert document["is_legal"] is (expected == 0)
    assert all(p["blocking"] for p in document["problems"]) or expected == 0


def test_json_shape(db):
    code, doc, _ = run(str(DECKS / "legal_community_55.txt"))
    assert code == 0 and doc["problems"] == [] and doc["total"] == 55
    assert doc["counts"]["Realm"] == 12 and doc["counts"]["Rule"] == 2
    assert doc["level_total"] <= 90
    beetles = [c for c in doc["cards"] if c["name"] == "Shaqat Beetles"]
    assert beetles and sum(c["count"] for c in beetles) == 3
    assert {"line", "card_id", "group", "level", "world"} <= set(beetles[0])
    code, doc, _ = run(str(DECKS / "bad_duplicate.txt"))
    (problem,) = doc["problems"]
    assert code == 1 and problem["code"] == "duplicate" and "copies" in problem["message"]


def test_unknown_card_is_exit_2(db, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(deck_text("legal_community_55.txt") + "\nShaqat Beetle\n", encoding="utf-8")
    code, doc, err = run(str(path))
    assert code == 2 and doc["resolved"] is False and not doc["is_legal"]
    unknown = [p for p in doc["problems"] if p["code"] == "unknown_card"]
    assert unknown[0]["line"] == deck_text("legal_community_55.txt").count("\n") + 2
    assert unknown[0]["suggestions"][0]["name"] == "Shaqat Beetles" and "Shaqat Beetle" in err


def test_unreadable_file_and_bad_format_are_exit_2(db, tmp_path):
    assert run(str(tmp_path / "missing.txt"))[0] == 2
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n\n", encoding="utf-8")
    assert run(str(empty))[0] == 2
    assert run(str(DECKS / "legal_tav_56.txt"), "--rules", "tav", "--size", "75")[0] == 2
    assert run(str(DECKS / "legal_no9s_55.txt"), "--tournament-type", "no-xs")[0] == 2


@pytest.mark.parametrize("encoding", ["utf-8-sig", "latin-1", "utf-16"])
def test_encodings_crlf_tabs_and_count_styles(db, tmp_path, encoding):
    text = deck_text("legal_community_55.txt")
    text = text.replace("3 Shaqat Beetles", "Shaqat Beetles x3").replace("Waterdeep", "- Waterdeep")
    text = text.replace("Realms:", "== REALMS (12) ==").replace("Berdusk", "\tBerdusk  ")
    text += "\nTotal: 55 cards\n"
    path = tmp_path / "deck.txt"
    path.write_bytes(text.replace("\n", "\r\n").encode(encoding))
    code, doc, err = run(str(path))
    assert (code, doc["problems"], err) == (0, [], "")


def test_portuguese_names_in_latin_1(db, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_bytes("Os Salões Assombrados de Eveningstar\n".encode("latin-1"))
    code, doc, _ = run(str(path))
    assert code == 1 and doc["cards"][0]["name"] == "Haunted Hall of Eveningstar"


def test_sideboard_variant(db, tmp_path):
    side = tmp_path / "side.txt"
    side.write_text("Sword Coast (1st/017)\nAnauroch (1st/018)\n", encoding="utf-8")
    deck = str(DECKS / "legal_community_55.txt")
    code, doc, _ = run(deck, "--variant", "sideboard", "--sideboard", str(side))
    assert code == 1 and [p["code"] for p in doc["problems"]] == ["sideboard_size"]
    assert doc["sideboard_total"] == 2


def test_works_without_any_database(tmp_path):
    """A fresh process with an empty database (no tables): cards come from the CSV files."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}"}
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "validate_deck",
            str(DECKS / "legal_tav_56.txt"),
            "--rules",
            "tav",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["is_legal"] is True


def test_sideboard_opt_out_and_55_only(db, tmp_path):
    # 000 *VARIANTS* Sideboard: a player may opt out (he says so); 55-card decks only.
    deck = str(DECKS / "legal_community_55.txt")
    assert run(deck, "--variant", "sideboard", "--no-sideboard")[0] == 0
    code, doc, _ = run(
        str(DECKS / "legal_community_75.txt"),
        "--size",
        "75",
        "--variant",
        "sideboard",
        "--no-sideboard",
    )
    assert code == 1 and [p["code"] for p in doc["problems"]] == ["sideboard_deck_size"]


def test_huge_count_exits_2_with_the_message(db, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("10000000 Shaqat Beetles\n", encoding="utf-8")
    code, doc, err = run(str(path))
    assert code == 2 and doc["total"] == 0
    assert err.strip() == "Line 1: a count of 10000000 is more than any deck holds (at most 110)."


def test_oversized_file_is_refused_unread(db, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("Waterdeep\n" * 10_000, encoding="utf-8")  # 100,000 bytes
    code, doc, err = run(str(path))
    assert code == 2 and doc is None and "more than 80000 bytes" in err


def test_regra_5_wizards_challenge(db, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("Cure Light Wounds (1st/349)\n", encoding="utf-8")
    options = ["--tournament-type", "wizards-challenge"]
    _, doc, _ = run(str(path), *options)
    assert "wizards_challenge" not in [p["code"] for p in doc["problems"]]
    _, doc, _ = run(str(path), *options, "--rules-edition", "regra-5.0")
    assert "wizards_challenge" in [p["code"] for p in doc["problems"]]
    assert doc["format"]["rules_edition"] == "regra-5.0"


def test_a_line_that_could_be_either_card_exits_2_with_the_choices(db, tmp_path):
    # Data README: Adventurers! (NO/053, level 3) and Adventurers (NO/056, level 4).
    path = tmp_path / "deck.txt"
    path.write_text("Adventurers\n", encoding="utf-8")
    code, doc, err = run(str(path))
    assert code == 2 and doc["resolved"] is False
    # Each choice on its own line (card names contain commas).
    assert (
        "  - Adventurers! (Hero, level 3, 3rd/053)\n  - Adventurers (Hero, level 4, 3rd/056)" in err
    )
