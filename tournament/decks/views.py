"""Decklist pages: a player's own list, officials' view and edit, status table, history."""

import difflib

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, View
from django_filters.views import FilterView
from django_tables2 import SingleTableMixin

from tournament.decks import services
from tournament.decks.forms import DecklistForm
from tournament.decks.models import Decklist
from tournament.decks.tables import DecklistFilter, DecklistStatusTable, registrations_with_status
from tournament.events.models import Registration
from tournament.events.permissions import Role, player_of
from tournament.events.views_mixins import EventMixin


def deny(request, message: str):
    """Anonymous visitors are sent to log in; signed-in ones get a 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied(message)


def report_context(check: services.DeckCheck) -> dict:
    """What the report partial shows for one checked list."""
    table = check.fmt.table
    return {
        "check": check,
        "problems": check.messages(),
        "notes": check.notes(),
        "groups": services.group_entries(check.entries),
        "sideboard_groups": services.group_entries(check.sideboard),
        "deck_size": check.fmt.size,
        "max_levels": table.max_levels if table else None,
        "has_cards": bool(check.entries or check.sideboard),
    }


class DecklistPageView(EventMixin, TemplateView):
    """Shows one registration's list; its owner (until the lock) or an official edits it."""

    template_name = "decks/decklist.html"

    def get_registration(self) -> Registration:
        raise NotImplementedError

    def load(self):
        self.registration = self.get_registration()
        self.decklist = Decklist.objects.filter(registration=self.registration).first()

    def get(self, request, *args, **kwargs):
        self.load()
        return self.render_page(self.make_form())

    def post(self, request, *args, **kwargs):
        self.load()
        if not services.can_edit_decklist(request.user, self.registration) and not (
            services.is_owner(request.user, self.registration)
        ):
            raise PermissionDenied(_("You may not change this list."))
        form = self.make_form(request.POST)
        if form.is_valid():
            try:
                decklist, _report, changed = services.save_decklist(
                    self.registration,
                    request.user,
                    form.cleaned_data["text"],
                    form.cleaned_data.get("sideboard_text", ""),
                    form.cleaned_data.get("reason", ""),
                )
            except ValidationError as error:
                form.add_error(None, error)
            else:
                self.notify(decklist, changed)
                return redirect(request.get_full_path())
        return self.render_page(form, status=200)

    def notify(self, decklist: Decklist, changed: bool) -> None:
        if not changed:
            messages.info(self.request, _("Nothing changed."))
        elif decklist.status == Decklist.Status.LEGAL:
            messages.success(self.request, _("Decklist saved: it is legal for this event."))
        elif decklist.status == Decklist.Status.MISSING:
            messages.warning(self.request, _("Decklist saved empty."))
        else:
            messages.warning(
                self.request,
                _("Saved as a draft: this decklist is not legal for the event yet."),
            )

    def make_form(self, data=None) -> DecklistForm | None:
        user = self.request.user
        if data is None and not services.can_edit_decklist(user, self.registration):
            return None
        initial = {
            "text": self.decklist.text if self.decklist else "",
            "sideboard_text": self.decklist.sideboard_text if self.decklist else "",
        }
        return DecklistForm(
            data,
            initial=initial,
            sideboard=services.has_sideboard(self.event),
            reason_required=services.reason_required(user, self.registration),
            validate_url=reverse("decks:validate", args=[self.event.pk]),
        )

    def render_page(self, form, status: int = 200):
        if form is not None and form.is_bound:
            text = form.data.get("text", "")
            side = form.data.get("sideboard_text", "")
        else:
            text = self.decklist.text if self.decklist else ""
            side = self.decklist.sideboard_text if self.decklist else ""
        check = services.check_for_event(self.event, text, side)
        status_value = services.decklist_status(self.registration)
        context = self.get_context_data(
            registration=self.registration,
            decklist=self.decklist,
            form=form,
            locked=services.is_locked(self.event),
            is_owner=services.is_owner(self.request.user, self.registration),
            deck_status=status_value,
            sideboard=services.has_sideboard(self.event),
            **report_context(check),
        )
        return self.render_to_response(context, status=status)


class MyDecklistView(DecklistPageView):
    """The signed-in player's own list for this event."""

    required_role = Role.PLAYER

    def get_registration(self) -> Registration:
        player = player_of(self.request.user)
        registration = (
            Registration.objects.filter(event=self.event, player=player)
            .select_related("player", "event")
            .first()
        )
        if registration is None:
            raise PermissionDenied(_("You are not registered for this event."))
        return registration


class RegistrationDecklistView(DecklistPageView):
    """Any registration's list: officials, its owner, or the public after a published event."""

    def get_registration(self) -> Registration:
        registration = get_object_or_404(
            Registration.objects.select_related("player", "event"),
            pk=self.kwargs["registration_id"],
            event=self.event,
        )
        if not services.can_view_decklist(self.request.user, registration):
            raise PermissionDenied(_("Decklists are not public."))
        return registration

    def get(self, request, *args, **kwargs):
        try:
            self.load()
        except PermissionDenied as denied:
            return deny(request, str(denied))
        return self.render_page(self.make_form())


class ValidateView(EventMixin, View):
    """htmx: validate the pasted text against the event's format, return the report."""

    required_role = Role.PLAYER

    def post(self, request, *args, **kwargs):
        check = services.check_for_event(
            self.event,
            request.POST.get("text", ""),
            request.POST.get("sideboard_text", "") if services.has_sideboard(self.event) else "",
        )
        context = {"event": self.event, **report_context(check)}
        return TemplateResponse(request, "decks/includes/report.html", context)


class DecklistIndexView(EventMixin, SingleTableMixin, FilterView):
    """Every registration with its decklist status (legal / not legal / missing)."""

    template_name = "decks/decklist_index.html"
    table_class = DecklistStatusTable
    filterset_class = DecklistFilter
    paginate_by = 100

    def get(self, request, *args, **kwargs):
        if not services.can_view_index(request.user, self.event):
            return deny(request, _("Decklists are not public."))
        services.refresh_statuses(self.event)
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return registrations_with_status(self.event)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        counts = dict.fromkeys(Decklist.Status.values, 0)
        for status in self.get_queryset().values_list("deck_status", flat=True):
            counts[status] += 1
        context.update(status_counts=counts, locked=services.is_locked(self.event))
        return context


class HistoryView(EventMixin, TemplateView):
    """Every saved change of one list: who, when, why, and what changed."""

    template_name = "decks/history.html"

    def get(self, request, *args, **kwargs):
        self.registration = get_object_or_404(
            Registration.objects.select_related("player"),
            pk=kwargs["registration_id"],
            event=self.event,
        )
        owner = services.is_owner(request.user, self.registration)
        if not owner and self.role < Role.JUDGE:
            return deny(request, _("Only officials and the player see a list's history."))
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        changes = []
        decklist = Decklist.objects.filter(registration=self.registration).first()
        for change in decklist.changes.select_related("changed_by") if decklist else []:
            diff = difflib.unified_diff(
                (change.before_text + "\n" + _section(change.before_sideboard)).splitlines(),
                (change.after_text + "\n" + _section(change.after_sideboard)).splitlines(),
                lineterm="",
                n=0,
            )
            changes.append({"change": change, "diff": list(diff)[2:]})
        context.update(registration=self.registration, changes=changes)
        return context


def _section(sideboard: str) -> str:
    return f"Sideboard:\n{sideboard}" if sideboard else ""
