"""Request plumbing of every page.

`RefuseNulMiddleware`: refuse a request whose address or query string holds a NUL
character. No page takes one, and PostgreSQL refuses NUL in text: reaching a query it would
be a 500 (SQLite would search for it instead). Refused here, it is a 400 that says why, for
every page and the API alike.

The event's time zone is the events app's (`events/middleware.py`): plumbing reads no
domain app.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from tournament.core.views import bad_request


class RefuseNulMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (
            "\x00" in request.path
            or "\x00" in request.META.get("QUERY_STRING", "")
            or any("\x00" in value for values in request.GET.lists() for value in values[1])
        ):
            return bad_request(request, reason=_("The address contains a NUL character."))
        return self.get_response(request)
