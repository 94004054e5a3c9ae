"""Template helpers of the ranking review: the officer nav link and an event's review status."""

from django import template

from tournament.accounts import roles
from tournament.events.choices import Status
from tournament.events.permissions import EventRole
from tournament.review import services
from tournament.review.models import ReviewState

register = template.Library()


@register.filter
def is_ranking_officer(user) -> bool:
    return roles.is_ranking_officer(user)


@register.inclusion_tag("review/_status.html", takes_context=True)
def review_status(context, event, link: bool = True) -> dict:
    """The event's review state, the organizer's submit button and the return reason."""
    user = context["request"].user
    role = context.get("role", EventRole.PUBLIC)
    organizer = role >= EventRole.ORGANIZER
    review = services.cached_review(event) if event.status == Status.FINISHED else None
    state = review.state if review else None
    return {
        "event": event,
        "review": review,
        "csrf_token": context.get("csrf_token"),
        "can_submit": organizer
        and event.status == Status.FINISHED
        and event.has_scoring_form
        and state in services.SUBMITTABLE,
        "returned": review.last_return() if organizer and state == ReviewState.RETURNED else None,
        # An event without a scoring form (unscored, or one-on-one) has nothing to review.
        "can_see": (organizer or roles.is_ranking_officer(user))
        and (review is not None or event.has_scoring_form),
        "link": link,
    }
