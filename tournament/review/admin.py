from django.contrib import admin

from tournament.core.admin import ReadOnlyAdmin
from tournament.review.models import ReviewDecision, ScoringReview


class ReviewDecisionInline(admin.TabularInline):
    model = ReviewDecision
    extra = 0
    readonly_fields = ("action", "by", "at", "reason")
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False  # decisions are made on the review page, where they are recorded


@admin.register(ScoringReview)
class ScoringReviewAdmin(ReadOnlyAdmin):
    """Reviews are read here and decided on the review page (`review.services`), which
    records every decision and re-totals the ranking; ranking officers are managed as the
    "Ranking officers" group on each user's page."""

    list_display = ("event", "state", "updated_at")
    list_filter = ("state",)
    inlines = [ReviewDecisionInline]
