"""Rules whose expected values are worked out by hand from the rules texts and SPEC.md.

Each test names the rule it pins; breaking the rule in the code makes the test fail.
"""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.core.exceptions import ValidationError

from scoring import model as m
from scoring.placement import place_bracket
from scoring.validation import validate_game
from tests.support.players import make_player
from tests.support.results import record, seated, victory
from tournament.accounts.models import Player
from tournament.events.models import Bracket, Event, Registration, Seat
from tournament.events.services.registration import register
from tournament.ranking.models import RankingTotal
from tournament.ranking.services import _renumber
from tournament.results import services as results
from tournament.results.models import EntryStatus, Game, GameEntry
from tournament.rounds.services import rounds as round_service
from tournament.standings.models import EventStanding
from tournament.standings.writing import store_places

# --- the event's final-place order (SPEC §6 [decision], shown on the standings page) -------


def _standing(event: Event, name: str, **figures) -> EventStanding:
    player = Player.objects.create(player_number=f"F-{name}", name=name)
    registration = Registration.objects.create(event=event, player=player)
    return EventStanding.objects.create(
        event=event, registration=registration, player=player, place=0, **figures
    )


def test_final_place_order_winner_points_round_place_unrazed_wins(event):
    """Winner first; then points; then the last round reached; then the place in that
    bracket; then unrazed realms; then games won; equal on all → a shared place (1,2,2,4)."""
    rows = {
        "winner": _standing(event, "W", status="winner", points=20, last_round=3, last_place=1),
        "most points": _standing(event, "P", points=30, last_round=3, last_place=2),
        "later round": _standing(event, "R", points=12, last_round=3, last_place=3),
        "earlier round": _standing(event, "E", points=12, last_round=2, last_place=1),
        "better place": _standing(event, "B", points=9, last_round=2, last_place=2),
        "worse place": _standing(event, "C", points=9, last_round=2, last_place=3),
        "more unrazed": _standing(
            event, "U", points=4, last_round=1, last_place=2, unrazed_total=20, games_won=0
        ),
        "more wins": _standing(
            event, "G", points=4, last_round=1, last_place=2, unrazed_total=15, games_won=1
        ),
        "fewer wins a": _standing(
            event, "Xa", points=4, last_round=1, last_place=2, unrazed_total=15, games_won=0
        ),
        "fewer wins b": _standing(
            event, "Xb", points=4, last_round=1, last_place=2, unrazed_total=15, games_won=0
        ),
        "last": _standing(event, "L", points=0, last_round=1, last_place=3),
    }
    store_places(event.pk)
    places = {label: EventStanding.objects.get(pk=row.pk).place for label, row in rows.items()}
    assert places == {
        "winner": 1,
        "most points": 2,
        "later round": 3,
        "earlier round": 4,
        "better place": 5,
        "worse place": 6,
        "more unrazed": 7,
        "more wins": 8,
        "fewer wins a": 9,
        "fewer wins b": 9,  # shared
        "last": 11,  # competition ranking skips the shared place
    }


def test_ranking_ranks_are_shared_and_skip(db):
    """Equal ranking points share a rank; the next rank counts the players above (1,1,3)."""
    totals = [
        RankingTotal.objects.create(
            player=Player.objects.create(player_number=f"R-{i}", name=name),
            year=2026,
            ranking_points=points,
        )
        for i, (name, points) in enumerate([("Ana", 40), ("Bea", 40), ("Cid", 25), ("Dan", 7)])
    ]
    _renumber(2026)
    ranks = [RankingTotal.objects.get(pk=t.pk).rank for t in totals]
    assert ranks == [1, 1, 3, 4]


def test_a_dropped_player_is_shown_as_dropped(event, judge, second_judge, round1):
    bracket = round1.brackets.order_by("table").first()
    *_others, c = seated(bracket)
    registration = Registration.objects.get(event=event, player=c)
    round_service.drop_player(registration)
    standing = EventStanding.objects.get(event=event, player=c)
    assert standing.status == EventStanding.Status.DROPPED
    assert standing.status_label == "dropped in round 1"


# --- results entry (SPEC §5 [decision]) ---------------------------------------------------


def test_identical_resubmission_by_the_same_judge_never_confirms_itself(judge, round1):
    bracket = round1.brackets.order_by("table").first()
    a, b, c = seated(bracket)
    data = victory(a, {a: 6, b: 4, c: 4})
    results.submit_entry(bracket, data, judge, uuid.uuid4(), number=1)
    again = results.submit_entry(bracket, data, judge, uuid.uuid4(), number=1)
    assert not again.created
    assert GameEntry.objects.get().status == EntryStatus.UNCONFIRMED
    assert not Game.objects.exists()


@pytest.mark.parametrize("status", ["registration", "finished"])
def test_results_are_refused_when_the_event_is_not_running(event, judge, round1, status):
    bracket = round1.brackets.order_by("table").first()
    a, b, c = seated(bracket)
    Event.objects.filter(pk=event.pk).update(status=status)
    with pytest.raises(ValidationError, match="only while the event is running"):
        results.submit_entry(bracket, victory(a, {a: 6, b: 4, c: 4}), judge, uuid.uuid4(), number=1)
    assert not GameEntry.objects.exists()


def test_a_reused_idempotency_key_returns_the_first_entry(judge, round1):
    bracket = round1.brackets.order_by("table").first()
    a, b, c = seated(bracket)
    token = uuid.uuid4()
    first = results.submit_entry(bracket, victory(a, {a: 6, b: 4, c: 4}), judge, token, number=1)
    other = results.submit_entry(bracket, victory(b, {a: 4, b: 6, c: 4}), judge, token, number=1)
    assert other.entry.pk == first.entry.pk and not other.created
    assert GameEntry.objects.count() == 1 and first.entry.winner_id == a.pk


def _play_round(rnd, first, second) -> None:
    """Every bracket: its first seated player wins two games 6 to 4/3 (no tie left)."""
    for bracket in rnd.brackets.order_by("table"):
        players = seated(bracket)
        counts = {p: 4 if i == 1 else 3 for i, p in enumerate(players)}
        counts[players[0]] = 6
        for number in (1, 2):
            record(bracket, number, victory(players[0], counts), first, second)


def test_a_winner_changing_correction_is_refused_once_the_next_round_is_seated(
    event, judge, second_judge, round1
):
    _play_round(round1, judge, second_judge)
    round_service.close_round(round1)
    round_service.seat_next_round(event, seed=3)
    bracket = round1.brackets.order_by("table").first()
    a, b, c = seated(bracket)
    correction = victory(b, {a: 4, b: 6, c: 3})
    with pytest.raises(ValidationError, match="can no longer be corrected"):
        results.submit_entry(bracket, correction, judge, uuid.uuid4(), number=2, correction=True)
    assert Game.objects.get(bracket=bracket, number=2).winner_id == a.pk


def test_no_new_player_after_round_one(event, round1):
    late = make_player("late", "Lou Late")
    with pytest.raises(ValidationError, match="Round 1 is seated"):
        register(event, late, late=True)
    with pytest.raises(ValidationError, match="Round 1 is seated"):
        round_service.add_late_player(event, late)
    assert not Registration.objects.filter(player=late).exists()


# --- placement ties (SPEC §6 [decision]: more games won, THEN the best single game) --------


def _tie_bracket() -> m.Bracket:
    """A wins g2 and g3. B: 6+3+2 = 11 realms, 1 win, best game 6. C: 2+7+2 = 11 realms,
    0 wins, best game 7. Tied on realms: B's win puts him 2nd although C's best game is
    higher."""
    games = (
        m.Game("B", m.EndedBy.VICTORY, {"A": 0, "B": 6, "C": 2}),
        m.Game("A", m.EndedBy.VICTORY, {"A": 7, "B": 3, "C": 7}),
        m.Game("A", m.EndedBy.VICTORY, {"A": 6, "B": 2, "C": 2}),
    )
    return m.Bracket(1, ("A", "B", "C"), games)


def test_games_won_decide_a_tie_before_the_best_single_game():
    outcome = place_bracket(_tie_bracket())
    assert [(p.player, p.place) for p in outcome.places] == [("A", 1), ("B", 2), ("C", 3)]
    assert not outcome.needs_decision


def test_the_site_stores_the_same_tie_order(event, judge, second_judge, round1):
    bracket = round1.brackets.order_by("table").first()
    a, b, c = seated(bracket)
    by = {"A": a, "B": b, "C": c}
    for number, game in enumerate(_tie_bracket().games, start=1):
        counts = {by[p]: n for p, n in game.unrazed.items()}
        record(bracket, number, victory(by[game.winner], counts), judge, second_judge)
    places = {
        s.registration.player: (s.figures.place, s.figures.points) for s in bracket.seats.all()
    }
    assert places == {a: (1, 4), b: (2, 3), c: (3, 2)}  # 4/3/2 × round 1


# --- the realm maximum of a 75-card deck (SPEC §3 table: realms 10–20) ----------------------


def test_a_75_card_deck_holds_at_most_20_realms():
    fmt = m.Format(deck_size=75)
    bracket = m.Bracket(1, ("A", "B", "C"), ())
    assert fmt.max_realms == 20
    ok = m.Game("A", m.EndedBy.VICTORY, {"A": 20, "B": 3, "C": 3})
    too_many = m.Game("A", m.EndedBy.VICTORY, {"A": 21, "B": 3, "C": 3})
    assert validate_game(ok, bracket, fmt) == []
    assert [i.player for i in validate_game(too_many, bracket, fmt)] == ["A"]


# --- a decided place earns its points at once (SPEC §6 [decision]) -------------------------


def test_the_winner_scores_while_the_others_wait_for_the_judge(event, judge, second_judge):
    """Final of 3: A wins two games; B and C tie on everything (6+... equal realms and
    wins and best game) → A's place and 5 points are stored at once, B and C wait."""
    players = [make_player(f"f{i}", f"Finalist {i}") for i in range(3)]
    for p in players:
        Registration.objects.create(event=event, player=p, checked_in=True)
    rnd = round_service.seat_next_round(event, seed=1)
    assert rnd.is_final
    bracket = rnd.brackets.get()
    a, b, c = seated(bracket)
    for number in (1, 2):
        record(bracket, number, victory(a, {a: 6, b: 3, c: 3}), judge, second_judge)
    bracket.refresh_from_db()
    assert bracket.state == Bracket.State.NEEDS_DECISION and bracket.winner_id == a.pk
    figures = {
        s.registration.player: (s.figures.place, s.figures.points) for s in bracket.seats.all()
    }
    assert figures == {a: (1, 5), b: (None, None), c: (None, None)}  # final winner: 5 × 1
    winner = EventStanding.objects.get(event=event, player=a)
    assert (winner.status, winner.points, winner.place) == ("winner", 5, 1)
    assert event.scoring.winner_id == a.pk
    results.decide_tiebreak(bracket, [[str(c.pk), str(b.pk)]], judge)
    figures = {
        s.registration.player: (s.figures.place, s.figures.points)
        for s in Seat.objects.filter(bracket=bracket)
    }
    assert figures == {a: (1, 5), c: (2, 3), b: (3, 2)}


# --- figures follow edits (one pipeline) ---------------------------------------------------


def _finished(event, judge, second_judge, round1):
    _play_round(round1, judge, second_judge)
    round_service.close_round(round1)
    final = round_service.seat_next_round(event, seed=5)
    _play_round(final, judge, second_judge)
    round_service.close_round(final)
    return round_service.finish_event(event)


def test_double_points_after_the_event_recomputes_every_point(event, judge, second_judge, round1):
    """9 players: round 1 winners 4 × 1 = 4, final winner 5 × 2 = 10 → 14; ×2 → 28."""
    from tournament.events.services.editing import save_event

    event = _finished(event, judge, second_judge, round1)
    winner = EventStanding.objects.get(event=event, status="winner")
    assert winner.points == 14
    event.event_multiplier = 2
    save_event(event, {"event_multiplier"})
    assert EventStanding.objects.get(event=event, player=winner.player).points == 28


def test_changing_judges_after_play_moves_their_points(event, judge, second_judge, round1):
    """9 participants: each additional judge earns 9 // 2 = 4 points (000 coordinator and
    judges); a judge removed after play keeps none, a judge added gets his 4."""
    from tournament.events.services.registration import set_judges
    from tournament.standings.models import OfficialScore

    event = _finished(event, judge, second_judge, round1)
    newcomer = make_player("judge3", "Di Judge")
    set_judges(event, [judge, newcomer])
    points = dict(
        OfficialScore.objects.filter(event=event, role="judge").values_list("player", "points")
    )
    assert points == {judge.pk: 4, newcomer.pk: 4}


def test_a_rule_field_cannot_change_after_round_one(event, round1):
    from tournament.events.services.editing import save_event

    event.deck_size = 75
    with pytest.raises(ValidationError, match="can no longer change"):
        save_event(event, {"deck_size"})
    assert Event.objects.get(pk=event.pk).deck_size == 55


def test_the_ranking_seeds_round_one_from_stored_ranking_totals(organizer):
    """Seeding reads the ranking (counted events), not raw seat points of any event."""
    from tournament.rounds.services.rounds import _ranking

    ranked = make_player("ranked", "Ray Ranked")
    unranked = make_player("unranked", "Una Unranked")
    RankingTotal.objects.create(player=ranked, year=RankingTotal.ALL_YEARS, ranking_points=33)
    event = Event.objects.create(
        name="Seeded", date=datetime.date(2026, 1, 1), venue="X", organizer=organizer
    )
    regs = [Registration.objects.create(event=event, player=p) for p in (ranked, unranked)]
    assert _ranking(regs) == {ranked.pk: 33.0}
