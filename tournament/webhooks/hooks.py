"""Signal receivers that turn saves made by the event services into webhook notifications.

The services save with `update_fields`, which tells what changed without touching them.

A one-on-one event's round (SPEC §11) is described as matches: each with its id (the
bracket's, as in the API), table, state, its two players with the games each won, the
winner (null while undecided or for a drawn match) and the player who did not come; then
the byes and whether it is a top-cut round. The matches are listed once the round is
published (the seating is public then), and results carry the current round's matches.
Everything is read from the figures the recompute stored.
"""

from django.db.models import Prefetch
from django.db.models.signals import post_save

from tournament.events.choices import Status
from tournament.events.models import Bracket, Event, Round, Seat
from tournament.events.signals import results_confirmed
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
    seats = Seat.objects.select_related("registration__player").order_by("position")
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
                    {**_person(seat.registration.player), "games_won": seat.games_won or 0}
                    for seat in match.seats.all()
                ],
                "winner": _person(match.winner) if match.winner else None,
                "no_show": _person(match.no_show) if match.no_show else None,
            }
        )
    return data


def _round_saved(sender, instance: Round, created: bool, update_fields=None, raw=False, **kw):
    if raw:
        return
    changed = set(update_fields or ())
    number = instance.number

    def describe(text: str):
        return lambda event: (f"{event.name}: {text}", {"round": round_data(instance)})

    if created:
        notify(instance.event_id, Kind.ROUND_SEATED, describe(f"round {number} seated"))
    if "published" in changed and instance.published:
        text = f"round {number} seating published"
        notify(instance.event_id, Kind.ROUND_PUBLISHED, describe(text))
    if "time_called_at" in changed and instance.time_called_at:
        text = f"time called in round {number}"
        notify(instance.event_id, Kind.TIME_CALLED, describe(text))


def _results_confirmed(sender, event: Event, **kwargs) -> None:
    def describe(e: Event):
        data = {}
        if e.is_one_on_one:  # the current round's matches, with their results so far
            current = e.rounds.order_by("-number").first()
            data = {"round": round_data(current)} if current else {}
        return f"{e.name}: results updated", data

    notify(event.pk, Kind.RESULTS_CONFIRMED, describe)


def _event_saved(sender, instance: Event, created: bool, update_fields=None, raw=False, **kw):
    if raw or created or "status" not in (update_fields or ()):
        return
    if instance.status == Status.FINISHED:
        notify(instance.pk, Kind.EVENT_FINISHED, lambda e: (f"{e.name}: event finished", {}))


def connect() -> None:
    post_save.connect(_round_saved, sender=Round, dispatch_uid="webhooks-round")
    post_save.connect(_event_saved, sender=Event, dispatch_uid="webhooks-event")
    results_confirmed.connect(_results_confirmed, dispatch_uid="webhooks-results")
