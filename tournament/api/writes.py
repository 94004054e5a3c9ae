"""API writes for integrators (bots, feeds, venue tools), each through the same service as
its page: the rules, the locks and the idempotency keys are the services'. A token needs
the operation's scope (`tokens.Scoped`); the event role is checked as on the pages."""

from __future__ import annotations

import uuid

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, QueryDict
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.accounts.models import ApiToken, Player
from tournament.api import idempotency
from tournament.api.errors import Conflict, ErrorSerializer, conflict, conflicts_as_409
from tournament.api.fields import StrictBooleanField, json_type_refusals
from tournament.api.http import no_store
from tournament.api.tokens import Scoped
from tournament.events.choices import Status
from tournament.events.models import Bracket, Event, Registration, Round
from tournament.events.permissions import EventRole, can_view, player_of, require_role
from tournament.events.services import registration as registrations
from tournament.events.services.registration_import import ImportRefused, import_registrations
from tournament.events.to_engine import engine_id
from tournament.results import services as results
from tournament.results.models import COUNTS as COUNT_FIELDS
from tournament.results.models import EndedBy, GameEntry
from tournament.results.play import bracket_over
from tournament.results.selectors import accepted_games, correction_block
from tournament.results.services import GameData
from tournament.rounds.services.rounds import drop_player

IDEMPOTENCY_HEADER = idempotency.HEADER


class ScopedView(APIView):
    permission_classes = [Scoped]
    scope = ApiToken.Scope.READ
    # Answers no cache may keep, the client's own included (drafts, entries waiting); the
    # others to a credentialed request are `private` (`http.ConditionalGetMiddleware`).
    no_store = False

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        return no_store(response) if self.no_store else response

    def event(self, role: EventRole) -> Event:
        """The URL's event once the caller's role is checked. A draft is a 404, except to
        its own officials' writes: the draft's state refuses them (409)."""
        event = get_object_or_404(Event, pk=self.kwargs["event_id"])
        if event.status == Status.DRAFT:
            if self.request.method == "POST" and can_view(self.request.user, event):
                raise Conflict(_("This event is a draft: open its registration first."))
            raise Http404
        require_role(self.request.user, event, role)
        return event

    def acting_player(self) -> Player:
        player = player_of(self.request.user)
        if player is None:
            raise ValidationError({"token": [_("This account has no player profile.")]})
        return player


def registration_data(registration: Registration) -> dict:
    return {
        "player_number": registration.player.player_number,
        "name": registration.player.name,
        "checked_in": registration.checked_in,
        "waitlisted": registration.waitlisted,
        "dropped_in_round": registration.dropped_in_round,
    }


class RegistrationOut(serializers.Serializer):
    player_number = serializers.CharField()
    name = serializers.CharField()
    checked_in = serializers.BooleanField()
    waitlisted = serializers.BooleanField()
    dropped_in_round = serializers.IntegerField(allow_null=True)


class PlayerNumberIn(serializers.Serializer):
    player_number = serializers.CharField(max_length=20)


def _player(number: str, field: str = "player_number") -> Player:
    player = Player.objects.filter(player_number=number).first()
    if player is None:
        raise ValidationError(
            {field: [_("No player has the number %(number)s.") % {"number": number}]}
        )
    return player


def _registration(event: Event, number: str) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("player", "event"),
        event=event,
        player__player_number=number,
    )


class RegistrationCreate(ScopedView):
    """Register a player (by number) for the event: its organizer, scope `organize`. While the
    event runs this is a late entry at the venue."""

    scope = ApiToken.Scope.ORGANIZE

    @extend_schema(
        request=PlayerNumberIn,
        responses={
            201: RegistrationOut,
            409: conflict(
                "round 1 is seated",
                "the event is not open for registration",
                "the deadline passed",
                "the player is already registered",
                "a championship the player may not enter",
            ),
        },
        examples=[OpenApiExample("A player", value={"player_number": "1042"}, request_only=True)],
    )
    def post(self, request, event_id: int):
        event = self.event(EventRole.ORGANIZER)
        data = _valid(PlayerNumberIn, request)
        player = _player(data["player_number"])
        with conflicts_as_409():
            registration = registrations.register(
                event, player, late=event.status == Status.RUNNING, by=player_of(request.user)
            )
        return Response(registration_data(registration), status=status.HTTP_201_CREATED)


class ImportIn(serializers.Serializer):
    csv = serializers.CharField(
        max_length=100_000,
        help_text="CSV with a header row: `player_number` and/or `name`. A known number "
        "registers that player; a name without a number adds a new player without an account.",
    )


class ImportOut(serializers.Serializer):
    registered = RegistrationOut(many=True)


class RegistrationImport(ScopedView):
    """Register many players at once from CSV: all rows or none (each refusal names its row)."""

    scope = ApiToken.Scope.ORGANIZE

    @extend_schema(
        request=ImportIn,
        responses={
            201: ImportOut,
            409: conflict("round 1 is seated", "the event is not open for registration"),
        },
        examples=[
            OpenApiExample(
                "Two players",
                value={"csv": "player_number,name\n1042,\n,Nina Newcomer\n"},
                request_only=True,
            )
        ],
    )
    def post(self, request, event_id: int):
        event = self.event(EventRole.ORGANIZER)
        text = _valid(ImportIn, request)["csv"]
        closed = registration_closed(event)
        if closed:  # every row would be refused for the same reason: the event's state
            raise Conflict(closed)
        try:
            done = import_registrations(event, text, by=player_of(request.user))
        except ImportRefused as refused:
            raise ValidationError({"csv": refused.messages}) from refused
        return Response(
            {"registered": [registration_data(r) for r in done]}, status=status.HTTP_201_CREATED
        )


def registration_closed(event: Event) -> str | None:
    """Why the event registers nobody now, whoever the player (None: it may register)."""
    if event.rounds.exists():
        return _("Round 1 is seated: registration is closed.")
    if event.status not in (Status.REGISTRATION, Status.RUNNING):
        return _("This event is not open for registration.")
    return None


class CheckInIn(serializers.Serializer):
    checked_in = StrictBooleanField(default=True)


class CheckIn(ScopedView):
    """Check a registered player in (or out): the event's officials, scope `judge`."""

    scope = ApiToken.Scope.JUDGE

    @extend_schema(
        request=CheckInIn,
        responses={
            200: RegistrationOut,
            409: conflict("the event is finished", "the player is on the waiting list"),
        },
    )
    def post(self, request, event_id: int, player_number: str):
        event = self.event(EventRole.JUDGE)
        wanted = _valid(CheckInIn, request)["checked_in"]
        with conflicts_as_409():
            registration = registrations.set_checked_in(
                _registration(event, player_number), wanted, by=player_of(request.user)
            )
        return Response(registration_data(registration))


class Drop(ScopedView):
    """Drop a player (SPEC §4): the event's organizer, scope `organize`."""

    scope = ApiToken.Scope.ORGANIZE

    @extend_schema(
        request=None,
        responses={
            200: RegistrationOut,
            409: conflict("the player already dropped", "the event is finished"),
        },
    )
    def post(self, request, event_id: int, player_number: str):
        event = self.event(EventRole.ORGANIZER)
        registration = _registration(event, player_number)
        with conflicts_as_409():
            registration = drop_player(registration)
        return Response(registration_data(registration))


COUNTS = serializers.DictField(
    child=serializers.IntegerField(min_value=0, max_value=99),
    help_text="player number → count",
)


class GameIn(serializers.Serializer):
    number = serializers.IntegerField(min_value=1, max_value=50)
    winner = serializers.CharField(
        max_length=20, allow_null=True, help_text="the winner's player number; null: a draw"
    )
    ended_by = serializers.ChoiceField(choices=EndedBy.choices)
    unrazed = COUNTS
    razed = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=99), required=False, default=dict
    )
    holdings = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=99), required=False, default=dict
    )


class EntryIn(GameIn):
    correction = StrictBooleanField(default=False)
    reason = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")


class EntryOut(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    created = serializers.BooleanField(help_text="false: an earlier request with this key")
    message = serializers.CharField()


GAME_EXAMPLE = OpenApiExample(
    "Game 1 won by 1042",
    value={
        "number": 1,
        "winner": "1042",
        "ended_by": "victory",
        "unrazed": {"1042": 6, "1043": 4, "1044": 3},
    },
    request_only=True,
)
GAME_CONFLICT = conflict(
    "the event is not running",
    "the round is closed to reports",
    "the game number is already recorded or not the next one",
    "the bracket is over",
    "a correction is no longer possible",
)
IDEMPOTENCY = OpenApiParameter(
    IDEMPOTENCY_HEADER,
    OpenApiTypes.UUID,
    OpenApiParameter.HEADER,
    required=True,
    description="A UUID made by the client for this entry: sent again with the same body (a "
    "retry), the first answer is replayed (`Idempotent-Replayed: true`) and nothing is "
    "recorded twice; with another body it is a 422; while the first request runs, a 409.",
)
KEY_REUSED = OpenApiResponse(
    ErrorSerializer,
    description="The Idempotency-Key was used before with another body "
    "(code `idempotency_key_reused`).",
)


def _bracket(event: Event, bracket_id: int) -> Bracket:
    return get_object_or_404(
        Bracket.objects.select_related("round__event"), pk=bracket_id, round__event=event
    )


def _game_data(bracket: Bracket, data: dict) -> GameData:
    """Player numbers → the seated players' engine ids; a number not seated names its field."""
    seated = {
        s.registration.player.player_number: s.registration.player_id
        for s in bracket.seats.all()  # read with their players (`GameRecordView.locked_bracket`)
    }

    def ids(field: str) -> dict[str, int]:
        unknown = [n for n in data[field] if n not in seated]
        if unknown:
            raise ValidationError(
                {
                    field: [
                        _("Not seated at this table: %(numbers)s.")
                        % {"numbers": ", ".join(unknown)}
                    ]
                }
            )
        return {engine_id(seated[n]): count for n, count in data[field].items()}

    winner = data["winner"]
    if winner is not None and winner not in seated:
        raise ValidationError(
            {"winner": [_("Not seated at this table: %(numbers)s.") % {"numbers": winner}]}
        )
    return GameData(
        seated[winner] if winner is not None else None,
        data["ended_by"],
        ids("unrazed"),
        ids("razed"),
        ids("holdings"),
    )


def _key_reused(outcome, key: uuid.UUID, game: GameData, number: int) -> bool:
    """The stored entry this key made is another game than the one sent (the durable check
    behind the cache's, `idempotency.py`)."""
    entry = outcome.entry
    return (
        not outcome.created
        and entry.idempotency_key == key
        and (entry.number != number or entry.result_key() != game.result_key())
    )


def entry_answer(outcome) -> Response:
    entry = outcome.entry
    body = {
        "id": entry.pk,
        "number": entry.number,
        "version": entry.version,
        "status": entry.status,
        "created": outcome.created,
        "message": str(outcome.message),
    }
    return Response(body, status=status.HTTP_201_CREATED if outcome.created else status.HTTP_200_OK)


class GameRecordView(ScopedView):
    """A game posted for a bracket: validated, counts by player number turned into the
    seated players' ids, and handed with its idempotency key to the results service."""

    def record(self, role: EventRole, form, service, *options: str) -> Response:
        key = idempotency.parse_key(self.request)
        return idempotency.run_once(
            self.request, key, lambda: self._record(role, form, service, key, options)
        )

    def _record(self, role: EventRole, form, service, key, options) -> Response:
        try:
            # One transaction: the service writes under the bracket lock taken here, and
            # reads the bracket, its event and seats this view read (`lock_bracket`).
            with results.writing():
                bracket = self.locked_bracket(role)
                data = _valid(form, self.request)
                game = _game_data(bracket, data)
                outcome = service(
                    bracket,
                    game,
                    self.acting_player(),
                    key,
                    number=data["number"],
                    ip_address=self.request.client_ip,
                    user_agent=self.request.headers.get("User-Agent", ""),
                    **{option: data[option] for option in options},
                )
                if _key_reused(outcome, key, game, data["number"]):
                    raise idempotency.KeyReused()
        except DjangoValidationError as error:
            if _state_refuses(bracket, data):
                raise Conflict(" ".join(error.messages)) from error
            raise _in_callers_terms(error, bracket) from error
        return entry_answer(outcome)

    def locked_bracket(self, role: EventRole) -> Bracket:
        """The URL's bracket of the URL's event, locked for the write (`results.
        lock_bracket`), once the role is checked; the same 404 and 403 as `event`."""
        bracket = results.lock_bracket(self.kwargs["bracket_id"], event_id=self.kwargs["event_id"])
        if bracket is None or bracket.round.event.status == Status.DRAFT:
            self.event(role)  # no such event (404), or not the caller's to write to (403)
            raise Http404
        require_role(self.request.user, bracket.round.event, role)
        return bracket


def _state_refuses(bracket: Bracket, data: dict) -> bool:
    """Whether the bracket's current state (not the counts sent) refused a game: the event
    not running, the round closed to reports, a game number already recorded or an earlier
    game not entered (or entered differently), a bracket already over, a correction no
    longer possible. Read after the refusal, with the state the service saw."""
    bracket = Bracket.objects.select_related("round__event").get(pk=bracket.pk)
    rnd, number = bracket.round, data["number"]
    if rnd.event.status != Status.RUNNING:
        return True
    accepted = {g.number for g in accepted_games(bracket)}
    if data.get("correction"):
        return number not in accepted or correction_block(bracket) is not None
    if "correction" not in data and rnd.state != Round.State.SEATED:
        return True  # a player's report once the round is closed
    expected = len(accepted) + 1
    if number in accepted or number < expected:
        return True
    if number > expected:  # entered after pending games: each of them must be entered
        try:
            results.pending_chain(bracket, expected, number)
        except DjangoValidationError:
            return True
    return bracket_over(bracket) is not None


def _in_callers_terms(error: DjangoValidationError, bracket: Bracket) -> ValidationError:
    """The service's refusal keyed as the caller wrote the game: a count field by the
    player's number (`unrazed.1042`), never the page form's internal name."""
    if not hasattr(error, "error_dict"):
        return ValidationError({"non_field_errors": error.messages})
    numbers = {
        str(s.registration.player_id): s.registration.player.player_number
        for s in bracket.seats.all()
    }
    fields: dict[str, list[str]] = {}
    for name, messages in error.message_dict.items():
        count, _sep, player_id = name.rpartition("_")
        key = (
            f"{count}.{numbers[player_id]}"
            if count in COUNT_FIELDS and player_id in numbers
            else name
        )
        fields.setdefault(key, []).extend(messages)
    return ValidationError(fields)


class EntryCreate(GameRecordView):
    """A judge's entry of one game (SPEC §5), as the judges' page records it: a second
    official's matching entry confirms it, a different one is a conflict."""

    scope = ApiToken.Scope.JUDGE

    @extend_schema(
        request=EntryIn,
        parameters=[IDEMPOTENCY],
        responses={201: EntryOut, 200: EntryOut, 409: GAME_CONFLICT, 422: KEY_REUSED},
        examples=[GAME_EXAMPLE],
    )
    def post(self, request, event_id: int, bracket_id: int):
        return self.record(EventRole.JUDGE, EntryIn, results.submit_entry, "correction", "reason")


class EntryConfirm(ScopedView):
    """Another official confirms an entry."""

    scope = ApiToken.Scope.JUDGE

    @extend_schema(
        request=None,
        responses={
            200: EntryOut,
            409: conflict(
                "the entry is already settled",
                "an earlier game waits for confirmation",
                "the result can no longer be corrected",
            ),
        },
    )
    def post(self, request, event_id: int, bracket_id: int, entry_id: int):
        event = self.event(EventRole.JUDGE)
        bracket = _bracket(event, bracket_id)
        entry = get_object_or_404(GameEntry, pk=entry_id, bracket=bracket)
        with conflicts_as_409():
            outcome = results.confirm_entry(entry, self.acting_player())
        answer = entry_answer(outcome)
        answer.status_code = status.HTTP_200_OK  # a confirmation makes no new entry
        return answer


class ReportCreate(GameRecordView):
    """A seated player reports his table's next game where the event allows it (scope
    `read`: the token acts only as its owner); a judge confirms it."""

    scope = ApiToken.Scope.READ

    @extend_schema(
        request=GameIn,
        parameters=[IDEMPOTENCY],
        responses={201: EntryOut, 200: EntryOut, 409: GAME_CONFLICT, 422: KEY_REUSED},
        examples=[GAME_EXAMPLE],
    )
    def post(self, request, event_id: int, bracket_id: int):
        return self.record(EventRole.PUBLIC, GameIn, results.report_result)


def _valid(serializer_class, request) -> dict:
    """The body read by `serializer_class`; a JSON body's values must also have the types
    the schema gives them (a form's values are all texts)."""
    serializer = serializer_class(data=request.data)
    sent = request.data
    if not isinstance(sent, QueryDict) and (wrong := json_type_refusals(serializer, sent)):
        raise ValidationError(wrong)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data
