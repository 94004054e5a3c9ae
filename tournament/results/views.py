"""Judges' results screens: bracket page, confirm/reject, corrections, tie-break, dashboard."""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.generic import TemplateView

from scoring.teams import team_game
from tournament.events.models import Bracket, Round
from tournament.events.permissions import EventRole, player_of, require_role
from tournament.events.services.teams import TeamGroup, group_by_team, team_name
from tournament.events.to_engine import engine_id, game_of, teams_by_player
from tournament.events.views_mixins import EventMixin
from tournament.results import offline, play, selectors, services
from tournament.results.forms import DRAW, ResultForm, TiebreakForm
from tournament.results.models import COUNTS, EntryStatus, Game, GameEntry, game_cells


def _add_errors(form, error: ValidationError) -> None:
    """Put service errors next to their form fields (unknown fields become form errors)."""
    for field, messages_ in error.message_dict.items():
        target = field if field in form.fields else None
        if field == NON_FIELD_ERRORS:
            target = None
        for message in messages_:
            form.add_error(target, message)


class BracketMixin(EventMixin):
    """Loads `self.bracket` of the event; officials act, others may only read published rounds."""

    def setup_bracket(self) -> None:
        self.bracket = get_object_or_404(
            Bracket.objects.select_related("round__event", "winner", "tiebreak_decided_by"),
            pk=self.kwargs["bracket_id"],
            round__event=self.event,
        )
        self.is_official = self.role >= EventRole.JUDGE
        if not self.is_official and not self.bracket.round.published:
            raise Http404

    def require_official(self, request):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        require_role(request.user, self.event, EventRole.JUDGE)
        return None

    def submit(self, request, number: int | None, correction: bool = False):
        """Validate the posted game and submit it: (form, redirect when it was accepted)."""
        form = self.result_form(
            request.POST, number=number or request.POST.get("number"), correction=correction
        )
        as_json = offline.wants_json(request)
        if not form.is_valid():
            return form, offline.form_refused(form) if as_json else None
        try:
            outcome = services.submit_entry(
                self.bracket,
                form.game_data(),
                player_of(request.user),
                form.cleaned_data["key"],
                number=form.cleaned_data["number"] if number is None else number,
                correction=correction,
                reason=form.cleaned_data.get("reason", ""),
                ip_address=request.client_ip,
                user_agent=request.META.get("HTTP_USER_AGENT", ""),
            )
        except ValidationError as error:
            _add_errors(form, error)
            return form, offline.form_refused(form) if as_json else None
        if as_json:
            return form, offline.answer(request, outcome.entry, outcome.message)
        messages.success(request, outcome.message)
        return form, HttpResponseRedirect(self.bracket_url())

    def bracket_url(self) -> str:
        return reverse("results:bracket", args=[self.event.pk, self.bracket.pk])

    def seats(self):
        return list(
            self.bracket.seats.select_related("registration__player", "figures").order_by(
                "position"
            )
        )

    def entrant_names(self, players) -> dict[str, str]:
        """Names by engine id: the players, and in Team Spirit the teams (tie-breaks)."""
        names = {engine_id(p.pk): p.name for p in players}
        return names | {t.id: t.name for t in teams_by_player(self.event).values()}

    def players(self, seats=None):
        """The seated players in seat order; in Team Spirit each knows its ``team_name``."""
        players = []
        teams = teams_by_player(self.event)
        for seat in self.seats() if seats is None else seats:
            player = seat.registration.player
            player.team_name = team_name(self.event, player.pk)
            player.team = teams.get(engine_id(player.pk))
            players.append(player)
        return players

    def result_form(
        self, data=None, *, number, initial=None, correction: bool = False
    ) -> ResultForm:
        """The result form of game ``number``, without the players who dropped before it (a
        correction also asks why)."""
        return ResultForm(
            data,
            players=self.players(),
            offer_time=self.offer_time(),
            dropped=selectors.dropped_before(self.bracket, number),
            correction=correction,
            initial=initial or {},
        )

    def offer_time(self) -> bool:
        """ "Time called" is an ending only once time was called for the bracket's round."""
        return self.bracket.round.time_called_at is not None


class BracketView(BracketMixin, TemplateView):
    """A bracket's players, accepted games and placement; officials enter the next game here."""

    template_name = "results/bracket.html"

    def get(self, request, *args, **kwargs):
        self.setup_bracket()
        response = super().get(request, *args, **kwargs)
        if not self.is_official:
            return response
        latest = selectors.latest_round_number(self.event)
        return offline.mark_offline_page(response, self.event.pk, latest)

    def post(self, request, *args, **kwargs):
        self.setup_bracket()
        denied = self.require_official(request)
        if denied:
            return denied
        form, accepted = self.submit(request, number=None)
        return accepted or self.render_to_response(self.get_context_data(form=form))

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["is_official"] = self.is_official
        bracket = self.bracket
        seats = self.seats()
        players = self.players(seats)
        games = selectors.accepted_games(bracket)
        entries = list(
            bracket.entries.select_related("submitted_by", "confirmed_by", "winner").order_by(
                "number", "version"
            )
        )
        names = self.entrant_names(players)
        over = play.bracket_over(bracket, games)
        context.update(
            bracket=bracket,
            seats=seats,
            games=games,
            game_lines=_game_lines(seats, games),
            seat_groups=_seat_rows(self.event, seats, games),
            over=over,
            next_number=len(games) + 1,
            victory_realms=services.format_of(self.event).victory_realms,
            max_realms=services.format_of(self.event).max_realms,
            viewer=player_of(self.request.user),
            tiebreak_decision=[names.get(p, p) for p in bracket.tiebreak_order or []],
            tournament_winner=bracket.winner if bracket.round.is_final else None,
        )
        officials = selectors.official_ids(self.event)
        context["player_reports"] = {e.pk for e in entries if e.submitted_by_id not in officials}
        if not self.is_official:
            context.update(self._report_context(entries, players, over, kwargs))
        if self.is_official:
            pending = [e for e in entries if e.status == EntryStatus.UNCONFIRMED]
            context.update(
                pending=[_entry_row(e, players) for e in pending],
                conflicts={
                    n: _conflict_rows(group, players)
                    for n, group in selectors.conflicts(entries).items()
                },
                correction_block=selectors.correction_block(bracket),
            )
            viewer = player_of(self.request.user)
            # Results keep pace: his own entries wait for a second official while he enters
            # the games after them; a game someone else entered is offered to compare.
            own = selectors.own_pending_numbers(pending, viewer, len(games) + 1)
            number = len(games) + 1 + len(own)
            waiting = [e for e in pending if e.number == number]
            context["waiting_own"] = own
            context["waiting_other"] = bool(waiting)
            # Said as what it is: a player's report is not "another official's" entry.
            context["waiting_report"] = bool(waiting) and all(
                e.pk in context["player_reports"] for e in waiting
            )
            context["next_number"] = number
            if own:
                chain = [e for e in pending if e.number in own and e.submitted_by_id == viewer.pk]
                over = play.bracket_over(bracket, [*games, *chain])
                context["over_pending"] = over
            if not over and "form" not in kwargs:
                context["form"] = self.result_form(number=number, initial={"number": number})
            confirmable = services.confirmable_entries(bracket, viewer) if viewer else []
            if len(confirmable) > 1:
                context["confirm_all"] = [e.number for e in confirmable]
            groups = selectors.tied_groups(bracket)
            if groups:
                context["tiebreak_form"] = kwargs.get("tiebreak_form") or TiebreakForm(
                    groups=groups, names=names
                )
        return context

    def _report_context(self, entries, players, over, kwargs) -> dict:
        """What a seated player sees where the event lets players report their results."""
        viewer = player_of(self.request.user)
        if not self.event.players_report_results or viewer is None:
            return {}
        if not any(s.registration.player_id == viewer.pk and not s.dropped for s in self.seats()):
            return {}
        mine = [
            _entry_row(e, players)
            for e in entries
            if e.submitted_by_id == viewer.pk and e.status == EntryStatus.UNCONFIRMED
        ]
        context = {"my_reports": mine}
        if self.event.players_confirm_reports:
            seated = {s.registration.player_id for s in self.seats()}
            officials = selectors.official_ids(self.event)
            context["reports_to_confirm"] = [
                _entry_row(e, players)
                for e in entries
                if e.status == EntryStatus.UNCONFIRMED
                and not e.is_correction
                and e.submitted_by_id != viewer.pk
                and e.submitted_by_id in seated
                and e.submitted_by_id not in officials
            ]
        if not over and self.bracket.round.state == Round.State.SEATED:
            # His reports keep pace as a judge's entries do: after reporting game 1 he is
            # asked for game 2 while game 1 waits for a judge (or the other player).
            games = selectors.accepted_games(self.bracket)
            pending = [e for e in entries if e.status == EntryStatus.UNCONFIRMED]
            own = selectors.own_pending_numbers(pending, viewer, len(games) + 1)
            number = len(games) + 1 + len(own)
            chain = [e for e in pending if e.number in own and e.submitted_by_id == viewer.pk]
            # His reports end the bracket once confirmed: nothing more to report meanwhile.
            if not (own and play.bracket_over(self.bracket, [*games, *chain])):
                context["report_form"] = kwargs.get("report_form") or self.result_form(
                    number=number, initial={"number": number}
                )
        return context


class ReportView(BracketView):
    """POST-only: a seated player reports a game (a judge confirms it)."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        self.setup_bracket()
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        form = self.result_form(request.POST, number=request.POST.get("number"))
        if form.is_valid():
            try:
                outcome = services.report_result(
                    self.bracket,
                    form.game_data(),
                    player_of(request.user),
                    form.cleaned_data["key"],
                    number=form.cleaned_data["number"],
                    ip_address=request.client_ip,
                    user_agent=request.META.get("HTTP_USER_AGENT", ""),
                )
            except ValidationError as error:
                _add_errors(form, error)
            else:
                messages.success(request, outcome.message)
                return HttpResponseRedirect(self.bracket_url())
        return self.render_to_response(self.get_context_data(report_form=form))


def _counts(obj, players) -> list:
    return [obj.unrazed.get(engine_id(p.pk), "—") for p in players]


def _entry_row(entry: GameEntry, players, differs: frozenset = frozenset()) -> dict:
    """An entry as a card: each player's count, and (in a conflict) which of its cells
    differ from another entry of the same game ("winner", "ended_by", player ids). A game
    decided by time also shows the razed realms and holdings the entry recorded: they are
    what decided it (SPEC §5)."""
    counts = _counts(entry, players)
    return {
        "entry": entry,
        "counts": counts,
        "rows": [
            {
                "player": p,
                "unrazed": c,
                "razed": entry.razed.get(engine_id(p.pk)),
                "holdings": entry.holdings.get(engine_id(p.pk)),
                "differs": p.pk in differs,
            }
            for p, c in zip(players, counts, strict=False)
        ],
        "shows_razed": bool(entry.razed),
        "shows_holdings": bool(entry.holdings),
        "teams": _team_sums(entry, players),
        "winner_differs": "winner" in differs,
        "ended_differs": "ended_by" in differs,
    }


def _team_sums(entry: GameEntry, players) -> list[dict]:
    """Team Spirit: each team's sums of the entry's counts, as the engine adds them up
    (`scoring.teams.team_game`, SPEC §10); empty for other events."""
    teams = list({p.team.id: p.team for p in players if getattr(p, "team", None)}.values())
    if not teams:
        return []
    summed = team_game(game_of(entry), teams)
    return [
        {
            "name": team.name,
            "unrazed": (summed.unrazed or {}).get(team.id),
            "razed": (summed.razed or {}).get(team.id),
            "holdings": (summed.holdings or {}).get(team.id),
            "won": entry.winner_id is not None and engine_id(entry.winner_id) in team.players,
        }
        for team in teams
    ]


def _conflict_rows(group: list[GameEntry], players) -> list[dict]:
    """The entries of one conflicting game, with the cells where they disagree marked."""
    counts = [_counts(entry, players) for entry in group]
    differs = {p.pk for i, p in enumerate(players) if len({c[i] for c in counts}) > 1}
    if len({e.winner_id for e in group}) > 1:
        differs.add("winner")
    if len({e.ended_by for e in group}) > 1:
        differs.add("ended_by")
    return [_entry_row(entry, players, frozenset(differs)) for entry in group]


def _game_lines(seats, games: list[Game]) -> list[dict]:
    """Per game: each seated player's unrazed realms in seat order (the list of games under
    the table, which is what a phone shows of them)."""
    return [
        {
            "game": game,
            "realms": [
                (seat.registration.player.name, game.unrazed.get(str(seat.registration.player_id)))
                for seat in seats
            ],
        }
        for game in games
    ]


def _seat_rows(event, seats, games: list[Game]) -> list[TeamGroup]:
    """Per seat: its count in every accepted game and whether it won it, team by team in
    Team Spirit."""
    rows = [
        {"seat": seat, "cells": game_cells(seat.registration.player_id, games)} for seat in seats
    ]
    return group_by_team(event, rows, lambda row: row["seat"].registration.player_id)


class EntryActionView(BracketMixin, TemplateView):
    """POST-only: confirm or reject an entry."""

    action = "confirm"
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        self.setup_bracket()
        # A player may confirm another player's report where the event allows it: the
        # service decides who may confirm; rejecting stays the officials'.
        if self.action == "confirm" and not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        denied = None if self.action == "confirm" else self.require_official(request)
        if denied:
            return denied
        entry = get_object_or_404(GameEntry, pk=kwargs["entry_id"], bracket=self.bracket)
        by = player_of(request.user)
        if offline.wants_json(request):
            return offline.entry_action(request, self.action, entry, by)
        try:
            if self.action == "confirm":
                messages.success(request, services.confirm_entry(entry, by).message)
            else:
                services.reject_entry(entry, by)
                messages.success(request, offline.rejected_message(entry))
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, message)
        return HttpResponseRedirect(self.bracket_url())


class ConfirmPendingView(BracketMixin, TemplateView):
    """POST-only: an official confirms a table's pending games in one action."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        self.setup_bracket()
        denied = self.require_official(request)
        if denied:
            return denied
        try:
            outcomes = services.confirm_pending(self.bracket, player_of(request.user))
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, message)
        else:
            for outcome in outcomes:
                add = messages.success if outcome.created else messages.error
                add(request, outcome.message)
        return HttpResponseRedirect(self.bracket_url())


class CorrectionView(BracketMixin, TemplateView):
    """Correct an accepted game: a new version that supersedes it once confirmed."""

    template_name = "results/correct.html"

    def _prepare(self, request):
        self.setup_bracket()
        denied = self.require_official(request)
        if denied:
            return denied
        self.game = get_object_or_404(Game, bracket=self.bracket, number=self.kwargs["number"])
        return None

    def get(self, request, *args, **kwargs):
        denied = self._prepare(request)
        if denied:
            return denied
        return self.render_to_response(self.get_context_data(form=self._initial_form()))

    def _initial_form(self) -> ResultForm:
        game = self.game
        initial = {
            "number": game.number,
            "winner": engine_id(game.winner_id) if game.winner_id else DRAW,
            "ended_by": game.ended_by,
        }
        for count in COUNTS:
            for player_key, value in (getattr(game, count) or {}).items():
                initial[f"{count}_{player_key}"] = value
        return self.result_form(number=game.number, initial=initial, correction=True)

    def post(self, request, *args, **kwargs):
        denied = self._prepare(request)
        if denied:
            return denied
        form, accepted = self.submit(request, number=self.game.number, correction=True)
        return accepted or self.render_to_response(self.get_context_data(form=form))

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(
            bracket=self.bracket,
            game=self.game,
            correction_block=selectors.correction_block(self.bracket),
            victory_realms=services.format_of(self.event).victory_realms,
        )
        return context


class TiebreakView(BracketMixin, TemplateView):
    """POST-only: record the judge's order of tied players."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        self.setup_bracket()
        denied = self.require_official(request)
        if denied:
            return denied
        players = self.players()
        names = self.entrant_names(players)
        form = TiebreakForm(request.POST, groups=selectors.tied_groups(self.bracket), names=names)
        if form.is_valid():
            try:
                services.decide_tiebreak(self.bracket, form.orders(), player_of(request.user))
            except ValidationError as error:
                for message in error.messages:
                    messages.error(request, message)
            else:
                from django.utils.translation import gettext as _

                messages.success(request, _("The tie-break decision is recorded."))
            return HttpResponseRedirect(self.bracket_url())
        view = BracketView(request=request, kwargs=self.kwargs, args=self.args)
        view.event, view.role, view.bracket = self.event, self.role, self.bracket
        view.is_official = True
        return view.render_to_response(view.get_context_data(tiebreak_form=form))


class HistoryView(BracketMixin, TemplateView):
    """Every entry and correction of a bracket: who, when, from where, what."""

    template_name = "results/history.html"

    def get(self, request, *args, **kwargs):
        self.setup_bracket()
        denied = self.require_official(request)
        if denied:
            return denied
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        players = self.players()
        entries = self.bracket.entries.select_related(
            "submitted_by", "confirmed_by", "resolved_by", "winner"
        ).order_by("number", "version")
        context.update(
            bracket=self.bracket,
            players=players,
            entries=[_entry_row(e, players) for e in entries],
        )
        return context


def _bracket_matches(bracket, query: str) -> bool:
    """A dashboard filter: the table number, or part of a seated player's name or number."""
    if query.isdigit() and int(query) == bracket.table:
        return True
    folded = query.casefold()
    return any(
        folded in seat.registration.player.name.casefold()
        or folded == seat.registration.player.player_number.casefold()
        for seat in bracket.seats.all()
    )


class DashboardView(EventMixin, TemplateView):
    """The brackets of the current round that need something from this judge."""

    required_role = EventRole.JUDGE
    template_name = "results/dashboard.html"

    def get_template_names(self):
        if getattr(self.request, "htmx", False):
            return ["results/_dashboard_list.html"]
        return [self.template_name]

    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        latest = self.round.number if self.round else 0
        return offline.mark_offline_page(response, self.event.pk, latest)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        rnd, needs, completed = selectors.dashboard_brackets(
            self.event, player_of(self.request.user)
        )
        self.round = rnd
        done = len(completed)
        query = self.request.GET.get("q", "").strip()
        if query:
            completed = [b for b in completed if _bracket_matches(b, query)]
        # Every bracket page of the round, for the judge's app to keep for offline use.
        offline_pages = [
            reverse("results:bracket", args=[self.event.pk, pk])
            for pk in (rnd.brackets.order_by("table").values_list("pk", flat=True) if rnd else [])
        ]
        context.update(
            round=rnd,
            needs=needs,
            done=done,
            completed=completed,
            query=query,
            offline_pages=offline_pages,
        )
        return context
