"""Input fields as strict as the schema says: what the schema calls a boolean is `true` or
`false` (the JSON values; a form's "true"/"false"), never `0`, `1` or "yes"."""

from __future__ import annotations

from rest_framework import serializers


class StrictBooleanField(serializers.BooleanField):
    TRUE_VALUES = {"true", "True"}
    FALSE_VALUES = {"false", "False"}

    def to_internal_value(self, data):
        if isinstance(data, bool):
            return data
        if isinstance(data, str) and data in self.TRUE_VALUES:
            return True
        if isinstance(data, str) and data in self.FALSE_VALUES:
            return False
        self.fail("invalid", input=data)
