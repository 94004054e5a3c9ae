"""Decklist pages: a player's own list, officials' view and edit, status table, history."""

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

from scoring.deckrules import level_limit
from tournament.decks.carddata import get_card_index
from tournament.decks.forms import DecklistForm, SwapForm
from tournament.decks.history import card_changes
from tournament.decks.models import DeckCheckFinding, Decklist, SideboardSwap
from tournament.decks.services.checking import DeckCheck, check_for_event, has_sideboard
from tournament.decks.services.deck_checks import deck_checks, record_deck_check
from tournament.decks.services.display import group_entries, written_rows
from tournament.decks.services.saving import (
    decklist_status,
    refresh_statuses,
    save_decklist,
    set_hidden_by_player,
)
from tournament.decks.services.swaps import (
    SwapState,
    decide_swap,
    record_swap,
    seated_brackets,
    swap_choices,
    swap_row,
    swap_state,
    swaps_for_print,
)
from tournament.decks.services.visibility import (
    can_edit_decklist,
    can_view_decklist,
    can_view_index,
    is_locked,
    is_owner,
    is_public_decklist,
    reason_required,
    visible_registrations,
)
from tournament.decks.tables import DecklistFilter, DecklistStatusTable, registrations_with_status
from tournament.events.models import Bracket, Registration
from tournament.events.permissions import EventRole, player_of
from tournament.events.views_mixins import EventMixin


def deny(request, message: str):
    """Anonymous visitors are sent to log in; signed-in ones get a 403."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied(message)


def report_context(check: DeckCheck) -> dict:
    """What the check-result partial shows for one checked list."""
    written = written_rows(check)
    return {
        "check": check,
        "problems": check.messages(),
        "notes": check.notes(),
        "groups": group_entries(check.entries),
        "written": written,
        # Open at once when some line was read by a rule or not read at all.
        "written_open": any(r["problems"] or any(c["note"] for c in r["cards"]) for r in written),
        "sideboard_groups": group_entries(check.sideboard),
        "deck_size": check.fmt.size,
        "max_levels": level_limit(check.fmt),
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
        if not can_edit_decklist(request.user, self.registration) and not (
            is_owner(request.user, self.registration)
        ):
            raise PermissionDenied(_("You may not change this list."))
        form = self.make_form(request.POST, request.FILES)
        if form.is_valid():
            try:
                decklist, _report, changed = save_decklist(
                    self.registration,
                    request.user,
                    form.cleaned_data["text"],
                    form.cleaned_data.get("sideboard_text", ""),
                    form.cleaned_data.get("reason", ""),
                    form.cleaned_data.get("sideboard_opt_out", False),
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

    def make_form(self, data=None, files=None) -> DecklistForm | None:
        user = self.request.user
        if data is None and not can_edit_decklist(user, self.registration):
            return None
        initial = {
            "text": self.decklist.text if self.decklist else "",
            "sideboard_text": self.decklist.sideboard_text if self.decklist else "",
            "sideboard_opt_out": bool(self.decklist and self.decklist.sideboard_opt_out),
        }
        return DecklistForm(
            data,
            files,
            initial=initial,
            sideboard=has_sideboard(self.event),
            reason_required=reason_required(user, self.registration),
            validate_url=reverse("decks:validate", args=[self.event.pk]),
        )

    def render_page(self, form, status: int = 200):
        if form is not None and form.is_bound:
            text, side, opt_out = _posted_list(form.data)
        else:
            text = self.decklist.text if self.decklist else ""
            side = self.decklist.sideboard_text if self.decklist else ""
            opt_out = bool(self.decklist and self.decklist.sideboard_opt_out)
        check = check_for_event(self.event, text, side, opt_out)
        status_value = decklist_status(self.registration)
        owner = is_owner(self.request.user, self.registration)
        context = self.get_context_data(
            registration=self.registration,
            decklist=self.decklist,
            form=form,
            # Neither its player nor an official: the published list, grouped as on the sheet.
            public_view=not owner and self.role < EventRole.JUDGE,
            is_public=is_public_decklist(self.registration),
            place=getattr(getattr(self.registration, "standing", None), "place", None),
            may_hide=owner
            and (
                self.event.decklist_opt_out_allowed
                or bool(self.decklist and self.decklist.hidden_by_player)
            ),
            locked=is_locked(self.event),
            is_owner=owner,
            deck_status=status_value,
            deck_checks=deck_checks(self.registration),
            penalties=DeckCheckFinding.Penalty.choices,
            sideboard=has_sideboard(self.event),
            sideboard_record=swaps_for_print(self.registration),
            swap_brackets=seated_brackets(self.registration) if has_sideboard(self.event) else [],
            **report_context(check),
        )
        return self.render_to_response(context, status=status)


class MyDecklistView(DecklistPageView):
    """The signed-in player's own list for this event."""

    required_role = EventRole.PLAYER

    def get_registration(self) -> Registration:
        player = player_of(self.request.user)
        registration = (
            Registration.objects.filter(event=self.event, player=player)
            .select_related("player", "event", "standing")
            .first()
        )
        if registration is None:
            raise PermissionDenied(_("You are not registered for this event."))
        return registration


class RegistrationDecklistView(DecklistPageView):
    """Any registration's list: officials, its owner, or the public after a published event."""

    def get_registration(self) -> Registration:
        registration = get_object_or_404(
            Registration.objects.select_related("player", "event", "standing"),
            pk=self.kwargs["registration_id"],
            event=self.event,
        )
        if not can_view_decklist(self.request.user, registration):
            raise PermissionDenied(_("Decklists are not public."))
        return registration

    def get(self, request, *args, **kwargs):
        try:
            self.load()
        except PermissionDenied as denied:
            return deny(request, str(denied))
        return self.render_page(self.make_form())


class ValidateView(EventMixin, View):
    """htmx: validate the pasted text against the event's format, return the check result."""

    required_role = EventRole.PLAYER

    def post(self, request, *args, **kwargs):
        text, side, opt_out = _posted_list(request.POST)
        if not has_sideboard(self.event):
            side, opt_out = "", False
        # check_for_event refuses oversized text before reading it (bounded time and memory).
        check = check_for_event(self.event, text, side, opt_out)
        context = {"event": self.event, **report_context(check)}
        return TemplateResponse(request, "decks/includes/report.html", context)


class PrivacyView(EventMixin, View):
    """The player keeps his list out of the published decklists (if the organizer allows
    it), or shares it again."""

    required_role = EventRole.PLAYER

    def post(self, request, *args, **kwargs):
        registration = get_object_or_404(
            Registration.objects.select_related("event"),
            event=self.event,
            player=player_of(request.user),
        )
        hidden = request.POST.get("hidden") in ("on", "true", "1", "True")
        try:
            set_hidden_by_player(request.user, registration, hidden)
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, message)
        else:
            if hidden:
                messages.success(request, _("Your decklist is kept private."))
            else:
                messages.success(request, _("Your decklist is published with the others."))
        return redirect("decks:decklist", self.event.pk)


class DeckCheckView(EventMixin, View):
    """A judge records a deck check's finding and penalty on a player's list."""

    required_role = EventRole.JUDGE

    def post(self, request, *args, **kwargs):
        registration = get_object_or_404(
            Registration.objects.select_related("event"),
            event=self.event,
            pk=kwargs["registration_id"],
        )
        try:
            record_deck_check(
                request.user,
                registration,
                request.POST.get("problem", ""),
                request.POST.get("penalty", ""),
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, _("Deck check recorded."))
        return redirect("decks:registration_decklist", self.event.pk, registration.pk)


class DecklistIndexView(EventMixin, SingleTableMixin, FilterView):
    """Every registration with its decklist status (legal / not legal / missing)."""

    template_name = "decks/decklist_index.html"
    table_class = DecklistStatusTable
    filterset_class = DecklistFilter
    paginate_by = 100

    def get(self, request, *args, **kwargs):
        if not can_view_index(request.user, self.event, self.role):
            return deny(request, _("Decklists are not public."))
        refresh_statuses(self.event)
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        visible = visible_registrations(self.request.user, self.event, self.role)
        return registrations_with_status(visible)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        counts = dict.fromkeys(Decklist.Status.values, 0)
        for status in self.get_queryset().values_list("deck_status", flat=True):
            counts[status] += 1
        context.update(
            status_counts=counts,
            locked=is_locked(self.event),
            public_view=self.role < EventRole.JUDGE,
        )
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
        owner = is_owner(request.user, self.registration)
        if not owner and self.role < EventRole.JUDGE:
            return deny(request, _("Only officials and the player see a list's history."))
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        changes = []
        decklist = Decklist.objects.filter(registration=self.registration).first()
        index = get_card_index()
        for change in decklist.changes.select_related("changed_by") if decklist else []:
            cards = card_changes(
                (change.before_text, change.before_sideboard),
                (change.after_text, change.after_sideboard),
                index,
            )
            changes.append({"change": change, "cards": cards})
        context.update(registration=self.registration, changes=changes)
        return context


def _posted_list(data) -> tuple[str, str, bool]:
    """Decklist text, sideboard text and the opt-out box from posted form data."""
    opt_out = data.get("sideboard_opt_out") in ("on", "true", "1", "True")
    return data.get("text", ""), data.get("sideboard_text", ""), opt_out


class SwapsView(EventMixin, TemplateView):
    """Sideboard swaps of a bracket: officials record them for every seated player (and
    decide players' proposals); a seated player proposes his own."""

    template_name = "decks/swaps.html"
    required_role = EventRole.PLAYER

    def load(self, request, bracket_id: int) -> None:
        self.bracket = get_object_or_404(
            Bracket.objects.select_related("round"), pk=bracket_id, round__event=self.event
        )
        seats = self.bracket.seats.select_related("registration__player", "registration__event")
        self.official = self.role >= EventRole.JUDGE
        self.registrations = [
            seat.registration
            for seat in seats
            if self.official or is_owner(request.user, seat.registration)
        ]
        if not self.registrations:
            raise PermissionDenied(_("Only officials and the bracket's players see its swaps."))

    def get(self, request, *args, **kwargs):
        self.load(request, kwargs["bracket_id"])
        return self.render_to_response(self.get_context_data())

    def post(self, request, *args, **kwargs):
        self.load(request, kwargs["bracket_id"])
        allowed = {r.pk: r for r in self.registrations}
        try:
            registration = allowed[int(request.POST.get("registration", ""))]
        except (KeyError, ValueError) as error:
            raise PermissionDenied(_("You may not swap this player's cards.")) from error
        state = swap_state(registration, self.bracket)
        form = _swap_form(state, self.bracket, data=request.POST)
        if form.is_valid():
            try:
                record_swap(
                    request.user,
                    registration,
                    self.bracket,
                    form.cleaned_data["game_number"],
                    form.cleaned_data["out_card"],
                    form.cleaned_data["in_card"],
                )
            except ValidationError as error:
                form.add_error(None, error)
            else:
                if self.official:
                    messages.success(request, _("Swap recorded."))
                else:
                    messages.success(request, _("Swap proposed: a judge will record it."))
                return redirect(request.get_full_path())
        context = self.get_context_data(bound={registration.pk: form})
        return self.render_to_response(context)

    def get_context_data(self, bound: dict | None = None, **kwargs):
        context = super().get_context_data(**kwargs)
        players = []
        for registration in self.registrations:
            state = swap_state(registration, self.bracket)
            form = (bound or {}).get(registration.pk) or _swap_form(state, self.bracket)
            players.append(
                {
                    "registration": registration,
                    "state": state,
                    "form": form if state.check.sideboard else None,
                    "swaps": [(s, swap_row(s)) for s in state.swaps],
                    "deck_groups": group_entries(state.deck),
                    "sideboard_groups": group_entries(state.sideboard),
                }
            )
        context.update(
            bracket=self.bracket,
            players=players,
            official=self.official,
            sideboard=has_sideboard(self.event),
        )
        return context


def _swap_form(state: SwapState, bracket: Bracket, data=None) -> SwapForm:
    outs, ins = swap_choices(state)
    label = "{name} ({card_id})"
    return SwapForm(
        data,
        prefix=f"r{state.registration.pk}",
        initial={"game_number": max(bracket.games.count() + 1, 2, state.last_game)},
        out_choices=[(r["card_id"], label.format(**r)) for r in outs],
        in_choices=[(r["card_id"], label.format(**r)) for r in ins],
    )


class DecideSwapView(EventMixin, View):
    """A judge records or rejects a player's proposed swap."""

    required_role = EventRole.JUDGE

    def post(self, request, *args, **kwargs):
        swap = get_object_or_404(
            SideboardSwap.objects.select_related("registration__event", "bracket"),
            pk=kwargs["swap_id"],
            bracket_id=kwargs["bracket_id"],
            bracket__round__event=self.event,
        )
        accept = request.POST.get("decision") == "accept"
        try:
            decide_swap(request.user, swap, accept)
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, message)
        else:
            messages.success(request, _("Swap recorded.") if accept else _("Swap rejected."))
        return redirect("decks:swaps", self.event.pk, swap.bracket_id)
