"""The stored ratings (SPEC §12): the demo's players rated as a reference applying openskill
directly to the exported event files gives; kept current after a correction exactly as a
fresh full run; an event whose games are bad is not rated and the others stand."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from openskill.models import PlackettLuce

from tournament.eventfile.services import export_text
from tournament.events.models import Event
from tournament.ratings import services
from tournament.ratings.models import EventRating, Rating
from tournament.results.models import Game
from tournament.standings import recompute


def reference_ratings(files: list[dict]) -> dict[str, tuple[float, float, int]]:
    """openskill's Plackett–Luce (defaults) over the files' games in SPEC §12's order, the
    ranks written here from the spec's words: the winner first, the others by unrazed realms
    (more is better, equal counts tied); a draw: everyone by realms. A side is a player, or a
    Team Spirit team (its members with a count in the game, their sum its count)."""
    model = PlackettLuce()
    ratings: dict[str, object] = {}
    games: dict[str, int] = {}
    for data in files:
        number = {p["id"]: p["player_number"] for p in data["players"]}
        members = {t["id"]: t["players"] for t in data.get("teams", [])}
        for rnd in sorted(data["rounds"], key=lambda r: r["number"]):
            tables = rnd.get("brackets", rnd.get("matches", []))
            for table in sorted(tables, key=lambda t: t["table"]):
                for game in table["games"]:
                    sides, counts = [], []
                    for entrant in table["players"]:
                        present = [
                            p for p in members.get(entrant, [entrant]) if p in game["unrazed"]
                        ]
                        if present:
                            sides.append((entrant, [number[p] for p in present]))
                            counts.append(sum(game["unrazed"][p] for p in present))
                    winner = game["winner"]
                    ranks = []
                    for (entrant, _), count in zip(sides, counts, strict=True):
                        if entrant == winner:
                            ranks.append(0)
                        else:
                            better = sum(
                                1
                                for (e, _), c in zip(sides, counts, strict=True)
                                if e != winner and c > count
                            )
                            ranks.append(1 + better)
                    teams = [[ratings.get(p) or model.rating() for p in ps] for _, ps in sides]
                    rated = model.rate(teams, ranks=ranks)
                    for (_, ps), new in zip(sides, rated, strict=True):
                        for p, r in zip(ps, new, strict=True):
                            ratings[p] = r
                            games[p] = games.get(p, 0) + 1
    return {p: (r.mu, r.sigma, games[p]) for p, r in ratings.items()}


def exported_files() -> list[dict]:
    events = Event.objects.filter(status="finished").order_by("date", "pk")
    return [json.loads(export_text(e)) for e in events]


def stored() -> dict[str, tuple[float, float, int]]:
    return {
        r.player.player_number: (r.mu, r.sigma, r.games)
        for r in Rating.objects.select_related("player")
    }


def test_the_demo_ratings_are_openskill_over_the_exported_games(db):
    call_command("seed_demo")
    files = exported_files()
    assert len(files) >= 2  # the bracket event and the Team Spirit event at least
    assert any(f.get("teams") for f in files)
    assert not services.unrated_events().exists()
    # Exactly: the same floating-point operations in the same order.
    assert stored() == reference_ratings(files)
    # A fresh full run gives the same rows.
    before = stored()
    call_command("recompute_ratings")
    assert stored() == before


def test_a_correction_of_a_finished_event_equals_a_fresh_full_run(db, organizer):
    from tests.support.events import build_event

    first = build_event(organizer, 9, seed=3, name="First")
    second = build_event(organizer, 9, seed=5, name="Second")
    assert Rating.objects.count() == 18
    before = stored()
    # A result of the first event corrected (the counts of game 1 of table 1 swapped
    # between two losers), its figures stored again: the ratings follow.
    game = Game.objects.filter(bracket__round__event=first, winner__isnull=False).order_by(
        "bracket__round__number", "bracket__table", "number"
    )[0]
    losers = [p for p in game.unrazed if p != str(game.winner_id)]
    a, b = losers[0], losers[1]
    if game.unrazed[a] == game.unrazed[b]:
        game.unrazed[a] = max(0, game.unrazed[a] - 1)
    else:
        game.unrazed[a], game.unrazed[b] = game.unrazed[b], game.unrazed[a]
    game.save()
    first.refresh_from_db()
    recompute.refresh_event(first)
    followed = stored()
    assert followed != before
    call_command("recompute_ratings")
    assert stored() == followed
    # Each player's history has one value per event he played, in order.
    for r in Rating.objects.all():
        assert [pk for pk, _ in r.history] in ([first.pk], [second.pk])
        assert r.history[-1][1] == r.value


def test_an_event_with_bad_games_is_not_rated_and_the_others_stand(db, organizer):
    from tests.support.events import build_event

    good = build_event(organizer, 9, seed=3, name="Good")
    bad = build_event(organizer, 9, seed=5, name="Bad")
    good_players = set(good.registrations.values_list("player__player_number", flat=True))
    game = Game.objects.filter(bracket__round__event=bad).order_by("pk")[0]
    game.unrazed = {}  # a game without counts
    game.save()
    services.recompute_all()
    row = EventRating.objects.get(event=bad)
    assert not row.rated and row.games == []
    assert row.issues[0]["code"] == "count-missing"
    assert list(services.unrated_events()) == [row]
    # The good event's players are rated as if the bad event did not exist.
    alone = reference_ratings([json.loads(export_text(good))])
    assert {k: v for k, v in stored().items() if k in good_players} == alone
    assert set(stored()) == good_players


@pytest.mark.parametrize("status", ["running"])
def test_an_unfinished_event_is_not_rated(db, organizer, status):
    from tests.support.events import build_event

    event = build_event(organizer, 9, seed=3, name="Reopened")
    Event.objects.filter(pk=event.pk).update(status=status)
    services.recompute_all()
    assert not Rating.objects.exists()
    assert not EventRating.objects.exists()


def test_the_ratings_page_says_why_an_event_is_not_rated(client, db, organizer):
    from django.urls import reverse

    from tests.support.events import build_event

    bad = build_event(organizer, 9, seed=5, name="Bad Open")
    game = Game.objects.filter(bracket__round__event=bad).order_by("pk")[0]
    game.unrazed = {}
    game.save()
    services.recompute_all()
    html = client.get(reverse("ratings:list")).content.decode()
    assert "Events not rated" in html and "Bad Open" in html
    # The engine's check of the file, translated by its code: the game has no counts.
    assert "rounds[0]" in html


def test_with_a_broker_the_refresh_is_queued_after_the_commit(
    db, organizer, monkeypatch, django_capture_on_commit_callbacks
):
    from types import SimpleNamespace

    from tests.support.events import build_event

    event = build_event(organizer, 9, seed=3, name="Queued")
    queued = []
    broker = SimpleNamespace(conf=SimpleNamespace(task_always_eager=False))
    monkeypatch.setattr(services, "current_app", broker)
    monkeypatch.setattr(services.queueing, "enqueue", lambda name, *a: queued.append((name, a)))
    with django_capture_on_commit_callbacks(execute=True):
        services.follow_event(event)
        assert queued == []  # nothing before the commit
    assert queued == [(services.REFRESH_TASK, (event.pk,))]
