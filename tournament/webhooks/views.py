"""The organizer's webhooks of an event and their delivery log."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.generic import FormView, ListView, View

from tournament.events.permissions import EventRole, player_of
from tournament.events.views_mixins import EventMixin
from tournament.webhooks import services
from tournament.webhooks.forms import WebhookForm
from tournament.webhooks.models import Delivery, Webhook


class WebhookListView(EventMixin, FormView):
    """Registered hooks (with their signing secrets) and a form to add one."""

    required_role = EventRole.ORGANIZER
    template_name = "webhooks/webhooks.html"
    form_class = WebhookForm

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["webhooks"] = self.event.webhooks.all()
        return context

    def form_valid(self, form):
        form.instance.event = self.event
        form.instance.created_by = player_of(self.request.user)
        form.save()
        messages.success(self.request, _("Webhook added."))
        return redirect("webhooks:list", self.event.pk)


class WebhookDeleteView(EventMixin, View):
    required_role = EventRole.ORGANIZER

    def post(self, request, *args, **kwargs):
        get_object_or_404(Webhook, pk=kwargs["webhook_id"], event=self.event).delete()
        messages.success(request, _("Webhook removed."))
        return redirect("webhooks:list", self.event.pk)


class DeliveryLogView(EventMixin, ListView):
    """Every delivery of the event's hooks, newest first, with the receiver's answer."""

    required_role = EventRole.ORGANIZER
    template_name = "webhooks/deliveries.html"

    def get_queryset(self):
        deliveries = Delivery.objects.filter(webhook__event=self.event)
        return deliveries.select_related("webhook")[:200]


class DeliveryRetryView(EventMixin, View):
    """Send a pending or failed delivery again now."""

    required_role = EventRole.ORGANIZER

    def post(self, request, *args, **kwargs):
        delivery = get_object_or_404(Delivery, pk=kwargs["delivery_id"], webhook__event=self.event)
        if delivery.state != Delivery.State.DELIVERED:
            # due now (a retry scheduled for later would otherwise keep it: `services.claim`)
            Delivery.objects.filter(pk=delivery.pk).update(
                state=Delivery.State.PENDING, next_attempt_at=None
            )
            delivery.state = Delivery.State.PENDING
            services.enqueue(delivery)
            messages.success(request, _("Delivery queued again."))
        return redirect("webhooks:deliveries", self.event.pk)
