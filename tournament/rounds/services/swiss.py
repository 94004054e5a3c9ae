"""The round life cycle of a one-on-one event (SPEC §11): pair, re-pair, no-show, close,
finish (a round is reopened as in bracket events: `rounds.reopen_round`). Every decision —
who meets whom, the bye, the top cut, whether a match is over — is the engine's
(`scoring.swiss`); this module stores it in one transaction and ends in the recompute
pipeline, like the bracket life cycle in `rounds.py`.
"""

from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.swiss import model as sw
from scoring.swiss.pairing import PairedMatch, PairingError, pair_next_cut_round, pair_next_round
from scoring.swiss.standings import score_swiss_event
from tournament.core.happenings import announce
from tournament.core.locking import lock_rows
from tournament.events.choices import Status
from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.events.services.registration import lock_event
from tournament.events.to_engine import engine_id, rounds_queryset, swiss_event_of
from tournament.rounds.happenings import EventFinished, RoundClosed, RoundPublished, RoundSeated
from tournament.rounds.services.round_state import (
    current_round,
    locked_round,
    require_open_current,
    round_has_entries,
    round_seated,
)
from tournament.standings import recompute


def _engine(event: Event, without: Round | None = None) -> sw.SwissEvent:
    rounds = rounds_queryset(event)
    if without is not None:
        rounds = rounds.exclude(pk=without.pk)
    return swiss_event_of(event, list(rounds))


def _next_matches(
    event: Event, engine: sw.SwissEvent, seed: int
) -> tuple[list[PairedMatch], str | None, bool]:
    """The next round's matches, its bye and whether it is a top-cut round."""
    if len(engine.swiss) < engine.swiss_rounds:
        clubs = None
        if not engine.rounds and event.spread_clubs:
            clubs = dict(
                event.registrations.filter(checked_in=True).values_list("player_id", "player__club")
            )
            clubs = {engine_id(p): club or None for p, club in clubs.items()}
        if len(engine.players) < 2 and not engine.rounds:
            raise ValidationError(_("Check at least two players in before pairing round 1."))
        try:
            pairing = pair_next_round(engine, seed=seed, clubs=clubs)
        except PairingError as error:
            raise ValidationError(_("No player is left to pair: everyone has dropped.")) from error
        if not pairing.matches:
            raise ValidationError(_("Only one player is left: there is no one to pair."))
        return list(pairing.matches), pairing.bye, False
    matches = pair_next_cut_round(engine)
    if not matches:
        raise ValidationError(_nothing_to_pair(engine))
    return list(matches), None, True


def _nothing_to_pair(engine: sw.SwissEvent) -> str:
    if engine.top_cut and not engine.cut:
        return ngettext(
            "The top cut needs %(count)d players who have not dropped.",
            "The top cut needs %(count)d players who have not dropped.",
            engine.top_cut,
        ) % {"count": engine.top_cut}
    return _("Every round has been played: finish the event.")


def _is_final(engine: sw.SwissEvent, number_swiss: int, cut: bool, matches: int) -> bool:
    """The event's last round: the cut's final, or without a cut the last Swiss round."""
    if cut:
        return matches == 1
    return not engine.top_cut and number_swiss >= engine.swiss_rounds


def _store(event: Event, engine: sw.SwissEvent, number: int, seed: int) -> Round:
    matches, bye, cut = _next_matches(event, engine, seed)
    swiss_played = len(engine.swiss) + (0 if cut else 1)
    rnd = Round.objects.create(
        event=event,
        number=number,
        seed=seed,
        is_cut=cut,
        byes=[int(bye)] if bye else [],
        is_final=_is_final(engine, swiss_played, cut, len(matches)),
        multiplier=1,
    )
    registrations = {
        engine_id(r.player_id): r
        for r in event.registrations.filter(
            player_id__in=[int(p) for m in matches for p in m.players]
        )
    }
    for match in matches:
        bracket = Bracket.objects.create(round=rnd, table=match.table)
        Seat.objects.bulk_create(
            Seat(bracket=bracket, registration=registrations[p], position=i)
            for i, p in enumerate(match.players, start=1)
        )
    return rnd


def pair_round(event: Event, seed: int | None = None) -> Round:
    """Pair the next round: a Swiss round while the event has Swiss rounds to play, then
    the top cut's rounds (SPEC §11); refused while the current round is open."""
    with transaction.atomic():
        event = lock_event(event)
        if event.status not in (Status.REGISTRATION, Status.RUNNING):
            raise ValidationError(_("Only an event in registration or running can pair a round."))
        previous = current_round(event)
        if previous is not None and previous.state != Round.State.CLOSED:
            raise ValidationError(
                _("Close round %(number)s before pairing the next one.")
                % {"number": previous.number}
            )
        if previous is not None and previous.is_final:
            raise ValidationError(_("The last round has been played: finish the event instead."))
        seed = secrets.randbits(48) if seed is None else seed
        rnd = _store(event, _engine(event), previous.number + 1 if previous else 1, seed)
        return round_seated(event, rnd)


def repair_round(rnd: Round, seed: int | None = None) -> Round:
    """Pair the same round again with a new seed, only before its first result."""
    with transaction.atomic():
        event, rnd = locked_round(rnd)
        require_open_current(event, rnd)
        if round_has_entries(rnd) or Bracket.objects.filter(round=rnd, no_show__isnull=False):
            raise ValidationError(
                _("Results are entered in round %(number)s: it cannot be paired again.")
                % {"number": rnd.number}
            )
        number, published = rnd.number, rnd.published
        engine = _engine(event, without=rnd)
        rnd.delete()
        new_round = _store(event, engine, number, secrets.randbits(48) if seed is None else seed)
        new_round.published = published
        new_round.save(update_fields=["published"])
        announce(RoundSeated(new_round))
        if published:  # its players are told their new tables
            announce(RoundPublished(new_round))
        recompute.refresh_event(event)
        return new_round


def _open_match(bracket: Bracket) -> tuple[Event, Bracket]:
    event, rnd = locked_round(bracket.round)
    require_open_current(event, rnd)
    return event, lock_rows(Bracket.objects.all()).get(pk=bracket.pk)


def record_no_show(bracket: Bracket, registration: Registration) -> Bracket:
    """The player did not come: he loses the match 0–2 (0–1 in best of 1), no games."""
    with transaction.atomic():
        event, bracket = _open_match(bracket)
        seated = set(bracket.seats.values_list("registration_id", flat=True))
        if registration.pk not in seated:
            raise ValidationError(
                _("%(name)s does not play at table %(table)s.")
                % {"name": registration.player.name, "table": bracket.table}
            )
        if bracket.games.exists() or bracket.entries.exists():
            raise ValidationError(
                _("Games of this match are recorded: correct them instead of a no-show.")
            )
        bracket.no_show_id = registration.player_id
        bracket.save(update_fields=["no_show"])
        recompute.refresh_event(event)
        return bracket


def undo_no_show(bracket: Bracket) -> Bracket:
    """Take a no-show back while the round is open (he came after all)."""
    with transaction.atomic():
        event, bracket = _open_match(bracket)
        if bracket.no_show_id is None:
            raise ValidationError(_("No one is recorded as absent at this table."))
        bracket.no_show = None
        bracket.save(update_fields=["no_show"])
        recompute.refresh_event(event)
        return bracket


def close_round(rnd: Round) -> Round:
    """Close a round whose matches are all decided (SPEC §11)."""
    with transaction.atomic():
        event, rnd = locked_round(rnd)
        if rnd.state == Round.State.CLOSED:
            raise ValidationError(_("Round %(number)s is already closed.") % {"number": rnd.number})
        waiting = list(
            rnd.brackets.exclude(state=Bracket.State.COMPLETE).values_list("table", flat=True)
        )
        if waiting:
            raise ValidationError(
                _("Matches without a result: table %(tables)s.")
                % {"tables": ", ".join(str(t) for t in waiting)}
            )
        rnd.state = Round.State.CLOSED
        rnd.save(update_fields=["state"])
        recompute.refresh_event(event)
        announce(RoundClosed(rnd))
        return rnd


def finish_event(event: Event) -> Event:
    """Finish a one-on-one event once its last round is closed and the engine names a
    winner (the Swiss rounds played, and the top cut's final when there is one)."""
    with transaction.atomic():
        event = lock_event(event)
        if event.status == Status.FINISHED:
            raise ValidationError(_("The event is already finished."))
        last = current_round(event)
        if last is None or last.state != Round.State.CLOSED:
            raise ValidationError(_("Close the last round before finishing the event."))
        if score_swiss_event(_engine(event)).winner is None:
            raise ValidationError(_remaining(_engine(event)))
        event.status = Status.FINISHED
        event.save(update_fields=["status", "updated_at"])
        announce(EventFinished(event))
        recompute.event_edited(event, {"status"})
        return event


def _remaining(engine: sw.SwissEvent) -> str:
    played = len(engine.swiss)
    if played < engine.swiss_rounds:
        return _("%(played)s of %(rounds)s Swiss rounds are played: pair the next round.") % {
            "played": played,
            "rounds": engine.swiss_rounds,
        }
    return _("The top cut is not over: pair its next round.")
