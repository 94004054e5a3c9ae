"""Every error code the API can answer is in the table of docs/api.md, and the table names
no code the API cannot answer: the codes of DRF's exceptions (ValidationError's rewritten
to `invalid` by the API's handler), of the API's own exceptions, and of the answers made
outside the views (`core/views.py: API_ERROR_CODES`)."""

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

from django.conf import settings
from rest_framework import exceptions

import tournament.api
from tournament.core.views import API_ERROR_CODES

DOC = Path(settings.BASE_DIR) / "docs" / "api.md"
ROW = re.compile(r"^\s*\| `([a-z_]+)` \| (\d{3}) \|", re.M)


def documented() -> dict[str, int]:
    return {code: int(status) for code, status in ROW.findall(DOC.read_text(encoding="utf-8"))}


def raisable() -> dict[str, int]:
    modules = [exceptions] + [
        importlib.import_module(f"tournament.api.{info.name}")
        for info in pkgutil.iter_modules(tournament.api.__path__)
    ]
    codes = {}
    for module in modules:
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, exceptions.APIException) and cls is not exceptions.APIException:
                code = (
                    "invalid" if issubclass(cls, exceptions.ValidationError) else cls.default_code
                )
                codes[code] = cls.status_code
    for status, code in API_ERROR_CODES.items():
        codes.setdefault(code, status)
    return codes


# By hand: DRF's exceptions (rest_framework/exceptions.py), the API's own (errors.py,
# idempotency.py) and those answered outside the views (core/views.py).
EXPECTED = {
    "invalid": 400,
    "parse_error": 400,
    "not_authenticated": 401,
    "authentication_failed": 401,
    "permission_denied": 403,
    "not_found": 404,
    "method_not_allowed": 405,
    "not_acceptable": 406,
    "conflict": 409,
    "too_large": 413,
    "unsupported_media_type": 415,
    "idempotency_key_reused": 422,
    "throttled": 429,
    "error": 500,
    "unavailable": 503,
}


def test_the_docs_table_is_every_code_the_api_answers():
    assert documented() == raisable() == EXPECTED


def test_the_table_is_found():
    assert {"conflict", "too_large", "parse_error"} <= set(documented())
