"""OpenAPI post-processing: every operation documents its JSON 404 (and 400 for bad queries)."""

ERROR = {
    "type": "object",
    "properties": {"detail": {"type": "string"}},
    "required": ["detail"],
}
# DRF validation errors: field (or "non_field_errors") → messages.
VALIDATION_ERROR = {"type": "object", "additionalProperties": {"type": "array", "items": {}}}


def _response(description: str, ref: str) -> dict:
    schema = {"$ref": f"#/components/schemas/{ref}"}
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def document_errors(result: dict, generator, request, public: bool) -> dict:
    """Add the `Error` and `ValidationError` components and the responses that use them."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["Error"] = ERROR
    schemas["ValidationError"] = VALIDATION_ERROR
    for path_item in result.get("paths", {}).values():
        for operation in path_item.values():
            responses = operation.setdefault("responses", {})
            responses.setdefault("404", _response("Not found", "Error"))
            if any(p.get("in") == "query" for p in operation.get("parameters", [])):
                responses.setdefault("400", _response("Invalid query parameter", "ValidationError"))
    return result
