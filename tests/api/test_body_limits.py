"""The API's JSON bodies have limits, answered in the API's error shape: a body nested
deeper than API_JSON_MAX_DEPTH (32) is a 400 before it is decoded (a 2 KB body nested
1,000 deep was a RecursionError and a 500), one over API_MAX_BODY_BYTES a 413."""

import pytest
from django.urls import reverse

from tournament.accounts.api_tokens import make_token
from tournament.api.parsers import nesting_depth

pytestmark = pytest.mark.django_db


@pytest.fixture
def organize(organizer):
    _token, raw = make_token(organizer.user, "desk", ["organize"])
    return {"HTTP_AUTHORIZATION": f"Bearer {raw}"}


def post(client, auth, body: bytes, **extra):
    return client.post(
        reverse("api-v1:events"), body, content_type="application/json", **auth, **extra
    )


def test_a_body_nested_a_thousand_deep_is_a_400_not_a_500(client, organize, caplog):
    body = b"[" * 1000 + b"]" * 1000  # 2 KB
    response = post(client, organize, body)
    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"
    assert "nested deeper than 32 levels" in response.json()["detail"]
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


def test_thirty_two_levels_are_read_thirty_three_are_not(client, organize):
    deep = b'{"name": ' + b"[" * 31 + b"1" + b"]" * 31 + b"}"  # 32 levels with the object
    assert nesting_depth(deep) == 32
    answer = post(client, organize, deep)
    assert answer.status_code == 400 and answer.json()["code"] == "invalid"  # a field error
    deeper = b'{"name": ' + b"[" * 32 + b"1" + b"]" * 32 + b"}"
    answer = post(client, organize, deeper)
    assert answer.status_code == 400 and answer.json()["code"] == "parse_error"


def test_brackets_inside_strings_do_not_count():
    assert nesting_depth(b'{"a": "[[[[{{{{\\"[[["}') == 1
    assert nesting_depth(b"12") == 0
    assert nesting_depth(b'[[1], {"b": [2]}]') == 3


def test_a_body_over_the_limit_is_a_413(client, organize, settings):
    settings.API_MAX_BODY_BYTES = 1000
    body = b'{"name": "' + b"x" * 1200 + b'"}'
    response = post(client, organize, body)
    assert response.status_code == 413
    assert response.json() == {
        "detail": "The request body is larger than 1000 bytes.",
        "code": "too_large",
    }


def test_a_body_longer_than_it_says_is_a_413(client, organize, settings):
    """The limit holds on what is read, whatever Content-Length claims."""
    settings.API_MAX_BODY_BYTES = 1000
    body = b'{"name": "' + b"x" * 1200 + b'"}'
    response = post(client, organize, body, CONTENT_LENGTH="10")
    # Django's test client reads CONTENT_LENGTH bytes: a short claim cuts the body, which is
    # then no JSON; the site never reads past the limit either way
    assert response.status_code in (400, 413)
    assert response.json()["code"] in ("parse_error", "too_large")


def test_a_form_over_djangos_limit_is_a_json_413(client, organize, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = client.post(
        reverse("api-v1:events"),
        "name=" + "x" * 1200,
        content_type="application/x-www-form-urlencoded",
        **organize,
    )
    assert response.status_code == 413
    assert response.json()["code"] == "too_large"
