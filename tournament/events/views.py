"""Event pages: home, list, detail, create/edit, judges, registration, check-in."""

import django_filters
from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, Q
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import CreateView, FormView, TemplateView, UpdateView, View
from django_filters.views import FilterView
from django_tables2 import SingleTableMixin, SingleTableView

from tournament.events.choices import Status
from tournament.events.forms import EventForm, JudgesForm
from tournament.events.models import Event, Registration
from tournament.events.permissions import EventRole, player_of
from tournament.events.services import editing as editing_service
from tournament.events.services import registration as registration_service
from tournament.events.tables import CheckInTable, EventTable
from tournament.events.views_mixins import EventMixin


def public_events():
    return (
        Event.objects.exclude(status=Status.DRAFT)
        .select_related("organizer")
        .annotate(players=Count("registrations"))
        .order_by("-date", "name")
    )


class HomeView(TemplateView):
    template_name = "events/home.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        events = public_events()
        today = timezone.localdate()
        context["running"] = events.filter(status=Status.RUNNING)
        context["upcoming"] = events.filter(status=Status.REGISTRATION).order_by("date")[:10]
        context["recent"] = events.filter(status=Status.FINISHED, date__lte=today)[:5]
        player = player_of(self.request.user)
        if player:
            context["my_events"] = (
                Event.objects.filter(
                    Q(organizer=player) | Q(judges=player) | Q(registrations__player=player)
                )
                .exclude(status=Status.FINISHED)
                .distinct()
            )
        return context


class EventFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(lookup_expr="icontains", label=gettext_lazy("Name"))
    venue = django_filters.CharFilter(lookup_expr="icontains", label=gettext_lazy("Venue"))
    year = django_filters.NumberFilter(field_name="date__year", label=gettext_lazy("Year"))

    class Meta:
        model = Event
        fields = ["name", "venue", "status", "year"]


class EventListView(SingleTableMixin, FilterView):
    table_class = EventTable
    filterset_class = EventFilter
    template_name = "events/event_list.html"
    paginate_by = 50

    def get_queryset(self):
        return public_events()


class EventDetailView(EventMixin, TemplateView):
    template_name = "events/event_detail.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        player = player_of(self.request.user)
        registrations = self.event.registrations.select_related("player")
        context["registrations"] = registrations
        context["judges"] = self.event.judges.all()
        context["my_registration"] = registrations.filter(player=player).first() if player else None
        context["rounds"] = self.event.rounds.all()
        return context


class OrganizerEventMixin(EventMixin):
    required_role = EventRole.ORGANIZER


class EventCreateView(LoginRequiredMixin, CreateView):
    model = Event
    form_class = EventForm
    template_name = "events/event_form.html"

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and player_of(request.user) is None:
            raise PermissionDenied(_("Your account has no player profile."))
        return super().dispatch(request, *args, **kwargs)

    def form_valid(self, form):
        form.instance.organizer = player_of(self.request.user)
        messages.success(self.request, _("Event created. Open registration when you are ready."))
        return super().form_valid(form)


class EventUpdateView(OrganizerEventMixin, UpdateView):
    model = Event
    form_class = EventForm
    template_name = "events/event_form.html"
    pk_url_kwarg = "event_id"

    def form_valid(self, form):
        try:
            self.object = editing_service.save_event(form.instance, form.changed_data)
        except ValidationError as error:
            form.add_error(None, error)
            return self.form_invalid(form)
        messages.success(self.request, _("%(event)s is saved.") % {"event": self.object.name})
        return redirect(self.object)


def status_message(event: Event) -> str:
    """What a status change (draft ⇄ registration) did, said in the organizer's words."""
    if event.status == Status.REGISTRATION:
        return _("Registration for %(event)s is open.") % {"event": event.name}
    return _("%(event)s is a draft again: only its officials see it.") % {"event": event.name}


class EventStatusView(OrganizerEventMixin, View):
    def post(self, request, *args, **kwargs):
        try:
            event = registration_service.set_status(self.event, request.POST.get("status", ""))
            messages.success(request, status_message(event))
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        return redirect(self.event)


class JudgesView(OrganizerEventMixin, FormView):
    form_class = JudgesForm
    template_name = "events/judges.html"

    def get_form_kwargs(self):
        kwargs = super().get_form_kwargs()
        kwargs["event"] = self.event
        kwargs["initial"] = {"judges": self.event.judges.all()}
        return kwargs

    def form_valid(self, form):
        try:
            registration_service.set_judges(self.event, list(form.cleaned_data["judges"]))
        except ValidationError as error:
            form.add_error("judges", error)
            return self.form_invalid(form)
        judges = ", ".join(judge.name for judge in form.cleaned_data["judges"])
        messages.success(
            self.request,
            _("Judges of %(event)s: %(judges)s.") % {"event": self.event.name, "judges": judges}
            if judges
            else _("%(event)s has no judges now.") % {"event": self.event.name},
        )
        return redirect(self.event)


class RegisterView(LoginRequiredMixin, EventMixin, View):
    """A signed-in player registers or withdraws."""

    def post(self, request, *args, **kwargs):
        player = player_of(request.user)
        if player is None:
            raise PermissionDenied(_("Your account has no player profile."))
        try:
            if request.POST.get("action") == "withdraw":
                registration = get_object_or_404(Registration, event=self.event, player=player)
                registration_service.unregister(registration)
                messages.success(request, _("You have withdrawn from this event."))
            else:
                registration_service.register(self.event, player)
                messages.success(request, _("You are registered."))
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        return redirect(self.event)


class CheckInView(EventMixin, SingleTableView):
    required_role = EventRole.JUDGE
    table_class = CheckInTable
    template_name = "events/checkin.html"
    paginate_by = 200

    def get_queryset(self):
        return self.event.registrations.select_related("player")

    def post(self, request, *args, **kwargs):
        registration = get_object_or_404(
            Registration, pk=request.POST.get("registration"), event=self.event
        )
        try:
            registration_service.set_checked_in(registration, request.POST.get("checked_in") == "1")
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        if request.htmx:
            self.object_list = self.get_queryset()
            return self.render_to_response(self.get_context_data())
        return HttpResponseRedirect(request.path)
