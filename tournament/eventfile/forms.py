"""The upload form of the event file import page."""

from django import forms
from django.utils.translation import gettext_lazy as _

# An event file of hundreds of players is a few hundred kilobytes.
MAX_FILE_BYTES = 5 * 1024 * 1024


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("Event file"),
        help_text=_("A spellfire-event/1 JSON file, as exported from an event's page."),
    )

    def clean_file(self) -> bytes:
        """The uploaded file's bytes (refused when too large)."""
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                _("The file is too large (at most %(mb)d MB).")
                % {"mb": MAX_FILE_BYTES // (1024 * 1024)}
            )
        return upload.read()


# A zip of past years: a few hundred event files, compressed.
MAX_ZIP_BYTES = 50 * 1024 * 1024


class BatchImportForm(forms.Form):
    archive = forms.FileField(
        label=_("Zip of event files"),
        help_text=_(
            "A .zip of spellfire-event/1 JSON files (past events); each is imported and "
            "checked on its own and waits for a ranking officer's review."
        ),
    )

    def clean_archive(self) -> bytes:
        upload = self.cleaned_data["archive"]
        if upload.size > MAX_ZIP_BYTES:
            raise forms.ValidationError(
                _("The zip is too large (at most %(mb)d MB).")
                % {"mb": MAX_ZIP_BYTES // (1024 * 1024)}
            )
        return upload.read()
