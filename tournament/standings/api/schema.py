"""OpenAPI post-processing: every operation documents its errors in the one `Error` shape."""

ERROR = {
    "type": "object",
    "description": "Every error of the API: a text, a code, and the refused fields (400).",
    "properties": {
        "detail": {"type": "string"},
        "code": {"type": "string"},
        "fields": {
            "type": "object",
            "additionalProperties": {"type": "array", "items": {"type": "string"}},
        },
    },
    "required": ["detail", "code"],
}


def _response(description: str, ref: str) -> dict:
    schema = {"$ref": f"#/components/schemas/{ref}"}
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _too_many() -> dict:
    response = _response("Too many requests: retry after the given seconds", "Error")
    response["headers"] = {"Retry-After": {"schema": {"type": "integer"}}}
    return response


def document_errors(result: dict, generator, request, public: bool) -> dict:
    """Add the `Error` component and the responses that use it: 404 and 429 everywhere, 400
    where a query or a body is read, 401/403 where a token or a session is needed."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["Error"] = ERROR
    for path_item in result.get("paths", {}).values():
        for operation in path_item.values():
            responses = operation.setdefault("responses", {})
            responses.setdefault("404", _response("Not found", "Error"))
            responses.setdefault("429", _too_many())
            if operation.get("security") and {} not in operation["security"]:
                responses.setdefault("401", _response("No valid token or session", "Error"))
                responses.setdefault("403", _response("Not allowed (scope or role)", "Error"))
            if "requestBody" in operation:
                responses.setdefault("400", _response("Invalid input", "Error"))
            if operation is path_item.get("post"):
                conflict = "The event's current state refuses it (code `conflict`)"
                responses.setdefault("409", _response(conflict, "Error"))
            if any(p.get("in") == "query" for p in operation.get("parameters", [])):
                responses.setdefault("400", _response("Invalid query parameter", "Error"))
    return result
