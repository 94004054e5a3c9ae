"""The judges' check-in page: one player or a selection at once, with each player's stored
decklist status. It is the door to round 1 (check-in closes when round 1 is seated, and
seating takes the checked-in players), and it shows the decklists' statuses: so it lives with
the rounds, above the decks, though its URL keeps the event's name (`events:checkin`, mounted
in `tournament/urls.py`). A player checks himself in on the event page
(`events/views.py: SelfCheckInView`)."""

import django_filters
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import Value
from django.db.models.functions import Coalesce
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django_filters.views import FilterView
from django_tables2 import SingleTableMixin

from tournament.core.params import posted_id, posted_ids
from tournament.decks.models import Decklist
from tournament.decks.services.saving import refresh_statuses
from tournament.events.models import Registration
from tournament.events.permissions import EventRole, player_of
from tournament.events.services import registration as registration_service
from tournament.events.tables import CheckInTable
from tournament.events.views_mixins import EventMixin


class CheckInFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(
        field_name="player__name", lookup_expr="icontains", label=gettext_lazy("Player")
    )
    checked_in = django_filters.BooleanFilter(label=gettext_lazy("Checked in"))
    deck_status = django_filters.ChoiceFilter(
        choices=Decklist.Status.choices, label=gettext_lazy("Decklist")
    )

    class Meta:
        model = Registration
        fields = ["name", "checked_in", "deck_status"]


class CheckInView(EventMixin, SingleTableMixin, FilterView):
    """Check-in by judges and the organizer: one player or a selection at once, with each
    player's stored decklist status."""

    required_role = EventRole.JUDGE
    table_class = CheckInTable
    filterset_class = CheckInFilter
    template_name = "events/checkin.html"
    paginate_by = 200

    def get_queryset(self):
        refresh_statuses(self.event)  # only lists validated against another format
        return self.event.registrations.select_related("player").annotate(
            deck_status=Coalesce("decklist__status", Value(Decklist.Status.MISSING))
        )

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        active = self.event.registrations.filter(dropped_in_round__isnull=True)
        context.update(
            checked_in_count=active.filter(checked_in=True).count(),
            active_count=active.count(),
            can_organize=self.role >= EventRole.ORGANIZER,
            check_in_open=not self.event.rounds.exists(),
        )
        return context

    def post(self, request, *args, **kwargs):
        try:
            if "registrations" in request.POST or request.POST.get("bulk"):
                self._bulk(request)
            else:
                self._toggle(request)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        if request.htmx:
            return self.get(request, *args, **kwargs)
        return HttpResponseRedirect(request.get_full_path())

    def _toggle(self, request) -> None:
        registration = get_object_or_404(
            Registration.objects.select_related("player"),
            pk=posted_id(request.POST.get("registration")),
            event=self.event,
        )
        checked_in = request.POST.get("checked_in") == "1"
        registration_service.set_checked_in(registration, checked_in, by=player_of(request.user))
        if checked_in:
            text = _("%(name)s is checked in.")
        else:
            text = _("%(name)s is no longer checked in.")
        messages.success(request, text % {"name": registration.player.name})

    def _bulk(self, request) -> None:
        ids = posted_ids(request.POST.getlist("registrations"))
        checked_in = request.POST.get("bulk") != "undo"
        count = registration_service.check_in_many(
            self.event, ids, checked_in, by=player_of(request.user)
        )
        if checked_in:
            text = ngettext("%(count)s player checked in.", "%(count)s players checked in.", count)
        else:
            text = ngettext(
                "%(count)s player no longer checked in.",
                "%(count)s players no longer checked in.",
                count,
            )
        messages.success(request, text % {"count": count})
