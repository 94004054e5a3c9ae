"""Results: a bracket's players in seat order, the result form's POST, a game entered and
confirmed through the services."""

import uuid

from django.urls import reverse

from tournament.events.to_engine import engine_id
from tournament.results import services as results


def seated(bracket) -> list:
    """The bracket's players in seat order."""
    return [s.registration.player for s in bracket.seats.order_by("position")]


def bracket_url(bracket) -> str:
    return reverse("results:bracket", args=[bracket.round.event_id, bracket.pk])


def game_post(players, counts, winner=None, ended_by="victory", number=1, key=None, **extra):
    """POST data of the result form; `winner` a player (None → draw), counts in seat order."""
    data = {
        "key": str(key or uuid.uuid4()),
        "number": number,
        "winner": str(winner.pk) if winner is not None else "draw",
        "ended_by": ended_by,
    }
    for player, count in zip(players, counts, strict=True):
        data[f"unrazed_{player.pk}"] = "" if count is None else str(count)
    for name in ("razed", "holdings"):
        for player, count in zip(players, extra.get(name) or [], strict=False):
            data[f"{name}_{player.pk}"] = str(count)
    return data


def post_game(client, bracket, players, counts, **kwargs):
    return client.post(bracket_url(bracket), game_post(players, counts, **kwargs))


def victory(winner, counts: dict) -> results.GameData:
    """A game won by the victory condition; counts keyed by Player."""
    return results.GameData(
        winner=winner.pk,
        ended_by="victory",
        unrazed={engine_id(p.pk): n for p, n in counts.items()},
    )


def record(bracket, number: int, data: results.GameData, first, second) -> None:
    """Enter a game and have a second official confirm it."""
    outcome = results.submit_entry(bracket, data, first, uuid.uuid4(), number=number)
    results.confirm_entry(outcome.entry, second)
