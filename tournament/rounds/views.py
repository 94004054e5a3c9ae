"""Round pages: rounds list, round overview (officials), public seating, my seat, and the
organizer's round actions (each a POST calling a service in services/rounds.py). A one-on-one
event (SPEC §11) shows the same pages as pairings: its rounds are Swiss rounds then a top
cut, its tables matches of two, with byes and no-shows (services/swiss.py)."""

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import ValidationError
from django.db.models import Count, Prefetch
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import FormView, TemplateView, View
from django_tables2 import SingleTableView

from tournament.accounts.models import Player
from tournament.core.params import posted_id
from tournament.events import wildcards
from tournament.events.choices import Status
from tournament.events.models import Bracket, Event, Registration, Round, Seat
from tournament.events.permissions import EventRole, player_of
from tournament.events.services.teams import group_by_team, team_name
from tournament.events.to_engine import engine_id, swiss_participants, swiss_rounds_of
from tournament.events.views_mixins import EventMixin
from tournament.results.models import Game, GameEntry
from tournament.rounds.forms import LatePlayerForm
from tournament.rounds.services import rounds as round_service
from tournament.rounds.services import swiss as swiss_service
from tournament.rounds.tables import (
    MatchRoundsTable,
    RoundsTable,
    SeatingTable,
    cut_stage,
)
from tournament.standings import reading


def round_url(rnd: Round) -> str:
    return reverse("rounds:detail", args=[rnd.event_id, rnd.number])


def rounds_url(event) -> str:
    return reverse("rounds:list", args=[event.pk])


def brackets_of(rnd: Round) -> list[Bracket]:
    """Brackets with their seats and players, in table order (three queries); in Team Spirit
    every seat knows its ``team_name``, and a wildcard its ``wildcard_label`` (why)."""
    seats = Seat.objects.select_related("registration__player", "figures").order_by("position")
    brackets = list(rnd.brackets.order_by("table").prefetch_related(Prefetch("seats", seats)))
    labels = wildcards.seated_in(rnd)
    for bracket in brackets:
        for seat in bracket.seats.all():
            seat.team_name = team_name(rnd.event, seat.registration.player_id)
            if seat.is_wildcard:
                seat.wildcard_label = labels.get(seat.registration.player_id, "")
        bracket.groups = group_by_team(
            rnd.event, list(bracket.seats.all()), lambda seat: seat.registration.player_id
        )
    return brackets


def mark_advancement(rnd: Round, brackets: list[Bracket]) -> None:
    """Flag the seats of players who advance from a closed round (and who as a wildcard,
    with why)."""
    chosen = wildcards.chosen_in(rnd)
    advancing = set(rnd.advancing)
    for bracket in brackets:
        for seat in bracket.seats.all():
            pid = engine_id(seat.registration.player_id)
            seat.advances = pid in advancing
            seat.chosen_wildcard = chosen.get(pid, "")


# --- one-on-one events (SPEC §11): what the pages call their rounds ----------------------


def swiss_total(event: Event) -> int:
    """The Swiss rounds the event plays (the organizer's number or the usual count)."""
    return swiss_rounds_of(event, len(swiss_participants(event)))


def round_caption(rnd: Round, matches: int, total: int) -> str:
    """ "Round 3 of 5 Swiss" or "Top cut: semi-finals" (the round's stored kind and size)."""
    if rnd.is_cut:
        return _("Top cut: %(stage)s") % {"stage": cut_stage(matches)}
    return _("Round %(number)s of %(rounds)s Swiss") % {"number": rnd.number, "rounds": total}


def pair_label(event: Event, current: Round | None) -> str:
    """The pairing button's words for the round that comes next."""
    number = current.number + 1 if current else 1
    swiss_paired = event.rounds.filter(is_cut=False).count()
    if swiss_paired < swiss_total(event) or not event.top_cut:
        return _("Pair round %(number)s") % {"number": number}
    if current is None or not current.is_cut:
        return _("Pair the top cut")
    stage = cut_stage(max(1, current.brackets.count() // 2))
    return _("Pair the top cut: %(stage)s") % {"stage": stage}


def bye_players(rnd: Round) -> list[Player]:
    """The players given a bye in the round, by name."""
    return list(Player.objects.filter(pk__in=rnd.byes or ()).order_by("name"))


def mark_matches(rnd: Round, brackets: list[Bracket]) -> None:
    """Each match's two seats (``first``, ``second``) and whether a game or an entry is
    recorded (a no-show is then refused)."""
    recorded = set(Game.objects.filter(bracket__round=rnd).values_list("bracket_id", flat=True))
    recorded |= set(
        GameEntry.objects.filter(bracket__round=rnd).values_list("bracket_id", flat=True)
    )
    for bracket in brackets:
        seats = list(bracket.seats.all())
        bracket.first, bracket.second = [*seats, None, None][:2]
        bracket.recorded = bracket.pk in recorded


def timer_context(rnd: Round) -> dict:
    """What the round clock shows: seconds left (server-side), and whether time is called."""
    ends = round_service.timer_ends_at(rnd)
    remaining = max(0, int((ends - timezone.now()).total_seconds())) if ends else None
    return {
        "timed": rnd.event.is_timed,
        "timer_started": rnd.started_at is not None,
        "timer_ends_at": ends,
        "remaining": remaining,
        "remaining_label": "{}:{:02d}".format(*divmod(remaining, 60))
        if remaining is not None
        else "",
        "time_called": rnd.time_called_at is not None,
        "round_closed": rnd.state == Round.State.CLOSED,
        "extra_turns": round_service.EXTRA_TURNS,
    }


class RoundMixin(EventMixin):
    """Loads `self.round` from the URL's `number` (after the event and role checks)."""

    @property
    def round(self) -> Round:
        if not hasattr(self, "_round"):
            self._round = get_object_or_404(
                Round.objects.select_related("event"),
                event=self.event,
                number=self.kwargs["number"],
            )
        return self._round


class RoundListView(EventMixin, SingleTableView):
    template_name = "events/rounds/round_list.html"
    table_class = RoundsTable

    def get_queryset(self):
        return self.event.rounds.annotate(
            brackets_count=Count("brackets", distinct=True),
            players_count=Count("brackets__seats", distinct=True),
        )

    def get_table_class(self):
        return MatchRoundsTable if self.event.is_one_on_one else RoundsTable

    def get_table_kwargs(self):
        kwargs = {"officials": self.role >= EventRole.JUDGE}
        if self.event.is_one_on_one:
            kwargs["swiss_total"] = swiss_total(self.event)
        return kwargs

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        current = round_service.current_round(self.event)
        finished = self.event.status == Status.FINISHED
        if self.event.is_one_on_one:
            context["pair_label"] = pair_label(self.event, current)
        context.update(
            current=current,
            next_number=current.number + 1 if current else 1,
            can_seat=not finished and (current is None or not current.is_final),
            can_finish=not finished and current is not None and current.is_final,
            can_add_late=current is None and self.event.status == Status.REGISTRATION,
            active_registrations=self.event.registrations.filter(
                dropped_in_round__isnull=True
            ).select_related("player")
            if self.role >= EventRole.ORGANIZER and not finished
            else [],
            seat_warnings=round_service.round_one_warnings(self.event)
            if current is None and self.role >= EventRole.ORGANIZER and not finished
            else None,
            undoable_drops=self.event.registrations.filter(
                dropped_in_round=current.number if current else 0
            ).select_related("player")
            if self.role >= EventRole.ORGANIZER and not finished
            else [],
        )
        return context


class RoundDetailView(RoundMixin, TemplateView):
    """A round's tables, players and bracket states: public once its seating is published
    (as the seating and the standings are), with the organizer's actions for organizers."""

    template_name = "events/rounds/round_detail.html"

    def get_template_names(self):
        if self.event.is_one_on_one:
            return ["events/rounds/round_matches.html"]
        return [self.template_name]

    def get(self, request, *args, **kwargs):
        if not self.round.published and self.role < EventRole.JUDGE:
            raise Http404(_("The seating of this round is not published yet."))
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        rnd = self.round
        brackets = brackets_of(rnd)
        mark_advancement(rnd, brackets)
        is_open = rnd.state == Round.State.SEATED
        current = round_service.current_round(self.event)
        context.update(
            is_current=current is not None and current.pk == rnd.pk,
            round=rnd,
            brackets=brackets,
            states=Bracket.State,
            complete_count=sum(b.state == Bracket.State.COMPLETE for b in brackets),
            is_open=is_open,
            can_reseat=is_open and all(b.state == Bracket.State.WAITING for b in brackets),
            swap_fields=(("first", _("Player")), ("second", _("swaps seats with"))),
            can_finish=rnd.is_final
            and rnd.state == Round.State.CLOSED
            and self.event.status != Status.FINISHED,
            can_drop=self.event.status != Status.FINISHED,
            can_reopen=rnd.state == Round.State.CLOSED
            and current is not None
            and current.pk == rnd.pk
            and self.event.status != Status.FINISHED,
            **timer_context(rnd),
        )
        if self.event.is_one_on_one:
            context.update(self._one_on_one_context(rnd, brackets, current))
        return context

    def _one_on_one_context(self, rnd: Round, brackets: list[Bracket], current) -> dict:
        mark_matches(rnd, brackets)
        winner = None
        if rnd.is_final and rnd.state == Round.State.CLOSED:
            winner = reading.event_winner(self.event)
        is_current = current is not None and current.pk == rnd.pk
        return {
            "caption": round_caption(rnd, len(brackets), swiss_total(self.event)),
            "byes": bye_players(rnd),
            "event_winner": winner,
            "pair_label": pair_label(self.event, rnd) if is_current else "",
            # A no-show is recorded (or taken back) while the round is open.
            "can_no_show": is_current
            and rnd.state == Round.State.SEATED
            and self.role >= EventRole.JUDGE,
        }


class SeatingView(RoundMixin, SingleTableView):
    """The public seating of a round: players alphabetically, and tables with their players."""

    template_name = "events/rounds/seating.html"
    table_class = SeatingTable
    table_pagination = False

    def get(self, request, *args, **kwargs):
        if not self.round.published and self.role < EventRole.JUDGE:
            raise Http404(_("The seating of this round is not published yet."))
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return Seat.objects.filter(bracket__round=self.round).select_related(
            "registration__player", "bracket", "figures"
        )

    def get_template_names(self) -> list[str]:
        # A one-on-one round on the projector: its pairings with the games won (SPEC §11).
        if self.event.is_one_on_one and self.request.GET.get("projector") == "1":
            return ["events/rounds/projector_pairings.html"]
        return super().get_template_names()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(
            round=self.round,
            brackets=brackets_of(self.round),
            byes=bye_players(self.round),
            projector=self.request.GET.get("projector") == "1",
            **timer_context(self.round),
        )
        return context


class MySeatView(LoginRequiredMixin, EventMixin, TemplateView):
    """A player's own seat in the current round: table and opponents."""

    template_name = "events/rounds/my_seat.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        player = player_of(self.request.user)
        registration = self.event.registrations.filter(player=player).first() if player else None
        rnd = round_service.current_round(self.event)
        visible = rnd is not None and (rnd.published or self.role >= EventRole.JUDGE)
        seat = None
        if registration and visible:
            seat = (
                Seat.objects.filter(bracket__round=rnd, registration=registration)
                .select_related("bracket")
                .first()
            )
        context.update(
            registration=registration,
            round=rnd,
            visible=visible,
            seat=seat,
            bye=bool(visible and registration and rnd.byes and registration.player_id in rnd.byes),
            opponents=[
                s.registration.player
                for s in seat.bracket.seats.select_related("registration__player")
                if s.pk != seat.pk
            ]
            if seat
            else [],
            **(timer_context(rnd) if rnd else {}),
        )
        return context


class ConfirmedActionMixin:
    """A POST that asks first: without `confirmed=1` it renders a confirmation page (the
    static dialog script adds the field once the user confirmed in place)."""

    confirm_template = "events/confirm.html"

    def confirm_question(self) -> str | None:
        """The question to ask, or None when the action needs no confirmation."""
        return None

    def confirm_context(self) -> dict:
        return {}

    def confirmation_response(self, request) -> HttpResponse | None:
        question = self.confirm_question()
        if not question or request.POST.get("confirmed") == "1":
            return None
        fields = [
            (name, value)
            for name in request.POST
            if name not in ("csrfmiddlewaretoken", "confirmed")
            for value in request.POST.getlist(name)
        ]
        context = {
            "event": self.event,
            "role": self.role,
            "EventRole": EventRole,
            "question": question,
            "confirm_label": _("Yes, go ahead"),
            "fields": fields,
            "action": request.path,
            "cancel_url": self.failure_url(),
            **self.confirm_context(),
        }
        return render(request, self.confirm_template, context)


class OrganizerActionView(ConfirmedActionMixin, EventMixin, View):
    """A POST-only organizer action: call the service, say what happened, redirect."""

    required_role = EventRole.ORGANIZER

    def act(self) -> str:
        raise NotImplementedError

    def success_url(self) -> str:
        return rounds_url(self.event)

    def failure_url(self) -> str:
        return self.success_url()

    def post(self, request, *args, **kwargs):
        confirmation = self.confirmation_response(request)
        if confirmation is not None:
            return confirmation
        try:
            messages.success(request, self.act())
            return redirect(self.success_url())
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
            return redirect(self.failure_url())


class RoundActionView(RoundMixin, OrganizerActionView):
    def success_url(self) -> str:
        return round_url(self.round)


class SeatNextRoundView(OrganizerActionView):
    def confirm_question(self) -> str | None:
        if round_service.current_round(self.event) is not None:
            return None
        self.warnings = round_service.round_one_warnings(self.event)
        if not self.warnings:
            return None
        if self.event.is_one_on_one:
            return _("Pair round 1 anyway?")
        return _("Seat round 1 anyway?")

    def confirm_context(self) -> dict:
        label = _("Pair anyway") if self.event.is_one_on_one else _("Seat anyway")
        return {"warnings": self.warnings, "confirm_label": label}

    def act(self) -> str:
        self.new_round = round_service.seat_next_round(self.event)
        if self.event.is_one_on_one:
            return _(
                "Round %(number)s is paired. Publish the pairings when the tables are ready."
            ) % {"number": self.new_round.number}
        return _("Round %(number)s is seated. Publish it when the tables are ready.") % {
            "number": self.new_round.number
        }

    def success_url(self) -> str:
        return round_url(self.new_round)

    def failure_url(self) -> str:
        return rounds_url(self.event)


class ReseatRoundView(RoundActionView):
    def act(self) -> str:
        self._round = round_service.reseat_round(self.round)
        if self.event.is_one_on_one:
            return _("Round %(number)s is paired again.") % {"number": self._round.number}
        return _("Round %(number)s is seated again.") % {"number": self._round.number}


class SwapSeatsView(RoundActionView):
    """Exchange two players' seats before the round's first result."""

    def act(self) -> str:
        first, second = (
            get_object_or_404(
                Registration.objects.select_related("player"),
                event=self.event,
                pk=posted_id(self.request.POST.get(name)),
            )
            for name in ("first", "second")
        )
        seat_a, seat_b = round_service.swap_seats(self.round, first, second)
        return _("%(first)s now sits at table %(table_a)s, %(second)s at table %(table_b)s.") % {
            "first": first.player.name,
            "table_a": seat_a.bracket.table,
            "second": second.player.name,
            "table_b": seat_b.bracket.table,
        }


class MoveSeatView(RoundActionView):
    """Move one player to another table before the round's first result."""

    def act(self) -> str:
        registration = get_object_or_404(
            Registration.objects.select_related("player"),
            event=self.event,
            pk=posted_id(self.request.POST.get("player")),
        )
        to = get_object_or_404(
            Bracket, round=self.round, pk=posted_id(self.request.POST.get("bracket"))
        )
        seat = round_service.move_seat(self.round, registration, to)
        return _("%(name)s now sits at table %(table)s.") % {
            "name": registration.player.name,
            "table": seat.bracket.table,
        }


class PublishRoundView(RoundActionView):
    def act(self) -> str:
        publish = self.request.POST.get("published", "1") == "1"
        round_service.publish_round(self.round, publish)
        if self.event.is_one_on_one:
            number = {"number": self.round.number}
            if publish:
                return _("The pairings of round %(number)s are public.") % number
            return _("The pairings of round %(number)s are hidden.") % number
        if publish:
            return _("The seating of round %(number)s is public.") % {"number": self.round.number}
        return _("The seating of round %(number)s is hidden.") % {"number": self.round.number}


class CloseRoundView(RoundActionView):
    def confirm_question(self) -> str:
        if self.event.is_one_on_one and not self.round.is_cut:
            if self.round.is_final:
                return _("Close round %(number)s, the last one? The final places are decided.") % {
                    "number": self.round.number
                }
            return _("Close round %(number)s? The standings decide the next pairings.") % {
                "number": self.round.number
            }
        if self.round.is_final:
            return _("Close the final? Its places become final.")
        if self.event.is_one_on_one:
            return _("Close round %(number)s? Its winners play the next round of the top cut.") % {
                "number": self.round.number
            }
        return _("Close round %(number)s? Who advances is decided now.") % {
            "number": self.round.number
        }

    def act(self) -> str:
        rnd = round_service.close_round(self.round)
        if rnd.is_final:
            return finish_hint(rnd)
        if self.event.is_one_on_one:
            return _("Round %(number)s is closed: pair the next round.") % {"number": rnd.number}
        return ngettext(
            "Round %(number)s is closed: %(count)s player advances.",
            "Round %(number)s is closed: %(count)s players advance.",
            len(rnd.advancing),
        ) % {
            "number": rnd.number,
            "count": len(rnd.advancing),
        }

    def success_url(self) -> str:
        if self.round.is_final:
            return round_url(self.round)
        return rounds_url(self.event) + "#seat-next"  # the next step: seat the next round


def finish_hint(rnd: Round) -> str:
    """What the organizer reads once the event's last round is closed, beside the button
    that finishes the event (the round's page and the event's overview)."""
    if rnd.event.is_one_on_one and not rnd.is_cut:
        return _("The last round is closed. Finish the event to make it official.")
    return _("The final is closed. Finish the event to make it official.")


class ReopenRoundView(RoundActionView):
    def confirm_question(self) -> str:
        if self.event.is_one_on_one:
            return _(
                "Reopen round %(number)s for corrections? The standings follow the corrected "
                "results."
            ) % {"number": self.round.number}
        return _(
            "Reopen round %(number)s for corrections? Who advances is decided again when it is "
            "closed."
        ) % {"number": self.round.number}

    def act(self) -> str:
        round_service.reopen_round(self.round)
        return _("Round %(number)s is open again for corrections.") % {"number": self.round.number}


class StartTimerView(RoundActionView):
    def act(self) -> str:
        round_service.start_timer(self.round)
        return _("The clock of round %(number)s is running.") % {"number": self.round.number}


class CallTimeView(RoundActionView):
    def confirm_question(self) -> str:
        return _("Call time for round %(number)s?") % {"number": self.round.number}

    def act(self) -> str:
        round_service.call_time(self.round)
        turns = round_service.EXTRA_TURNS
        return ngettext(
            "Time is called: finish the current turn, then play %(turns)s more turn.",
            "Time is called: finish the current turn, then play %(turns)s more turns.",
            turns,
        ) % {"turns": turns}


class MatchActionView(RoundActionView):
    """A POST about one match of a one-on-one round, by the organizer or a judge; it returns
    to the page it was sent from (the round, or the judges' match page)."""

    required_role = EventRole.JUDGE

    @property
    def match(self) -> Bracket:
        if not hasattr(self, "_match"):
            self._match = get_object_or_404(
                Bracket.objects.select_related("round__event"),
                round=self.round,
                pk=posted_id(self.request.POST.get("bracket")),
            )
        return self._match

    def post(self, request, *args, **kwargs):
        if not self.event.is_one_on_one:
            messages.error(request, _("No-shows are recorded in one-on-one matches only."))
            return redirect(self.failure_url())
        return super().post(request, *args, **kwargs)

    def success_url(self) -> str:
        target = self.request.POST.get("next", "")
        # A path of this site only (redirect() would read any other word as a view's name).
        if target.startswith("/") and url_has_allowed_host_and_scheme(
            target, {self.request.get_host()}
        ):
            return target
        return round_url(self.round) + f"#table-{self.match.table}"


class NoShowView(MatchActionView):
    """A player did not come: he loses the match 0–2 (0–1 in best of 1), no games."""

    @property
    def registration(self) -> Registration:
        if not hasattr(self, "_registration"):
            self._registration = get_object_or_404(
                Registration.objects.select_related("player"),
                event=self.event,
                pk=posted_id(self.request.POST.get("registration")),
            )
        return self._registration

    def confirm_question(self) -> str:
        return no_show_question(self.event, self.registration.player.name, self.match.table)

    def confirm_context(self) -> dict:
        return {"confirm_label": _("Record the no-show")}

    def act(self) -> str:
        swiss_service.record_no_show(self.match, self.registration)
        return _("%(name)s did not come: the match at table %(table)s is lost without games.") % {
            "name": self.registration.player.name,
            "table": self.match.table,
        }


def no_show_question(event: Event, name: str, table: int) -> str:
    """What recording a no-show asks (the page's dialog and the page without script)."""
    if event.best_of == 1:
        return _(
            "Record that %(name)s did not come to table %(table)s? He loses the match 0–1."
        ) % {
            "name": name,
            "table": table,
        }
    return _("Record that %(name)s did not come to table %(table)s? He loses the match 0–2.") % {
        "name": name,
        "table": table,
    }


class UndoNoShowView(MatchActionView):
    """Take a no-show back: the player came after all."""

    def act(self) -> str:
        swiss_service.undo_no_show(self.match)
        return _("The no-show at table %(table)s is taken back: the match is played.") % {
            "table": self.match.table
        }


class FinishEventView(OrganizerActionView):
    def confirm_question(self) -> str:
        return _("Finish %(event)s? Results become final.") % {"event": self.event.name}

    def act(self) -> str:
        round_service.finish_event(self.event)
        return _("%(event)s is finished.") % {"event": self.event.name}

    def success_url(self) -> str:
        return self.event.get_absolute_url()

    def failure_url(self) -> str:
        return rounds_url(self.event)


class DropPlayerView(OrganizerActionView):
    @property
    def registration(self) -> Registration:
        if not hasattr(self, "_registration"):
            self._registration = get_object_or_404(
                Registration.objects.select_related("player"),
                pk=posted_id(self.request.POST.get("registration")),
                event=self.event,
            )
        return self._registration

    def confirm_question(self) -> str:
        return _("Drop %(name)s? The drop can be undone until the next round is seated.") % {
            "name": self.registration.player.name
        }

    def act(self) -> str:
        round_service.drop_player(self.registration)
        return _("%(name)s dropped.") % {"name": self.registration.player.name}

    def success_url(self) -> str:
        target = self.request.POST.get("next", "")
        if url_has_allowed_host_and_scheme(target, {self.request.get_host()}):
            return target
        return rounds_url(self.event)


class UndoDropView(DropPlayerView):
    def confirm_question(self) -> None:
        return None  # undoing is itself the safe way back

    def act(self) -> str:
        round_service.undo_drop(self.registration)
        return _("%(name)s is back in the event.") % {"name": self.registration.player.name}


class SelfDropView(LoginRequiredMixin, ConfirmedActionMixin, EventMixin, View):
    """A player drops himself out of the event."""

    def confirm_question(self) -> str:
        return _("Drop out of %(event)s? You will not play further rounds.") % {
            "event": self.event.name
        }

    def failure_url(self) -> str:
        return self.event.get_absolute_url()

    def post(self, request, *args, **kwargs):
        registration = get_object_or_404(
            Registration.objects.select_related("player"),
            event=self.event,
            player=player_of(request.user),
        )
        confirmation = self.confirmation_response(request)
        if confirmation is not None:
            return confirmation
        try:
            round_service.drop_player(registration)
            messages.success(request, _("You dropped out of the event."))
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        return redirect(self.failure_url())


class LatePlayerView(EventMixin, FormView):
    """Add a late player (existing or new by name) before round 1 is seated."""

    required_role = EventRole.ORGANIZER
    form_class = LatePlayerForm
    template_name = "events/rounds/late_player.html"

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "event": self.event}

    def form_valid(self, form):
        try:
            registration = round_service.add_late_player(
                self.event,
                form.cleaned_data["player"],
                name=form.cleaned_data["name"],
                by=player_of(self.request.user),
            )
        except ValidationError as error:
            form.add_error(None, error)
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("%(name)s (%(number)s) is registered and checked in.")
            % {"name": registration.player.name, "number": registration.player.player_number},
        )
        return redirect(rounds_url(self.event))
