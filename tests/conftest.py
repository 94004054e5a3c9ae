"""The tests' options and hooks, and what every test starts from.

The shared fixtures are in the plugin modules of `tests/plugins/` (registered below, for every
test); the helpers the tests import are in `tests/support/`. A folder's `conftest.py` holds
only the fixtures of that folder."""

import pytest

pytest_plugins = [
    "tests.plugins.people",
    "tests.plugins.events",
    "tests.plugins.rounds",
    "tests.plugins.tasks",
    "tests.plugins.browser",
    "tests.plugins.network",
]


def pytest_addoption(parser):
    parser.addoption(
        "--run-celery-worker",
        action="store_true",
        help="run tests that need a real Redis broker and a running celery worker",
    )


def pytest_configure(config):
    from django.conf import settings

    from tournament.core.management.commands.compilemessages_py import compile_translations

    # A fresh clone has no .mo files: the pt-BR tests need the compiled catalog.
    compile_translations(settings.LOCALE_PATHS)

    # Real hashing costs ~0.3 s per account; tests create hundreds of them.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    if not config.getoption("--run-celery-worker"):
        # Ordinary runs execute tasks in-process even when REDIS_URL is set (no worker runs);
        # the celery_worker tests exercise the real broker and worker.
        from tournament.celery import app

        settings.CELERY_TASK_ALWAYS_EAGER = True
        app.conf.task_always_eager = True
        app.conf.task_eager_propagates = True


def pytest_collection_modifyitems(config, items):
    if config.getoption("--run-celery-worker"):
        return
    skip = pytest.mark.skip(reason="needs --run-celery-worker (a real broker and worker)")
    for item in items:
        if "celery_worker" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Every test starts with an empty cache (pages cache rendered tables)."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _fresh_language_and_time_zone():
    """Every test starts, and leaves, in the default language and time zone: a test that
    activates pt-BR (or a time zone) and fails before resetting it must not turn the next
    test's messages Portuguese in the same worker."""
    from django.conf import settings
    from django.utils import timezone, translation

    translation.activate(settings.LANGUAGE_CODE)
    timezone.deactivate()
    yield
    translation.deactivate()
    timezone.deactivate()
