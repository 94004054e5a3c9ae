"""The round's points multiplier is stored (SPEC §6: round number × event multiplier) and
read by the pages and sheets that print it; they never work it out themselves."""

import random

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from tournament.accounts.models import Player
from tournament.events.models import Round
from tournament.events.services.editing import save_event
from tournament.rounds.services import rounds as round_service
from tournament.rounds.simulate import play_round


def test_a_seated_round_stores_round_times_event_multiplier(event, registered_players):
    # Double points: round 1 → 1 × 2 = 2.
    event.event_multiplier = 2
    event.save()
    rnd = round_service.seat_next_round(event, seed=7)
    assert Round.objects.get(pk=rnd.pk).multiplier == 2


def test_an_edited_multiplier_reaches_every_page(client, event, played_round, judge):
    # Round 1 of a normal event prints ×1; made double, ×2 everywhere.
    bracket = played_round.brackets.order_by("table").first()
    grid = reverse("standings:bracket", args=[event.pk, 1, bracket.table])
    assert "Multiplier ×1 " in client.get(grid).content.decode()
    event.event_multiplier = 2
    save_event(event, {"event_multiplier"})
    assert Round.objects.get(pk=played_round.pk).multiplier == 2
    assert "Multiplier ×2 " in client.get(grid).content.decode()
    client.force_login(judge.user)
    rounds = client.get(reverse("rounds:list", args=[event.pk])).content.decode()
    assert "×2" in rounds


def test_the_rounds_list_shows_the_multiplier_not_the_round_number(
    client, event, played_round, judge
):
    # Round 2 of a double-points event: 2 × 2 = 4 (the list used to show the round's
    # number, 2, as its multiplier).
    event.event_multiplier = 2
    save_event(event, {"event_multiplier"})
    round_service.close_round(played_round)
    second = round_service.seat_next_round(event, seed=9)
    play_round(second, random.Random(5))
    assert Round.objects.get(pk=second.pk).multiplier == 4
    client.force_login(judge.user)
    rounds = client.get(reverse("rounds:list", args=[event.pk])).content.decode()
    assert "×4" in rounds


BEFORE = ("events", "0010_decklists_published")
AFTER = ("events", "0011_round_multiplier")


def _migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])


def _migrate_to_latest():
    """Every app back at its latest migration: going back to BEFORE also unapplied the
    other apps' migrations that depend on a later one, and later tests need them all."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_migration_stores_the_multiplier_of_existing_rounds():
    # A double event's rounds 1–3: 2, 4, 6; a normal event's round 3: 3.
    _migrate(BEFORE)
    try:
        old = MigrationExecutor(connection).loader.project_state([BEFORE]).apps
        OldEvent, OldRound = old.get_model("events", "Event"), old.get_model("events", "Round")
        # An unchanged table, written without today's signals (their tables are not there).
        (organizer,) = Player.objects.bulk_create([Player(player_number="9001", name="Org")])
        double = OldEvent.objects.create(
            name="Double", date="2026-01-01", organizer_id=organizer.pk, event_multiplier=2
        )
        normal = OldEvent.objects.create(
            name="Normal", date="2026-01-01", organizer_id=organizer.pk
        )
        for number in (1, 2, 3):
            OldRound.objects.create(event_id=double.pk, number=number, seed=0)
        OldRound.objects.create(event_id=normal.pk, number=3, seed=0)
        _migrate(AFTER)
        _migrate_to_latest()  # the models below are today's: later migrations add columns
        stored = {
            (r.event.name, r.number): r.multiplier for r in Round.objects.select_related("event")
        }
        assert stored == {("Double", 1): 2, ("Double", 2): 4, ("Double", 3): 6, ("Normal", 3): 3}
    finally:
        _migrate_to_latest()
