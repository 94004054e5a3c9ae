"""API writes that run an event from its creation to its scoring form (scope `organize`, the
event's organizer): each calls the service its page calls, so the rules and the locks are the
pages'. A refusal of the event's current state (seating while a round is open, finishing
twice) answers 409 `conflict` with the service's reason; bad input answers 400."""

from __future__ import annotations

from django.db import models
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.response import Response

from tournament.accounts.models import ApiToken, Player
from tournament.api.errors import Conflict, conflict, conflicts_as_409
from tournament.api.fields import StrictBooleanField
from tournament.api.matches import MatchRoundMixin, cut_advancing, round_fields
from tournament.api.serializers import BracketSeatingSerializer, EventSerializer
from tournament.api.tokens import Scoped
from tournament.api.views import EventList
from tournament.api.writes import ScopedView, _valid
from tournament.core.timezones import event_zone, zone
from tournament.events.choices import Status, Variant
from tournament.events.forms import EventForm
from tournament.events.models import Bracket, Event, Round, Seat
from tournament.events.permissions import EventRole, can_view, player_of, require_role
from tournament.events.services import editing
from tournament.events.services import registration as registrations
from tournament.events.services.editing import frozen_fields_error
from tournament.review import services as review
from tournament.rounds.services import rounds

EVENT_FIELDS = tuple(EventForm.Meta.fields)


class OrganizedEventOut(serializers.ModelSerializer):
    """The event as its organizer edits it (drafts included): every field of the event page's
    form, its status and where to read it."""

    serializer_field_mapping = EventSerializer.serializer_field_mapping  # times: HH:MM:SS

    organizer = serializers.CharField(source="organizer.player_number", read_only=True)
    judges = serializers.SlugRelatedField(
        slug_field="player_number", many=True, read_only=True, help_text="player numbers"
    )
    variants = serializers.ListField(child=serializers.ChoiceField(choices=Variant.choices))
    url = serializers.SerializerMethodField(help_text="the public read (404 while a draft)")
    shorthand = serializers.CharField(read_only=True)

    class Meta:
        model = Event
        fields = ["id", "status", "url", "organizer", "judges", "shorthand", *EVENT_FIELDS]

    def get_url(self, event: Event) -> str:
        return reverse("api-v1:event", args=[event.pk])


# The event page's form refuses these blank: the schema says so (minLength 1).
REQUIRED_TEXT = ("name", "venue", "time_zone")


class EventIn(serializers.ModelSerializer):
    """An event's fields, as on the event page's form (the same checks apply)."""

    serializer_field_mapping = {  # times: HH:MM; booleans only true or false
        **EventSerializer.serializer_field_mapping,
        models.BooleanField: StrictBooleanField,
    }

    variants = serializers.ListField(
        child=serializers.ChoiceField(choices=Variant.choices), required=False
    )

    class Meta:
        model = Event
        fields = list(EVENT_FIELDS)
        extra_kwargs = {name: {"allow_blank": False, "min_length": 1} for name in REQUIRED_TEXT}


class EventChangesIn(EventIn):
    """Only the fields to change; the others keep their values."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.required = False


def _form_errors(form: EventForm) -> ValidationError:
    return ValidationError(
        {
            ("non_field_errors" if name == "__all__" else name): list(messages)
            for name, messages in form.errors.items()
        }
    )


def _checked_form(data: dict, instance: Event) -> EventForm:
    """The event page's form on the typed body: its checks, its cleaning (the deadline read as
    the venue's wall time). The fields not sent keep their values (a new event's defaults).

    The stored times are shown in the event's zone and read in the zone of the body (or the
    stored one), as the page does: a new `time_zone` keeps the deadline's wall time."""
    unbound = EventForm(instance=instance)
    with timezone.override(event_zone(instance)):  # as its page shows them: wall times
        values = {name: unbound[name].value() for name in EVENT_FIELDS}  # new: the defaults
    values.update(data)
    form = EventForm(data=values, instance=instance)
    if not form.is_valid():
        frozen = frozen_fields_error(instance, form.changed_data) if instance.pk else None
        if frozen is not None:  # a state refusal, not the input's fault
            raise Conflict(" ".join(frozen.messages))
        raise _form_errors(form)
    return form


def _zone_sent(request, default: str) -> str:
    """The body's `time_zone` (else `default`): a deadline without an offset is read there."""
    sent = request.data.get("time_zone") if isinstance(request.data, dict) else None
    return sent if isinstance(sent, str) else default


def _in_zone(name: str | None):
    return timezone.override(zone(name) or timezone.get_default_timezone())


EVENT_EXAMPLE = OpenApiExample(
    "A Saturday event",
    value={
        "name": "Autumn Open",
        "date": "2026-11-21",
        "start_time": "10:00",
        "time_zone": "America/Sao_Paulo",
        "venue": "Game store",
        "deck_size": 55,
    },
    request_only=True,
)


class OrganizeView(ScopedView):
    scope = ApiToken.Scope.ORGANIZE

    def organized_event(self) -> Event:
        """The URL's event, drafts included, for its organizer (another's draft is a 404)."""
        event = get_object_or_404(
            Event.objects.select_related("organizer"), pk=self.kwargs["event_id"]
        )
        if not can_view(self.request.user, event):
            raise Http404
        require_role(self.request.user, event, EventRole.ORGANIZER)
        return event

    def round(self, event: Event) -> Round:
        return get_object_or_404(Round, event=event, number=self.kwargs["number"])


def event_answer(event: Event, code: int = status.HTTP_200_OK) -> Response:
    event = Event.objects.select_related("organizer").prefetch_related("judges").get(pk=event.pk)
    return Response(OrganizedEventOut(event).data, status=code)


class EventCollection(EventList):
    """Published events (GET, anyone); POST creates an event (a draft, scope `organize`): the
    token's owner is its organizer. The same fields and checks as the event page's form;
    open registration when ready (`status/`)."""

    scope = ApiToken.Scope.ORGANIZE

    def get_permissions(self):
        if self.request.method == "POST":
            return [Scoped()]
        return super().get_permissions()

    @extend_schema(
        request=EventIn,
        parameters=[OpenApiParameter("year", exclude=True)],  # the list's filter only
        responses={201: OrganizedEventOut},
        examples=[EVENT_EXAMPLE],
    )
    def post(self, request):
        organizer = player_of(request.user)
        if organizer is None:
            raise PermissionDenied(_("Your account has no player profile."))
        with _in_zone(_zone_sent(request, default="")):
            data = _valid(EventIn, request)
            form = _checked_form(data, Event())
            form.instance.organizer = organizer
            event = form.save()
        return event_answer(event, status.HTTP_201_CREATED)


class EventSettings(OrganizeView):
    """The organizer's view of the event (drafts included), and its edit: only the fields
    sent change, with the event page's checks; a rule field once round 1 is seated, or any
    field while the scoring form is reviewed, is a 409."""

    no_store = True  # a draft's settings

    @extend_schema(responses={200: OrganizedEventOut})
    def get(self, request, event_id: int):
        return event_answer(self.organized_event())

    @extend_schema(
        request=EventChangesIn,
        responses={
            200: OrganizedEventOut,
            409: conflict(
                "a format field once round 1 is seated",
                "any change while the scoring form awaits a ranking officer",
            ),
        },
        examples=[OpenApiExample("More room", value={"capacity": 32}, request_only=True)],
    )
    def post(self, request, event_id: int):
        event = self.organized_event()
        with _in_zone(_zone_sent(request, default=event.time_zone)):
            data = _valid(EventChangesIn, request)
            form = _checked_form(data, event)
            with conflicts_as_409():
                event = editing.save_event(form.instance, form.changed_data)
        return event_answer(event)


# The statuses an organizer sets himself (`StatusChangeEnum` in the schema).
STATUS_CHANGES = [(s.value, s.label) for s in (Status.REGISTRATION, Status.DRAFT)]


class StatusIn(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=STATUS_CHANGES,
        help_text="`registration` opens registration; `draft` hides the event again (only "
        "before anyone registered). Seating round 1 makes it running, `finish/` finished.",
        error_messages={
            "invalid_choice": gettext_lazy(
                "Seating round 1 makes an event running, finishing it makes it finished."
            )
        },
    )


class EventStatus(OrganizeView):
    """Open registration (or make the event a draft again), as the event page's button."""

    @extend_schema(
        request=StatusIn,
        responses={
            200: OrganizedEventOut,
            409: conflict(
                "the event is running or finished",
                "it already has that status",
                "players registered (back to draft)",
            ),
        },
        examples=[
            OpenApiExample("Open registration", value={"status": "registration"}, request_only=True)
        ],
    )
    def post(self, request, event_id: int):
        event = self.organized_event()
        wanted = _valid(StatusIn, request)["status"]
        with conflicts_as_409():
            event = registrations.set_status(event, wanted)
        return event_answer(event)


class JudgesIn(serializers.Serializer):
    judges = serializers.ListField(
        child=serializers.CharField(max_length=20),
        max_length=50,
        help_text="the judges' player numbers (people with an account); replaces the list",
    )


class EventJudges(OrganizeView):
    """Name the event's judges (the second official of every result entry)."""

    @extend_schema(
        request=JudgesIn,
        responses={
            200: OrganizedEventOut,
            409: conflict("the scoring form awaits a ranking officer"),
        },
        examples=[
            OpenApiExample("Two judges", value={"judges": ["1043", "1044"]}, request_only=True)
        ],
    )
    def post(self, request, event_id: int):
        event = self.organized_event()
        numbers = list(dict.fromkeys(_valid(JudgesIn, request)["judges"]))
        judges = list(Player.objects.filter(player_number__in=numbers, user__isnull=False))
        unknown = sorted(set(numbers) - {p.player_number for p in judges})
        if unknown:
            raise ValidationError(
                {
                    "judges": [
                        _("No player with an account has the number %(number)s.")
                        % {"number": number}
                        for number in unknown
                    ]
                }
            )
        if any(judge.pk == event.organizer_id for judge in judges):
            raise ValidationError(
                {"judges": [_("The organizer is the coordinator, not an additional judge.")]}
            )
        with conflicts_as_409():
            registrations.set_judges(event, judges)
        return event_answer(event)


class RoundOut(MatchRoundMixin):
    number = serializers.IntegerField()
    state = serializers.CharField()
    published = serializers.BooleanField()
    is_final = serializers.BooleanField()
    started_at = serializers.DateTimeField(allow_null=True, help_text="the clock's start")
    time_called_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(
        allow_null=True, help_text="when the time limit runs out (null without a started clock)"
    )
    advancing = serializers.ListField(
        child=serializers.CharField(),
        help_text="player numbers of who advances (set when the round is closed; for a "
        "top-cut round, its matches' winners)",
    )
    seating_url = serializers.CharField(help_text="the public seating (404 until published)")
    brackets = BracketSeatingSerializer(many=True)


def when(moment) -> str | None:
    return serializers.DateTimeField().to_representation(moment) if moment else None


def round_answer(rnd: Round, code: int = status.HTTP_200_OK) -> Response:
    seats = Seat.objects.select_related("registration__player", "figures").order_by("position")
    rnd = (
        Round.objects.select_related("event")
        .prefetch_related(
            Prefetch(
                "brackets",
                Bracket.objects.select_related("round")
                .order_by("table")
                .prefetch_related(Prefetch("seats", seats)),
            )
        )
        .get(pk=rnd.pk)
    )
    ids = [int(player_id) for player_id in rnd.advancing or []]
    numbers = dict(Player.objects.filter(pk__in=ids).values_list("pk", "player_number"))
    body = {
        "number": rnd.number,
        "state": rnd.state,
        "published": rnd.published,
        "is_final": rnd.is_final,
        "started_at": when(rnd.started_at),
        "time_called_at": when(rnd.time_called_at),
        "ends_at": when(rounds.timer_ends_at(rnd)),
        "advancing": [numbers[i] for i in ids if i in numbers] or cut_advancing(rnd),
        "seating_url": reverse("api-v1:seating", args=[rnd.event_id, rnd.number]),
        "brackets": BracketSeatingSerializer(rnd.brackets.all(), many=True).data,
        **round_fields(rnd, unpublished=True),
    }
    return Response(body, status=code)


class SeatRound(OrganizeView):
    """Seat the next round (SPEC §4): round 1 from the checked-in players, a later one from
    who advanced from the closed round. The event starts running with round 1. The seating
    is hidden until published."""

    @extend_schema(
        request=None,
        responses={
            201: RoundOut,
            409: conflict(
                "the event is a draft or finished",
                "no player is checked in, or their number cannot be seated in brackets of 3 and 4",
                "the current round is not closed",
                "the final was played",
            ),
        },
    )
    def post(self, request, event_id: int):
        event = self.organized_event()
        with conflicts_as_409():
            rnd = rounds.seat_next_round(event)
        return round_answer(rnd, status.HTTP_201_CREATED)


class RoundRead(OrganizeView):
    """A round as its organizer sees it: unpublished seating included."""

    @extend_schema(responses={200: RoundOut})
    def get(self, request, event_id: int, number: int):
        return round_answer(self.round(self.organized_event()))


class ReseatRound(OrganizeView):
    """Seat the current round again with a new draw, while no result is entered."""

    @extend_schema(
        request=None,
        responses={
            200: RoundOut,
            409: conflict(
                "the round is closed or not the current one",
                "results are entered in it",
                "it was just changed by someone else",
            ),
        },
    )
    def post(self, request, event_id: int, number: int):
        rnd = self.round(self.organized_event())
        with conflicts_as_409():
            rnd = rounds.reseat_round(rnd)
        return round_answer(rnd)


class PublishIn(serializers.Serializer):
    published = StrictBooleanField(default=True, help_text="false hides it again")


class PublishRound(OrganizeView):
    """Show the round's seating to everyone (or hide it again)."""

    @extend_schema(
        request=PublishIn,
        responses={200: RoundOut, 409: conflict("the round was just changed by someone else")},
    )
    def post(self, request, event_id: int, number: int):
        rnd = self.round(self.organized_event())
        published = _valid(PublishIn, request)["published"]
        with conflicts_as_409():
            rnd = rounds.publish_round(rnd, published)
        return round_answer(rnd)


class CloseIn(serializers.Serializer):
    drawn = serializers.ListField(
        child=serializers.CharField(max_length=20),
        required=False,
        allow_null=True,
        help_text="the recorded draw (SPEC §6): player numbers a judge drew for a wildcard "
        "tie left after points, unrazed realms and games won; the first of the tied it names "
        "is the wildcard. Left out: the event's seeded draw decides.",
    )


def _player_ids(numbers: list[str], field: str) -> list[int]:
    """Player numbers → player ids; an unknown number names the field."""
    found = dict(
        Player.objects.filter(player_number__in=numbers).values_list("player_number", "pk")
    )
    unknown = [n for n in numbers if n not in found]
    if unknown:
        raise ValidationError(
            {field: [_("No player has the number %(number)s.") % {"number": n} for n in unknown]}
        )
    return [found[n] for n in numbers]


class CloseRound(OrganizeView):
    """Close a round whose brackets are all decided: who advances is recorded (`advancing`).
    Closing the final makes its places final; then finish the event."""

    @extend_schema(
        request=CloseIn,
        responses={
            200: RoundOut,
            409: conflict(
                "the round is already closed",
                "a bracket is not complete or awaits a judge's decision",
                "the players advancing cannot be seated in brackets of 3 and 4",
                "a wildcard tie went to the draw and `drawn` names none of the tied players",
            ),
        },
        examples=[
            OpenApiExample("The seeded draw", value={}, request_only=True),
            OpenApiExample("1044 was drawn", value={"drawn": ["1044"]}, request_only=True),
        ],
    )
    def post(self, request, event_id: int, number: int):
        rnd = self.round(self.organized_event())
        numbers = _valid(CloseIn, request).get("drawn")
        drawn = None if numbers is None else _player_ids(numbers, "drawn")
        with conflicts_as_409():
            rnd = rounds.close_round(rnd, drawn=drawn)
        return round_answer(rnd)


class ReopenRound(OrganizeView):
    """Reopen a closed round for corrections while the next one is not seated: who advances
    is decided again when it is closed again."""

    @extend_schema(
        request=None,
        responses={
            200: RoundOut,
            409: conflict(
                "the round is not closed",
                "the next round is seated",
                "the event is finished",
            ),
        },
    )
    def post(self, request, event_id: int, number: int):
        rnd = self.round(self.organized_event())
        with conflicts_as_409():
            rnd = rounds.reopen_round(rnd)
        return round_answer(rnd)


class StartTimer(OrganizeView):
    """Start (or restart) the round's clock in a timed event: `ends_at` says when the time
    limit runs out."""

    @extend_schema(
        request=None,
        responses={
            200: RoundOut,
            409: conflict("the event has no time limit", "the round is closed"),
        },
    )
    def post(self, request, event_id: int, number: int):
        rnd = self.round(self.organized_event())
        with conflicts_as_409():
            rnd = rounds.start_timer(rnd)
        return round_answer(rnd)


class CallTime(OrganizeView):
    """Call time (a timed event): the current turn is finished, then 5 more turns are
    played; games may then end by time."""

    @extend_schema(
        request=None,
        responses={
            200: RoundOut,
            409: conflict(
                "the event has no time limit",
                "the round is closed",
                "the clock was not started",
                "time was already called",
            ),
        },
    )
    def post(self, request, event_id: int, number: int):
        rnd = self.round(self.organized_event())
        with conflicts_as_409():
            rnd = rounds.call_time(rnd)
        return round_answer(rnd)


class FinishEvent(OrganizeView):
    """Finish the event once its final is closed: the results become final."""

    @extend_schema(
        request=None,
        responses={
            200: OrganizedEventOut,
            409: conflict("the event is already finished", "the final is not closed"),
        },
    )
    def post(self, request, event_id: int):
        event = self.organized_event()
        with conflicts_as_409():
            event = rounds.finish_event(event)
        return event_answer(event)


class ScoringFormIn(serializers.Serializer):
    reply = serializers.CharField(
        max_length=2000,
        required=False,
        allow_blank=True,
        default="",
        help_text="sending a returned form again: the answer to the officer's reason",
    )


class ScoringFormOut(serializers.Serializer):
    state = serializers.CharField(help_text="the review's state: submitted")
    submitted_at = serializers.DateTimeField(help_text="the first submission (stops it being late)")


class ScoringForm(OrganizeView):
    """Send the finished event's scoring form to the ranking officers, as the review page's
    button: the event is frozen until an officer accepts or returns it."""

    @extend_schema(
        request=ScoringFormIn,
        responses={
            200: ScoringFormOut,
            409: conflict(
                "the event is not finished",
                "the event is unscored",
                "the form is already submitted or accepted",
            ),
        },
    )
    def post(self, request, event_id: int):
        event = self.organized_event()
        reply = _valid(ScoringFormIn, request)["reply"]
        with conflicts_as_409():
            result = review.submit(event, request.user, reply)
        return Response(
            {"state": result.state, "submitted_at": event.scoring_form_submission.submitted_at}
        )
