"""Decklist texts: the sample decklists of tests/scoring/decks."""

from pathlib import Path

DECKS = Path(__file__).resolve().parents[1] / "scoring" / "decks"


def deck_text(name: str) -> str:
    return (DECKS / name).read_text(encoding="utf-8")
