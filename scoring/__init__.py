"""Spellfire rules engine: pure, deterministic, no Django."""
