"""Every `/api/` answer that is an error has the API's one shape, `{"detail", "code"}`
(docs/api.md), also when it is made outside the API's views: a middleware's refusal, an
address nothing answers, a server error or a database that is restarting."""

import pytest
from django.db import OperationalError
from django.test import Client
from django.urls import path

from tournament.urls import urlpatterns as site_urls

pytestmark = pytest.mark.django_db


def broken(request):
    raise RuntimeError("a bug")


def database_down(request):
    raise OperationalError("the server closed the connection")


urlpatterns = [
    path("api/v1/test-broken/", broken),
    path("api/v1/test-database-down/", database_down),
    path("test-broken/", broken),
    *site_urls,
]
handler500 = "tournament.core.views.server_error"


def test_a_nul_in_an_api_address_is_a_json_400(client):
    response = client.get("/api/v1/events/?status=a%00b")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert "NUL character" in response.json()["detail"]


def test_a_nul_in_a_page_address_is_a_page_that_says_why(client):
    response = client.get("/ranking/?region=a%00b")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    assert "NUL character" in response.content.decode()


def test_an_address_nothing_answers_under_the_api_is_a_json_404(client):
    response = client.get("/api/v1/no-such-collection/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


@pytest.mark.urls(__name__)
def test_a_server_error_under_the_api_is_a_json_500():
    client = Client(raise_request_exception=False)
    response = client.get("/api/v1/test-broken/")
    assert response.status_code == 500
    assert response.json()["code"] == "error"
    page = client.get("/test-broken/")
    assert page.status_code == 500 and page["Content-Type"].startswith("text/html")


@pytest.mark.urls(__name__)
def test_a_database_restart_under_the_api_is_a_json_503_with_retry_after():
    client = Client(raise_request_exception=False)
    response = client.get("/api/v1/test-database-down/")
    assert response.status_code == 503
    assert response.json()["code"] == "unavailable"
    assert response["Retry-After"] == "10"
