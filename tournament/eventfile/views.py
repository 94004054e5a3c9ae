"""Event file pages: download an event as its file (officials), import a file (signed in)."""

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView

from scoring.eventfile import EventFileError
from scoring.eventlimits import cap_issues
from tournament.accounts.roles import is_ranking_officer
from tournament.core.issues import issue_line
from tournament.eventfile import batch, jobs
from tournament.eventfile.forms import BatchImportForm, ImportForm
from tournament.eventfile.services import export_text, import_event
from tournament.events.permissions import EventRole, player_of
from tournament.events.views_mixins import EventMixin


def export_filename(event) -> str:
    """A download name like ``autumn-open-2026-11-21.json``."""
    name = slugify(event.name) or f"event-{event.pk}"
    return f"{name}-{event.date.isoformat()}.json"


class ExportView(EventMixin, View):
    """The event's canonical event file, as a download (organizer and judges)."""

    required_role = EventRole.JUDGE

    def get(self, request, *args, **kwargs):
        response = HttpResponse(
            export_text(self.event).encode("utf-8"), content_type="application/json; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="{export_filename(self.event)}"'
        return response


class ImportView(LoginRequiredMixin, FormView):
    """Upload an event file: the new event is organized by the uploader."""

    form_class = ImportForm
    template_name = "eventfile/import.html"

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and player_of(request.user) is None:
            raise PermissionDenied(_("Your account has no player profile."))
        return super().dispatch(request, *args, **kwargs)

    def form_valid(self, form):
        if len(form.cleaned_data["file"]) > jobs.BACKGROUND_BYTES:  # a big file: in the background
            job = jobs.start(form.cleaned_data["file"], self.request.user.pk)
            return redirect("eventfile:import_job", job_id=job.id)
        warnings: list[str] = []
        try:
            event = import_event(
                form.cleaned_data["file"], player_of(self.request.user), warnings=warnings
            )
        except EventFileError as error:
            form.add_error(None, _("This is not a valid event file; nothing was imported."))
            for issue in cap_issues(list(error.issues)):
                form.add_error("file", issue_line(issue))
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("Event “%(name)s” imported; you are its organizer.") % {"name": event.name},
        )
        for warning in warnings:
            messages.warning(self.request, warning)
        return redirect(event.get_absolute_url())


class ImportJobView(LoginRequiredMixin, View):
    """The progress of a background import (its uploader only); polls until it finishes."""

    def get(self, request, job_id: str):
        job = jobs.load(job_id)
        if job is None or job.user_id != request.user.pk:
            raise Http404(_("There is no such import."))
        if job.state == jobs.JobState.DONE and not request.htmx:
            messages.success(request, _("The event file is imported; you are its organizer."))
            for warning in job.warnings:
                messages.warning(request, warning)
            return redirect(job.event_url)
        if job.state == jobs.JobState.DONE:
            response = HttpResponse(status=204)
            response["HX-Redirect"] = request.path  # a full page load shows the messages
            return response
        template = "eventfile/_import_job.html" if request.htmx else "eventfile/import_job.html"
        return TemplateResponse(request, template, {"job": job})


class OfficerOnlyMixin(LoginRequiredMixin):
    """Ranking officers only (they bring past years into the ranking)."""

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and not is_ranking_officer(request.user):
            raise PermissionDenied(_("Only ranking officers import a zip of past events."))
        return super().dispatch(request, *args, **kwargs)


class BatchImportView(OfficerOnlyMixin, FormView):
    """Upload a zip of past event files: one import per file, then the batch's page."""

    form_class = BatchImportForm
    template_name = "eventfile/batch_import.html"

    def form_valid(self, form):
        if player_of(self.request.user) is None:
            form.add_error(None, _("Your account has no player profile."))
            return self.form_invalid(form)
        try:
            found = batch.start(form.cleaned_data["archive"], self.request.user.pk)
        except batch.BatchError as error:
            form.add_error("archive", str(error))
            return self.form_invalid(form)
        return redirect("eventfile:batch", batch_id=found.id)


class BatchView(OfficerOnlyMixin, View):
    """Where each file of a batch stands; polls until every import has finished."""

    def get(self, request, batch_id: str):
        found = batch.load(batch_id)
        if found is None or found.user_id != request.user.pk:
            raise Http404(_("There is no such import."))
        rows = found.jobs()
        context = {
            "batch": found,
            "rows": rows,
            "done": sum(1 for _name, job in rows if job and job.state == jobs.JobState.DONE),
            "failed": sum(
                1 for _name, job in rows if job is None or job.state == jobs.JobState.FAILED
            ),
            "finished": all(job is None or job.finished or job.is_stale for _name, job in rows),
        }
        template = "eventfile/_batch.html" if request.htmx else "eventfile/batch.html"
        return TemplateResponse(request, template, context)
