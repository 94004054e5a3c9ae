"""OpenAPI post-processing: every operation documents its errors in the one `Error` shape,
and answers that name other objects carry OpenAPI `links` to the operations that read or act
on them (a list to its items' details, a seated round to its brackets)."""

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


def _json_only(body: dict) -> None:
    """The API is documented as JSON: a body is JSON (the form encodings Django REST
    framework also parses are left out, so generated clients send JSON)."""
    content = body.get("content", {})
    if "application/json" in content:
        body["content"] = {"application/json": content["application/json"]}


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
                _json_only(operation["requestBody"])
            if operation is path_item.get("post"):
                conflict = "The event's current state refuses it (code `conflict`)"
                responses.setdefault("409", _response(conflict, "Error"))
            if any(p.get("in") == "query" for p in operation.get("parameters", [])):
                responses.setdefault("400", _response("Invalid query parameter", "Error"))
    add_links(result)
    return result


API = "/api/v1"
EVENT = f"{API}/events/{{event_id}}"
REGISTRATION = f"{EVENT}/registrations/{{player_number}}"
ROUND = f"{EVENT}/rounds/{{number}}"
BRACKET = f"{EVENT}/brackets/{{bracket_id}}"
SAME_EVENT = "$request.path.event_id"

# (path, method, status) of an answer → the operations its values lead to: (name, path,
# method, {parameter: runtime expression}). A list's link follows its first item.
LINKS: dict[tuple[str, str, str], list[tuple[str, str, str, dict[str, str]]]] = {}


def _link(source: tuple[str, str, str], name: str, path: str, method: str, **params: str) -> None:
    LINKS.setdefault(source, []).append((name, path, method, params))


def _event_links(source: tuple[str, str, str], event_id: str, public: bool) -> None:
    """What an answer naming an event leads to: its organizer's operations, and its public
    reads when the answer names published events (an organizer's answer may be a draft)."""
    reads = [
        ("event", f"{EVENT}/", "get"),
        ("rounds", f"{EVENT}/rounds/", "get"),
        ("registrations", f"{EVENT}/registrations/", "get"),
        ("standings", f"{EVENT}/standings/", "get"),
    ]
    for name, path, method in [
        *(reads if public else []),
        ("settings", f"{EVENT}/settings/", "get"),
        ("edit", f"{EVENT}/settings/", "post"),
        ("status", f"{EVENT}/status/", "post"),
        ("judges", f"{EVENT}/judges/", "post"),
        ("register", f"{EVENT}/registrations/new/", "post"),
        ("import", f"{EVENT}/registrations/import/", "post"),
        ("seat_round", f"{EVENT}/rounds/seat/", "post"),
        ("pending_entries", f"{EVENT}/entries/", "get"),
        ("finish", f"{EVENT}/finish/", "post"),
        ("scoring_form", f"{EVENT}/scoring-form/", "post"),
    ]:
        _link(source, name, path, method, event_id=event_id)


def _round_links(source: tuple[str, str, str], number: str, bracket_id: str | None) -> None:
    """What an answer naming a round (and its first bracket) leads to; the public seating
    only from the public list (a round just seated is hidden until published)."""
    seating = [("seating", f"{ROUND}/seating/", "get")] if bracket_id is None else []
    for name, path, method in [
        ("round", f"{ROUND}/", "get"),
        *seating,
        ("reseat", f"{ROUND}/reseat/", "post"),
        ("publish", f"{ROUND}/publish/", "post"),
        ("close", f"{ROUND}/close/", "post"),
        ("reopen", f"{ROUND}/reopen/", "post"),
        ("start_timer", f"{ROUND}/timer/start/", "post"),
        ("call_time", f"{ROUND}/timer/call/", "post"),
    ]:
        _link(source, name, path, method, event_id=SAME_EVENT, number=number)
    if bracket_id:
        _bracket_links(source, bracket_id)


def _bracket_links(source: tuple[str, str, str], bracket_id: str) -> None:
    for name, path, method in [
        ("bracket", f"{BRACKET}/", "get"),
        ("entries", f"{BRACKET}/entries/", "get"),
        ("enter_game", f"{BRACKET}/entries/", "post"),
    ]:
        _link(source, name, path, method, event_id=SAME_EVENT, bracket_id=bracket_id)


def _registration_links(source: tuple[str, str, str], number: str) -> None:
    _link(source, "player", f"{API}/players/{{player_number}}/", "get", player_number=number)
    for name, path in [
        ("check_in", f"{REGISTRATION}/check-in/"),
        ("drop", f"{REGISTRATION}/drop/"),
        ("decklist", f"{REGISTRATION}/decklist/"),
    ]:
        _link(source, name, path, "post", event_id=SAME_EVENT, player_number=number)


_event_links((f"{API}/events/", "get", "200"), "$response.body#/results/0/id", public=True)
for _source in [
    (f"{API}/events/", "post", "201"),
    (f"{EVENT}/settings/", "get", "200"),
    (f"{EVENT}/settings/", "post", "200"),
    (f"{EVENT}/status/", "post", "200"),
]:
    _event_links(_source, "$response.body#/id", public=False)
_round_links((f"{EVENT}/rounds/", "get", "200"), "$response.body#/0/number", None)
for _source in [
    (f"{EVENT}/rounds/seat/", "post", "201"),
    (f"{ROUND}/reseat/", "post", "200"),
    (f"{ROUND}/", "get", "200"),
]:
    _round_links(_source, "$response.body#/number", "$response.body#/brackets/0/id")
_bracket_links((f"{ROUND}/seating/", "get", "200"), "$response.body#/brackets/0/id")
_registration_links(
    (f"{EVENT}/registrations/", "get", "200"), "$response.body#/results/0/player_number"
)
_registration_links((f"{EVENT}/registrations/new/", "post", "201"), "$response.body#/player_number")
_link(
    (f"{EVENT}/entries/", "get", "200"),
    "confirm",
    f"{BRACKET}/entries/{{entry_id}}/confirm/",
    "post",
    event_id=SAME_EVENT,
    bracket_id="$response.body#/0/bracket",
    entry_id="$response.body#/0/id",
)
for _status, _entry in [("200", "$response.body#/0/id"), ("201", "$response.body#/id")]:
    _link(
        (f"{BRACKET}/entries/", "get" if _status == "200" else "post", _status),
        "confirm",
        f"{BRACKET}/entries/{{entry_id}}/confirm/",
        "post",
        event_id=SAME_EVENT,
        bracket_id="$request.path.bracket_id",
        entry_id=_entry,
    )
for _list, _number in [
    (f"{API}/ranking/", "$response.body#/results/0/player_number"),
    (f"{EVENT}/standings/", "$response.body#/results/0/player_number"),
]:
    _link(
        (_list, "get", "200"),
        "player",
        f"{API}/players/{{player_number}}/",
        "get",
        player_number=_number,
    )
_link(
    (f"{API}/leagues/", "get", "200"),
    "league",
    f"{API}/leagues/{{league_id}}/",
    "get",
    league_id="$response.body#/results/0/id",
)


def add_links(result: dict) -> None:
    """Put `LINKS` in the schema, each to its target's operationId (a link whose source or
    target is not served is left out: `tests/api` checks every one is there)."""
    paths = result.get("paths", {})

    def operation(path: str, method: str) -> dict | None:
        return paths.get(path, {}).get(method)

    for (path, method, status), links in LINKS.items():
        source = operation(path, method)
        response = (source or {}).get("responses", {}).get(status)
        if response is None:
            continue
        for name, target_path, target_method, params in links:
            target = operation(target_path, target_method)
            if target is None or "operationId" not in target:
                continue
            response.setdefault("links", {})[name] = {
                "operationId": target["operationId"],
                "parameters": params,
            }
