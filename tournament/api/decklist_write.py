"""API write of a player's decklist, through the same service as the decklist page
(`decks.services.saving.save_decklist`: the lock, the reason after it, the history are its own).

The list is sent as text in any notation of SPEC §3 (`text`), or as the content of a
CrossFire deck file (`cfd`) or of a LackeyCCG deck file (`dek`), which is saved as the typed
list it stands for."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.response import Response

from tournament.accounts.models import ApiToken
from tournament.api.errors import Conflict, conflict
from tournament.api.tokens import has_scope
from tournament.api.writes import ScopedView, _registration, _valid
from tournament.decks.services.checking import MAX_UPLOAD_BYTES, decklist_from_file
from tournament.decks.services.saving import save_decklist
from tournament.decks.services.visibility import is_locked, is_owner
from tournament.events.permissions import EventRole, role_in_event


class DecklistIn(serializers.Serializer):
    # Longer than a list may be: the save refuses an over-long list naming its long line.
    text = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=MAX_UPLOAD_BYTES,
        trim_whitespace=False,
        help_text="The list, one card a line, in any notation of the decklist rules (e.g. "
        "`4th/210 Myrmidons`, CrossFire's printed deck). Leave out when `cfd` or `dek` is "
        "given.",
    )
    cfd = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=MAX_UPLOAD_BYTES,
        trim_whitespace=False,
        help_text="The content of a CrossFire deck file (.cfd): saved as its typed list "
        "(`SET/NUMBER Name` lines). Instead of `text`.",
    )
    dek = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=MAX_UPLOAD_BYTES,
        trim_whitespace=False,
        help_text="The content of a LackeyCCG deck file (.dek, XML; no document type or "
        "entities): saved as its typed list. Instead of `text`.",
    )
    sideboard_text = serializers.CharField(
        required=False, allow_blank=True, max_length=MAX_UPLOAD_BYTES, trim_whitespace=False
    )
    sideboard_opt_out = serializers.BooleanField(default=False)
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=2000,
        help_text="Required for a change after round 1 is seated (officials only).",
    )

    def validate(self, attrs):
        given = [name for name in ("text", "cfd", "dek") if attrs.get(name)]
        if len(given) > 1:
            raise ValidationError(
                {given[-1]: [_("Send the list one way only: as text, a .cfd or a .dek file.")]}
            )
        return attrs


class ProblemOut(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    line = serializers.IntegerField(allow_null=True)
    blocking = serializers.BooleanField()
    suggestions = serializers.ListField(
        child=serializers.DictField(child=serializers.CharField()),
        help_text="The cards the problem offers, each its own item: name, card_id, type, level.",
    )


class DecklistWriteOut(serializers.Serializer):
    player_number = serializers.CharField()
    status = serializers.CharField()
    changed = serializers.BooleanField()
    cards = serializers.IntegerField()
    text = serializers.CharField()
    problems = ProblemOut(many=True)


class DecklistWrite(ScopedView):
    """Save a registration's decklist: its player (scope `read`: the token acts only as its
    owner) until round 1 is seated, or an official of the event (scope `judge`; a reason once
    the lists are locked). Illegal lists are saved as drafts and their problems returned."""

    scope = ApiToken.Scope.READ

    @extend_schema(
        request=DecklistIn,
        responses={
            200: DecklistWriteOut,
            409: conflict("round 1 is seated: the lists are locked to their players"),
        },
        examples=[
            OpenApiExample(
                "A typed list",
                value={"text": "Realms (1):\n4th/001 Menzoberranzan\n3 Shaqat Beetles"},
                request_only=True,
            ),
            OpenApiExample(
                "A LackeyCCG deck file",
                value={
                    "dek": '<deck version="0.8"><superzone name="Deck"><card>'
                    "<name>Waterdeep</name><set>1st</set></card></superzone></deck>"
                },
                request_only=True,
            ),
            OpenApiExample(
                "A CrossFire deck file",
                value={"cfd": "set tempDeckSize 55\nset tempDeck {\n  {1st 193} {RR 116}\n}\n"},
                request_only=True,
            ),
        ],
    )
    def post(self, request, event_id: int, player_number: str):
        event = self.event(EventRole.PUBLIC)
        registration = _registration(event, player_number)
        if not is_owner(request.user, registration) and not has_scope(
            request, ApiToken.Scope.JUDGE
        ):
            raise PermissionDenied(_("Changing another player's list needs the judge scope."))
        data = _valid(DecklistIn, request)
        if is_locked(event) and role_in_event(request.user, event) < EventRole.JUDGE:
            raise Conflict(
                _("Decklists are locked: round 1 has been seated. Ask a judge to change your list.")
            )
        text = data.get("text", "")
        for field in ("cfd", "dek"):
            if data.get(field):
                try:
                    text = decklist_from_file(f"deck.{field}", data[field].encode("utf-8"))
                except DjangoValidationError as error:
                    raise ValidationError({field: error.messages}) from None
        decklist, check, changed = save_decklist(
            registration,
            request.user,
            text,
            data.get("sideboard_text", ""),
            data.get("reason", ""),
            data["sideboard_opt_out"],
        )
        messages = check.messages()
        return Response(
            {
                "player_number": registration.player.player_number,
                "status": decklist.status,
                "changed": changed,
                "cards": check.card_count,
                "text": decklist.text,
                "problems": [
                    {
                        **{k: m[k] for k in ("code", "message", "line", "blocking")},
                        "suggestions": m["items"],
                    }
                    for m in messages
                ],
            }
        )
