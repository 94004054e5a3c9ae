"""Notification pages: a person's settings, one-click unsubscribe, an event's sent log."""

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
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
from tournament.notifications import services
from tournament.notifications.forms import PreferencesForm
from tournament.notifications.models import Message, Preferences

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
