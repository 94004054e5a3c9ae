"""League tables from the accepted figures (`RankedScore`, SPEC §9: only accepted events
count), frozen when the league closes, and the championship's qualification check.

A league that counts one-on-one events (SPEC §11, never scored for the ranking) adds them
by its own rule (`scoring.leagues.one_on_one_points`, from each player's stored record):
finished events in its scope, run on the site — an imported one counts only when the
league chose it, as nothing else checked its results."""

from __future__ import annotations

from dataclasses import asdict

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.leagues import LeagueRow, LeagueRules, Result, league_table, one_on_one_points
from tournament.accounts.locations import fold
from tournament.accounts.models import Player
from tournament.core.fragments import cached, version
from tournament.core.locking import lock_rows
from tournament.events.choices import Status, Structure
from tournament.leagues.models import League
from tournament.ranking.models import RankedScore
from tournament.standings import reading


def rules_of(league: League) -> LeagueRules:
    best = league.best_n if league.counting == League.Counting.BEST else None
    return LeagueRules(best=best, qualify=league.qualify, per_region=league.qualify_per_region)


def counts_q(league: League) -> Q:
    """The league's scope as a filter on rows with an event and a player (accepted scores,
    registrations): the events in its dates (or the chosen ones) and its countries' players.
    The league table and the league's metagame read the same scope."""
    scope = Q(event__date__gte=league.starts, event__date__lte=league.ends)
    if league.events_mode == League.Events.CHOSEN:
        scope &= Q(event__in=league.chosen_events.all())
    if league.countries:
        scope &= Q(player__country__in=league.countries)
    return scope


def results_of(league: League) -> tuple[list[Result], dict[int, str]]:
    """The accepted points of the league's players in the league's events, and their regions."""
    results, regions, _keys = _results_and_regions(league)
    return results, regions


def _results_and_regions(league: League) -> tuple[list[Result], dict[int, str], dict[int, int]]:
    """The accepted points, each player's region name (shown) and region key (slots per
    region go to a region, told apart by its key: two countries may name a region alike)."""
    results = _bracket_results(league) if league.counts_brackets else []
    if league.counts_one_on_one:
        results += one_on_one_results(league)
    ids = {r.player for r in results}
    regions, keys = {}, {}
    players = Player.objects.filter(pk__in=ids).values_list("pk", "region_id", "region__name")
    for pk, region_id, name in players:
        regions[pk] = str(name or "")
        if region_id is not None:
            keys[pk] = region_id
    return results, regions, keys


def _bracket_results(league: League) -> list[Result]:
    """The accepted ranking points of bracket events (a one-on-one event has none)."""
    rows = (
        RankedScore.objects.filter(counts_q(league))
        .values_list("player_id", "event_id")
        .annotate(points=F("playing_points") + F("coordinator_points") + F("judge_points"))
    )
    return [Result(player, event, points or 0) for player, event, points in rows]


def one_on_one_results(league: League) -> list[Result]:
    """Each player's points in the league's finished one-on-one events, by the league's rule
    (players who played no match there took no part)."""
    rows = reading.standings_where(
        counts_q(league),
        event__structure=Structure.ONE_ON_ONE,
        event__status=Status.FINISHED,
    ).filter(Q(event__imported_from__isnull=True) | Q(event__in=league.chosen_events.all()))
    results = []
    for player, event, record in rows.values_list("player_id", "event_id", "record"):
        points = one_on_one_points(record)
        if points is not None:
            results.append(Result(player, event, points))
    return results


def table(league: League) -> list[LeagueRow]:
    """The league's table: frozen once closed, computed from the accepted figures before."""
    if league.is_closed:
        return [LeagueRow(**{**row, "counted": tuple(row["counted"])}) for row in league.frozen]
    results, regions, keys = _results_and_regions(league)
    return league_table(results, rules_of(league), regions, keys)


def shown_table(league: League) -> list[LeagueRow]:
    """The table for pages, cached until the league, the accepted figures or a player's
    region change (the "ranking" and "players" versions, bumped on commit). Decisions, such
    as who may register for a championship, read `table` instead."""
    stamp = league.updated_at.timestamp()
    key = f"league-table:{league.pk}:{stamp}:{version('ranking')}:{version('players')}"
    return cached(key, lambda: table(league))


def regions_in(rows: list[LeagueRow]) -> list[str]:
    """The regions of the table's players, by name (the table page's filter offers these)."""
    return sorted({r.region for r in rows if r.region}, key=lambda name: (fold(name), name))


def in_region(rows: list[LeagueRow], region: str) -> list[LeagueRow]:
    """The rows of one region's players, with their league ranks (every row: no region)."""
    return [r for r in rows if r.region == region] if region else rows


def with_players(rows: list[LeagueRow]) -> list[dict]:
    """Table rows with their Player (one query for the names): `{"row": …, "player": …}`."""
    players = Player.objects.in_bulk([int(r.player) for r in rows])
    return [{"row": r, "player": players.get(int(r.player))} for r in rows]


def close(league: League) -> League:
    """Freeze the table: later corrections of its events no longer change it."""
    with transaction.atomic():
        league = lock_rows(League.objects.all()).get(pk=league.pk)
        if league.is_closed:
            raise ValidationError(_("This league is already closed."))
        league.frozen = [asdict(row) | {"counted": list(row.counted)} for row in table(league)]
        league.closed_at = timezone.now()
        league.save(update_fields=["frozen", "closed_at"])
        return league


def qualified_ids(league: League) -> set[int]:
    return {int(row.player) for row in table(league) if row.qualified}


def registration_refusal(event, player: Player) -> str | None:
    """Why the player may not register for this championship (None: he may)."""
    leagues = list(League.objects.filter(championship=event, restrict_championship=True))
    if not leagues or any(player.pk in qualified_ids(league) for league in leagues):
        return None
    return _("Registration is open to players qualified through %(leagues)s.") % {
        "leagues": ", ".join(league.name for league in leagues)
    }


def league_places(player: Player) -> list[tuple[League, LeagueRow]]:
    """The player's place in every league he appears in (the player page), newest first."""
    found = []
    for league in League.objects.all():
        row = next((r for r in shown_table(league) if int(r.player) == player.pk), None)
        if row is not None:
            found.append((league, row))
    return found
