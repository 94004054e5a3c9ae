"""The shared fixtures of the tests, registered for every test by the root `conftest.py`
(`pytest_plugins`). A folder's `conftest.py` holds only the fixtures of that folder; a fixture
of the same name there overrides the shared one for that folder's tests."""
