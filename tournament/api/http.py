"""HTTP behaviour shared by every API view: caching headers, conditional GET, page size, 404s."""

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.http import ConditionalGetMiddleware as DjangoConditionalGetMiddleware
from django.utils import timezone
from django.utils.cache import patch_cache_control, patch_vary_headers, set_response_etag
from django.utils.http import http_date
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination

API_PREFIX = "/api/v1/"
# Live standings change every few minutes at most: clients and proxies may reuse an answer
# for 15 s and serve it while revalidating for 30 s more; revalidation is a cheap 304.
MAX_AGE_SECONDS = 15
STALE_WHILE_REVALIDATE_SECONDS = 30
# How long the time a representation was first served is remembered (its Last-Modified).
FIRST_SEEN_SECONDS = 7 * 24 * 3600
# What a credentialed answer may depend on: a shared cache keys on both or keeps nothing.
CREDENTIAL_HEADERS = ("Authorization", "Cookie")
# A view's answers that no cache may store, even the client's own (`no_store`).
NO_STORE = "no-store"


def carries_credentials(request: HttpRequest) -> bool:
    """A token header or a session cookie: the answer may be the caller's alone."""
    return "HTTP_AUTHORIZATION" in request.META or settings.SESSION_COOKIE_NAME in request.COOKIES


def no_store(response: HttpResponse) -> HttpResponse:
    """Marks an answer no cache may keep (a draft's settings, entries waiting)."""
    response["Cache-Control"] = NO_STORE
    return response


class PageSizePagination(PageNumberPagination):
    """`?page=` and `?page_size=` (1 to 500; default 100); a page size that is not a whole
    number in that range is a 400 naming it, as the schema says (never silently 100)."""

    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 500

    def get_page_size(self, request) -> int:
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= self.max_page_size:
            raise ValidationError(
                {
                    self.page_size_query_param: [
                        _("A whole number from 1 to %(most)s.") % {"most": self.max_page_size}
                    ]
                }
            )
        return int(raw)

    def get_schema_operation_parameters(self, view) -> list[dict]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"] = {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": self.max_page_size,
                }
            if parameter["name"] == self.page_query_param:
                parameter["schema"] = {"type": "integer", "minimum": 1}
        return parameters


class ConditionalGetMiddleware(DjangoConditionalGetMiddleware):
    """Django's conditional GET (an ETag hashing the body; 304 when the client's copy is
    current) on every 200 GET of the API, with its caching headers.

    Last-Modified is the first time this exact body was served (remembered in the cache by
    ETag), so it never claims an older date than the content has. An answer to a request
    with credentials is `private` (or `no-store` where the view said so): a shared cache
    never hands one person's answer to another; every answer varies on the credentials.
    """

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if (
            not request.path.startswith(API_PREFIX)
            or request.method != "GET"  # a HEAD's body is empty: Django sets no ETag either
            or response.status_code != 200
            or response.streaming
        ):
            if request.path.startswith(API_PREFIX):
                patch_vary_headers(response, CREDENTIAL_HEADERS)
            return response
        patch_vary_headers(response, CREDENTIAL_HEADERS)
        set_response_etag(response)
        first_seen = cache.get_or_set(
            f"api-first-seen:{response['ETag']}", timezone.now, FIRST_SEEN_SECONDS
        )
        response["Last-Modified"] = http_date(first_seen.timestamp())
        if NO_STORE in response.get("Cache-Control", ""):
            pass
        elif carries_credentials(request):
            patch_cache_control(response, private=True, max_age=0, must_revalidate=True)
        else:
            patch_cache_control(
                response,
                public=True,
                max_age=MAX_AGE_SECONDS,
                stale_while_revalidate=STALE_WHILE_REVALIDATE_SECONDS,
            )
        return super().process_response(request, response)


@csrf_exempt  # a POST to an unknown address is a JSON 404 too, never the CSRF page
def not_found(request: HttpRequest, *args, **kwargs) -> JsonResponse:
    """Unknown paths under /api/v1/ answer JSON, like the 404s of the endpoints themselves."""
    return JsonResponse({"detail": _("Not found."), "code": "not_found"}, status=404)
