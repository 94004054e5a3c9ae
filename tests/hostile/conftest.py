"""The printing fixtures (a seated and a played round, tasks in-process) serve here too."""

from tests.printing.conftest import eager_celery, played_round, seated_round

__all__ = ["eager_celery", "played_round", "seated_round"]
