"""Event pages: home, list, detail, create/edit, judges, registration, check-in."""

import django_filters
from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count, Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.generic import CreateView, FormView, TemplateView, UpdateView, View
from django_filters.views import FilterView
from django_tables2 import SingleTableMixin

from tournament.accounts.lockout import locked_until, unlock
from tournament.accounts.models import Player
from tournament.core.params import YEAR_RANGE, posted_id
from tournament.core.ratelimit import over_limit
from tournament.core.timezones import default_time_zone, person_zone, zone_name
from tournament.events.choices import Status, Variant
from tournament.events.forms import EventForm, JudgesForm, RegistrationImportForm
from tournament.events.models import Event, Registration, Team
from tournament.events.overview import scoring_words, structure_words
from tournament.events.permissions import EventRole, player_of
from tournament.events.services import editing as editing_service
from tournament.events.services import registration as registration_service
from tournament.events.services.registration_import import ImportRefused, import_registrations
from tournament.events.tables import EventTable
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
    # Bounded: a 20-digit year would overflow the database's integer (a 500, not "no events").
    year = django_filters.NumberFilter(
        field_name="date__year",
        label=gettext_lazy("Year"),
        min_value=YEAR_RANGE.start,
        max_value=YEAR_RANGE.stop - 1,
    )

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
        context["registrations"] = [r for r in registrations if not r.waitlisted]
        context["waiting_list"] = sorted(
            (r for r in registrations if r.waitlisted), key=lambda r: (r.created_at, r.pk)
        )
        context["judges"] = self.event.judges.all()
        context["my_registration"] = registrations.filter(player=player).first() if player else None
        context["rounds"] = self.event.rounds.all()
        mine = context["my_registration"]
        context["my_invitation"] = (
            Team.objects.filter(second=mine, accepted=False).select_related("first__player").first()
            if mine is not None
            else None
        )
        context["structure_words"] = structure_words(self.event)
        context["scoring_words"] = scoring_words(self.event)
        # What the higher apps add to the page, each through its own template tag: the
        # officials' round and clock (`rounds`), the podium (`standings`), the review (`review`).
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

    def get_initial(self):
        """A new event is where its organizer is: his own zone (his profile's, as his
        session holds it), else the site's (`TIME_ZONE`)."""
        own = person_zone(self.request)
        return {
            **super().get_initial(),
            "time_zone": zone_name(own) if own else default_time_zone(),
        }

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


def shorthand_preview(request):
    """The shorthand of the format being edited (htmx): the model's own rendering, from the
    submitted format fields; "—" while they do not make a format yet."""
    data = request.GET
    event = Event(
        tournament_type=data.get("tournament_type", ""),
        victory=data.get("victory", ""),
        rules_edition=data.get("rules_edition", ""),
        variants=[v for v in data.getlist("variants") if v in Variant.values],
    )
    try:
        event.deck_size = int(data.get("deck_size", ""))
        digit = data.get("no_xs_digit", "").strip()
        event.no_xs_digit = int(digit) if digit else None
        text = event.shorthand
    except (KeyError, ValueError, TypeError):
        text = "—"
    return HttpResponse(text)


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

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        officials = [self.event.organizer, *self.event.judges.select_related("user")]
        by_username = {p.user.get_username(): p for p in officials if p.user_id}
        until = locked_until(by_username)
        context["locked_out"] = [(by_username[name], until[name]) for name in sorted(until)]
        return context

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


class UnlockOfficialView(OrganizerEventMixin, View):
    """The organizer lifts a log-in lockout of one of the event's officials (whoever made
    the wrong guesses, the judge is needed at the tables)."""

    def post(self, request, *args, **kwargs):
        official = get_object_or_404(
            Player.objects.filter(
                Q(pk=self.event.organizer_id) | Q(judged_events=self.event)
            ).distinct(),
            pk=posted_id(request.POST.get("official")),
            user__isnull=False,
        )
        unlock(official.user.get_username())
        messages.success(request, _("%(name)s can log in again.") % {"name": official.name})
        return redirect("events:judges", self.event.pk)


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
                registration = registration_service.register(self.event, player, by=player)
                if registration.waitlisted:
                    messages.warning(
                        request,
                        _(
                            "The event is full: you are on the waiting list and move up when a "
                            "place frees."
                        ),
                    )
                else:
                    messages.success(request, _("You are registered."))
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        return redirect(self.event)


TOO_MANY_CODES = gettext_lazy(
    "Too many wrong codes: ask the organizer to check you in, or try again in 15 minutes."
)


class SelfCheckInView(LoginRequiredMixin, EventMixin, View):
    """A registered player checks himself in (with the venue code if there is one)."""

    def post(self, request, *args, **kwargs):
        registration = get_object_or_404(
            Registration, event=self.event, player=player_of(request.user)
        )
        # Wrong codes are counted per player: the venue code cannot be guessed from a phone.
        if over_limit(request, "check-in-code", "user", count=False):
            messages.error(request, TOO_MANY_CODES)
            return redirect(self.event)
        try:
            registration_service.check_in_self(registration, request.POST.get("code", ""))
            messages.success(request, _("You are checked in."))
        except ValidationError as error:
            if getattr(error, "code", None) == registration_service.WRONG_CODE:
                over_limit(request, "check-in-code", "user")
            messages.error(request, " ".join(error.messages))
        return redirect(self.event)


class RegistrationImportView(EventMixin, FormView):
    """The organizer registers many players from a CSV: every row or none, errors by line."""

    required_role = EventRole.ORGANIZER
    form_class = RegistrationImportForm
    template_name = "events/registration_import.html"

    def form_valid(self, form):
        try:
            done = import_registrations(
                self.event, form.cleaned_data["text"], by=player_of(self.request.user)
            )
        except ImportRefused as refused:
            for message in refused.messages:
                form.add_error(None, message)
            return self.form_invalid(form)
        messages.success(
            self.request,
            ngettext("%(count)s player registered.", "%(count)s players registered.", len(done))
            % {"count": len(done)},
        )
        return redirect("events:checkin", event_id=self.event.pk)
