"""Every link in every e-mail is absolute, so a mail app can open it: the event's mails
(`mail_scenario.py`: registrations, seatings, results, corrections, time called, the end,
the review), the sign-up confirmation and the password reset. The notifications' links are
`SITE_URL` + path (`scripts/serve.sh` sets it to the address it serves; `check --deploy`
refuses an empty one); the account mails' fall back to the address the request came to."""

import re

from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.accounts.test_mail_language import SIGN_UP
from tests.notifications import mail_scenario

SITE = "http://127.0.0.1:8000"
# A path standing alone (after a space, a line break, a bracket or a colon): "/events/5/my-seat/".
RELATIVE = re.compile(r"(?:^|(?<=[\s(<:]))/[\w\-./?=&%:]+", re.MULTILINE)
ABSOLUTE = re.compile(r"https?://[^\s>)]+")


def relative_links(text: str) -> list[str]:
    return RELATIVE.findall(ABSOLUTE.sub("", text))


def account_mails(client: Client) -> list:
    """The sign-up confirmation and a password reset, as a new user gets them."""
    mail.outbox.clear()
    client.post(reverse("accounts:signup"), SIGN_UP)
    client.post(reverse("password_reset"), {"email": "ana@example.org"})
    return list(mail.outbox)


def test_every_mail_link_is_absolute(db, settings):
    settings.SITE_URL = SITE
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    mail_scenario.run(portuguese=("m03",))
    event_mails = list(mail.outbox)
    assert len(event_mails) > 40
    accounts = account_mails(Client())
    assert len(accounts) == 2
    for message in event_mails + accounts:
        text = f"{message.body}\n{message.extra_headers.get('List-Unsubscribe', '')}"
        assert relative_links(text) == [], message.subject
        assert ABSOLUTE.search(message.body), message.subject  # every mail has its link
    for message in event_mails:
        assert all(link.startswith(SITE + "/") for link in ABSOLUTE.findall(message.body))


def test_the_check_sees_a_relative_link(db, settings):
    """Without SITE_URL (as the first README command was before serve.sh set it), the
    event's links are bare paths: the check above finds them."""
    settings.SITE_URL = ""
    mail_scenario.run()
    found = [link for m in mail.outbox for link in relative_links(m.body)]
    assert found and all(link.startswith("/") for link in found)
    assert "/events/" in " ".join(found)
