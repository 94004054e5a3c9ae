"""What a ranking officer is shown before deciding (SPEC §9): the people of an event with
their activity in it, and flags that each say what they rest on.

A flag is evidence, not a verdict: what each person did in the event himself (registering,
checking in, a decklist, result entries and confirmations) and what an official did on his
behalf, people who never signed in to the event (did nothing themselves), accounts created
after the event was announced, results all entered by one person or by the same two,
accounts sharing an e-mail address, an event imported rather than run here, and results
equal or nearly equal to an event already in the ranking.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db.models import Count, F, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.similarity import NEAR_DUPLICATE, compare_results
from tournament.accounts.models import Player
from tournament.decks.models import Decklist, DecklistChange
from tournament.eventfile.models import ImportedEvent
from tournament.eventfile.services import export_record
from tournament.events.models import Event, Registration
from tournament.results.models import EntryStatus, Game, GameEntry
from tournament.review.fingerprint import results_fingerprint
from tournament.standings import reading

# Accepted events compared for near-duplicate results: every one sharing at least this share
# of the event's players (a copy shares nearly all), the most shared first, at most
# NEAR_DUPLICATE_CANDIDATES of them (the cost stays bounded whatever the ranking's size).
CANDIDATE_SHARED_PLAYERS = 0.5
NEAR_DUPLICATE_CANDIDATES = 200
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
    # Whether he did anything in the event himself (signed in): what officials did on his
    # behalf is listed in ``activity`` but is not his.
    own_activity: bool = False


@dataclass
class Flag:
    code: str  # imported, no_activity, late_accounts, one_person, shared_email, duplicate…
    message: str
    details: list[str] = field(default_factory=list)


@dataclass
class Activity:
    """What one person did in the event (``own``) and what officials did for him."""

    own: list[str] = field(default_factory=list)
    for_him: list[str] = field(default_factory=list)

    @property
    def lines(self) -> list[str]:
        return self.own + self.for_him


def _by_whom(player_id: int, by_id: int | None, did: str, names: dict[int, str]) -> tuple:
    """("own", text) when the player did it himself, else ("for_him", text)."""
    if by_id == player_id:
        return "own", did
    if by_id is None:
        return "for_him", _("%(did)s (by whom not recorded)") % {"did": did}
    return "for_him", _("%(did)s by %(name)s on his behalf") % {
        "did": did,
        "name": names.get(by_id, "?"),
    }


def activity(event: Event) -> dict[int, Activity]:
    """What each player did in the event on this site, by player id: himself, or an
    official on his behalf (registration and check-in record who did them)."""
    found: dict[int, Activity] = defaultdict(Activity)

    def add(player_id: int, kind_text: tuple) -> None:
        kind, text = kind_text
        getattr(found[player_id], kind).append(text)

    registrations = list(
        Registration.objects.filter(event=event).values_list(
            "player_id", "registered_by_id", "checked_in", "checked_in_by_id"
        )
    )
    changes = list(
        DecklistChange.objects.filter(decklist__registration__event=event)
        .exclude(changed_by=None)
        .values_list("decklist__registration__player_id", "changed_by_id")
    )
    ids = {pk for row in registrations for pk in (row[1], row[3]) if pk} | {c[1] for c in changes}
    names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))
    did_for_others: dict[int, Counter] = defaultdict(Counter)
    if not ImportedEvent.objects.filter(event=event).exists():
        found[event.organizer_id].own.append(_("ran the event"))
        for player_id, registered_by, checked_in, checked_in_by in registrations:
            add(player_id, _by_whom(player_id, registered_by, _("registered"), names))
            if registered_by and registered_by != player_id:
                did_for_others[registered_by]["registered"] += 1
            if checked_in:
                add(player_id, _by_whom(player_id, checked_in_by, _("checked in"), names))
                if checked_in_by and checked_in_by != player_id:
                    did_for_others[checked_in_by]["checked in"] += 1
    lists = Decklist.objects.filter(registration__event=event).exclude(text="")
    authors: dict[int, set[int]] = defaultdict(set)
    for player_id, by in changes:
        authors[player_id].add(by)
    for player_id in lists.values_list("registration__player_id", flat=True):
        others = sorted(names.get(pk, "?") for pk in authors[player_id] - {player_id})
        if player_id in authors[player_id]:
            found[player_id].own.append(_("decklist"))
        elif others:
            found[player_id].for_him.append(
                _("decklist entered by %(names)s on his behalf") % {"names": ", ".join(others)}
            )
        else:
            found[player_id].for_him.append(_("decklist (by whom not recorded)"))
    for official, counts in did_for_others.items():
        if counts["registered"]:
            found[official].own.append(
                ngettext(
                    "registered %(count)d player",
                    "registered %(count)d players",
                    counts["registered"],
                )
                % {"count": counts["registered"]}
            )
        if counts["checked in"]:
            found[official].own.append(
                ngettext(
                    "checked in %(count)d player",
                    "checked in %(count)d players",
                    counts["checked in"],
                )
                % {"count": counts["checked in"]}
            )
    entries = GameEntry.objects.filter(bracket__round__event=event)
    for player_id in set(entries.values_list("submitted_by_id", flat=True)):
        found[player_id].own.append(_("entered results"))
    # Confirming one's own entry (a single-entry event) is not a second person's check.
    confirmed = entries.exclude(confirmed_by=None).exclude(confirmed_by=F("submitted_by"))
    for player_id in set(confirmed.values_list("confirmed_by_id", flat=True)):
        found[player_id].own.append(_("confirmed results"))
    return found


def people(event: Event) -> list[Person]:
    """Players (in standings order) and officials, matched to accounts by player number."""
    done = activity(event)
    rows = [
        _person(s.player, str(_("Player")), s.points, done, place=s.place, status=s.status_label)
        for s in reading.event_standings(event, "player__user")
    ]
    officials = reading.officials(event).select_related("player__user")
    rows += [
        _person(o.player, o.get_role_display(), o.points, done)
        for o in officials.order_by("role", "player__name")
    ]
    return rows


def _person(player: Player, role: str, points: int, done: dict, **extra) -> Person:
    user = player.user
    did = done.get(player.pk, Activity())
    return Person(
        player_id=player.pk,
        name=player.name,
        number=player.player_number,
        role=role,
        points=points,
        username=user.get_username() if user else "",
        activity=did.lines,
        own_activity=bool(did.own),
        **extra,
    )


def _label(person: Person) -> str:
    return f"{person.name} ({person.number}, {person.role})"


def flags(event: Event, persons: list[Person]) -> list[Flag]:
    """What an officer should look at before accepting, each with what it rests on."""
    checks = (_imported, _no_activity, _late_accounts, _one_person, _two_people, _shared_email)
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
    """People who never signed in to the event: they did nothing in it themselves. What an
    official did on their behalf (registering, checking in, a decklist) is listed, as what
    the flag rests on, but it is not theirs."""
    idle = [p for p in persons if not p.own_activity]
    if not idle:
        return None
    return Flag(
        "no_activity",
        _(
            "%(count)d of %(total)d players and officials never signed in to this event: "
            "they did nothing in it themselves on this site (no registration, check-in, "
            "decklist, result entry or confirmation of their own)."
        )
        % {"count": len(idle), "total": len(persons)},
        [
            _("%(who)s: %(what)s") % {"who": _label(p), "what": "; ".join(p.activity)}
            if p.activity
            else _label(p)
            for p in idle
        ],
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
        ngettext(
            "%(count)d account was opened after the event was announced on %(date)s.",
            "%(count)d accounts were opened after the event was announced on %(date)s.",
            len(details),
        )
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
        ngettext(
            "The %(count)d result was entered and confirmed by one person: %(name)s.",
            "All %(count)d results were entered and confirmed by one person: %(name)s.",
            games,
        )
        % {"count": games, "name": who.name},
    )


def _two_people(event: Event, persons: list[Person]) -> Flag | None:
    """More than half of the results (four games or more) entered by one person and
    confirmed by one other: two people can make up an event as well as one."""
    games = Game.objects.filter(bracket__round__event=event).count()
    confirmed = (
        GameEntry.objects.filter(bracket__round__event=event, status=EntryStatus.CONFIRMED)
        .exclude(confirmed_by=None)
        .exclude(confirmed_by=F("submitted_by"))
        .values_list("submitted_by_id", "confirmed_by_id")
    )
    pairs: Counter[frozenset[int]] = Counter(frozenset(pair) for pair in confirmed)
    if not pairs:
        return None
    pair, count = max(pairs.items(), key=lambda item: (item[1], sorted(item[0])))
    if count < ONE_PERSON_MIN_GAMES or 2 * count <= games:
        return None
    entered = Counter(s for s, c in confirmed if frozenset((s, c)) == pair)
    confirms = Counter(c for s, c in confirmed if frozenset((s, c)) == pair)
    names = dict(Player.objects.filter(pk__in=pair).values_list("pk", "name"))
    first, second = sorted(names[pk] for pk in pair)
    return Flag(
        "two_people",
        _(
            "%(count)d of the %(total)d results were entered and confirmed by the same two "
            "people: %(first)s and %(second)s."
        )
        % {"count": count, "total": games, "first": first, "second": second},
        [
            _("%(name)s: entered %(entered)d, confirmed %(confirmed)d")
            % {"name": names[pk], "entered": entered[pk], "confirmed": confirms[pk]}
            for pk in sorted(pair, key=lambda pk: names[pk])
        ],
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
        ngettext(
            "%(count)d group of accounts shares one e-mail mailbox.",
            "%(count)d groups of accounts share one e-mail mailbox.",
            len(shared),
        )
        % {"count": len(shared)},
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
        values = {"name": other.name, "date": other.date.isoformat(), "pk": other.pk}
        if similarity.share >= NEAR_DUPLICATE:
            text = _(
                "%(share)d%% of the results (each player's games, counts, places and "
                "tablemates, by player number) equal those of %(name)s (%(date)s, "
                "#%(pk)s), already in the ranking."
            ) % (values | {"share": int(similarity.share * 100)})
        else:  # the players were seated otherwise, each keeping his own results
            text = _(
                "%(share)d%% of each player's own results (his games, counts and places, "
                "whoever he sat with) equal those of %(name)s (%(date)s, #%(pk)s), already "
                "in the ranking."
            ) % (values | {"share": int(similarity.results_share * 100)})
        found.append(Flag("near_duplicate", text, _differences(similarity)))
    return found


def near_duplicates(event: Event, record=None, exclude=()) -> list[tuple[Event, object]]:
    """Accepted events sharing players with this one whose results are nearly the same."""
    record = record or export_record(event)
    found = []
    for other in candidate_events(event, exclude):
        similarity = compare_results(record, export_record(other))
        if similarity.near_duplicate:
            found.append((other, similarity))
    return found


def candidate_events(event: Event, exclude=()) -> list[Event]:
    """Every accepted event that could be a near duplicate: found through the players'
    registrations (indexed by player), keeping those that share at least
    CANDIDATE_SHARED_PLAYERS of this event's players, the most shared first, at most
    NEAR_DUPLICATE_CANDIDATES (however old they are).

    [decision] A copy shares nearly all its players: every fact names a player, so an event
    sharing fewer than half of them cannot have 90% of its facts in common."""
    players = list(event.registrations.values_list("player_id", flat=True))
    if not players:
        return []
    shared = (
        Registration.objects.filter(player_id__in=players, event__review__isnull=False)
        .exclude(event__review__accepted_fingerprint="")
        .exclude(event_id__in=[event.pk, *(e.pk for e in exclude)])
        .values("event_id")
        .annotate(shared=Count("player_id"))
        .filter(shared__gte=max(1, int(len(players) * CANDIDATE_SHARED_PLAYERS)))
        .order_by("-shared", "event_id")[:NEAR_DUPLICATE_CANDIDATES]
    )
    order = [row["event_id"] for row in shared]
    events = Event.objects.in_bulk(order)
    return [events[pk] for pk in order]


def _differences(similarity) -> list[str]:
    def fact(f: tuple) -> str:
        kind, rnd = f[0], f[1]
        if kind == "sat":
            return _("round %(round)s: %(who)s and %(other)s at one table") % {
                "round": rnd,
                "who": f[2],
                "other": f[3],
            }
        if kind == "place":
            return _("round %(round)s: %(who)s placed %(place)s by the judge's tie-break") % {
                "round": rnd,
                "who": f[2],
                "place": f[3],
            }
        if kind == "dropped":
            return _("round %(round)s: %(who)s dropped") % {"round": rnd, "who": f[2]}
        if kind == "played":
            text = (
                _("round %(round)s, game %(game)s: %(who)s won")
                if f[4]
                else _("round %(round)s, game %(game)s: %(who)s did not win")
            )
            return text % {"round": rnd, "game": f[2], "who": f[3]}
        return ngettext(
            "round %(round)s, game %(game)s: %(who)s %(count)s realm",
            "round %(round)s, game %(game)s: %(who)s %(count)s realms",
            f[4],
        ) % {
            "round": rnd,
            "game": f[2],
            "who": f[3],
            "count": f[4],
        }

    here = [_("here: %(fact)s") % {"fact": fact(f)} for f in similarity.only_here]
    there = [_("there: %(fact)s") % {"fact": fact(f)} for f in similarity.only_there]
    return (here + there)[:DIFFERENCES_SHOWN]
