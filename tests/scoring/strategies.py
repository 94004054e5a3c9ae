"""Hypothesis strategies that build whole, valid Spellfire events (reusable by any test).

``events()`` seats N players in brackets of 3/4, plays every bracket to two wins (or to
time in timed events), records judge tie-break orders where needed, advances winners plus
wildcards with the engine, and repeats until a final (a single-bracket round) is played.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from hypothesis import strategies as st

from scoring.advancement import advance
from scoring.brackets import bracket_sizes, is_seatable
from scoring.model import (
    Bracket,
    EndedBy,
    EventRecord,
    Format,
    Game,
    Official,
    PlayerRef,
    PointsMode,
    Role,
    Round,
    RulesEdition,
    Victory,
)
from scoring.placement import game_wins, place_bracket

__all__ = ["events", "formats", "game", "played_bracket", "worked_example_bracket"]

NAMES = ["Mike", "Jim", "John", "Zoë", "Ann", "Bob", "Ana", "Luís", "Kai", "Mia", "Ola", "Tom"]


@st.composite
def formats(draw: st.DrawFn) -> Format:
    """A championship format with random size, victory, multiplier, points mode, time limit
    and rules edition."""
    return Format(
        deck_size=draw(st.sampled_from([55, 75, 110])),
        victory=draw(st.sampled_from(list(Victory))),
        scored=draw(st.booleans()),
        event_multiplier=draw(st.sampled_from([1, 2])),
        points_mode=draw(st.sampled_from(list(PointsMode))),
        time_limit_minutes=draw(st.sampled_from([None, 50, 60])),
        rules_edition=draw(st.sampled_from(list(RulesEdition))),
    )


@st.composite
def _game(draw: st.DrawFn, seats: tuple[str, ...], fmt: Format, allow_draw: bool) -> Game:
    kinds = ["victory", "victory", "out_of_cards"]
    kinds += ["draw"] if allow_draw else []
    kinds += ["time"] if fmt.timed else []
    kind = draw(st.sampled_from(kinds))
    high = fmt.max_realms
    if kind == "draw":
        # Level on unrazed, razed and holdings: a draw by 004's tie-breaks.
        same = {name: draw(st.integers(0, 5)) for name in ("unrazed", "razed", "holdings")}
        counts = {k: dict.fromkeys(seats, v) for k, v in same.items()}
        return Game(None, EndedBy.OUT_OF_CARDS, **counts)
    winner = draw(st.sampled_from(seats))
    low = fmt.victory_realms if kind == "victory" else 1
    own = draw(st.integers(low, high))
    # Victory: others may equal the winner; cards/time: the winner must lead strictly.
    cap = own if kind == "victory" else own - 1
    unrazed = {p: own if p == winner else draw(st.integers(0, cap)) for p in seats}
    ended_by = EndedBy.TIME if kind == "time" else EndedBy(kind)
    return Game(winner, ended_by, unrazed)


@st.composite
def played_bracket(draw: st.DrawFn, table: int, seats: tuple[str, ...], fmt: Format) -> Bracket:
    """A finished, decided bracket: games until two wins (or time), judge order if tied."""
    games: list[Game] = []
    draws = 0
    while True:
        game = draw(_game(seats, fmt, allow_draw=draws < 2))
        draws += game.winner is None
        games.append(game)
        bracket = Bracket(table, seats, games)
        if max(game_wins(bracket).values()) >= 2 or game.ended_by is EndedBy.TIME:
            break
    wins = game_wins(bracket)
    droppable = [p for p in seats if wins[p] < 2]
    if draw(st.integers(0, 9)) == 0 and droppable:
        bracket = replace(bracket, dropped=(draw(st.sampled_from(droppable)),))
    if place_bracket(bracket).needs_decision:
        bracket = replace(bracket, tiebreak_order=tuple(draw(st.permutations(seats))))
    return bracket


@st.composite
def events(draw: st.DrawFn, min_players: int = 3, max_players: int = 16) -> EventRecord:
    """A whole valid event played through to its final."""
    count = draw(st.integers(min_players, max_players).filter(is_seatable))
    fmt = draw(formats())
    players = tuple(
        PlayerRef(f"p{i}", f"{NAMES[i % len(NAMES)]} {i}", str(1000 + i)) for i in range(count)
    )
    played = draw(st.booleans())
    coordinator = Official(
        "Ann Organiser", "C-1" if not played else "1000", played, Role.COORDINATOR
    )
    judges = tuple(
        Official(f"Judge {j}", f"J-{j}", False, Role.JUDGE) for j in range(draw(st.integers(0, 2)))
    )
    event = EventRecord(
        fmt,
        "Autumn Open",
        dt.date(2026, 11, 21),
        "Halifax",
        coordinator,
        judges,
        players,
        (),
        draw(st.none() | st.text("abc123", min_size=1, max_size=6)),
    )
    active = tuple(p.id for p in players)
    for number in range(1, 20):
        order = draw(st.permutations(active))
        brackets, start = [], 0
        for table, size in enumerate(bracket_sizes(len(order)), start=1):
            brackets.append(draw(played_bracket(table, tuple(order[start : start + size]), fmt)))
            start += size
        event = replace(event, rounds=(*event.rounds, Round(number, brackets)))
        step = advance(event)
        if step.tournament_over or not step.seatable:
            break
        active = step.advancing
    return event


def game(winner: str | None, counts: dict[str, int], ended_by: str = "victory", **extra) -> Game:
    """Shorthand for a Game in table-driven tests."""
    return Game(winner, EndedBy(ended_by), counts, **extra)


def worked_example_bracket() -> Bracket:
    """000's scoring example (Mike's own count in games he won taken as 6)."""
    return Bracket(
        1,
        ("mike", "jim", "john"),
        (
            game("mike", {"mike": 6, "jim": 4, "john": 4}),
            game("john", {"mike": 5, "jim": 3, "john": 6}),
            game("jim", {"mike": 4, "jim": 6, "john": 4}),
            game("mike", {"mike": 6, "jim": 5, "john": 5}),
        ),
    )
