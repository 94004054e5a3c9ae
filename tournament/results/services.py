"""Recording game results (the writes): versioned entries, confirmation, corrections and
tie-breaks (SPEC §5). What pages read is in `selectors.py`; how engine issues are told to a
judge, in `messages.py`.

Every state change locks the bracket row (``select_for_update``) inside one transaction, so
two judges acting on the same game at the same moment are serialised: one wins, the other
sees what happened. A confirmed entry is copied to `Game` and announced
(`results/happenings.py: GamesConfirmed`, with the bracket and games already loaded); the
standings subscribe to it and run the recompute pipeline (`recompute.refresh_bracket`) in the
same transaction, so places and points change together with the result.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from uuid import UUID

from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Prefetch, Q, prefetch_related_objects
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring import model as m
from scoring.figures import (
    bracket_winner,
    entrant_bracket,
    validate_entrant_bracket,
    validate_entrant_game,
)
from scoring.placement import place_bracket
from tournament.accounts.models import Player
from tournament.core.happenings import announce
from tournament.core.locking import lock_rows
from tournament.events.choices import Status
from tournament.events.models import Bracket, Event, Round, Seat
from tournament.events.permissions import EventRole, official_role
from tournament.events.to_engine import (
    bracket_of,
    engine_game,
    engine_id,
    format_of,
    teams_by_player,
)
from tournament.results.happenings import (
    EntryCorrected,
    EntryWaiting,
    GamesConfirmed,
    TiebreakDecided,
)
from tournament.results.messages import game_errors
from tournament.results.models import EntryStatus, Game, GameEntry, result_key
from tournament.results.play import bracket_over, check_match_game
from tournament.results.selectors import (
    accepted_games,
    correction_block,
    official_ids,
    tied_groups,
)

# Entries that still take part in a game's result: the accepted one and those waiting.
LIVE = (EntryStatus.CONFIRMED, EntryStatus.UNCONFIRMED)


@dataclass
class GameData:
    """What a judge submits for one game; counts keyed by str(player pk), raw values kept."""

    winner: int | None
    ended_by: str
    unrazed: dict[str, object] = field(default_factory=dict)
    razed: dict[str, object] = field(default_factory=dict)
    holdings: dict[str, object] = field(default_factory=dict)

    def engine_game(self) -> m.Game:
        return engine_game(self.winner, self.ended_by, self.unrazed, self.razed, self.holdings)

    def result_key(self) -> tuple:
        return result_key(self.winner, self.ended_by, self.unrazed, self.razed, self.holdings)


@dataclass(frozen=True)
class Outcome:
    """The entry a request ended with, whether it was created now, and what to tell the judge."""

    entry: GameEntry
    created: bool
    message: str


# --- permission and state helpers ---------------------------------------------------------


def _require_official(event: Event, player: Player | None) -> None:
    if official_role(event, player) < EventRole.JUDGE:
        raise PermissionDenied(_("Only the event's judges and organizer record results."))


def _require_confirmed_address(player: Player) -> None:
    """Results come from accounts whose owner proved he reads their e-mail (sign-up's link;
    accounts made any other way are confirmed)."""
    if not player.email_verified:
        raise _fail(
            _(
                "Confirm your e-mail address first: open the link we sent you when you signed "
                "up (your profile page sends a new one)."
            )
        )


# The lock scopes open in this context, innermost last: a bracket locked in one of them is
# held until it closes (`_holds`). A scope is a transaction opened by `writing()`.
_scopes: ContextVar[tuple[object, ...]] = ContextVar("bracket_lock_scopes", default=())


@contextmanager
def writing(*, savepoint: bool = True) -> Iterator[None]:
    """A transaction in which a bracket locked by `lock_bracket` counts as held: a service
    handed it in this transaction writes under that lock, without locking it again.

    A caller that locks a bracket and hands it to a service opens this in place of
    `transaction.atomic()`."""
    scope = object()
    token = _scopes.set((*_scopes.get(), scope))
    try:
        with transaction.atomic(savepoint=savepoint):
            yield
    finally:
        _scopes.reset(token)


def lock_bracket(pk: int, *, event_id: int | None = None) -> Bracket | None:
    """The bracket row locked until the current transaction ends, with its round and event,
    and its seats with their players and stored figures (`bracket.seats.all()` reads no
    more); None when there is no such bracket (of that event).

    Two plain reads: the lock first, then the seats, so that a writer who waited for the
    lock sees the seats and figures its predecessor committed. A service handed a bracket
    locked this way in the same `writing()` transaction does not lock it again (`_lock`)."""
    # Only the bracket row: locking the event too would queue every confirmation of the
    # event behind the previous one (the standings tail takes its own short per-event lock).
    brackets = lock_rows(Bracket.objects.all(), of=("self",)).select_related("round__event")
    if event_id is not None:
        brackets = brackets.filter(round__event_id=event_id)
    bracket = next(iter(brackets.filter(pk=pk).order_by()), None)
    if bracket is None:
        return None
    seats = Seat.objects.select_related("registration__player", "figures").order_by("position")
    prefetch_related_objects([bracket], Prefetch("seats", seats))
    scopes = _scopes.get()
    bracket.locked_in = scopes[-1] if scopes else None
    return bracket


def _holds(bracket: Bracket) -> bool:
    """Whether ``bracket`` was locked by `lock_bracket` in a `writing()` transaction still
    open."""
    block = getattr(bracket, "locked_in", None)
    return block is not None and any(b is block for b in _scopes.get())


def _lock(bracket: Bracket) -> Bracket:
    if _holds(bracket):
        return bracket
    locked = lock_bracket(bracket.pk)
    if locked is None:
        raise Bracket.DoesNotExist(f"bracket {bracket.pk} no longer exists")
    return locked


@contextmanager
def _writing(bracket: Bracket) -> Iterator[None]:
    """The service's transaction: its own, or the caller's when the caller holds the
    bracket's lock (no savepoint: a refusal fails the caller's whole write)."""
    if _holds(bracket):
        with transaction.atomic(savepoint=False):
            yield
    else:
        with writing():
            yield


def _fail(message: str, field_name: str = NON_FIELD_ERRORS) -> ValidationError:
    return ValidationError({field_name: [message]})


# --- validation through the rules engine --------------------------------------------------


def check_game(
    bracket: Bracket,
    number: int,
    data: GameData,
    correction: bool,
    *,
    accepted: list[Game] | None = None,
) -> None:
    """Validate one game with the rules engine against the bracket's accepted games (read
    here unless the caller has just read them: ``accepted``)."""
    event = bracket.round.event
    fmt = format_of(event)
    games = accepted_games(bracket) if accepted is None else list(accepted)
    previous = [g for g in games if g.number < number]
    if not correction:
        # Later games may be entered while earlier ones wait for confirmation: the game is
        # checked after the earlier games as their pending entries state them.
        previous += pending_chain(bracket, len(games) + 1, number)
        games = previous
        over = bracket_over(bracket, previous)
        if over:
            raise _fail(over)
    game = data.engine_game()
    if game.ended_by is m.EndedBy.TIME and fmt.timed and bracket.round.time_called_at is None:
        # SPEC §2: a game ends by time only after time was called for its round.
        raise _fail(
            _("Time has not been called for this round: a game cannot end by time yet."),
            "ended_by",
        )
    if event.is_one_on_one:
        check_match_game(bracket, games, number, game, correction)
        return
    engine = bracket_of(bracket, games=previous)
    teams = teams_by_player(event)
    found = validate_entrant_game(game, engine, fmt, teams)
    if found:
        raise ValidationError(game_errors(bracket, found, game, fmt, teams))
    if correction:
        _check_later_games(bracket, games, number, game, fmt)


def _check_later_games(
    bracket: Bracket, games: list[Game], number: int, game: m.Game, fmt: m.Format
) -> None:
    """A corrected game must leave the games after it valid (e.g. no game after two wins)."""
    engine = bracket_of(bracket, games=games)
    pairs = zip(games, engine.games, strict=True)
    replaced = tuple(game if g.number == number else old for g, old in pairs)
    corrected = replace(engine, games=replaced, tiebreak_order=None)
    teams = teams_by_player(bracket.round.event)
    issues = validate_entrant_bracket(corrected, fmt, teams)
    if issues:
        raise _fail(
            _(
                "This correction makes a later game of the bracket impossible (%(detail)s). "
                "Correct the later games first, from the last one back."
            )
            % {"detail": issues[0].message}
        )
    rnd = bracket.round
    if rnd.state == Round.State.CLOSED:
        final = replace(engine, games=replaced)
        winner = bracket_winner(place_bracket(entrant_bracket(final, teams)), teams)
        if winner != (engine_id(bracket.winner_id) if bracket.winner_id else None):
            raise _fail(
                _(
                    "Round %(round)s is closed and its advancing players are recorded: a "
                    "correction that changes the bracket winner is not possible here. Tell the "
                    "organizer."
                )
                % {"round": rnd.number}
            )


# --- submitting and confirming ----------------------------------------------------------


def _same(entry: GameEntry, data: GameData) -> bool:
    return entry.result_key() == data.result_key()


def _same_game(game: Game, data: GameData) -> bool:
    return (game.winner_id, game.ended_by, game.unrazed, game.razed, game.holdings) == (
        data.result_key()
    )


def _repeated(
    bracket: Bracket, idempotency_key: UUID, entries: list[GameEntry] | None = None
) -> Outcome | None:
    """The entry this submission already made at this bracket (call under the bracket's
    lock: a double tap waits there and then finds the first entry). Keys are scoped to the
    bracket: the same key sent to another bracket is a submission of its own there.
    ``entries``: the bracket's entries, when the caller has just read them."""
    if entries is None:
        found = GameEntry.objects.filter(bracket=bracket, idempotency_key=idempotency_key)
        repeat = found.first()
    else:
        repeat = next((e for e in entries if e.idempotency_key == idempotency_key), None)
    if repeat is None:
        return None
    return Outcome(
        repeat,
        False,
        _("This submission was already received for table %(table)s.") % {"table": bracket.table},
    )


def _bracket_entries(bracket: Bracket) -> list[GameEntry]:
    """Every entry of the bracket with its submitter, in game and version order: one read
    answers a write's questions (a repeated key, the game's waiting entries, its next
    version, the rivals a confirmation resolves). A bracket has a few games, each a few
    entries."""
    return list(
        GameEntry.objects.filter(bracket=bracket)
        .select_related("submitted_by")
        .order_by("number", "version")
    )


def _require_entry_open(event: Event, bracket: Bracket, correction: bool) -> None:
    """A judge enters results while the event runs; a closed round takes corrections only."""
    if event.status != Status.RUNNING:
        raise _fail(_("Results are recorded only while the event is running."))
    if bracket.round.state == Round.State.CLOSED and not correction:
        # Say, an offline copy kept during the round, sent after it was closed.
        raise _fail(
            _(
                "Round %(round)s is closed: a new game can no longer be entered at table "
                "%(table)s. Nothing was saved."
            )
            % {"round": bracket.round.number, "table": bracket.table}
        )


def submit_entry(
    bracket: Bracket,
    data: GameData,
    by: Player,
    idempotency_key: UUID,
    *,
    number: int,
    correction: bool = False,
    reason: str = "",
    ip_address: str | None = None,
    user_agent: str = "",
) -> Outcome:
    """Record a judge's entry for game `number` (a new game, or a correction of an accepted
    one, with the reason the judge gave)."""
    with _writing(bracket):
        bracket = _lock(bracket)
        entries = _bracket_entries(bracket)
        repeat = _repeated(bracket, idempotency_key, entries)
        if repeat is not None:
            return repeat
        event = bracket.round.event
        _require_official(event, by)
        _require_confirmed_address(by)
        _require_entry_open(event, bracket, correction)
        # Read without the winners' profiles: a write checks and stores ids.
        games = Game.objects.filter(bracket=bracket).order_by("number")
        accepted = {g.number: g for g in games}
        already = _check_number(bracket, number, data, correction, accepted)
        if already is not None:
            return already
        games = list(accepted.values())  # read in game order, under the bracket's lock
        check_game(bracket, number, data, correction, accepted=games)
        if event.single_entry and not correction and number > len(games) + 1:
            # Confirmed at once, it would be stored ahead of the earlier games that wait (a
            # player's report): those could then never be confirmed, nor entered again.
            raise _fail(_("Confirm the earlier games first."))
        of_game = [e for e in entries if e.number == number]
        pending = [e for e in of_game if e.status == EntryStatus.UNCONFIRMED]
        agreeing = next((e for e in pending if e.submitted_by_id != by.pk and _same(e, data)), None)
        if agreeing is not None and not event.single_entry:
            agreeing.rivals = [e for e in of_game if e is not agreeing and e.status in LIVE]
            _confirm(agreeing, by, bracket, accepted=games)
            return Outcome(
                agreeing,
                False,
                _("Your entry matches %(name)s's: game %(number)s is confirmed.")
                % {"name": agreeing.submitted_by.name, "number": number},
            )
        own = next((e for e in pending if e.submitted_by_id == by.pk), None)
        if own is not None and _same(own, data):
            return Outcome(own, False, _("You already entered this result."))
        if own is not None:
            _resolve(own, EntryStatus.SUPERSEDED, by)
        entry = _create(
            bracket,
            number,
            data,
            by,
            idempotency_key,
            correction,
            ip_address,
            user_agent,
            reason=reason,
            version=max((e.version for e in of_game), default=0) + 1,
        )
        if event.single_entry:
            entry.rivals = [e for e in of_game if e.status in LIVE and e is not own]
            _confirm(entry, by, bracket, accepted=games)
            return Outcome(entry, True, _("Game %(number)s is recorded.") % {"number": number})
        differing = any(e is not own for e in pending)  # an agreeing one would have confirmed
        announce(EntryWaiting(event, bracket, entry, reported=False, differing=differing))
        return Outcome(entry, True, _submitted_message(entry, pending, own))


def report_result(
    bracket: Bracket,
    data: GameData,
    by: Player,
    idempotency_key: UUID,
    *,
    number: int,
    ip_address: str | None = None,
    user_agent: str = "",
) -> Outcome:
    """A seated player reports his bracket's next game, where the event allows it. The report
    is an unconfirmed entry: it never confirms itself (not even in a single-entry event, and
    not when another player reports the same) and counts only once a judge confirms it."""
    with _writing(bracket):
        bracket = _lock(bracket)
        repeat = _repeated(bracket, idempotency_key)
        if repeat is not None:
            return repeat
        event = bracket.round.event
        if not event.players_report_results:
            raise PermissionDenied(_("In this event, judges enter the results."))
        seated = bracket.seats.filter(registration__player=by, dropped=False).exists()
        if not seated or by.pk in official_ids(event):
            raise PermissionDenied(_("Only a player seated in this bracket can report its games."))
        _require_confirmed_address(by)
        if event.status != Status.RUNNING or bracket.round.state != Round.State.SEATED:
            raise _fail(_("This round is closed: results can no longer be reported."))
        accepted = {g.number: g for g in accepted_games(bracket)}
        already = _check_number(bracket, number, data, False, accepted)
        if already is not None:
            return already
        check_game(bracket, number, data, False)
        own = GameEntry.objects.filter(
            bracket=bracket, number=number, status=EntryStatus.UNCONFIRMED, submitted_by=by
        ).first()
        if own is not None and _same(own, data):
            return Outcome(own, False, _("You already reported this result."))
        agreeing = _agreeing_report(bracket, number, data, by)
        if agreeing is not None:
            _confirm(agreeing, by, bracket)
            return Outcome(
                agreeing,
                False,
                _("Your report matches %(name)s's: game %(number)s is confirmed.")
                % {"name": agreeing.submitted_by.name, "number": number},
            )
        if own is not None:
            _resolve(own, EntryStatus.SUPERSEDED, by)
        entry = _create(bracket, number, data, by, idempotency_key, False, ip_address, user_agent)
        others = GameEntry.objects.filter(
            bracket=bracket, number=number, status=EntryStatus.UNCONFIRMED
        ).exclude(pk=entry.pk)
        announce(EntryWaiting(event, bracket, entry, reported=True, differing=others.exists()))
        return Outcome(
            entry,
            True,
            _("Your report of game %(number)s is sent: it counts once a judge confirms it.")
            % {"number": number},
        )


def _agreeing_report(bracket: Bracket, number: int, data: GameData, by: Player) -> GameEntry | None:
    """Another seated player's pending report of the same game with the same result, where
    the event lets players confirm each other's reports (None otherwise)."""
    event = bracket.round.event
    if not event.players_confirm_reports or number != len(accepted_games(bracket)) + 1:
        return None
    officials = official_ids(event)
    seated = set(bracket.seats.values_list("registration__player_id", flat=True))
    pending = GameEntry.objects.filter(
        bracket=bracket, number=number, status=EntryStatus.UNCONFIRMED, is_correction=False
    ).select_related("submitted_by")
    return next(
        (
            e
            for e in pending
            if e.submitted_by_id != by.pk
            and e.submitted_by_id in seated
            and e.submitted_by_id not in officials
            and _same(e, data)
        ),
        None,
    )


def _submitted_message(entry: GameEntry, pending: list[GameEntry], own: GameEntry | None) -> str:
    others = [e for e in pending if e is not own]
    if others:
        return _(
            "Game %(number)s now has entries that differ: compare them and confirm the right one."
        ) % {"number": entry.number}
    if entry.is_correction:
        return _(
            "The correction of game %(number)s is entered. Another judge or the organizer "
            "must confirm it."
        ) % {"number": entry.number}
    return _("Game %(number)s is entered. Another judge or the organizer must confirm it.") % {
        "number": entry.number
    }


def _check_number(
    bracket: Bracket, number: int, data: GameData, correction: bool, accepted: dict[int, Game]
) -> Outcome | None:
    """Refuse a stale or out-of-order form; a repeat of the accepted result is harmless."""
    values = {"number": number}
    if correction:
        if number not in accepted:
            raise _fail(_("Game %(number)s has no accepted result to correct.") % values)
        block = correction_block(bracket)
        if block:
            raise _fail(block)
        if _same_game(accepted[number], data):
            raise _fail(_("This is the result already recorded: nothing to correct."))
        return None
    expected = len(accepted) + 1
    if number in accepted:
        confirmed = GameEntry.objects.filter(
            bracket=bracket, number=number, status=EntryStatus.CONFIRMED
        ).first()
        if confirmed is not None and _same_game(accepted[number], data):
            return Outcome(
                confirmed,
                False,
                _("Game %(number)s was already recorded with this result.") % values,
            )
        raise _fail(
            _(
                "Game %(number)s was recorded meanwhile with a different result (see the games "
                "below). If that result is wrong, correct it; otherwise enter the next game."
            )
            % values
        )
    if number < expected:
        raise _fail(
            _("Game %(expected)s must be recorded before game %(number)s.")
            % {"expected": expected, "number": number}
        )
    pending_chain(bracket, expected, number)  # every game before it entered, none in conflict
    return None


def _pending_by_game(
    bracket: Bracket, first: int, before: int | None = None
) -> dict[int, list[GameEntry]]:
    """The waiting entries of new games from game ``first`` on (before game ``before``), by
    game number, in version order."""
    entries = GameEntry.objects.filter(
        bracket=bracket, number__gte=first, status=EntryStatus.UNCONFIRMED, is_correction=False
    )
    if before is not None:
        entries = entries.filter(number__lt=before)
    by_number: dict[int, list[GameEntry]] = {}
    for entry in entries.order_by("number", "version"):
        by_number.setdefault(entry.number, []).append(entry)
    return by_number


def _agree(entries: list[GameEntry]) -> bool:
    """Whether the entries of one game all say the same result."""
    return all(e.result_key() == entries[0].result_key() for e in entries)


def pending_chain(bracket: Bracket, first: int, number: int) -> list[GameEntry]:
    """The pending entries of games ``first`` … ``number - 1`` (the games after the accepted
    ones), one per game: what a game entered after them assumes. Refused when one of them
    has no entry yet or entries that differ."""
    if first >= number:
        return []  # the next game: nothing before it waits
    by_number = _pending_by_game(bracket, first, before=number)
    chain = []
    for missing in range(first, number):
        group = by_number.get(missing, [])
        values = {"expected": missing, "number": number}
        if not group:
            raise _fail(_("Game %(expected)s must be recorded before game %(number)s.") % values)
        if not _agree(group):
            raise _fail(
                _(
                    "Game %(expected)s has entries that differ: settle them before entering "
                    "game %(number)s."
                )
                % values
            )
        chain.append(group[-1])
    return chain


def _create(
    bracket: Bracket,
    number: int,
    data: GameData,
    by: Player,
    idempotency_key: UUID,
    correction: bool,
    ip_address: str | None,
    user_agent: str,
    reason: str = "",
    version: int | None = None,
) -> GameEntry:
    """A new waiting entry of game ``number``: the game's next ``version`` (read here unless
    the caller knows it)."""
    if version is None:
        last = bracket.entries.filter(number=number).order_by("-version").first()
        version = (last.version + 1) if last else 1
    return GameEntry.objects.create(
        bracket=bracket,
        number=number,
        version=version,
        winner_id=data.winner,
        ended_by=data.ended_by,
        unrazed=data.unrazed,
        razed=data.razed,
        holdings=data.holdings,
        is_correction=correction,
        reason=reason[:300],
        submitted_by=by,
        ip_address=ip_address,
        user_agent=(user_agent or "")[:300],
        idempotency_key=idempotency_key,
    )


def _resolve(entry: GameEntry, status: str, by: Player) -> None:
    entry.status = status
    entry.resolved_by = by
    entry.resolved_at = timezone.now()
    entry.save(update_fields=["status", "resolved_by", "resolved_at"])


def _confirm(
    entry: GameEntry, by: Player, bracket: Bracket, *, accepted: list[Game] | None = None
) -> None:
    """Make the entry the accepted result: supersede/reject the rest, write Game, announce it
    (the standings recompute).

    ``accepted`` are the bracket's accepted games when the caller has just read them: the
    recompute then reads nothing of the bracket again."""
    accepted = accepted_games(bracket) if accepted is None else accepted
    rivals = getattr(entry, "rivals", None)
    if rivals is None:
        rivals = list(
            GameEntry.objects.filter(bracket=bracket, number=entry.number, status__in=LIVE).exclude(
                pk=entry.pk
            )
        )
    # The old confirmed version steps aside first: one confirmed entry per game (DB constraint).
    replaced = [e for e in rivals if e.status == EntryStatus.CONFIRMED]
    for old in replaced:
        _resolve(old, EntryStatus.SUPERSEDED, by)
    for rival in [e for e in rivals if e.status == EntryStatus.UNCONFIRMED]:
        _resolve(rival, EntryStatus.REJECTED, by)
    entry.status = EntryStatus.CONFIRMED
    entry.confirmed_by = by
    entry.confirmed_at = timezone.now()
    entry.save(update_fields=["status", "confirmed_by", "confirmed_at"])
    game = _store_game(bracket, entry, accepted)
    games = sorted([*(g for g in accepted if g.number != entry.number), game], key=_number)
    event = bracket.round.event
    announce(GamesConfirmed(event, bracket, tuple(games), (entry,)))
    if entry.is_correction:
        before = max(replaced, key=_version) if replaced else None
        announce(EntryCorrected(event, bracket, before, entry))


def _version(entry: GameEntry) -> int:
    return entry.version


def _number(game: Game) -> int:
    return game.number


def _store_game(bracket: Bracket, entry: GameEntry, accepted: list[Game]) -> Game:
    """The accepted Game of the entry's number: created, or (a correction) overwritten."""
    values = {
        "winner_id": entry.winner_id,
        "ended_by": entry.ended_by,
        "unrazed": entry.unrazed,
        "razed": entry.razed,
        "holdings": entry.holdings,
    }
    game = next((g for g in accepted if g.number == entry.number), None)
    if game is None:
        return Game.objects.create(bracket=bracket, number=entry.number, **values)
    for name, value in values.items():
        setattr(game, name, value)
    game.save(update_fields=["winner", "ended_by", "unrazed", "razed", "holdings"])
    return game


def _data_of(entry: GameEntry) -> GameData:
    return GameData(entry.winner_id, entry.ended_by, entry.unrazed, entry.razed, entry.holdings)


def _require_confirmer(event: Event, bracket: Bracket, entry: GameEntry, by: Player) -> None:
    """An official confirms; where the event lets players confirm each other's reports, so
    does another player seated at the table, for a player's report of a new game."""
    officials = official_ids(event)
    if by.pk in officials:
        return
    submitter_seated = bracket.seats.filter(registration__player_id=entry.submitted_by_id)
    if (
        event.players_report_results
        and event.players_confirm_reports
        and not entry.is_correction
        and entry.submitted_by_id not in officials
        and submitter_seated.exists()
        and bracket.seats.filter(registration__player=by, dropped=False).exists()
    ):
        return
    _require_official(event, by)


def confirm_entry(entry: GameEntry, by: Player) -> Outcome:
    """A second official confirms an entry (never its own submitter); where the event allows
    it, another player of the table confirms a player's report."""
    with transaction.atomic():
        bracket = _lock(entry.bracket)
        # The entry and its live rivals (other entries of its game) in one read.
        live = list(
            GameEntry.objects.select_related("confirmed_by", "submitted_by")
            .filter(bracket=bracket, number=entry.number)
            .filter(Q(pk=entry.pk) | Q(status__in=LIVE))
        )
        entry = next((e for e in live if e.pk == entry.pk), None)
        if entry is None:
            raise _fail(_("This entry no longer exists: reload the page."))
        entry.bracket = bracket  # its round and event are loaded: readers need no query
        entry.rivals = [e for e in live if e.pk != entry.pk and e.status in LIVE]
        event = bracket.round.event
        _require_confirmer(event, bracket, entry, by)
        _require_confirmed_address(by)
        return _confirm_checked(bracket, entry, by)


def _confirm_checked(bracket: Bracket, entry: GameEntry, by: Player) -> Outcome:
    """Confirm one entry under the bracket's lock, checked by the engine first."""
    event = bracket.round.event
    if entry.status == EntryStatus.CONFIRMED:
        who = entry.confirmed_by.name if entry.confirmed_by else ""
        return Outcome(entry, False, _("Already confirmed by %(name)s.") % {"name": who})
    if entry.status != EntryStatus.UNCONFIRMED:
        raise _fail(
            _("This entry is %(status)s and can no longer be confirmed.")
            % {"status": entry.get_status_display().lower()}
        )
    if entry.submitted_by_id == by.pk and not event.single_entry:
        raise PermissionDenied(
            _("You entered this result: another judge or the organizer must confirm it.")
        )
    games = accepted_games(bracket)
    accepted = {g.number: g for g in games}
    if not entry.is_correction and entry.number in accepted:
        raise _fail(_("Game %(number)s already has a confirmed result.") % {"number": entry.number})
    if not entry.is_correction and entry.number != len(accepted) + 1:
        raise _fail(_("Confirm the earlier games first."))
    if entry.is_correction:
        block = correction_block(bracket)
        if block:
            raise _fail(block)
    check_game(bracket, entry.number, _data_of(entry), entry.is_correction, accepted=games)
    _confirm(entry, by, bracket, accepted=games)
    return Outcome(entry, True, _("Game %(number)s is confirmed.") % {"number": entry.number})


def confirmable_entries(bracket: Bracket, by: Player) -> list[GameEntry]:
    """The pending new games this official may confirm together, in game order: from the
    first game without a result, one entry per game, up to the first game whose entries
    differ or that only he entered (a second official must confirm his own entries)."""
    event = bracket.round.event
    first = Game.objects.filter(bracket=bracket).count() + 1
    by_number = _pending_by_game(bracket, first)
    chosen = []
    number = first
    while number in by_number:
        group = by_number[number]
        if not _agree(group):
            break
        others = [e for e in group if e.submitted_by_id != by.pk or event.single_entry]
        if not others:
            break
        chosen.append(others[-1])
        number += 1
    return chosen


def confirm_pending(bracket: Bracket, by: Player) -> list[Outcome]:
    """Confirm a bracket's pending games in one action, in game order, each checked by the
    engine after the ones before it. Stops at the first game the engine refuses: the games
    confirmed before it stay confirmed, and the refusal says which game and why."""
    with transaction.atomic():
        bracket = _lock(bracket)
        event = bracket.round.event
        _require_official(event, by)
        _require_confirmed_address(by)
        outcomes = []
        for entry in confirmable_entries(bracket, by):
            try:
                with transaction.atomic():
                    outcomes.append(_confirm_checked(bracket, entry, by))
            except ValidationError as error:
                if not outcomes:
                    raise
                message = _("Game %(number)s was not confirmed: %(reason)s") % {
                    "number": entry.number,
                    "reason": " ".join(error.messages),
                }
                outcomes.append(Outcome(entry, False, message))
                break
        if not outcomes:
            raise _fail(_("No game of this table waits for your confirmation."))
        return outcomes


def reject_entry(entry: GameEntry, by: Player) -> GameEntry:
    """Reject an unconfirmed entry (a wrong one of a conflict, or a judge withdrawing theirs)."""
    with transaction.atomic():
        bracket = _lock(entry.bracket)
        entry = GameEntry.objects.get(pk=entry.pk)
        _require_official(bracket.round.event, by)
        _require_confirmed_address(by)
        if entry.status == EntryStatus.REJECTED:
            return entry
        if entry.status != EntryStatus.UNCONFIRMED:
            raise _fail(_("Only an unconfirmed entry can be rejected; correct a confirmed one."))
        _resolve(entry, EntryStatus.REJECTED, by)
        return entry


# --- judge's tie-break decision -----------------------------------------------------------


def _merged_order(old: list[str], groups: list[list[str]]) -> list[str]:
    """Keep earlier decisions; each newly ordered group takes the slots its members hold."""
    order = list(old)
    for group in groups:
        order += [p for p in group if p not in order]
        slots = sorted(order.index(p) for p in group)
        for slot, player in zip(slots, group, strict=False):
            order[slot] = player
    return order


def decide_tiebreak(bracket: Bracket, orders: list[list[str]], by: Player) -> Bracket:
    """Store a judge's order of the tied players, and announce it (the standings recompute
    places and points)."""
    with transaction.atomic():
        bracket = _lock(bracket)
        _require_official(bracket.round.event, by)
        _require_confirmed_address(by)
        groups = [group for group, _first in tied_groups(bracket)]
        if not groups:
            raise _fail(_("This bracket needs no tie-break decision (any more)."))
        if len(orders) != len(groups) or any(
            sorted(order) != sorted(group) for order, group in zip(orders, groups, strict=False)
        ):
            raise _fail(_("Put each tied player in exactly one place."))
        bracket.tiebreak_order = _merged_order(bracket.tiebreak_order or [], orders)
        bracket.tiebreak_decided_by = by
        bracket.save(update_fields=["tiebreak_order", "tiebreak_decided_by"])
        announce(TiebreakDecided(bracket.round.event, bracket))
        return bracket


# --- what needs attention -----------------------------------------------------------------
