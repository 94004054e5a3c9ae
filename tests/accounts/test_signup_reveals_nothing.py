"""Sign-up answers the same whether the username or the e-mail address is taken or not; the
e-mail, which only the address's owner reads, says which; a new account's address is
confirmed by a signed link that expires."""

import re
import time

import pytest
from django.contrib.auth.models import User
from django.core import mail, signing
from django.test import Client
from django.urls import reverse

from tests.support.players import make_player
from tournament.accounts import signup, tasks
from tournament.accounts.models import Player

pytestmark = pytest.mark.django_db

PASSWORD = "a-Long-passphrase-9"
SENT_PAGE = "We sent an e-mail to the address you gave."
LINK = re.compile(r"http://testserver(/accounts/confirm/[^/\s]+/)")


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def form(username: str, email: str) -> dict:
    return {
        "username": username,
        "email": email,
        "password1": PASSWORD,
        "password2": PASSWORD,
        "name": "Nova Player",
        "country": "BR",
    }


def sign_up(username: str, email: str, **headers):
    """A sign-up from a fresh browser: (the answer, the page it leads to, the client)."""
    client = Client()
    answer = client.post(reverse("accounts:signup"), form(username, email), **headers)
    page = client.get(answer.url) if answer.status_code == 302 else None
    return answer, page, client


def log_in(client, username: str):
    return client.post(reverse("login"), {"username": username, "password": PASSWORD})


@pytest.fixture
def ann(db) -> Player:
    return make_player("ann", "Ann Existing")  # ann@example.org


def test_taken_address_taken_name_and_fresh_get_the_same_answer(ann):
    answers = {
        "fresh": sign_up("nova", "nova@example.org"),
        "taken address": sign_up("other", "ANN@Example.org"),
        "taken name": sign_up("Ann", "someone@example.org"),
        "both taken": sign_up("ann", "ann@example.org"),
    }
    for case, (answer, page, client) in answers.items():
        assert (answer.status_code, answer.url) == (302, "/accounts/signup/sent/"), case
        assert sorted(answer.cookies) == [], case  # no session, no message
        assert "_auth_user_id" not in client.session, case  # nobody is signed in
        assert page.status_code == 200 and SENT_PAGE in page.content.decode(), case
    # One new account, the fresh one; no second account for Ann's address or name.
    assert sorted(User.objects.values_list("username", flat=True)) == ["ann", "nova"]


def test_each_case_mails_the_right_address_the_right_message(ann):
    sign_up("nova", "nova@example.org")
    (to_new,) = mail.outbox
    assert to_new.to == ["nova@example.org"]
    assert to_new.subject == "[Spellfire] Confirm your e-mail address"
    assert "Your username: nova" in to_new.body and LINK.search(to_new.body)

    mail.outbox.clear()
    sign_up("other", "ANN@Example.org")
    (to_owner,) = mail.outbox
    assert to_owner.to == ["ann@example.org"]  # the account's own address, as stored
    assert to_owner.subject == "[Spellfire] Someone tried to sign up with your address"
    assert "sign in with your username, ann:" in to_owner.body
    assert "http://testserver/accounts/password_reset/" in to_owner.body
    assert not LINK.search(to_owner.body)

    mail.outbox.clear()
    sign_up("Ann", "someone@example.org")  # the name differs from "ann" only in case
    (to_name,) = mail.outbox
    assert to_name.to == ["someone@example.org"]
    assert to_name.subject == "[Spellfire] That username is taken"
    assert "the username “Ann”" in to_name.body
    assert "http://testserver/accounts/signup/" in to_name.body


def test_the_owner_is_told_in_his_language_the_new_address_in_the_pages(ann):
    from tournament.notifications.models import Preferences

    Preferences.objects.create(user=ann.user, language="pt-br")
    sign_up("other", "ann@example.org")  # an English page
    assert mail.outbox[-1].subject == (
        "[Spellfire] Alguém tentou criar uma conta com o seu endereço"
    )
    sign_up("bia", "bia@example.org", HTTP_ACCEPT_LANGUAGE="pt-BR")
    assert mail.outbox[-1].subject == "[Spellfire] Confirme o seu endereço de e-mail"
    assert "Siga este link para confirmar o seu endereço de e-mail:" in mail.outbox[-1].body
    assert "O link vale por 3 dias." in mail.outbox[-1].body


def test_every_case_sends_by_the_task_and_hashes_the_password_once(ann, monkeypatch):
    queued = []
    monkeypatch.setattr(tasks.send_email, "delay", lambda *args: queued.append(args))
    hashed = []
    real = signup.make_password
    monkeypatch.setattr(signup, "make_password", lambda raw: hashed.append(raw) or real(raw))
    from django.contrib.auth.base_user import AbstractBaseUser

    set_password = AbstractBaseUser.set_password
    monkeypatch.setattr(
        AbstractBaseUser,
        "set_password",
        lambda user, raw: hashed.append(raw) or set_password(user, raw),
    )
    for username, email in (("nova", "nova@example.org"), ("x", "ann@example.org")):
        hashed.clear()
        sign_up(username, email)
        assert hashed == [PASSWORD]  # a new account's hash, or the same work for nothing
    sign_up("ann", "y@example.org")
    assert [args[2] for args in queued] == ["nova@example.org", "ann@example.org", "y@example.org"]
    assert mail.outbox == []  # queued, not sent during the answer


def test_emails_about_a_taken_address_are_limited_per_address(ann, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup-email": "2/h", "signup": "100/h"}
    answers = [sign_up(f"try{i}", "ann@example.org")[0].url for i in range(4)]
    assert answers == ["/accounts/signup/sent/"] * 4  # the same answer every time ...
    assert len(mail.outbox) == 2  # ... but the owner gets two e-mails, not four


def test_a_new_account_starts_unconfirmed_and_its_link_confirms_it(db):
    _answer, _page, client = sign_up("nova", "nova@example.org")
    player = Player.objects.get(user__username="nova")
    assert player.email_verified is False
    path = LINK.search(mail.outbox[0].body).group(1)
    confirmed = client.get(path, follow=True)
    assert confirmed.redirect_chain == [("/accounts/login/", 302)]
    assert "Your e-mail address is confirmed." in confirmed.content.decode()
    player.refresh_from_db()
    assert player.email_verified is True
    # The password chosen at sign-up signs in (no log-in came with the sign-up itself).
    assert log_in(client, "nova").status_code == 302


def test_a_forged_link_is_refused(db):
    sign_up("nova", "nova@example.org")
    user = User.objects.get(username="nova")
    path = LINK.search(mail.outbox[0].body).group(1)
    token = path.split("/")[-2]
    tampered = token[:-1] + ("A" if token[-1] != "A" else "B")
    other_salt = signing.dumps({"u": user.pk, "e": "nova@example.org"}, salt="another.purpose")
    for bad in (tampered, other_salt, "not-a-link", "x" * 300):
        answer = Client().get(reverse("accounts:confirm_email", args=[bad]))
        assert answer.status_code == 400, bad
        assert "This link is not valid." in answer.content.decode()
    assert Player.objects.get(user=user).email_verified is False


def test_a_link_expires_after_three_days(db, monkeypatch):
    sign_up("nova", "nova@example.org")
    user = User.objects.get(username="nova")
    now = time.time()
    with monkeypatch.context() as past:
        past.setattr(signing.time, "time", lambda: now - (3 * 24 * 3600 + 60))
        old = signup.confirmation_token(user)
    with monkeypatch.context() as past:
        past.setattr(signing.time, "time", lambda: now - (3 * 24 * 3600 - 60))
        recent = signup.confirmation_token(user)
    answer = Client().get(reverse("accounts:confirm_email", args=[old]))
    assert answer.status_code == 400
    assert "This link has expired." in answer.content.decode()
    assert Player.objects.get(user=user).email_verified is False
    answer = Client().get(reverse("accounts:confirm_email", args=[recent]))
    assert answer.status_code == 302
    assert Player.objects.get(user=user).email_verified is True


def test_a_link_for_an_address_the_account_no_longer_has_does_nothing(db):
    sign_up("nova", "nova@example.org")
    user = User.objects.get(username="nova")
    token = signup.confirmation_token(user)
    user.email = "changed@example.org"
    user.save()
    answer = Client().get(reverse("accounts:confirm_email", args=[token]))
    assert answer.status_code == 400
    assert Player.objects.get(user=user).email_verified is False


def test_the_profile_sends_a_new_link(db):
    _answer, _page, client = sign_up("nova", "nova@example.org")
    log_in(client, "nova")
    profile = client.get(reverse("accounts:profile")).content.decode()
    assert "is not confirmed yet" in profile
    mail.outbox.clear()
    answer = client.post(reverse("accounts:resend_confirmation"), follow=True)
    assert "We sent a new link to nova@example.org. It works for 3 days." in (
        answer.content.decode()
    )
    (again,) = mail.outbox
    assert again.to == ["nova@example.org"]
    client.get(LINK.search(again.body).group(1))
    assert "is not confirmed yet" not in client.get(reverse("accounts:profile")).content.decode()


def test_existing_and_demo_style_accounts_count_as_confirmed(db):
    # Accounts made any other way than the sign-up form (the migration's rows, the demo,
    # the admin, these tests' make_player) are confirmed.
    assert make_player("old").email_verified is True
