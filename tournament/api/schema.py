"""OpenAPI post-processing: every operation documents its errors in the one `Error` shape,
and answers that name other objects carry OpenAPI `links` to the operations that read or act
on them (a list's first item to its operations, a round's first bracket to its)."""

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
WEBHOOK = f"{EVENT}/webhooks/{{webhook_id}}"
PLAYER = f"{API}/players/{{player_number}}/"
SAME_EVENT = "$request.path.event_id"

# (path, method, status) of an answer → the operations its values lead to: (name, path,
# method, {parameter: runtime expression}). A list's link follows its first item. Each
# kind of object is linked from the answers that list or make it (an event from the events'
# list and from its creation, a round from the rounds' list, a bracket from its round), so
# the stateful test can follow every link from data the API gave.
LINKS: dict[tuple[str, str, str], list[tuple[str, str, str, dict[str, str]]]] = {}


def _link(source: tuple[str, str, str], name: str, path: str, method: str, **params: str) -> None:
    LINKS.setdefault(source, []).append((name, path, method, params))


def _links(source: tuple[str, str, str], targets: list[tuple[str, str, str]], **params) -> None:
    for name, path, method in targets:
        _link(source, name, path, method, **params)


# What an event leads to: from the public list, its public reads and its officials' reads
# (a listed event has begun: what makes or changes it is refused there); from its
# creation (a draft, which only its officials see), what makes and changes it.
LISTED_EVENT = [
    ("event", f"{EVENT}/", "get"),
    ("rounds", f"{EVENT}/rounds/", "get"),
    ("registrations", f"{EVENT}/registrations/", "get"),
    ("standings", f"{EVENT}/standings/", "get"),
    ("officials", f"{EVENT}/officials/", "get"),
    ("decklists", f"{EVENT}/decklists/", "get"),
    ("settings", f"{EVENT}/settings/", "get"),
    ("pending_entries", f"{EVENT}/entries/", "get"),
    ("webhooks", f"{EVENT}/webhooks/", "get"),
    ("seat_round", f"{EVENT}/rounds/seat/", "post"),
    ("finish", f"{EVENT}/finish/", "post"),
]
NEW_EVENT = [
    ("settings", f"{EVENT}/settings/", "get"),
    ("edit", f"{EVENT}/settings/", "post"),
    ("status", f"{EVENT}/status/", "post"),
    ("judges", f"{EVENT}/judges/", "post"),
    ("register", f"{EVENT}/registrations/new/", "post"),
    ("register_many", f"{EVENT}/registrations/bulk/", "post"),
    ("import", f"{EVENT}/registrations/import/", "post"),
    ("check_in_many", f"{EVENT}/registrations/check-in/", "post"),
    ("seat_round", f"{EVENT}/rounds/seat/", "post"),
    ("pending_entries", f"{EVENT}/entries/", "get"),
    ("webhooks", f"{EVENT}/webhooks/", "get"),
    ("add_webhook", f"{EVENT}/webhooks/", "post"),
    ("scoring_form", f"{EVENT}/scoring-form/", "post"),
]
ROUND_OPERATIONS = [
    ("round", f"{ROUND}/", "get"),
    ("seating", f"{ROUND}/seating/", "get"),
    ("reseat", f"{ROUND}/reseat/", "post"),
    ("publish", f"{ROUND}/publish/", "post"),
    ("close", f"{ROUND}/close/", "post"),
    ("reopen", f"{ROUND}/reopen/", "post"),
    ("start_timer", f"{ROUND}/timer/start/", "post"),
    ("call_time", f"{ROUND}/timer/call/", "post"),
    ("swap", f"{ROUND}/swap/", "post"),
    ("move", f"{ROUND}/move/", "post"),
]
BRACKET_OPERATIONS = [
    ("bracket", f"{BRACKET}/", "get"),
    ("entries", f"{BRACKET}/entries/", "get"),
    ("enter_game", f"{BRACKET}/entries/", "post"),
    ("report", f"{BRACKET}/reports/", "post"),
    ("no_show", f"{BRACKET}/no-show/", "post"),
    ("tiebreak", f"{BRACKET}/tiebreak/", "get"),
    ("decide_tie", f"{BRACKET}/tiebreak/", "post"),
]
REGISTRATION_OPERATIONS = [
    ("check_in", f"{REGISTRATION}/check-in/", "post"),
    ("drop", f"{REGISTRATION}/drop/", "post"),
    ("undo_drop", f"{REGISTRATION}/undo-drop/", "post"),
    ("decklist", f"{REGISTRATION}/decklist/", "post"),
]
WEBHOOK_OPERATIONS = [
    ("webhook", f"{WEBHOOK}/", "get"),
    ("rotate_secret", f"{WEBHOOK}/rotate-secret/", "post"),
    ("test_delivery", f"{WEBHOOK}/test/", "post"),
    ("delete", f"{WEBHOOK}/", "delete"),
]

_links((f"{API}/events/", "get", "200"), LISTED_EVENT, event_id="$response.body#/results/0/id")
_links((f"{API}/events/", "post", "201"), NEW_EVENT, event_id="$response.body#/id")
_links(
    (f"{EVENT}/rounds/", "get", "200"),
    ROUND_OPERATIONS,
    event_id=SAME_EVENT,
    number="$response.body#/0/number",
)
_links(
    (f"{ROUND}/", "get", "200"),
    BRACKET_OPERATIONS,
    event_id=SAME_EVENT,
    bracket_id="$response.body#/brackets/0/id",
)
_links(
    (f"{EVENT}/registrations/", "get", "200"),
    REGISTRATION_OPERATIONS,
    event_id=SAME_EVENT,
    player_number="$response.body#/results/0/player_number",
)
for _source, _number in [
    ((f"{EVENT}/registrations/", "get", "200"), "$response.body#/results/0/player_number"),
    ((f"{API}/players/", "get", "200"), "$response.body#/results/0/player_number"),
    ((f"{API}/ranking/", "get", "200"), "$response.body#/results/0/player_number"),
    ((f"{EVENT}/standings/", "get", "200"), "$response.body#/results/0/player_number"),
]:
    _link(_source, "player", PLAYER, "get", player_number=_number)
_link(
    (f"{API}/ratings/", "get", "200"),
    "rating",
    f"{API}/ratings/{{player_number}}/",
    "get",
    player_number="$response.body#/results/0/player_number",
)
_links(
    (f"{EVENT}/webhooks/", "get", "200"),
    WEBHOOK_OPERATIONS,
    event_id=SAME_EVENT,
    webhook_id="$response.body#/0/id",
)
for _list, _bracket, _entry in [
    (f"{EVENT}/entries/", "$response.body#/0/bracket", "$response.body#/0/id"),
    (f"{BRACKET}/entries/", "$request.path.bracket_id", "$response.body#/0/id"),
]:
    _link(
        (_list, "get", "200"),
        "confirm",
        f"{BRACKET}/entries/{{entry_id}}/confirm/",
        "post",
        event_id=SAME_EVENT,
        bracket_id=_bracket,
        entry_id=_entry,
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
