"""What a ranking officer is shown before deciding (SPEC §9): the people of an event with
their activity in it, and flags that each say what they rest on.

A flag is evidence, not a verdict: activity in the event (registration on the site, a
decklist, a check-in, result entries and confirmations), accounts created after the event
was announced, results all entered by one person, accounts sharing an e-mail address, an
event imported rather than run here, and results equal or nearly equal to an event already
in the ranking.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db.models import F, Q
from django.utils.translation import gettext as _

from scoring.similarity import compare_results
from tournament.accounts.models import Player
from tournament.decks.models import Decklist
from tournament.eventfile.models import ImportedEvent
from tournament.eventfile.services import export_record
from tournament.events.models import Event
from tournament.results.models import Game, GameEntry
from tournament.review.fingerprint import results_fingerprint
from tournament.standings.models import EventStanding, OfficialScore

# How many accepted events sharing players are compared for near-duplicate results.
NEAR_DUPLICATE_CANDIDATES = 10
# How many differing facts the near-duplicate flag lists.
DIFFERENCES_SHOWN = 8
# One person entering every result is worth a look only beyond a handful of games.
ONE_PERSON_MIN_GAMES = 4


@dataclass
class Person:
    """A player or official of the event as the officer sees them."""

    player_id: int
    name: str
    number: str
    role: str
    points: int
    place: int | None = None
    status: str = ""
    username: str = ""  # "" → the number matches no account
    activity: list[str] = field(default_factory=list)


@dataclass
class Flag:
    code: str  # imported, no_activity, late_accounts, one_person, shared_email, duplicate…
    message: str
    details: list[str] = field(default_factory=list)


def activity(event: Event) -> dict[int, list[str]]:
    """What each player did in the event on this site, by player id."""
    found: dict[int, list[str]] = defaultdict(list)
    if not ImportedEvent.objects.filter(event=event).exists():
        found[event.organizer_id].append(_("ran the event"))
        for player_id, checked_in in event.registrations.values_list("player_id", "checked_in"):
            found[player_id].append(_("registered"))
            if checked_in:
                found[player_id].append(_("checked in"))
    lists = Decklist.objects.filter(registration__event=event).exclude(text="")
    for player_id in lists.values_list("registration__player_id", flat=True):
        found[player_id].append(_("decklist"))
    entries = GameEntry.objects.filter(bracket__round__event=event)
    for player_id in set(entries.values_list("submitted_by_id", flat=True)):
        found[player_id].append(_("entered results"))
    # Confirming one's own entry (a single-entry event) is not a second person's check.
    confirmed = entries.exclude(confirmed_by=None).exclude(confirmed_by=F("submitted_by"))
    for player_id in set(confirmed.values_list("confirmed_by_id", flat=True)):
        found[player_id].append(_("confirmed results"))
    return found


def people(event: Event) -> list[Person]:
    """Players (in standings order) and officials, matched to accounts by player number."""
    done = activity(event)
    standings = EventStanding.objects.filter(event=event).select_related("player__user")
    rows = [
        _person(s.player, str(_("Player")), s.points, done, place=s.place, status=s.status_label)
        for s in standings.order_by("place", "player__name")
    ]
    officials = OfficialScore.objects.filter(event=event).select_related("player__user")
    rows += [
        _person(o.player, o.get_role_display(), o.points, done)
        for o in officials.order_by("role", "player__name")
    ]
    return rows


def _person(player: Player, role: str, points: int, done: dict, **extra) -> Person:
    user = player.user
    return Person(
        player_id=player.pk,
        name=player.name,
        number=player.player_number,
        role=role,
        points=points,
        username=user.get_username() if user else "",
        activity=done.get(player.pk, []),
        **extra,
    )


def _label(person: Person) -> str:
    return f"{person.name} ({person.number}, {person.role})"


def flags(event: Event, persons: list[Person]) -> list[Flag]:
    """What an officer should look at before accepting, each with what it rests on."""
    checks = (_imported, _no_activity, _late_accounts, _one_person, _shared_email)
    found = [flag for check in checks if (flag := check(event, persons)) is not None]
    return found + _copies(event)


def _imported(event: Event, persons: list[Person]) -> Flag | None:
    imported = ImportedEvent.objects.filter(event=event).first()
    if imported is None:
        return None
    return Flag(
        "imported",
        _("Imported from an event file on %(date)s, not run on this site.")
        % {"date": imported.imported_at.date().isoformat()},
    )


def _no_activity(event: Event, persons: list[Person]) -> Flag | None:
    idle = [p for p in persons if not p.activity]
    if not idle:
        return None
    return Flag(
        "no_activity",
        _(
            "%(count)d of %(total)d players and officials did nothing in this event on this "
            "site (no registration, decklist, check-in, result entry or confirmation)."
        )
        % {"count": len(idle), "total": len(persons)},
        [_label(p) for p in idle],
    )


def _late_accounts(event: Event, persons: list[Person]) -> Flag | None:
    """Accounts opened after the event was announced (created on the site)."""
    ids = [p.player_id for p in persons]
    late = (
        Player.objects.filter(pk__in=ids, user__date_joined__gt=event.created_at)
        .select_related("user")
        .order_by("name")
    )
    details = [
        _("%(name)s (%(number)s): account opened on %(date)s")
        % {"name": p.name, "number": p.player_number, "date": p.user.date_joined.date()}
        for p in late
    ]
    if not details:
        return None
    return Flag(
        "late_accounts",
        _("%(count)d accounts were opened after the event was announced on %(date)s.")
        % {"count": len(details), "date": event.created_at.date()},
        details,
    )


def _one_person(event: Event, persons: list[Person]) -> Flag | None:
    entries = GameEntry.objects.filter(bracket__round__event=event)
    games = Game.objects.filter(bracket__round__event=event).count()
    people_ = set(entries.values_list("submitted_by_id", flat=True)) | set(
        entries.exclude(confirmed_by=None).values_list("confirmed_by_id", flat=True)
    )
    if games < ONE_PERSON_MIN_GAMES or len(people_) != 1:
        return None
    who = Player.objects.get(pk=people_.pop())
    return Flag(
        "one_person",
        _("All %(count)d results were entered and confirmed by one person: %(name)s.")
        % {"count": games, "name": who.name},
    )


def _email_key(address: str) -> str:
    """An address as a mailbox: case, "+tags" and Gmail's dots do not make another one."""
    local, _at, domain = address.strip().lower().partition("@")
    local = local.split("+", 1)[0]
    if domain in ("gmail.com", "googlemail.com"):
        local, domain = local.replace(".", ""), "gmail.com"
    return f"{local}@{domain}"


def _shared_email(event: Event, persons: list[Person]) -> Flag | None:
    """[decision] "Shared addresses" are e-mail addresses: accounts whose addresses reach one
    mailbox. Network addresses are not used: at a venue everyone shares the wifi."""
    users = get_user_model().objects.filter(player__pk__in=[p.player_id for p in persons])
    boxes: dict[str, list[str]] = defaultdict(list)
    for user in users.exclude(Q(email="") | Q(email__isnull=True)).order_by("username"):
        boxes[_email_key(user.email)].append(user.get_username())
    shared = [names for names in boxes.values() if len(names) > 1]
    if not shared:
        return None
    return Flag(
        "shared_email",
        _("%(count)d groups of accounts share one e-mail mailbox.") % {"count": len(shared)},
        [", ".join(names) for names in shared],
    )


def _copies(event: Event) -> list[Flag]:
    """Results equal to, or nearly equal to, an event already in the ranking."""
    record = export_record(event)
    fingerprint = results_fingerprint(record)
    exact = list(
        Event.objects.filter(review__accepted_fingerprint=fingerprint)
        .exclude(pk=event.pk)
        .order_by("date", "pk")
    )
    found = []
    if exact:
        found.append(
            Flag(
                "duplicate",
                _("Same players and results as an event already in the ranking."),
                [f"{e.name} ({e.date.isoformat()}, #{e.pk})" for e in exact],
            )
        )
    for other, similarity in near_duplicates(event, record, exclude=exact):
        found.append(
            Flag(
                "near_duplicate",
                _(
                    "%(share)d%% of the results (seating, winners and counts, by player "
                    "number) equal those of %(name)s (%(date)s, #%(pk)s), already in the "
                    "ranking."
                )
                % {
                    "share": int(similarity.share * 100),
                    "name": other.name,
                    "date": other.date.isoformat(),
                    "pk": other.pk,
                },
                _differences(similarity),
            )
        )
    return found


def near_duplicates(event: Event, record=None, exclude=()) -> list[tuple[Event, object]]:
    """Accepted events sharing players with this one whose results are nearly the same."""
    record = record or export_record(event)
    players = event.registrations.values_list("player_id", flat=True)
    candidates = (
        Event.objects.exclude(review__accepted_fingerprint="")
        .filter(review__isnull=False, registrations__player__in=players)
        .exclude(pk__in=[event.pk, *(e.pk for e in exclude)])
        .distinct()
        .order_by("-date", "-pk")[:NEAR_DUPLICATE_CANDIDATES]
    )
    found = []
    for other in candidates:
        similarity = compare_results(record, export_record(other))
        if similarity.near_duplicate:
            found.append((other, similarity))
    return found


def _differences(similarity) -> list[str]:
    def fact(f: tuple) -> str:
        kind, rnd, seats = f[0], f[1], ", ".join(sorted(f[2]))
        if kind == "seated":
            return _("round %(round)s: a bracket of %(seats)s") % {"round": rnd, "seats": seats}
        if kind == "winner":
            return _("round %(round)s, bracket %(seats)s, game %(game)s: winner %(who)s") % {
                "round": rnd,
                "seats": seats,
                "game": f[3],
                "who": f[4] or _("none (draw)"),
            }
        return _("round %(round)s, bracket %(seats)s, game %(game)s: %(who)s %(count)s realms") % {
            "round": rnd,
            "seats": seats,
            "game": f[3],
            "who": f[4],
            "count": f[5],
        }

    here = [_("here: %(fact)s") % {"fact": fact(f)} for f in similarity.only_here]
    there = [_("there: %(fact)s") % {"fact": fact(f)} for f in similarity.only_there]
    return (here + there)[:DIFFERENCES_SHOWN]
