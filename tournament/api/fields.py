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


# A JSON body's values must have the schema's types: Django REST framework's fields also
# take 5 for a text, "5" for a whole number or "3" for the choice 3, which the schema
# (and so a generated client) calls invalid. Checked before a serializer reads the body;
# the refusals are Django REST framework's own (translated) messages.
NOT_TEXT = serializers.CharField.default_error_messages["invalid"]
_SCALARS: list[tuple[type, tuple[type, ...], str | None]] = [
    (serializers.BooleanField, (bool,), None),
    (serializers.IntegerField, (int,), None),
    (serializers.FloatField, (int, float), None),
    (serializers.CharField, (str,), None),
    (serializers.UUIDField, (str,), None),
    (serializers.DateField, (str,), NOT_TEXT),
    (serializers.DateTimeField, (str,), NOT_TEXT),
    (serializers.TimeField, (str,), NOT_TEXT),
]


def _of_type(value, types: tuple[type, ...]) -> bool:
    return isinstance(value, types) and (bool in types or not isinstance(value, bool))


def _scalar_error(field, value) -> str | None:
    if isinstance(field, serializers.ChoiceField):
        kinds = tuple({type(key) for key in field.choices}) or (str,)
        if _of_type(value, kinds):
            return None
        return str(field.error_messages["invalid_choice"]).format(input=value)
    for kind, types, message in _SCALARS:
        if isinstance(field, kind):
            wrong = message or field.error_messages["invalid"]
            return None if _of_type(value, types) else str(wrong)
    return None


def _walked(items, child) -> dict | None:
    errors = {key: error for key, item in items if (error := json_type_errors(child, item))}
    return errors or None


def json_type_errors(field, value):
    """The refusal of a value whose JSON type is not the field's (nested serializers, lists
    and maps walked), or None; a null is left to the field (allow_null)."""
    if value is None or field.read_only:
        return None
    if isinstance(field, serializers.ListSerializer | serializers.ListField):
        if not isinstance(value, list):
            return [str(field.error_messages["not_a_list"]).format(input_type=type(value).__name__)]
        return _walked(enumerate(value), field.child)
    if isinstance(field, serializers.DictField):
        if not isinstance(value, dict):
            return [str(field.error_messages["not_a_dict"]).format(input_type=type(value).__name__)]
        return _walked(value.items(), field.child)
    if isinstance(field, serializers.BaseSerializer):
        if not isinstance(value, dict):
            return None  # the serializer's own "expected a dictionary"
        fields = field.fields
        errors = {
            name: error
            for name, item in value.items()
            if name in fields and (error := json_type_errors(fields[name], item))
        }
        return errors or None
    message = _scalar_error(field, value)
    return [message] if message else None


def json_type_refusals(serializer, data) -> dict[str, list[str]]:
    """`json_type_errors` of a body by the path of each refused value ("player_numbers.1",
    as a bulk call names its rows)."""
    flat: dict[str, list[str]] = {}

    def walk(prefix: str, errors) -> None:
        if isinstance(errors, dict):
            for key, value in errors.items():
                walk(f"{prefix}.{key}" if prefix else str(key), value)
        else:
            flat[prefix] = errors

    walk("", json_type_errors(serializer, data) or {})
    return flat
