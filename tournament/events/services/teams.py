"""Team Spirit teams (SPEC §10): pairing, invitations, completeness and dropping as a team."""

from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import CharField, OuterRef, Q, Subquery, Value
from django.utils.translation import gettext as _

from tournament.core.locking import lock_rows
from tournament.events.models import Event, Registration, Team


def team_of(registration: Registration) -> Team | None:
    """The team a registered player belongs to (or was invited to), if any."""
    return (
        Team.objects.filter(Q(first=registration) | Q(second=registration))
        .select_related("first__player", "second__player")
        .first()
    )


def _check_open(event: Event) -> None:
    if not event.shape.teams:
        raise ValidationError(_("Only a Team Spirit event has teams."))
    if event.rounds.exists():
        raise ValidationError(_("Round 1 is seated: teams can no longer change."))


def _check_free(event: Event, registration: Registration) -> None:
    if registration.event_id != event.pk:
        raise ValidationError(
            _("%(name)s is not registered for this event.") % {"name": registration.player.name}
        )
    if registration.dropped:
        raise ValidationError(_("%(name)s has dropped.") % {"name": registration.player.name})
    team = team_of(registration)
    if team is not None:
        raise ValidationError(
            _("%(name)s is already in team %(team)s.")
            % {"name": registration.player.name, "team": team.name}
        )


def _create(event: Event, name: str, first: Registration, second: Registration, accepted: bool):
    name = (name or "").strip()
    if not name:
        raise ValidationError(_("Give the team a name."))
    if first.pk == second.pk:
        raise ValidationError(_("A team needs two different players."))
    with transaction.atomic():
        event = lock_rows(Event.objects.all()).get(pk=event.pk)
        _check_open(event)
        for registration in (first, second):
            _check_free(event, registration)
        if event.teams.filter(name__iexact=name).exists():
            raise ValidationError(
                _("Another team of this event is called %(team)s.") % {"team": name}
            )
        try:
            with transaction.atomic():
                return Team.objects.create(
                    event=event, name=name, first=first, second=second, accepted=accepted
                )
        except IntegrityError as error:  # a concurrent pairing of the same player
            raise ValidationError(
                _("One of these players was just put in another team.")
            ) from error


def pair_players(event: Event, first: Registration, second: Registration, name: str) -> Team:
    """The organizer pairs two registered players: the team is complete at once."""
    return _create(event, name, first, second, accepted=True)


def invite_partner(registration: Registration, partner: Registration, name: str) -> Team:
    """A registered player names a team and invites a registered partner, who must accept."""
    return _create(registration.event, name, registration, partner, accepted=False)


def accept_invitation(team: Team, registration: Registration) -> Team:
    """The invited partner accepts: the team is complete and can be seated."""
    with transaction.atomic():
        team = lock_rows(Team.objects.all()).get(pk=team.pk)
        _check_open(team.event)
        if team.second_id != registration.pk:
            raise ValidationError(_("Only the invited partner can accept this invitation."))
        team.accepted = True
        team.save(update_fields=["accepted"])
        return team


def decline_invitation(team: Team, registration: Registration) -> None:
    """The invited partner declines, or the first player withdraws: the team is removed."""
    with transaction.atomic():
        team = lock_rows(Team.objects.all()).get(pk=team.pk)
        _check_open(team.event)
        if registration.pk not in (team.first_id, team.second_id):
            raise ValidationError(_("Only a member of the team can undo it."))
        team.delete()


def complete_teams(event: Event) -> list[Team]:
    """The event's complete teams, with their players."""
    teams = Team.objects.filter(event=event).select_related("first__player", "second__player")
    return [t for t in teams if t.complete]


@dataclass(frozen=True)
class Side:
    """Who a result belongs to, as pages and documents name it: in a Team Spirit event the
    team (its name, its members beneath), elsewhere the player alone."""

    name: str
    members: tuple[str, ...] = ()

    @property
    def full(self) -> str:
        """ "Harpers (Karen Costa & Lucas Almeida)" for a team, the player's name otherwise."""
        if not self.members:
            return self.name
        return f"{self.name} ({' & '.join(self.members)})"

    def __str__(self) -> str:
        return self.name


def sides_by_player(event: Event) -> dict[int, Side]:
    """Player pk → his team, for the complete teams of a Team Spirit event (empty for any
    other event). Kept on the event object: a page asks once per winner it names."""
    cached = getattr(event, "_sides_by_player", None)
    if cached is not None:
        return cached
    found: dict[int, Side] = {}
    if event.shape.teams:
        for team in complete_teams(event):
            players = [r.player for r in team.registrations]
            side = Side(team.name, tuple(p.name for p in players))
            found.update({p.pk: side for p in players})
    event._sides_by_player = found
    return found


def team_name(event: Event, player_id: int) -> str:
    """The name of the player's team in a Team Spirit event ("" outside one, or alone)."""
    side = sides_by_player(event).get(player_id)
    return side.name if side else ""


def side_of(event: Event, player) -> Side | None:
    """The side a player (a winner, a seat) stands for: his team in Team Spirit."""
    if player is None:
        return None
    return sides_by_player(event).get(player.pk) or Side(player.name)


@dataclass
class TeamGroup:
    """Rows of a bracket grid under one heading: a team and its members, or (outside Team
    Spirit) every row under none. Members share the team's place, points and totals, which
    the pipeline stored on each member's seat, so the first row speaks for the team."""

    side: Side | None
    rows: list

    @property
    def lead(self):
        return self.rows[0]


def group_by_team(event: Event, rows: list, player_id: Callable[[object], int]) -> list[TeamGroup]:
    """The rows of one bracket, team by team (each team's members beneath it), ordered by
    the team's stored place; a game a member won is marked won on both members' cells."""
    teams = sides_by_player(event)
    if not teams:
        return [TeamGroup(None, list(rows))]
    groups: dict[object, TeamGroup] = {}
    for row in rows:
        side = teams.get(player_id(row))
        key = side.name if side else id(row)
        groups.setdefault(key, TeamGroup(side, [])).rows.append(row)
    for group in groups.values():
        _share_wins(group.rows)
    return sorted(groups.values(), key=lambda g: _stored_place(g.lead))


def _stored_place(row) -> tuple[bool, int]:
    seat = row.get("seat") if isinstance(row, dict) else row
    place = getattr(getattr(seat, "figures", None), "place", None)
    return (place is None, place or 0)


def _share_wins(rows: list) -> None:
    """A team's win is recorded under one member: every member's cell of that game is won."""
    lines = [row["cells"] for row in rows if isinstance(row, dict) and "cells" in row]
    for cells in zip(*lines, strict=True):
        if any(cell["won"] for cell in cells):
            for cell in cells:
                cell["won"] = True


def team_annotation(event: Event, player: str = "player") -> Subquery | Value:
    """An annotation of an event's rows: the name of the team the row's `player` plays in
    (Team Spirit); a plain NULL in any other event, at no cost."""
    if not event.shape.teams:
        return Value(None, output_field=CharField())
    teams = Team.objects.filter(event=event).filter(
        Q(first__player=OuterRef(player)) | Q(second__player=OuterRef(player))
    )
    return Subquery(teams.values("name")[:1], output_field=CharField())
