"""The top cut of a one-on-one event as a bracket (SPEC §11): what the standings page draws.

Each cut round is a column (quarterfinals, semifinals, the final); each match is read from
the stored rounds — its table order, its two seats' games won and the bracket's stored
winner — and each player carries his seed: his position among the players the cut was
seeded from, which the engine's Swiss standing gives (`scoring.swiss.standings.cut_seeds`).
Nothing here decides who won or who meets whom: a round not paired yet is drawn as empty
places.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.swiss.standings import cut_seeds, swiss_standing
from tournament.events.models import Bracket, Event, Round, Seat
from tournament.events.to_engine import engine_id, swiss_event_of


@dataclass(frozen=True)
class CutPlayer:
    seed: int | None
    name: str
    number: str
    games_won: int
    won: bool


@dataclass
class CutMatch:
    table: int | None  # None: a match of a round not paired yet
    players: list[CutPlayer] = field(default_factory=list)
    decided: bool = False
    url: str = ""


@dataclass
class CutColumn:
    title: str
    number: int | None  # the round's number once it is paired
    matches: list[CutMatch]


def column_title(matches: int) -> str:
    """A cut round named by its number of matches."""
    if matches == 1:
        return _("Final")
    if matches == 2:
        return _("Semifinals")
    if matches == 4:
        return _("Quarterfinals")
    return _("Top %(count)s") % {"count": matches * 2}


def seeds_of(event: Event) -> dict[int, int]:
    """Player pk → seed in the cut (1 = first of the Swiss standing), from the engine."""
    engine = swiss_event_of(event)
    seeded = cut_seeds(engine, swiss_standing(engine))
    by_id = {engine_id(pk): pk for pk in event.registrations.values_list("player_id", flat=True)}
    return {by_id[p]: n for n, p in enumerate(seeded, start=1) if p in by_id}


def _cut_rounds(event: Event) -> list[Round]:
    seats = Seat.objects.select_related("registration__player", "figures").order_by("position")
    brackets = Bracket.objects.order_by("table").prefetch_related(Prefetch("seats", seats))
    return list(
        Round.objects.filter(event=event, is_cut=True)
        .order_by("number")
        .prefetch_related(Prefetch("brackets", brackets))
    )


def _match(event: Event, rnd: Round, bracket: Bracket, seeds: dict[int, int]) -> CutMatch:
    decided = bracket.state == Bracket.State.COMPLETE and bracket.winner_id is not None
    players = [
        CutPlayer(
            seed=seeds.get(seat.registration.player_id),
            name=seat.registration.player.name,
            number=seat.registration.player.player_number,
            games_won=seat.figures.games_won,
            won=decided and bracket.winner_id == seat.registration.player_id,
        )
        for seat in bracket.seats.all()
    ]
    url = reverse("standings:bracket", args=[event.pk, rnd.number, bracket.table])
    return CutMatch(bracket.table, players, decided, url)


def top_cut(event: Event) -> list[CutColumn]:
    """The cut's columns, first round first; empty when the event has no cut or its cut is
    not paired yet."""
    if not event.is_one_on_one or not event.top_cut:
        return []
    rounds = _cut_rounds(event)
    if not rounds:
        return []
    seeds = seeds_of(event)
    columns = []
    size = event.top_cut // 2
    depth = 0
    while size >= 1:
        if depth < len(rounds):
            rnd = rounds[depth]
            matches = [_match(event, rnd, b, seeds) for b in rnd.brackets.all()]
            columns.append(CutColumn(column_title(size), rnd.number, matches))
        else:
            placeholders = [CutMatch(None) for _match_number in range(size)]
            columns.append(CutColumn(column_title(size), None, placeholders))
        size //= 2
        depth += 1
    return columns
