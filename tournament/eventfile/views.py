"""Event file pages: download an event as its file (officials), import a file (signed in)."""

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView

from scoring.eventfile import EventFileError
from tournament.eventfile.forms import ImportForm
from tournament.eventfile.messages import issue_line
from tournament.eventfile.services import export_text, import_event
from tournament.events.permissions import Role, player_of
from tournament.events.views_mixins import EventMixin


def export_filename(event) -> str:
    """A download name like ``autumn-open-2026-11-21.json``."""
    name = slugify(event.name) or f"event-{event.pk}"
    return f"{name}-{event.date.isoformat()}.json"


class ExportView(EventMixin, View):
    """The event's canonical event file, as a download (organizer and judges)."""

    required_role = Role.JUDGE

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
        warnings: list[str] = []
        try:
            event = import_event(
                form.cleaned_data["file"], player_of(self.request.user), warnings=warnings
            )
        except EventFileError as error:
            form.add_error(None, _("This is not a valid event file; nothing was imported."))
            for issue in error.issues:
                form.add_error("file", issue_line(issue))
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("Event “%(name)s” imported; you are its organizer.") % {"name": event.name},
        )
        for warning in warnings:
            messages.warning(self.request, warning)
        return redirect(event.get_absolute_url())
