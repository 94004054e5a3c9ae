"""The API's JSON parser, with limits: a body over `API_MAX_BODY_BYTES` is refused with 413
before it is read whole, and one nested deeper than `API_JSON_MAX_DEPTH` with 400 before it
is decoded (Python's decoder recurses: a 2 KB body of 1,000 brackets would be a
RecursionError, a 500 and a traceback in the log every time). Both answers are the API's
error shape (`errors.api_exception_handler`)."""

from __future__ import annotations

import re

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import exceptions
from rest_framework.parsers import JSONParser
from rest_framework.utils import json


class PayloadTooLarge(exceptions.APIException):
    """413: the body is over the API's limit (`API_MAX_BODY_BYTES`, `api/parsers.py`) or
    Django's for forms (`DATA_UPLOAD_MAX_MEMORY_SIZE`)."""

    status_code = 413
    default_code = "too_large"
    default_detail = gettext_lazy("The request body is too large.")


# A JSON string (its escapes included): brackets inside one do not nest anything.
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(rb"[\[\]{}]")
_OPENING = frozenset(b"[{")


def nesting_depth(raw: bytes) -> int:
    """How deep the arrays and objects of a JSON text nest (0 for a scalar)."""
    depth = deepest = 0
    for bracket in _BRACKET.finditer(_STRING.sub(b'""', raw)):
        if bracket.group()[0] in _OPENING:
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def max_body_bytes() -> int:
    return settings.API_MAX_BODY_BYTES


def too_large() -> PayloadTooLarge:
    return PayloadTooLarge(
        _("The request body is larger than %(limit)s bytes.") % {"limit": max_body_bytes()}
    )


class LimitedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        limit = max_body_bytes()
        request = (parser_context or {}).get("request")
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0) if request else 0
        except ValueError:
            declared = 0
        if declared > limit:
            raise too_large()
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise too_large()
        depth_limit = settings.API_JSON_MAX_DEPTH
        if nesting_depth(raw) > depth_limit:
            raise exceptions.ParseError(
                _("JSON parse error: nested deeper than %(limit)s levels.") % {"limit": depth_limit}
            )
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = raw.decode(encoding)
            parse_constant = json.strict_constant if self.strict else None
            return json.loads(text, parse_constant=parse_constant)
        except (ValueError, RecursionError) as error:
            raise exceptions.ParseError(
                _("The body is not valid JSON: %(error)s") % {"error": error}
            ) from error
