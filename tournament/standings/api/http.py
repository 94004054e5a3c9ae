"""HTTP behaviour shared by every API view: caching headers, conditional GET, page size, 404s."""

import hashlib

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date
from django.utils.translation import gettext as _
from rest_framework.pagination import PageNumberPagination

API_PREFIX = "/api/v1/"
# Live standings change every few minutes at most: clients and proxies may reuse an answer
# for 15 s and serve it while revalidating for 30 s more; revalidation is a cheap 304.
MAX_AGE_SECONDS = 15
STALE_WHILE_REVALIDATE_SECONDS = 30
# How long the time a representation was first served is remembered (its Last-Modified).
FIRST_SEEN_SECONDS = 7 * 24 * 3600


class PageSizePagination(PageNumberPagination):
    """`?page=` and `?page_size=` (1 to 500; default 100)."""

    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 500


class ConditionalGetMiddleware:
    """ETag and Last-Modified on every 200 GET of the API, 304 when the client's copy is current.

    The ETag hashes the body. Last-Modified is the first time this exact body was served
    (remembered in the cache by ETag), so it never claims an older date than the content has.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            not request.path.startswith(API_PREFIX)
            or request.method not in ("GET", "HEAD")
            or response.status_code != 200
            or response.streaming
        ):
            return response
        digest = hashlib.blake2b(response.content, digest_size=16).hexdigest()
        etag = f'"{digest}"'
        first_seen = cache.get_or_set(f"api-first-seen:{digest}", timezone.now, FIRST_SEEN_SECONDS)
        response["ETag"] = etag
        response["Last-Modified"] = http_date(first_seen.timestamp())
        patch_cache_control(
            response,
            public=True,
            max_age=MAX_AGE_SECONDS,
            stale_while_revalidate=STALE_WHILE_REVALIDATE_SECONDS,
        )
        return get_conditional_response(
            request, etag=etag, last_modified=int(first_seen.timestamp()), response=response
        )


def not_found(request: HttpRequest, *args, **kwargs) -> JsonResponse:
    """Unknown paths under /api/v1/ answer JSON, like the 404s of the endpoints themselves."""
    return JsonResponse({"detail": _("Not found."), "code": "not_found"}, status=404)
