"""An event's webhook subscriptions through the API (the event's organizer, scope
`organize`), as the event's Webhooks page keeps them (`webhooks/forms.py: WebhookForm`
checks the fields; a destination must be a public address): list, create, read, delete,
rotate the signing secret, and send a test delivery."""

from __future__ import annotations

from django.db import transaction
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from tournament.accounts.models import ApiToken
from tournament.api.organize import OrganizeView
from tournament.api.writes import _valid
from tournament.events.permissions import player_of
from tournament.webhooks import services
from tournament.webhooks.forms import WebhookForm
from tournament.webhooks.models import Format, Kind, Webhook, new_secret


class WebhookOut(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField(help_text="the receiver's address")
    kinds = serializers.ListField(child=serializers.ChoiceField(choices=Kind.values))
    format = serializers.ChoiceField(choices=Format.values)
    language = serializers.CharField()
    active = serializers.BooleanField()
    secret = serializers.CharField(help_text="the signing secret (HMAC-SHA256)")
    standard_secret = serializers.CharField(help_text="the secret as Standard Webhooks take it")
    created_at = serializers.DateTimeField()


class WebhookIn(serializers.Serializer):
    url = serializers.URLField(max_length=500)
    kinds = serializers.ListField(
        child=serializers.ChoiceField(choices=Kind.values), min_length=1, required=False
    )
    format = serializers.ChoiceField(choices=Format.values, required=False)
    language = serializers.CharField(max_length=10, required=False)


class DeliveryOut(serializers.Serializer):
    id = serializers.UUIDField(help_text="the delivery's `webhook-id`")
    kind = serializers.CharField()
    state = serializers.CharField(help_text="pending, delivered or failed")


def hook_data(hook: Webhook) -> dict:
    return {
        "id": hook.pk,
        "url": hook.url,
        "kinds": hook.kinds,
        "format": hook.format,
        "language": hook.language,
        "active": hook.active,
        "secret": hook.secret,
        "standard_secret": hook.standard_secret,
        "created_at": serializers.DateTimeField().to_representation(hook.created_at),
    }


class HookView(OrganizeView):
    scope = ApiToken.Scope.ORGANIZE
    no_store = True  # signing secrets

    def hook(self) -> Webhook:
        event = self.organized_event()
        return get_object_or_404(Webhook, pk=self.kwargs["webhook_id"], event=event)


class WebhookList(HookView):
    """The event's webhooks (GET) and a new one (POST; every kind when `kinds` is left out)."""

    @extend_schema(responses={200: WebhookOut(many=True)})
    def get(self, request, event_id: int):
        return Response([hook_data(h) for h in self.organized_event().webhooks.all()])

    @extend_schema(
        request=WebhookIn,
        responses={201: WebhookOut},
        examples=[
            OpenApiExample(
                "A Discord channel",
                value={
                    "url": "https://discord.com/api/webhooks/1/abc",
                    "format": "discord",
                    "kinds": ["round.published", "event.finished"],
                },
                request_only=True,
            )
        ],
    )
    def post(self, request, event_id: int):
        event = self.organized_event()
        fields = {"kinds": Kind.values, **_valid(WebhookIn, request)}
        form = WebhookForm(data=fields)
        if not form.is_valid():
            raise ValidationError({name: list(errors) for name, errors in form.errors.items()})
        form.instance.event = event
        form.instance.created_by = player_of(request.user)
        return Response(hook_data(form.save()), status=status.HTTP_201_CREATED)


class WebhookDetail(HookView):
    """One webhook (GET), removed (DELETE; its deliveries go with it)."""

    @extend_schema(responses={200: WebhookOut})
    def get(self, request, event_id: int, webhook_id: int):
        return Response(hook_data(self.hook()))

    @extend_schema(responses={204: None})
    def delete(self, request, event_id: int, webhook_id: int):
        self.hook().delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class RotateSecret(HookView):
    """A new signing secret at once; the old one signs nothing from now on."""

    @extend_schema(request=None, responses={200: WebhookOut})
    def post(self, request, event_id: int, webhook_id: int):
        hook = self.hook()
        hook.secret = new_secret()
        hook.save(update_fields=["secret"])
        return Response(hook_data(hook))


class TestDelivery(HookView):
    """Queue a signed `webhook.test` delivery to the hook (its format, signatures and
    retries as any other); the answer names the delivery, whose outcome is in the log."""

    @extend_schema(request=None, responses={202: DeliveryOut})
    def post(self, request, event_id: int, webhook_id: int):
        with transaction.atomic():
            delivery = services.send_test(self.hook())
        delivery.refresh_from_db()
        return Response(
            {"id": delivery.uid, "kind": delivery.kind, "state": delivery.state},
            status=status.HTTP_202_ACCEPTED,
        )
