"""Play whole rounds with simulated results: the demo, benchmarks and tests use it."""

import random
from collections import defaultdict

from scoring.simulate import play_bracket, play_team_bracket
from scoring.teams import recorded_winner
from tournament.events.models import Bracket, Event, Round, Seat
from tournament.events.to_engine import engine_id, format_of, teams_by_player
from tournament.results.models import Game
from tournament.rounds.services import rounds as round_service
from tournament.standings import recompute


def play_round(rnd: Round, rng: random.Random, *, refresh: bool = True) -> None:
    """Store simulated games for every bracket of the round (a judge's tie-break when needed)."""
    fmt = format_of(rnd.event)
    teams = teams_by_player(rnd.event)
    games = []
    # One query for the round's seats: a prefetch of hundreds of brackets overflows SQLite.
    seats_by_bracket: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(bracket__round=rnd).select_related("registration"):
        seats_by_bracket[seat.bracket_id].append(seat)
    brackets = list(rnd.brackets.all())
    for bracket in brackets:
        seats = sorted(seats_by_bracket[bracket.pk], key=lambda s: s.position)
        players = [engine_id(s.registration.player_id) for s in seats]
        if teams:  # Team Spirit: a team's game is stored as won by its first player
            seated = list({teams[p].id: teams[p] for p in players}.values())
            first = {t.id: recorded_winner(t) for t in seated}
            played = play_team_bracket(seated, fmt, rng)
            players = list(first)
        else:
            first = {}
            played = play_bracket(players, fmt, rng)
        for number, game in enumerate(played, start=1):
            winner = first.get(game.winner, game.winner)
            games.append(
                Game(
                    bracket=bracket,
                    number=number,
                    winner_id=int(winner) if winner else None,
                    ended_by=game.ended_by.value,
                    unrazed=dict(game.unrazed),
                )
            )
        # Ties the engine cannot break get the judge's order: seat order, recorded.
        bracket.tiebreak_order = players
    Bracket.objects.bulk_update(brackets, ["tiebreak_order"], batch_size=500)
    Game.objects.bulk_create(games, batch_size=500)
    if refresh:
        recompute.refresh_event(rnd.event)


def play_matches(rnd: Round, rng: random.Random) -> None:
    """Store simulated games for every match of a one-on-one round (SPEC §11): each game
    won by victory (the winner keeping the realms the victory condition needs, the loser
    fewer), until one player has won the majority of the event's best-of."""
    needed = rnd.event.best_of // 2 + 1
    realms = format_of(rnd.event).victory_realms
    games = []
    seats_by_bracket: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(bracket__round=rnd).select_related("registration"):
        seats_by_bracket[seat.bracket_id].append(seat)
    for bracket in rnd.brackets.all():
        players = [s.registration.player_id for s in seats_by_bracket[bracket.pk]]
        won = dict.fromkeys(players, 0)
        number = 0
        while max(won.values()) < needed:
            number += 1
            winner = rng.choice(players)
            won[winner] += 1
            unrazed = {engine_id(p): rng.randint(0, realms - 2) for p in players}
            unrazed[engine_id(winner)] = realms
            games.append(
                Game(
                    bracket=bracket,
                    number=number,
                    winner_id=winner,
                    ended_by="victory",
                    unrazed=unrazed,
                )
            )
    Game.objects.bulk_create(games, batch_size=500)
    recompute.refresh_event(rnd.event)


def run_event(event: Event, rng: random.Random, drops: dict[int, list] | None = None) -> Event:
    """Seat (or pair), play and close every round until the final is played, then finish
    the event; `drops` names the registrations that drop after a round (by its number)."""
    play = play_matches if event.is_one_on_one else play_round
    while True:
        rnd = round_service.seat_next_round(event, seed=rng.randrange(2**48))
        round_service.publish_round(rnd)
        play(rnd, rng)
        round_service.close_round(rnd)
        for registration in (drops or {}).get(rnd.number, ()):
            round_service.drop_player(registration)
        if rnd.is_final:
            return round_service.finish_event(event)
