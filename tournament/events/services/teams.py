"""Team Spirit teams (SPEC §10): pairing, invitations, completeness and dropping as a team."""

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from tournament.events.choices import TournamentType
from tournament.events.models import Event, Registration, Team


def team_of(registration: Registration) -> Team | None:
    """The team a registered player belongs to (or was invited to), if any."""
    return (
        Team.objects.filter(Q(first=registration) | Q(second=registration))
        .select_related("first__player", "second__player")
        .first()
    )


def _check_open(event: Event) -> None:
    if event.tournament_type != TournamentType.TEAM_SPIRIT:
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
        event = Event.objects.select_for_update().get(pk=event.pk)
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
        team = Team.objects.select_for_update().get(pk=team.pk)
        _check_open(team.event)
        if team.second_id != registration.pk:
            raise ValidationError(_("Only the invited partner can accept this invitation."))
        team.accepted = True
        team.save(update_fields=["accepted"])
        return team


def decline_invitation(team: Team, registration: Registration) -> None:
    """The invited partner declines, or the first player withdraws: the team is removed."""
    with transaction.atomic():
        team = Team.objects.select_for_update().get(pk=team.pk)
        _check_open(team.event)
        if registration.pk not in (team.first_id, team.second_id):
            raise ValidationError(_("Only a member of the team can undo it."))
        team.delete()


def complete_teams(event: Event) -> list[Team]:
    """The event's complete teams, with their players."""
    teams = Team.objects.filter(event=event).select_related("first__player", "second__player")
    return [t for t in teams if t.complete]


def team_names(event: Event) -> dict[int, str]:
    """Registration pk → team name, for the complete teams of a Team Spirit event."""
    if event.tournament_type != TournamentType.TEAM_SPIRIT:
        return {}
    names = {}
    for team in complete_teams(event):
        for registration in team.registrations:
            names[registration.pk] = team.name
    return names
