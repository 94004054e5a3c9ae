"""OAuth 2.0 for apps (RFC 6749 §4.1, the authorization code; RFC 7636, PKCE with S256):
a person allows an app on the consent page (both languages), the app trades the code and
its verifier for an access token that holds the scopes granted and acts on the API as the
person; the account page lists the app and takes it back. Bad requests get the RFC 6749
§4.1.2.1 / §5.2 error and nothing is granted. The server's metadata is published
(RFC 8414 §3)."""

import base64
import hashlib
import secrets
from urllib.parse import parse_qs, urlparse

import pytest
from django.urls import reverse
from oauth2_provider.models import AccessToken, Application

from tests.api.test_organize import url

pytestmark = pytest.mark.django_db

REDIRECT = "https://bot.example/callback"
SECRET = "bot-secret-" + "x" * 20


def challenge_of(verifier: str) -> str:
    """RFC 7636 §4.2: BASE64URL(SHA256(verifier)) without padding."""
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


@pytest.fixture
def app(organizer) -> Application:
    return Application.objects.create(
        name="League Bot",
        client_type=Application.CLIENT_CONFIDENTIAL,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris=REDIRECT,
        client_secret=SECRET,
        algorithm="",
    )


def authorize_query(app, verifier: str | None, scope="read judge organize", redirect=REDIRECT):
    query = {
        "response_type": "code",
        "client_id": app.client_id,
        "redirect_uri": redirect,
        "scope": scope,
        "state": "st4te",
    }
    if verifier is not None:
        query |= {"code_challenge": challenge_of(verifier), "code_challenge_method": "S256"}
    return query


def consent(client, app, verifier, **kwargs):
    """The person allows the app; the redirect's query."""
    query = authorize_query(app, verifier, **kwargs)
    page = client.get(reverse("oauth2_provider:authorize"), query)
    assert page.status_code == 200, page.content
    initial = page.context["form"].initial
    form = {name: value for name, value in initial.items() if value is not None}
    form["allow"] = "Authorize"
    answer = client.post(reverse("oauth2_provider:authorize"), form)
    assert answer.status_code == 302
    assert answer["Location"].startswith(REDIRECT)
    return parse_qs(urlparse(answer["Location"]).query)


def token(client, app, code: str, verifier: str | None):
    body = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": REDIRECT,
        "client_id": app.client_id,
        "client_secret": SECRET,
    }
    if verifier is not None:
        body["code_verifier"] = verifier
    return client.post(reverse("oauth2_provider:token"), body)


@pytest.mark.parametrize(
    ("language", "words"), [("en-US", "act for you"), ("pt-BR", "aja por você")]
)
def test_the_consent_page_is_in_the_person_s_language(client, app, organizer, language, words):
    client.force_login(organizer.user)
    verifier = secrets.token_urlsafe(48)
    page = client.get(
        reverse("oauth2_provider:authorize"),
        authorize_query(app, verifier),
        HTTP_ACCEPT_LANGUAGE=language,
    )
    html = page.content.decode()
    assert page.status_code == 200 and words in html and "League Bot" in html
    judge_words = "Judge: enter and confirm" if language == "en-US" else "Juiz"
    assert judge_words in html


def test_an_app_acts_for_the_person_with_the_scopes_granted(client, app, organizer, event):
    client.force_login(organizer.user)
    verifier = secrets.token_urlsafe(48)
    redirect = consent(client, app, verifier, scope="read organize")
    assert redirect["state"] == ["st4te"]
    client.logout()
    answer = token(client, app, redirect["code"][0], verifier)
    assert answer.status_code == 200, answer.content
    granted = answer.json()
    assert set(granted["scope"].split()) == {"read", "organize"}
    bearer = {"HTTP_AUTHORIZATION": f"Bearer {granted['access_token']}"}
    settings = client.get(url("event_settings", event.pk), **bearer)
    assert settings.status_code == 200  # organize: the organizer's own event
    entries = client.get(url("pending_entries", event.pk), **bearer)
    assert entries.status_code == 403  # judge was not granted
    # the account page lists the app; revoking it stops the token at once
    client.force_login(organizer.user)
    page = client.get(reverse("accounts:api_tokens")).content.decode()
    assert "League Bot" in page
    client.post(reverse("accounts:revoke_app", args=[app.pk]))
    client.logout()
    assert not AccessToken.objects.exists()
    refused = client.get(url("event_settings", event.pk), **bearer)
    assert refused.status_code == 401 and refused.json()["code"] == "authentication_failed"
    # an unknown token is refused even where no token is needed (never read as anonymous)
    assert client.get(url("events"), **bearer).status_code == 401


def test_a_wrong_redirect_uri_is_refused_without_redirecting(client, app, organizer):
    client.force_login(organizer.user)
    query = authorize_query(app, secrets.token_urlsafe(48), redirect="https://evil.example/cb")
    page = client.get(reverse("oauth2_provider:authorize"), query)
    # RFC 6749 §4.1.2.1: never redirected to an unregistered address
    assert page.status_code == 400 or "Location" not in page
    assert "evil.example" not in page.get("Location", "")
    assert "invalid_request" in page.content.decode()


@pytest.mark.parametrize(
    ("scope", "verifier", "error"),
    [("read wizardry", "v" * 50, "invalid_scope"), ("read", None, "invalid_request")],
)
def test_an_unknown_scope_or_no_pkce_challenge_is_redirected_as_an_error(
    client, app, organizer, scope, verifier, error
):
    client.force_login(organizer.user)
    answer = client.get(reverse("oauth2_provider:authorize"), authorize_query(app, verifier, scope))
    assert answer.status_code == 302
    assert parse_qs(urlparse(answer["Location"]).query)["error"] == [error]
    assert not AccessToken.objects.exists()


@pytest.mark.parametrize("sent", [None, "a-wrong-verifier-" + "z" * 40])
def test_a_missing_or_wrong_verifier_gets_no_token(client, app, organizer, sent):
    client.force_login(organizer.user)
    redirect = consent(client, app, secrets.token_urlsafe(48))
    answer = token(client, app, redirect["code"][0], sent)
    assert answer.status_code == 400
    assert answer.json()["error"] in {"invalid_grant", "invalid_request"}
    assert not AccessToken.objects.exists()


def test_a_code_is_good_once(client, app, organizer):
    client.force_login(organizer.user)
    verifier = secrets.token_urlsafe(48)
    code = consent(client, app, verifier)["code"][0]
    assert token(client, app, code, verifier).status_code == 200
    again = token(client, app, code, verifier)
    assert again.status_code == 400 and again.json()["error"] == "invalid_grant"
    assert AccessToken.objects.count() == 1


def test_the_server_metadata_is_published(client):
    answer = client.get("/.well-known/oauth-authorization-server")
    assert answer.status_code == 200
    meta = answer.json()
    assert meta["authorization_endpoint"].endswith("/oauth/authorize/")
    assert meta["token_endpoint"].endswith("/oauth/token/")
    assert meta["scopes_supported"] == ["judge", "organize", "read"]
    assert meta["code_challenge_methods_supported"] == ["S256"]
    assert meta["response_types_supported"] == ["code"]
    assert "password" not in meta["grant_types_supported"]
