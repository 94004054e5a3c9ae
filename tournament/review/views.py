"""Ranking review pages: the organizer submits, ranking officers review (SPEC §9)."""

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, View

from tournament.accounts.roles import is_ranking_officer
from tournament.events.permissions import EventRole, require
from tournament.events.views_mixins import EventMixin
from tournament.ranking.models import scoring_form_due
from tournament.review import evidence, services
from tournament.standings import reading


def _officers_only(user) -> None:
    require(is_ranking_officer(user), _("Only ranking officers review scoring forms."))


class SubmitView(EventMixin, View):
    """The organizer submits the finished event's scoring form for review."""

    required_role = EventRole.ORGANIZER

    def post(self, request, *args, **kwargs):
        try:
            services.submit(self.event, request.user, request.POST.get("reply", "")[:2000])
            messages.success(
                request,
                _("Scoring form submitted: the event is frozen until an officer reviews it."),
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        return redirect("review:event", event_id=self.event.pk)


class ReviewView(LoginRequiredMixin, EventMixin, TemplateView):
    """The review page: the stored scoring form, matched players, flags and decisions.

    Ranking officers review here; the event's organizer sees the state and every decision."""

    template_name = "review/review.html"

    def get_context_data(self, **kwargs):
        officer = is_ranking_officer(self.request.user)
        require(
            officer or self.role >= EventRole.ORGANIZER, _("Only ranking officers see reviews.")
        )
        context = super().get_context_data(**kwargs)
        review = services.review_of(self.event)
        persons = evidence.people(self.event)
        context.update(
            officer=officer,
            review=review,
            decisions=review.decisions.select_related("by__player") if review else [],
            scoring=reading.scoring_of(self.event),
            due_date=scoring_form_due(self.event),
            players=[p for p in persons if p.place is not None],
            officials=[p for p in persons if p.place is None],
            flags=evidence.flags(self.event, persons) if officer else [],
            can_decide=officer and review is not None and review.frozen,
            changes=services.ranking_changes(self.event),
            confirmable=services.confirmable_officials(self.event),
            counted=services.counted_officials(self.event, review),
        )
        return context


class DecideView(LoginRequiredMixin, EventMixin, View):
    """A ranking officer accepts or returns (with a reason) a submitted scoring form."""

    def post(self, request, *args, **kwargs):
        _officers_only(request.user)
        decision = request.POST.get("decision")
        reason = request.POST.get("reason", "")
        try:
            if decision == "accept":
                officials = [int(v) for v in request.POST.getlist("official") if v.isdigit()]
                services.accept(self.event, request.user, reason, officials)
                messages.success(request, _("Accepted: the event's points now count."))
            elif decision == "return":
                services.return_form(self.event, request.user, reason)
                messages.success(request, _("Returned to the organizer with your reason."))
            else:
                messages.error(request, _("Choose to accept or to return the scoring form."))
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        return redirect("review:event", event_id=self.event.pk)


class QueueView(LoginRequiredMixin, TemplateView):
    """Scoring forms awaiting a ranking officer, oldest first."""

    template_name = "review/queue.html"

    def get_context_data(self, **kwargs):
        _officers_only(self.request.user)
        context = super().get_context_data(**kwargs)
        context["reviews"] = services.queue()
        return context
