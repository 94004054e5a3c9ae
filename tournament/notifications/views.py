"""Notification pages: a person's settings, one-click unsubscribe, an event's sent log, and
the JSON endpoints with which a browser turns Web Push on or off."""

import json

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import HttpRequest, JsonResponse
from django.shortcuts import render
from django.urls import reverse_lazy
from django.utils.decorators import method_decorator
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import View
from django.views.decorators.csrf import csrf_exempt
from django.views.generic import ListView, UpdateView

from tournament.events.permissions import EventRole
from tournament.events.views_mixins import EventMixin
from tournament.notifications import push, services
from tournament.notifications.forms import PreferencesForm
from tournament.notifications.models import Message, Preferences, PushSubscription

LOG_PAGE_SIZE = 100


class PreferencesView(LoginRequiredMixin, UpdateView):
    form_class = PreferencesForm
    template_name = "notifications/preferences.html"
    success_url = reverse_lazy("notifications:preferences")

    def get_object(self, queryset=None) -> Preferences:
        found = Preferences.objects.filter(user=self.request.user).first()
        return found or Preferences(user=self.request.user, language=get_language())

    def form_valid(self, form):
        messages.success(self.request, _("Notification settings saved."))
        return super().form_valid(form)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        endpoints = PushSubscription.objects.filter(user=self.request.user)
        context["push_public_key"] = push.public_key()
        # push.js tells whether this browser's subscription is one of them.
        context["push_endpoints"] = json.dumps(list(endpoints.values_list("endpoint", flat=True)))
        return context


# Larger than any subscription a browser makes; anything bigger is refused unread.
PUSH_BODY_BYTES = 4096


def _json_body(request: HttpRequest):
    """The request's JSON body; InvalidSubscription("body") if it is not JSON."""
    if len(request.body) > PUSH_BODY_BYTES:
        raise push.InvalidSubscription("body", _("The request is too large."))
    try:
        return json.loads(request.body)
    except (ValueError, RecursionError) as error:  # not UTF-8, not JSON, nested too deep
        raise push.InvalidSubscription(
            "body", _("Send the subscription as a JSON object.")
        ) from error


def _refused(error: push.InvalidSubscription) -> JsonResponse:
    return JsonResponse({"field": error.field, "error": str(error)}, status=400)


class PushSubscribeView(LoginRequiredMixin, View):
    """POST the browser's `PushSubscription.toJSON()`: this browser gets the person's
    notifications. 400 names the bad field; 404 when the site offers no Web Push."""

    raise_exception = True  # a script's request: 403, not the login page

    def post(self, request):
        if not push.offered():
            message = _("Phone notifications are not offered on this site.")
            return JsonResponse({"error": message}, status=404)
        try:
            fields = push.clean(_json_body(request))
        except push.InvalidSubscription as error:
            return _refused(error)
        push.subscribe(request.user, **fields)
        return JsonResponse({"subscribed": True}, status=201)


class PushUnsubscribeView(LoginRequiredMixin, View):
    """POST {"endpoint": ...}: this browser no longer gets the person's notifications."""

    raise_exception = True

    def post(self, request):
        try:
            data = _json_body(request)
        except push.InvalidSubscription as error:
            return _refused(error)
        endpoint = data.get("endpoint") if isinstance(data, dict) else None
        if not isinstance(endpoint, str) or not endpoint.strip():
            return _refused(
                push.InvalidSubscription("endpoint", _("The subscription has no endpoint."))
            )
        removed = push.unsubscribe(request.user, endpoint.strip())
        return JsonResponse({"removed": removed})


@method_decorator(csrf_exempt, name="dispatch")  # RFC 8058: a mail app posts with no form
class UnsubscribeView(View):
    """The link in every e-mail: GET asks, POST turns that kind of e-mail off."""

    template_name = "notifications/unsubscribe.html"

    def get(self, request, token: str):
        return self._page(request, token, done=False)

    def post(self, request, token: str):
        return self._page(request, token, done=services.unsubscribe(token) is not None)

    def _page(self, request, token: str, done: bool):
        kind = services.token_kind(token)
        if kind is None:
            return render(request, self.template_name, {"invalid": True}, status=404)
        return render(request, self.template_name, {"kind": kind, "done": done})


class EventLogView(EventMixin, ListView):
    """What was sent to whom for this event (its organizer)."""

    required_role = EventRole.ORGANIZER
    template_name = "notifications/event_log.html"
    paginate_by = LOG_PAGE_SIZE
    context_object_name = "sent"

    def get_queryset(self):
        return Message.objects.filter(event=self.event).select_related("recipient__player")
