"""Helpers of the tests (plain functions and constants), imported where they are used.

The shared fixtures are in `tests/plugins/`, which the root `conftest.py` registers."""
