"""Handlers that turn what the services announce (`core/happenings.py`; subscribed in
`tournament/site/subscriptions.py`) into webhook notifications, queued after the commit
(`services.notify`).

A one-on-one event's round (SPEC §11) is described as matches: each with its id (the
bracket's, as in the API), table, state, its two players with the games each won, the
winner (null while undecided or for a drawn match) and the player who did not come; then
the byes and whether it is a top-cut round. The matches are listed once the round is
published (the seating is public then), and results carry the current round's matches.
Everything is read from the figures the recompute stored.
"""

from django.db.models import Prefetch

from tournament.events.models import Bracket, Event, Round, Seat
from tournament.results.happenings import GamesConfirmed, TiebreakDecided
from tournament.rounds.happenings import EventFinished, RoundPublished, RoundSeated, TimeCalled
from tournament.webhooks.models import Kind
from tournament.webhooks.services import notify


def round_data(rnd: Round) -> dict:
    from tournament.rounds.services.rounds import timer_ends_at

    def stamp(value):
        return value.isoformat() if value else None

    data = {
        "number": rnd.number,
        "is_final": rnd.is_final,
        "published": rnd.published,
        "started_at": stamp(rnd.started_at),
        "time_called_at": stamp(rnd.time_called_at),
        "ends_at": stamp(timer_ends_at(rnd)),
    }
    if rnd.event.is_one_on_one:
        data |= match_round_data(rnd)
    return data


def _person(player) -> dict:
    return {"player_number": player.player_number, "name": player.name}


def match_round_data(rnd: Round) -> dict:
    """A one-on-one round as matches, byes and is_cut (the module's doc)."""
    from tournament.accounts.models import Player

    byes = Player.objects.in_bulk(rnd.byes or [])
    data = {
        "structure": "one-on-one",
        "is_cut": rnd.is_cut,
        "byes": [_person(byes[pk]) for pk in rnd.byes or [] if pk in byes],
        "matches": [],
    }
    if not rnd.published:
        return data
    seats = Seat.objects.select_related("registration__player", "figures").order_by("position")
    matches = (
        Bracket.objects.filter(round=rnd)
        .select_related("winner", "no_show")
        .prefetch_related(Prefetch("seats", seats))
        .order_by("table")
    )
    for match in matches:
        data["matches"].append(
            {
                "id": match.pk,
                "table": match.table,
                "state": match.state,
                "players": [
                    {**_person(seat.registration.player), "games_won": seat.figures.games_won or 0}
                    for seat in match.seats.all()
                ],
                "winner": _person(match.winner) if match.winner else None,
                "no_show": _person(match.no_show) if match.no_show else None,
            }
        )
    return data


def _describe(rnd: Round, text: str):
    return lambda event: (f"{event.name}: {text}", {"round": round_data(rnd)})


def round_seated(happening: RoundSeated) -> None:
    rnd = happening.round
    notify(rnd.event_id, Kind.ROUND_SEATED, _describe(rnd, f"round {rnd.number} seated"))


def round_published(happening: RoundPublished) -> None:
    rnd = happening.round
    text = f"round {rnd.number} seating published"
    notify(rnd.event_id, Kind.ROUND_PUBLISHED, _describe(rnd, text))


def time_called(happening: TimeCalled) -> None:
    rnd = happening.round
    text = f"time called in round {rnd.number}"
    notify(rnd.event_id, Kind.TIME_CALLED, _describe(rnd, text))


def results_confirmed(happening: GamesConfirmed | TiebreakDecided) -> None:
    """A game's result or a tie-break decision was stored (the figures are recomputed in the
    same transaction; the delivery is built after the commit)."""

    def describe(e: Event):
        data = {}
        if e.is_one_on_one:  # the current round's matches, with their results so far
            current = e.rounds.order_by("-number").first()
            data = {"round": round_data(current)} if current else {}
        return f"{e.name}: results updated", data

    notify(happening.event.pk, Kind.RESULTS_CONFIRMED, describe)


def event_finished(happening: EventFinished) -> None:
    notify(happening.event.pk, Kind.EVENT_FINISHED, lambda e: (f"{e.name}: event finished", {}))
