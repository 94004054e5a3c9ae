"""What the site tells people: one entry per kind of message, its audience and its words.

Subjects and bodies are translated when the message is sent, in the recipient's language;
their parameters are stored with the message (`Message.params`)."""

from dataclasses import dataclass

from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    REGISTERED = "registered", _("Registration confirmed")
    WAITLISTED = "waitlisted", _("On the waiting list")
    MOVED_UP = "moved-up", _("Moved up from the waiting list")
    SEATED = "seated", _("Round seated: your table")
    RESULT_CONFIRMED = "result-confirmed", _("A result at your table was confirmed")
    REPORT_WAITING = "report-waiting", _("A game at your table was reported")
    DECKLIST_PROBLEMS = "decklist-problems", _("Your decklist needs work before the deadline")
    ENTRY_WAITING = "entry-waiting", _("An entry waits for a judge's confirmation")
    CONFLICT = "conflict", _("Conflicting entries at a table")
    TIME_CALLED = "time-called", _("Time called")
    FORM_RETURNED = "form-returned", _("Scoring form returned")
    FORM_ACCEPTED = "form-accepted", _("Scoring form accepted")
    DECKLIST_CHANGED = "decklist-changed", _("A decklist changed after the lock")


@dataclass(frozen=True)
class Words:
    subject: str
    body: str


# %(event)s and %(url)s are in every message's parameters.
WORDS: dict[str, Words] = {
    Kind.REGISTERED: Words(
        _("You are registered for %(event)s"),
        _("You are registered for %(event)s, %(date)s at %(venue)s.\n\n%(url)s"),
    ),
    Kind.WAITLISTED: Words(
        _("%(event)s is full: you are on the waiting list"),
        _(
            "%(event)s is full. You are on its waiting list and will be told if a place "
            "frees up.\n\n%(url)s"
        ),
    ),
    Kind.MOVED_UP: Words(
        _("A place freed up: you are registered for %(event)s"),
        _(
            "You moved up from the waiting list: you are registered for %(event)s, %(date)s at "
            "%(venue)s.\n\n%(url)s"
        ),
    ),
    Kind.SEATED: Words(
        _("%(event)s, round %(round)s: your table is %(table)s"),
        _("Round %(round)s of %(event)s is seated. Your table is %(table)s.\n\n%(url)s"),
    ),
    Kind.RESULT_CONFIRMED: Words(
        _("%(event)s: game %(game)s at table %(table)s confirmed"),
        _(
            "The result of game %(game)s at your table %(table)s (round %(round)s) was "
            "confirmed.\n\n%(url)s"
        ),
    ),
    Kind.REPORT_WAITING: Words(
        _("%(event)s: game %(game)s at table %(table)s was reported"),
        _(
            "%(by)s reported game %(game)s at your table %(table)s (round %(round)s). Report it "
            "too, or tell a judge if it is wrong: it counts once a judge confirms it.\n\n%(url)s"
        ),
    ),
    Kind.DECKLIST_PROBLEMS: Words(
        _("%(event)s: your decklist needs work"),
        _(
            "Your decklist for %(event)s is missing or not legal (%(problems)s problems). "
            "Lists close on %(closes)s.\n\n%(url)s"
        ),
    ),
    Kind.ENTRY_WAITING: Words(
        _("%(event)s: game %(game)s at table %(table)s waits for your confirmation"),
        _(
            "%(by)s entered game %(game)s at table %(table)s (round %(round)s). It counts once "
            "another official confirms it.\n\n%(url)s"
        ),
    ),
    Kind.CONFLICT: Words(
        _("%(event)s: conflicting entries at table %(table)s"),
        _(
            "Game %(game)s at table %(table)s (round %(round)s) was entered differently. Check "
            "with the players and confirm the right entry.\n\n%(url)s"
        ),
    ),
    Kind.TIME_CALLED: Words(
        _("%(event)s: time called in round %(round)s"),
        _("Time was called in round %(round)s: games in progress end by time.\n\n%(url)s"),
    ),
    Kind.FORM_RETURNED: Words(
        _("%(event)s: scoring form returned"),
        _(
            "A ranking officer returned the scoring form of %(event)s.\n\nReason: %(reason)s"
            "\n\n%(url)s"
        ),
    ),
    Kind.FORM_ACCEPTED: Words(
        _("%(event)s: scoring form accepted"),
        _(
            "A ranking officer accepted the scoring form of %(event)s: its points count in "
            "the ranking.\n\n%(url)s"
        ),
    ),
    Kind.DECKLIST_CHANGED: Words(
        _("%(event)s: %(player)s's decklist changed after the lock"),
        _(
            "%(by)s changed the decklist of %(player)s after the lists locked.\n\nReason: "
            "%(reason)s\n\n%(url)s"
        ),
    ),
}
