"""URLs of the event file: download (officials) and import (signed-in users)."""

from django.urls import path

from tournament.eventfile import views

app_name = "eventfile"

urlpatterns = [
    path("events/import/", views.ImportView.as_view(), name="import"),
    path("events/import/batch/", views.BatchImportView.as_view(), name="batch_import"),
    path("events/import/batch/<str:batch_id>/", views.BatchView.as_view(), name="batch"),
    path("events/import/<str:job_id>/", views.ImportJobView.as_view(), name="import_job"),
    path("events/<row:event_id>/export.json", views.ExportView.as_view(), name="export"),
]
