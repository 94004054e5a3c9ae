"""One language per person: the one he picks on the site (the language menu while logged in,
the profile, sign-up) is his pages', his e-mails' and his PDFs'; who never chose is written
to in the event's language (`Event.language`); a code the site does not offer falls back to
the site's (`LANGUAGE_CODE`), never an error.

The event is `mail_scenario.py`'s (13 players, every round seated, played, corrected and
closed, the event finished and its form accepted). A mail is English when it holds one of
`ENGLISH`: words every English mail of the scenario has at least one of, and no Portuguese
mail can hold (checked the other way round below, so the check itself can fail).
"""

import re

from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.notifications import mail_scenario
from tests.support.players import make_player
from tournament.accounts import preferences
from tournament.notifications.models import Preferences

# Words of the scenario's English mails (subjects, bodies, the footer), none Portuguese.
ENGLISH = re.compile(
    r"\b(the|you|your|round|table|place|points?|finished|seated|registered|confirmed|"
    r"stop these e-mails)\b",
    re.IGNORECASE,
)
# Names in the scenario that are no words of either language.
NAMES = re.compile(r"Thirteen Open|Mia \d\d|Jay Judge|June Judge|Olivia Organizer|Recife")


def english_words(message) -> set[str]:
    text = NAMES.sub("", f"{message.subject}\n{message.body}")
    text = re.sub(r"https?://\S+", "", text)  # a link's path is no word of the mail
    return {word.lower() for word in ENGLISH.findall(text)}


def mails_to(username: str) -> list:
    return [m for m in mail.outbox if m.to == [f"{username}@example.org"]]


def pick_in_the_menu(language: str, *usernames: str):
    """The player, logged in, picks `language` in the site's language menu."""

    def choose(player):
        if player.user.username in usernames:
            browser = Client(HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
            browser.force_login(player.user)
            answer = browser.post(reverse("set_language"), {"language": language, "next": "/"})
            assert answer.status_code == 302

    return choose


def test_a_player_who_picks_portuguese_in_the_menu_gets_no_english_mail(db):
    mail_scenario.run(choose=pick_in_the_menu("pt-br", "m03"))
    his = mails_to("m03")
    assert len(his) >= 2  # at least a seating and the event's end
    for message in his:
        assert english_words(message) == set(), message.subject
    subjects = " ".join(m.subject for m in his)
    bodies = "\n".join(m.body for m in his)
    assert "Thirteen Open, rodada 1: sua mesa é a" in subjects
    assert "Thirteen Open foi encerrado" in subjects
    assert "Para não receber mais estes e-mails" in bodies
    # The check sees English: a player who chose nothing reads the event's English.
    others = mails_to("m04")
    assert others and all(english_words(m) for m in others)


def test_who_never_chose_is_written_to_in_the_events_language(db):
    outcome = mail_scenario.run(language="pt-br", choose=pick_in_the_menu("en", "m05"))
    for number in range(1, 14):
        username = f"m{number:02d}"
        for message in mails_to(username):
            if username == "m05":  # he chose English: his choice wins over the event's
                assert english_words(message), message.subject
            else:
                assert english_words(message) == set(), (username, message.subject)
    # The officials never chose either: the organizer's review mails are Portuguese too.
    assert mails_to("org13") and not any(english_words(m) for m in mails_to("org13"))
    assert outcome["event"].language == "pt-br"


def test_a_language_the_site_does_not_offer_falls_back_to_the_sites(db):
    """A code stored by an older version or typed into the admin ("fr"): English, no error."""

    def stored_french(player):
        if player.user.username == "m06":
            Preferences.objects.create(user=player.user, language="fr")

    mail_scenario.run(language="xx", choose=stored_french)
    his = mails_to("m06")
    assert his and all(english_words(m) for m in his)


def test_the_menu_keeps_a_logged_in_persons_language_for_every_page(db):
    person = make_player("ana", "Ana Souza")
    browser = Client(HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    browser.force_login(person.user)
    assert browser.get(reverse("events:list")).headers["Content-Language"] == "en"
    browser.post(reverse("set_language"), {"language": "pt-br", "next": "/"})
    assert preferences.chosen(person.user).language == "pt-br"
    # Another phone that asks for English, and no language cookie: his pages are Portuguese.
    phone = Client(HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    phone.force_login(person.user)
    page = phone.get(reverse("events:list"))
    assert page.headers["Content-Language"] == "pt-br"
    assert '<html lang="pt-br"' in page.content.decode()


def test_the_menu_refuses_a_language_the_site_does_not_offer(db):
    person = make_player("ana", "Ana Souza")
    preferences.keep(person.user, language="pt-br")
    browser = Client()
    browser.force_login(person.user)
    for code in ("fr", "xx-yy", "../../etc", "p" * 300):
        answer = browser.post(reverse("set_language"), {"language": code, "next": "/"})
        assert answer.status_code == 302
        assert preferences.chosen(person.user).language == "pt-br"
    assert browser.get(reverse("events:list")).headers["Content-Language"] == "pt-br"


def test_a_session_holding_a_language_the_site_does_not_offer_shows_the_sites(db):
    person = make_player("ana", "Ana Souza")
    browser = Client()
    browser.force_login(person.user)
    session = browser.session
    session[preferences.SESSION_LANGUAGE] = "fr"
    session.save()
    page = browser.get(reverse("events:list"))
    assert page.status_code == 200
    assert page.headers["Content-Language"] == "en"


def test_the_event_form_keeps_the_sites_languages_only(db, organizer, settings):
    from tournament.events.forms import EventForm
    from tournament.events.models import Event

    assert Event().language == settings.LANGUAGE_CODE == "en"
    form = EventForm({"language": "fr"}, instance=Event(organizer=organizer))
    assert not form.is_valid()
    assert "language" in form.errors
    assert [code for code, _name in form.fields["language"].choices] == ["en", "pt-br"]
