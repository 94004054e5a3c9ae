"""Team Spirit teams of an event: the list, pairing by the organizer, invitations."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from tournament.core.params import posted_id
from tournament.events.forms import TeamForm
from tournament.events.models import Team
from tournament.events.permissions import EventRole, player_of
from tournament.events.services import teams as team_service
from tournament.events.views_mixins import EventMixin


class TeamsView(EventMixin, TemplateView):
    """The event's teams; the organizer pairs players, a player invites or answers."""

    template_name = "events/teams.html"

    def _my_registration(self):
        player = player_of(self.request.user)
        return self.event.registrations.filter(player=player).first() if player else None

    def _free(self):
        paired = Team.objects.filter(event=self.event).values_list("first_id", "second_id")
        taken = {pk for pair in paired for pk in pair if pk}
        return (
            self.event.registrations.filter(dropped_in_round__isnull=True)
            .exclude(pk__in=taken)
            .select_related("player")
        )

    def _form(self, data=None):
        if not self.event.shape.teams or self.event.rounds.exists():
            return None
        mine = self._my_registration()
        if self.role >= EventRole.ORGANIZER:
            return TeamForm(data, free=self._free())
        if mine is not None and team_service.team_of(mine) is None:
            return TeamForm(data, free=self._free().exclude(pk=mine.pk), organizer=False)
        return None

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        mine = self._my_registration()
        context.update(
            teams=Team.objects.filter(event=self.event).select_related(
                "first__player", "second__player"
            ),
            my_registration=mine,
            my_team=team_service.team_of(mine) if mine else None,
            form=kwargs.get("form") or self._form(),
        )
        return context

    def post(self, request, *args, **kwargs):
        mine = self._my_registration()
        action = request.POST.get("action", "create")
        try:
            if action in ("accept", "decline"):
                team = get_object_or_404(
                    Team, event=self.event, pk=posted_id(request.POST.get("team"))
                )
                if mine is None:
                    raise ValidationError(_("Only a member of the team can answer."))
                if action == "accept":
                    team_service.accept_invitation(team, mine)
                    messages.success(request, _("You joined team %(team)s.") % {"team": team.name})
                else:
                    team_service.decline_invitation(team, mine)
                    messages.success(request, _("The team was removed."))
                return redirect("events:teams", self.event.pk)
            form = self._form(request.POST)
            if form is None or not form.is_valid():
                if form is None:
                    raise ValidationError(_("Teams can no longer be formed here."))
                return self.render_to_response(self.get_context_data(form=form))
            data = form.cleaned_data
            if self.role >= EventRole.ORGANIZER:
                team = team_service.pair_players(
                    self.event, data["first"], data["second"], data["name"]
                )
                messages.success(request, _("Team %(team)s is complete.") % {"team": team.name})
            else:
                team = team_service.invite_partner(mine, data["second"], data["name"])
                messages.success(
                    request,
                    _("Team %(team)s is waiting for %(name)s to accept.")
                    % {"team": team.name, "name": team.second.player.name},
                )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        return redirect("events:teams", self.event.pk)
