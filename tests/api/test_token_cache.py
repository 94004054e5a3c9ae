"""A token's lookup is cached (`accounts/api_tokens.py`): a request with a known token reads
nothing of it from the database, and whatever the lookup carries is read again as soon as
it changes: the token revoked or deleted, its account or player profile saved."""

from django.contrib.auth.models import User

from tournament.accounts import signup
from tournament.accounts.api_tokens import active_token, make_token, revoke
from tournament.accounts.models import ApiToken

ROOT = "/api/v1/"


def bearer(raw: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {raw}"}


def test_a_known_token_costs_no_query(client, judge, django_assert_num_queries):
    _token, raw = make_token(judge.user, "bot", ["read"])
    assert client.get(ROOT, **bearer(raw)).status_code == 200  # read, and last used now
    with django_assert_num_queries(0):
        assert client.get(ROOT, **bearer(raw)).status_code == 200


def test_a_revoked_token_is_refused_at_once(client, judge):
    token, raw = make_token(judge.user, "bot", ["read"])
    assert client.get(ROOT, **bearer(raw)).status_code == 200
    revoke(token)
    assert client.get(ROOT, **bearer(raw)).status_code == 401


def test_a_deleted_token_is_refused_at_once(client, judge):
    token, raw = make_token(judge.user, "bot", ["read"])
    assert client.get(ROOT, **bearer(raw)).status_code == 200
    ApiToken.objects.filter(pk=token.pk).get().delete()
    assert client.get(ROOT, **bearer(raw)).status_code == 401


def test_a_deleted_account_takes_its_tokens(client, judge):
    _token, raw = make_token(judge.user, "bot", ["read"])
    assert client.get(ROOT, **bearer(raw)).status_code == 200
    User.objects.get(pk=judge.user_id).delete()  # the tokens go with it (cascade)
    assert client.get(ROOT, **bearer(raw)).status_code == 401


def test_a_saved_profile_is_read_again(judge):
    _token, raw = make_token(judge.user, "bot", ["judge"])
    assert active_token(raw).user.player.name == judge.name
    judge.name = "Bob Renamed"
    judge.save()
    assert active_token(raw).user.player.name == "Bob Renamed"


def test_a_confirmed_address_is_read_again(judge):
    judge.email_verified = False
    judge.save()
    _token, raw = make_token(judge.user, "bot", ["judge"])
    assert active_token(raw).user.player.email_verified is False
    link = signup.confirmation_token(judge.user)
    assert signup.confirm_address(link).user == judge.user
    assert active_token(raw).user.player.email_verified is True
