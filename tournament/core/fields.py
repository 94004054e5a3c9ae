"""Form fields that choose rows: a sent value that cannot be a key is an invalid choice.

Django's model choice fields pass the sent text to the query; a number of more digits than
the key column holds is then a database error (a 500), not "no such choice"."""

from django import forms
from django.core.exceptions import ValidationError

from tournament.core.params import is_id


class RowChoiceField(forms.ModelChoiceField):
    def to_python(self, value):
        if value not in self.empty_values and not is_id(value):
            raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        return super().to_python(value)


class RowsChoiceField(forms.ModelMultipleChoiceField):
    def _check_values(self, value):
        for pk in value:
            if not is_id(pk):
                raise ValidationError(
                    self.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": pk},
                )
        return super()._check_values(value)
