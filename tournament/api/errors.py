"""One error shape for the whole API: `{"detail": text, "code": name}`, plus `fields` (name →
messages) when input was refused. 429s keep DRF's `Retry-After` header."""

from contextlib import contextmanager

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, serializers
from rest_framework.views import exception_handler

from tournament.api.parsers import PayloadTooLarge


def _messages(value) -> list[str]:
    if isinstance(value, list | tuple):
        return [str(v) for item in value for v in _messages(item)]
    if isinstance(value, dict):
        return [str(v) for item in value.values() for v in _messages(item)]
    return [str(value)]


def _fields(detail) -> dict[str, list[str]]:
    if isinstance(detail, dict):
        return {str(name): _messages(value) for name, value in detail.items()}
    return {"non_field_errors": _messages(detail)}


class Conflict(exceptions.APIException):
    """409: the request is well formed, but the event's current state refuses it (a player
    already dropped, check-in closed by round 1, an entry already settled)."""

    status_code = 409
    default_code = "conflict"
    default_detail = gettext_lazy("The event's current state refuses this.")


@contextmanager
def conflicts_as_409():
    """A service's refusal inside the block is answered 409 with its message."""
    try:
        yield
    except DjangoValidationError as error:
        raise Conflict(" ".join(error.messages)) from error


def api_exception_handler(error, context):
    """DRF's handler, then the body rewritten to the one shape."""
    if isinstance(error, DjangoValidationError):
        error = exceptions.ValidationError(
            error.message_dict
            if hasattr(error, "error_dict")
            else {"non_field_errors": error.messages}
        )
    elif isinstance(error, DjangoPermissionDenied):
        error = exceptions.PermissionDenied(str(error) or None)
    elif isinstance(error, Http404):
        error = exceptions.NotFound()
    elif isinstance(error, RequestDataTooBig):
        error = PayloadTooLarge()
    response = exception_handler(error, context)
    if response is None:
        return None
    if isinstance(error, exceptions.ValidationError):
        fields = _fields(error.detail)
        names = ", ".join(sorted(fields))
        response.data = {
            "detail": _("Invalid input: %(names)s.") % {"names": names},
            "code": "invalid",
            "fields": fields,
        }
    else:
        detail = error.detail if isinstance(error, exceptions.APIException) else str(error)
        code = getattr(detail, "code", None) or getattr(error, "default_code", "error")
        response.data = {"detail": " ".join(_messages(detail)), "code": str(code)}
    return response


class ErrorSerializer(serializers.Serializer):
    """The one error shape, for operations that document an error of their own (a 409's
    reasons): its component is named `Error`, which the schema's post-processing
    (`schema.py`) completes with `fields`."""

    detail = serializers.CharField()
    code = serializers.CharField()


def conflict(*reasons: str) -> OpenApiResponse:
    """The 409 of one operation in the schema, with the states that refuse it."""
    return OpenApiResponse(
        ErrorSerializer,
        description="The event's current state refuses it (code `conflict`): "
        + "; ".join(reasons)
        + ".",
    )
