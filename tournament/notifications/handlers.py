"""Handlers that queue notifications for what the services announce (`core/happenings.py`;
each is subscribed in `tournament/site/subscriptions.py`).

They run inside the service's transaction, so a message (the outbox row) exists exactly when
the change it tells of was committed. Registration notices are for events taking
registrations: an imported or simulated event tells nobody anything (its services announce
nothing); a player who registered himself was answered by the page.

One mail per person per moment: a table's result is not told when its games are all in but
with the player's next mail of the event, the next round's seating ("round 1: place 2; the
final: table 1 with X, Y") or the event's end, with any correction made before it; alone
only when nothing follows for `RESULT_HOLD` (`untold_results`, the sweep) or when the player
turned the carrying kind off. A correction is a mail of its own only to the players already
told the table's result.

Parameters are stored raw (numbers, ISO dates, ids); `render.py` formats them for each
reader. Entries waiting for a confirmation are not told here: `waiting.py` tells each
official once they have waited some minutes, grouped per round.
"""

from collections import defaultdict
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Exists, Max, OuterRef, Q
from django.urls import reverse
from django.utils import timezone

from tournament.accounts.roles import RANKING_OFFICERS_GROUP
from tournament.decks.happenings import DecklistChanged
from tournament.decks.models import Decklist, DecklistChange
from tournament.events.choices import Status
from tournament.events.happenings import Dropped, MovedUp, Registered, Waitlisted
from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.notifications import waiting
from tournament.notifications.facts import is_the_final, officials, round_facts, user_of
from tournament.notifications.kinds import Kind
from tournament.notifications.models import Message, Preferences
from tournament.notifications.reminders import lists_close_at
from tournament.notifications.render import iso
from tournament.notifications.services import queue, site_url
from tournament.results.happenings import EntryCorrected, EntryWaiting
from tournament.results.models import COUNTS, EntryStatus, Game, GameEntry
from tournament.review.happenings import Decided
from tournament.review.models import ReviewDecision
from tournament.rounds.happenings import EventFinished, RoundPublished, TimeCalled


def event_url(event: Event) -> str:
    return site_url(reverse("events:detail", args=[event.pk]))


def registered(happening: Registered | Waitlisted) -> None:
    instance = happening.registration
    if instance.registered_by_id is not None and instance.registered_by_id == instance.player_id:
        return  # he did it himself: the page answered him
    kind = Kind.WAITLISTED if isinstance(happening, Waitlisted) else Kind.REGISTERED
    _registration_notice(instance, kind)


def moved_up(happening: MovedUp) -> None:
    _registration_notice(happening.registration, Kind.MOVED_UP)


def _registration_notice(instance: Registration, kind: Kind) -> None:
    event = instance.event
    if event.status not in (Status.REGISTRATION, Status.RUNNING):
        return
    queue(
        [user_of(instance.player)],
        kind,
        event=event,
        key=f"registration:{instance.pk}:{kind}",
        date=iso(event.date),
        venue=event.venue,
        url=event_url(event),
    )


def dropped(happening: Dropped) -> None:
    """The player is told he dropped (by his own hand or an official's): he is not seated
    again, and a mistake can still be undone."""
    registration = happening.registration
    event = registration.event
    if event.status not in (Status.REGISTRATION, Status.RUNNING):
        return
    number = registration.dropped_in_round
    rnd = event.rounds.filter(number=number).first()
    final = rnd is not None and is_the_final(rnd)
    queue(
        [user_of(registration.player)],
        Kind.DROPPED,
        event=event,
        key=f"dropped:{registration.pk}:{number}",
        round=number,
        final=final,
        url=event_url(event),
    )


def round_published(happening: RoundPublished) -> None:
    _seated(happening.round)


def time_called(happening: TimeCalled) -> None:
    instance = happening.round
    event = instance.event
    stamp = instance.time_called_at.isoformat()
    queue(
        officials(event),
        Kind.TIME_CALLED,
        event=event,
        key=f"time:{instance.pk}:{stamp}",
        url=site_url(reverse("rounds:detail", args=[event.pk, instance.number])),
        **round_facts(instance),
    )
    # The players still playing: a table whose games are all in has nothing to end.
    playing = (
        Seat.objects.filter(bracket__round=instance, dropped=False)
        .exclude(bracket__state=Bracket.State.COMPLETE)
        .select_related("registration__player__user")
    )
    queue(
        [user_of(s.registration.player) for s in playing],
        Kind.TIME_CALLED,
        event=event,
        key=f"time-players:{instance.pk}:{stamp}",
        url=site_url(reverse("rounds:my_seat", args=[event.pk])),
        **round_facts(instance),
    )


def _facts(entry: GameEntry, bracket: Bracket) -> dict:
    return {"game": entry.number, "table": bracket.table, **round_facts(bracket.round)}


def entry_waiting(happening: EntryWaiting) -> None:
    instance, bracket, event = happening.entry, happening.bracket, happening.event
    rnd = bracket.round
    facts = _facts(instance, bracket)
    judges_page = site_url(reverse("results:bracket", args=[event.pk, bracket.pk]))
    by = instance.submitted_by
    reported = happening.reported
    if reported:  # a player's report: his table's other players are asked to report too
        # Once per table (the ask says "and your table's other games"), never a player who
        # already reported a game of it himself.
        reporters = set(
            GameEntry.objects.filter(bracket=bracket).values_list("submitted_by_id", flat=True)
        )
        seats = Seat.objects.filter(bracket=bracket, dropped=False).select_related(
            "registration__player__user"
        )
        queue(
            [
                user_of(s.registration.player)
                for s in seats
                if s.registration.player_id not in reporters | {by.pk}
            ],
            Kind.REPORT_WAITING,
            event=event,
            key=f"report-table:{bracket.pk}",
            by=by.name,
            entry=instance.pk,
            url=site_url(reverse("rounds:my_seat", args=[event.pk])),
            **facts,
        )
    # Entries wait for a second official, players' reports for a judge (even single-entry):
    # the services announce only an entry that waits.
    # Told only if still unconfirmed some minutes from now (`waiting.py`).
    transaction.on_commit(lambda pk=rnd.pk: waiting.schedule(pk), robust=True)
    if happening.differing:
        queue(
            officials(event),
            Kind.CONFLICT,
            event=event,
            key=f"conflict:{instance.pk}",
            entry=instance.pk,
            url=judges_page,
            **facts,
        )


def entry_corrected(happening: EntryCorrected) -> None:
    """One message saying what the correction changed, to the table's players already told
    its result; the others read the corrected figures in the mail that tells it."""
    entry, bracket, event, before = (
        happening.after,
        happening.bracket,
        happening.event,
        happening.before,
    )
    facts = _facts(entry, bracket)
    told = _told(event)
    seats = list(Seat.objects.filter(bracket=bracket).select_related("registration__player__user"))
    names = {s.registration.player_id: s.registration.player.name for s in seats}
    users = [user_of(s.registration.player) for s in seats]
    queue(
        [u for u in users if u is not None and bracket.pk in told[u.pk]],
        Kind.RESULT_CORRECTED,
        event=event,
        key=f"corrected:{entry.pk}",
        changes=changes(before, entry, names) if before is not None else [],
        reason=entry.reason or "—",
        url=site_url(
            reverse("standings:bracket", args=[event.pk, bracket.round.number, bracket.table])
        ),
        **facts,
    )


def changes(before: GameEntry, after: GameEntry, names: dict[int, str]) -> list[dict]:
    """What a correction changed: the winner, how the game ended, each player's counts."""
    found = []
    if before.winner_id != after.winner_id:
        found.append(
            {
                "what": "winner",
                "from": names.get(before.winner_id, ""),
                "to": names.get(after.winner_id, ""),
            }
        )
    if before.ended_by != after.ended_by:
        found.append({"what": "ended_by", "from": before.ended_by, "to": after.ended_by})
    for field in COUNTS:
        old, new = getattr(before, field) or {}, getattr(after, field) or {}
        for player_id, name in names.items():
            key = str(player_id)
            if old.get(key) != new.get(key):
                found.append(
                    {"what": field, "player": name, "from": old.get(key), "to": new.get(key)}
                )
    return found


# A result not carried by a later mail for this long is told alone (the sweep).
RESULT_HOLD = timedelta(hours=4)
# Kinds whose messages tell tables' results (stored `results`, or one table alone).
RESULT_KINDS = (Kind.SEATED, Kind.RESULT_CONFIRMED, Kind.EVENT_FINISHED)


def _seated(rnd: Round) -> None:
    """Each seated player is told his table and who sits with him, and in the same mail the
    results of his earlier tables he was not told yet."""
    event = rnd.event
    url = site_url(reverse("rounds:my_seat", args=[event.pk]))
    seats = list(
        Seat.objects.filter(bracket__round=rnd)
        .select_related("bracket", "registration__player__user")
        .order_by("bracket__table", "position")
    )
    tables: dict[int, list[Seat]] = defaultdict(list)
    for seat in seats:
        tables[seat.bracket_id].append(seat)
    untold = results_untold(event, [s.registration_id for s in seats], before=rnd.number)
    muted = _muted([user_of(s.registration.player) for s in seats])
    for seat in seats:
        tell(
            user_of(seat.registration.player),
            Kind.SEATED,
            untold.get(seat.registration_id, []),
            muted=muted,
            event=event,
            key=f"seated:{rnd.pk}:{seat.registration_id}:{seat.bracket.table}",
            table=seat.bracket.table,
            opponents=[
                other.registration.player.name
                for other in tables[seat.bracket_id]
                if other.pk != seat.pk
            ],
            url=url,
            **round_facts(rnd),
        )
    # A one-on-one round's bye: no table, but told like a seat (with his last results).
    byes = list(
        Registration.objects.filter(event=event, player_id__in=rnd.byes or []).select_related(
            "player__user"
        )
    )
    if byes:
        untold = results_untold(event, [r.pk for r in byes], before=rnd.number)
        muted = _muted([user_of(r.player) for r in byes])
    for registration in byes:
        tell(
            user_of(registration.player),
            Kind.SEATED,
            untold.get(registration.pk, []),
            muted=muted,
            event=event,
            key=f"seated:{rnd.pk}:{registration.pk}:bye",
            bye=True,
            url=url,
            **round_facts(rnd),
        )


def _muted(users) -> dict[int, set[str]]:
    """The kinds each person turned off (read once for a whole round or event)."""
    ids = [u.pk for u in users if u is not None]
    rows = Preferences.objects.filter(user_id__in=ids).values_list("user_id", "muted")
    return {user_id: set(kinds or ()) for user_id, kinds in rows}


def tell(user, kind: Kind, results: list[dict], *, muted: dict, event, key: str, **params):
    """Queue `kind` for `user` carrying the `results` he was not told. Results turned off:
    the mail goes without them; `kind` turned off but not results: each result goes alone."""
    if user is None:
        return
    off = muted.get(user.pk, set())
    if Kind.RESULT_CONFIRMED in off:
        results = []
    elif kind in off:
        for result in results:
            _result_alone(user, event, result)
        results = []
    if results:
        params["results"] = results
    queue([user], kind, event=event, key=key, **params)


def _result_alone(user, event: Event, result: dict) -> None:
    queue([user], Kind.RESULT_CONFIRMED, event=event, key=f"table:{result['bracket']}", **result)


def _venue_results(event: Event):
    """The event's tables whose games are all in, recorded at the venue (confirmed entries,
    or an official's no-show): a simulated or imported table, whose games were written
    directly, tells nobody."""
    entered = GameEntry.objects.filter(bracket=OuterRef("pk"), status=EntryStatus.CONFIRMED)
    return Bracket.objects.filter(round__event=event, state=Bracket.State.COMPLETE).filter(
        Q(Exists(entered)) | Q(no_show__isnull=False)
    )


def _told(event: Event) -> dict[int, set[int]]:
    """Per person, the tables whose result a message of the event told him or will (one
    still to be sent); a message found no longer news (`STALE`) was never read."""
    told: dict[int, set[int]] = defaultdict(set)
    rows = (
        Message.objects.filter(event=event, kind__in=RESULT_KINDS)
        .exclude(outcome=Message.Outcome.STALE)
        .values_list("recipient_id", "key", "params")
    )
    for recipient_id, key, params in rows:
        if key.startswith("table:"):  # a table's result told alone
            told[recipient_id].add(int(key.split(":")[1]))
        for result in (params or {}).get("results") or ():
            told[recipient_id].add(result.get("bracket"))
    return told


def results_untold(
    event: Event, registration_ids, *, before: int | None = None, brackets=None
) -> dict[int, list[dict]]:
    """Per registration, his tables' results (before round `before`) that no message told his
    player yet, oldest first: table, place, points, each game, the corrections."""
    if brackets is None:
        brackets = _venue_results(event)
    if before is not None:
        brackets = brackets.filter(round__number__lt=before)
    seats = list(
        Seat.objects.filter(
            bracket__in=brackets, registration_id__in=list(registration_ids), dropped=False
        )
        .select_related("bracket__round__event", "registration__player", "figures")
        .order_by("bracket__round__number", "bracket__table")
    )
    if not seats:
        return {}
    told = _told(event)
    seats = [s for s in seats if s.bracket_id not in told[s.registration.player.user_id]]
    ids = {s.bracket_id for s in seats}
    names: dict[int, dict[int, str]] = defaultdict(dict)
    for other in Seat.objects.filter(bracket_id__in=ids).select_related("registration__player"):
        names[other.bracket_id][other.registration.player_id] = other.registration.player.name
    games: dict[int, list[Game]] = defaultdict(list)
    for found in Game.objects.filter(bracket_id__in=ids).order_by("number"):
        games[found.bracket_id].append(found)
    corrected: dict[int, list[dict]] = defaultdict(list)
    fixes = GameEntry.objects.filter(
        bracket_id__in=ids, is_correction=True, status=EntryStatus.CONFIRMED
    ).order_by("number", "version")
    for fix in fixes:
        corrected[fix.bracket_id].append({"game": fix.number, "reason": fix.reason or ""})
    untold: dict[int, list[dict]] = defaultdict(list)
    for seat in seats:
        bracket, rnd = seat.bracket, seat.bracket.round
        player_id = str(seat.registration.player_id)
        untold[seat.registration_id].append(
            {
                "bracket": bracket.pk,
                "table": bracket.table,
                "place": seat.figures.place,
                "points": seat.figures.points,
                "games": [
                    {
                        "game": g.number,
                        "winner": names[bracket.pk].get(g.winner_id, ""),
                        "realms": (g.unrazed or {}).get(player_id),
                    }
                    for g in games[bracket.pk]
                ],
                "corrected": corrected[bracket.pk],
                "url": site_url(
                    reverse("standings:bracket", args=[event.pk, rnd.number, bracket.table])
                ),
                **round_facts(rnd),
                **({"match": _match_outcome(bracket, seat)} if event.is_one_on_one else {}),
            }
        )
    return untold


def _match_outcome(bracket, seat) -> str:
    """A one-on-one match seen from the seat (SPEC §11): "won", "lost" or "drawn"."""
    if bracket.winner_id is None:
        return "drawn"
    return "won" if bracket.winner_id == seat.registration.player_id else "lost"


def untold_results(now=None) -> None:
    """The sweep's net: a table's result that no later mail carried within `RESULT_HOLD` of
    its last confirmation (no next round, the event not finished) is told alone."""
    now = now or timezone.now()
    for event in Event.objects.filter(status=Status.RUNNING):
        # A day's window: a result older than that is not news any more.
        brackets = (
            _venue_results(event)
            .annotate(last=Max("entries__confirmed_at"))
            .filter(last__lt=now - RESULT_HOLD, last__gte=now - RESULT_HOLD - timedelta(days=1))
        )
        if not brackets.exists():
            continue
        seats = Seat.objects.filter(bracket__in=brackets, dropped=False).select_related(
            "registration__player__user"
        )
        users = {s.registration_id: user_of(s.registration.player) for s in seats}
        untold = results_untold(event, users, brackets=brackets)
        for registration_id, results in untold.items():
            for result in results:
                if users.get(registration_id) is not None:
                    _result_alone(users[registration_id], event, result)


def event_finished(happening: EventFinished) -> None:
    """A finished event tells each player his final place and points, and with them the
    results of his last tables he was not told yet (the final's, an eliminated player's)."""
    instance = happening.event
    standings = list(instance.standings.select_related("player__user"))
    url = site_url(reverse("standings:event", args=[instance.pk]))
    untold = results_untold(instance, [s.registration_id for s in standings])
    muted = _muted([user_of(s.player) for s in standings])
    for standing in standings:
        tell(
            user_of(standing.player),
            Kind.EVENT_FINISHED,
            untold.get(standing.registration_id, []),
            muted=muted,
            event=instance,
            key=f"finished:{instance.pk}",
            place=standing.place,
            points=standing.points,
            players=len(standings),
            url=url,
            # SPEC §11: a one-on-one event's player is told his record and match points.
            **(
                {"record": standing.record, "match_points": standing.match_points}
                if instance.is_one_on_one
                else {}
            ),
        )


def decided(happening: Decided) -> None:
    instance, event = happening.decision, happening.event
    if instance.action == ReviewDecision.Action.SUBMIT:
        officers = get_user_model().objects.filter(
            groups__name=RANKING_OFFICERS_GROUP, is_active=True
        )
        queue(
            [u for u in officers if u != instance.by],
            Kind.FORM_SUBMITTED,
            event=event,
            key=f"review:{instance.pk}",
            by=instance.by_name or "—",
            date=iso(event.date),
            url=site_url(reverse("review:event", args=[event.pk])),
        )
        return
    kinds = {
        ReviewDecision.Action.RETURN: Kind.FORM_RETURNED,
        ReviewDecision.Action.ACCEPT: Kind.FORM_ACCEPTED,
    }
    if instance.action not in kinds:
        return
    queue(
        [user_of(event.organizer)],
        kinds[instance.action],
        event=event,
        key=f"review:{instance.pk}",
        reason=instance.reason or "—",
        # The review page: the reason, the decisions and the form to answer and resubmit.
        url=site_url(reverse("review:event", args=[event.pk])),
    )


# A player saving his list again and again is told once in this time.
ILLEGAL_LIST_QUIET = timedelta(minutes=30)


def decklist_changed(happening: DecklistChanged) -> None:
    instance = happening.change
    if not instance.locked:
        _illegal_list_saved(instance)
        return
    registration = instance.decklist.registration
    event = registration.event
    organizer = user_of(event.organizer)
    if instance.changed_by_id == event.organizer_id:
        return  # the organizer made the change himself
    queue(
        [organizer],
        Kind.DECKLIST_CHANGED,
        event=event,
        key=f"decklist:{instance.pk}",
        player=registration.player.name,
        by=instance.changed_by.name if instance.changed_by else "—",
        reason=instance.reason or "—",
        url=event_url(event),
    )


def _illegal_list_saved(change: DecklistChange) -> None:
    """A list saved before the lock that is not legal: its player is told what it needs and
    when the lists close (at most once per `ILLEGAL_LIST_QUIET`)."""
    decklist = change.decklist
    registration = decklist.registration
    event = registration.event
    if decklist.status != Decklist.Status.ILLEGAL or event.status != Status.REGISTRATION:
        return
    recent = Message.objects.filter(
        kind=Kind.DECKLIST_ILLEGAL,
        key__startswith=f"decklist-illegal:{decklist.pk}:",
        created_at__gte=timezone.now() - ILLEGAL_LIST_QUIET,
    )
    if recent.exists():
        return
    queue(
        [user_of(registration.player)],
        Kind.DECKLIST_ILLEGAL,
        event=event,
        key=f"decklist-illegal:{decklist.pk}:{change.pk}",
        problems=decklist.problem_count,
        closes=lists_close_at(event).isoformat(),
        url=site_url(reverse("decks:decklist", args=[event.pk])),
    )
