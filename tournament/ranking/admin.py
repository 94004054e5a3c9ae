from django.contrib import admin

from tournament.ranking.models import ScoringFormSubmission


@admin.register(ScoringFormSubmission)
class ScoringFormSubmissionAdmin(admin.ModelAdmin):
    list_display = ("event", "submitted_at", "submitted_by")
    raw_id_fields = ("event", "submitted_by")
