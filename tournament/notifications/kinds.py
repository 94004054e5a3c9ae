"""What the site tells people: one entry per kind of message, its audience and its words.

Subjects and bodies are translated when the message is sent, in the recipient's language;
their parameters are stored with the message (`Message.params`) as raw values (numbers, ISO
dates and times, lists), formatted when the message is rendered: in the recipient's
language and the event's time zone (`services.render`). Parameters the words use beyond the
stored ones are derived then: `round_name` ("round 2", or "final"), `where` ("round 2,
table 1, game 1"), `points_text` ("1 point", "7 points"), `problems_text` ("1 problem")
and the lists' lines.

A table's result is not a mail of its own: it rides on the player's next mail of the event,
the next round's seating or the event's end (`WITH_RESULTS`, the stored `results`), so a
player gets one mail per moment; it goes alone only when nothing else follows
(`handlers.untold_results`) or when the player turned the carrying kind off."""

from dataclasses import dataclass

from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy


class Kind(models.TextChoices):
    REGISTERED = "registered", _("Registration confirmed")
    WAITLISTED = "waitlisted", _("On the waiting list")
    MOVED_UP = "moved-up", _("Moved up from the waiting list")
    SEATED = "seated", _("Round seated: your table")
    RESULT_CONFIRMED = "result-confirmed", _("Your table's result")
    RESULT_CORRECTED = "result-corrected", _("A result at your table was corrected")
    REPORT_WAITING = "report-waiting", _("A game at your table was reported")
    DECKLIST_PROBLEMS = "decklist-problems", _("Your decklist needs work before the deadline")
    DECKLIST_ILLEGAL = "decklist-illegal", _("The decklist you saved is not legal")
    ENTRY_WAITING = "entry-waiting", _("Entries wait for your confirmation")
    CONFLICT = "conflict", _("Conflicting entries at a table")
    TIME_CALLED = "time-called", _("Time called")
    DROPPED = "dropped", _("You dropped out of an event")
    EVENT_FINISHED = "event-finished", _("Event finished: your place and points")
    FORM_SUBMITTED = "form-submitted", _("Scoring form submitted for review")
    FORM_RETURNED = "form-returned", _("Scoring form returned")
    FORM_ACCEPTED = "form-accepted", _("Scoring form accepted")
    DECKLIST_CHANGED = "decklist-changed", _("A decklist changed after the lock")


# Sent when they happen whatever the hourly limit (`NOTIFICATIONS_PER_HOUR`): they are
# about a round being played now, and are worth nothing an hour later.
TIME_CRITICAL = frozenset(
    {Kind.SEATED, Kind.TIME_CALLED, Kind.CONFLICT, Kind.ENTRY_WAITING, Kind.REPORT_WAITING}
)


@dataclass(frozen=True)
class Words:
    subject: Promise
    body: Promise


FINISHED_SUBJECT = _("%(event)s is finished: place %(place)s, %(points_text)s")

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
        _("%(event)s, %(round_name)s: your table is %(table)s"),
        _(
            "%(event)s: %(round_name)s is seated. You sit at table %(table)s with "
            "%(opponents)s.\n\n%(url)s"
        ),
    ),
    Kind.RESULT_CONFIRMED: Words(
        _("%(event)s: %(where)s confirmed, you are in place %(place)s"),
        _(
            "Every game of your table (%(where)s) is confirmed. You are in place %(place)s "
            "of the table with %(points_text)s.\n\n%(games)s\n\n%(url)s"
        ),
    ),
    Kind.RESULT_CORRECTED: Words(
        _("%(event)s: %(where)s corrected"),
        _("The result of %(where)s was corrected.\n\n%(changes)s\n\nReason: %(reason)s\n\n%(url)s"),
    ),
    Kind.REPORT_WAITING: Words(
        _("%(event)s: %(where)s was reported"),
        _(
            "%(by)s reported %(where)s at your table. Report it too, and your table's other "
            "games as they end, or tell a judge if a report is wrong: a game counts once a "
            "judge confirms it.\n\n%(url)s"
        ),
    ),
    Kind.DECKLIST_PROBLEMS: Words(
        _("%(event)s: your decklist needs work"),
        _(
            "Your decklist for %(event)s is missing or not legal (%(problems_text)s). "
            "Lists lock when round 1 is seated, planned from %(closes)s.\n\n%(url)s"
        ),
    ),
    Kind.DECKLIST_ILLEGAL: Words(
        _("%(event)s: the decklist you saved is not legal"),
        _(
            "The decklist you saved for %(event)s is not legal yet (%(problems_text)s). "
            "Fix it before round 1 is seated, planned from %(closes)s: the lists lock "
            "then.\n\n%(url)s"
        ),
    ),
    Kind.ENTRY_WAITING: Words(
        ngettext_lazy(
            "%(event)s, %(round_name)s: %(count)s entry waits for your confirmation",
            "%(event)s, %(round_name)s: %(count)s entries wait for your confirmation",
            "count",
        ),
        ngettext_lazy(
            "This entry has waited some minutes for another official's confirmation:\n\n"
            "%(entries)s\n\n%(url)s",
            "These entries have waited some minutes for another official's confirmation:\n\n"
            "%(entries)s\n\n%(url)s",
            "count",
        ),
    ),
    Kind.CONFLICT: Words(
        _("%(event)s: conflicting entries for %(where)s"),
        _(
            "Entries for %(where)s differ. Check with the players and confirm the right "
            "entry.\n\n%(url)s"
        ),
    ),
    Kind.TIME_CALLED: Words(
        _("%(event)s: time called in %(round_name)s"),
        _(
            "Time was called in %(round_name)s: games in progress end by time (finish the "
            "current turn, then the extra turns).\n\n%(url)s"
        ),
    ),
    Kind.DROPPED: Words(
        _("%(event)s: you dropped out"),
        _(
            "You dropped out of %(event)s (%(round_name)s): you are not seated in later "
            "rounds. If this is a mistake, tell a judge or the organizer: a drop can be undone "
            "while that round is the latest.\n\n%(url)s"
        ),
    ),
    Kind.EVENT_FINISHED: Words(
        FINISHED_SUBJECT,
        _(
            "%(event)s is finished. You finished in place %(place)s of %(players)s with "
            "%(points_text)s.\n\n%(url)s"
        ),
    ),
    Kind.FORM_SUBMITTED: Words(
        _("%(event)s: scoring form submitted for review"),
        _("%(by)s submitted the scoring form of %(event)s (%(date)s) for review.\n\n%(url)s"),
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


# The kinds that carry the results of the tables the player was not told yet
# (`results_text`: one paragraph per table; `last_result`: "round 1: place 2").
WITH_RESULTS: dict[str, Words] = {
    Kind.SEATED: Words(
        _("%(event)s, %(round_name)s: your table is %(table)s (%(last_result)s)"),
        _(
            "%(event)s: %(round_name)s is seated. You sit at table %(table)s with "
            "%(opponents)s.\n\n%(results_text)s\n\n%(url)s"
        ),
    ),
    Kind.EVENT_FINISHED: Words(
        FINISHED_SUBJECT,
        _(
            "%(event)s is finished. You finished in place %(place)s of %(players)s with "
            "%(points_text)s.\n\n%(results_text)s\n\n%(url)s"
        ),
    ),
}

# A one-on-one round's bye (SEATED with `bye`): no table, a match won.
BYE = Words(
    _("%(event)s, %(round_name)s: you have a bye"),
    _("%(event)s: %(round_name)s is seated. You have a bye: it counts as a match won.\n\n%(url)s"),
)
BYE_WITH_RESULTS = Words(
    _("%(event)s, %(round_name)s: you have a bye (%(last_result)s)"),
    _(
        "%(event)s: %(round_name)s is seated. You have a bye: it counts as a match won."
        "\n\n%(results_text)s\n\n%(url)s"
    ),
)

# A one-on-one match's result told alone (RESULT_CONFIRMED with `match`, SPEC §11): the
# match won, lost or drawn, never a place at a table (`match_text` adds its match points).
MATCH_BODY = _(
    "Every game of your match (%(where)s) is confirmed. %(match_text)s\n\n%(games)s\n\n%(url)s"
)
MATCH_CONFIRMED = {
    "won": Words(_("%(event)s: %(where)s confirmed, you won the match"), MATCH_BODY),
    "lost": Words(_("%(event)s: %(where)s confirmed, you lost the match"), MATCH_BODY),
    "drawn": Words(_("%(event)s: %(where)s confirmed, the match is drawn"), MATCH_BODY),
}


def words_for(kind: str, params: dict) -> Words:
    """The words of a message: its kind's, or the variant its parameters call for."""
    if kind == Kind.RESULT_CONFIRMED and params.get("match") in MATCH_CONFIRMED:
        return MATCH_CONFIRMED[params["match"]]
    if kind == Kind.SEATED and params.get("bye"):
        return BYE_WITH_RESULTS if params.get("results") else BYE
    if params.get("results") and kind in WITH_RESULTS:
        return WITH_RESULTS[kind]
    return WORDS[kind]
