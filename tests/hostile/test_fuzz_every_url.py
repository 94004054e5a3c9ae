"""Every URL the site serves, asked with hostile values by a visitor and by the event's
organizer: in the path, in the query string and in every field any form of the site has.
The answer may be a refusal (4xx) or a redirect, never a 500.

The values are the ones that reached a 500 at one time or another: a NUL byte, numbers of
more digits than any column holds, negative and non-numeric ids, a very long text, markup.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from contextlib import contextmanager
from pathlib import Path

import pytest
from django import forms
from django.http import QueryDict
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils.datastructures import MultiValueDict

pytestmark = pytest.mark.django_db

# Path parameters by converter: every hostile value the converter lets through.
HOSTILE_PATH = {
    "row": ["0", "9" * 18],  # 19 digits or more match no URL
    "str": ["a\x00b", "x" * 600, "<script>"],
    "slug": ["-", "a" * 300],
    "path": ["../../etc/passwd", "a\x00b"],
}
HOSTILE_VALUES = ["\x00", "9" * 25, "-1", "x" * 5000, "<b>'\"", "1e309", "NaN", ""]
PARAMETER = re.compile(r"<(?:(\w+):)?(\w+)>")
QUERY_NAMES = ["page", "year", "round", "sort", "q", "region", "country", "name", "_export"]


def routes(resolver=None, prefix="") -> list[tuple[str, list[tuple[str, str]]]]:
    """(route template, [(converter, parameter)]) of every URL pattern, admin aside."""
    resolver = resolver or get_resolver()
    found = []
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            if getattr(entry, "app_name", None) == "admin" or route.startswith("^"):
                continue
            found += routes(entry, route)
        elif isinstance(entry, URLPattern) and "(?P" not in route and "^" not in route:
            params = [(conv or "str", name) for conv, name in PARAMETER.findall(route)]
            found.append((PARAMETER.sub(lambda m: f"<{m[1] or 'str'}:{m[2]}>", route), params))
    return found


def fill(route: str, values: dict[str, str]) -> str:
    for name, value in values.items():
        route = route.replace(f"<{name}>", value)
    return "/" + route.replace("\x00", "%00")


def valid_values(params, event, bracket, player) -> dict[str, str]:
    known = {"event_id": event.pk, "bracket_id": bracket.pk, "number": 1, "table": 1}
    known |= {"player_number": player.player_number, "kind": "brackets"}
    return {f"{conv}:{name}": str(known.get(name, 1)) for conv, name in params}


def every_form_field() -> set[str]:
    """The field names of every form the site declares (its form modules imported first)."""
    import tournament

    for module in pkgutil.walk_packages(tournament.__path__, "tournament."):
        if module.name.rsplit(".", 1)[-1].startswith("forms"):
            importlib.import_module(module.name)
    names: set[str] = set()
    stack = [forms.Form, forms.ModelForm]
    while stack:
        cls = stack.pop()
        stack += cls.__subclasses__()
        if cls.__module__.startswith("tournament."):
            names |= set(getattr(cls, "base_fields", {}))
    return names


READ_PARAMETER = re.compile(
    r"""(?:POST|GET|query_params)(?:\.get|\.getlist)?[(\[]\s*["'](\w+)["']"""
)


def every_parameter_read() -> set[str]:
    """The names views read from the request themselves (not through a form)."""
    root = Path(__file__).resolve().parents[2] / "tournament"
    names: set[str] = set()
    for source in root.rglob("*.py"):
        names |= set(READ_PARAMETER.findall(source.read_text(encoding="utf-8")))
    return names


class Reads:
    """The names a request's views looked up in the form data they were sent (`recorded`)."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.everything = False  # the data was walked whole (iterated, listed, encoded)
        self.copying = 0


NAMED = ("__getitem__", "__contains__", "get", "getlist", "pop", "setdefault", "setlistdefault")
WHOLE = ("__iter__", "keys", "items", "lists", "values", "dict", "urlencode", "popitem")
COPIES = ("copy", "__copy__", "__deepcopy__")


@contextmanager
def recorded(monkeypatch):
    """Every look-up of a name in a `MultiValueDict` (a request's POST and GET) recorded while
    it lasts; a copy counts its copy's look-ups, not its own walk of the data."""
    reads = Reads()

    def named(method):
        def look(data, key, *args, **kwargs):
            if not reads.copying and isinstance(key, str):
                reads.names.add(key)
            return method(data, key, *args, **kwargs)

        return look

    def whole(method):
        def walk(data, *args, **kwargs):
            # An empty dict (the GET of a POST without a query string) holds no name.
            if not reads.copying and dict.__len__(data):
                reads.everything = True
            return method(data, *args, **kwargs)

        return walk

    def copy(method):
        def copied(data, *args, **kwargs):
            reads.copying += 1
            try:
                return method(data, *args, **kwargs)
            finally:
                reads.copying -= 1

        return copied

    with monkeypatch.context() as patch:
        for kind, names in ((named, NAMED), (whole, WHOLE), (copy, COPIES)):
            for name in names:
                for cls in (MultiValueDict, QueryDict):
                    if name in vars(cls) or (cls is MultiValueDict and hasattr(dict, name)):
                        patch.setattr(cls, name, kind(getattr(cls, name)))
        yield reads


def asked(route, params, event, bracket, player):
    """The URLs to ask for one route: real ids, then each parameter made hostile in turn."""
    valid = valid_values(params, event, bracket, player)
    urls = [fill(route, valid)]
    for conv, name in params:
        for bad in HOSTILE_PATH.get(conv, []):
            urls.append(fill(route, valid | {f"{conv}:{name}": bad}))
    return urls


def test_no_url_answers_a_500_to_hostile_values(
    client, client_as, organizer, event, played_round, registered_players, eager_celery, monkeypatch
):
    bracket = played_round.brackets.order_by("table").first()
    player = registered_players[0]
    read = sorted(every_parameter_read())
    fields = sorted(every_form_field() | set(read))
    assert {"registration", "team", "url", "email"} <= set(fields)  # forms and views found
    found = routes()
    assert len(found) > 80  # the walk found the site's URLs
    failures = []

    def ask(who, browser, method, url, data):
        answer = getattr(browser, method)(url, data)
        if answer.status_code >= 500:
            shown = {k: str(v)[:12] for k, v in data.items()} if len(data) < 3 else "all fields"
            failures.append(f"{who} {method.upper()} {url} {shown}: {answer.status_code}")
        return answer.status_code

    def looked_up(url, data) -> set[str]:
        """The names of `read` the view looked up when POSTed `data` (all when it walked the
        data whole)."""
        with recorded(monkeypatch) as reads:
            ask("organizer", official, "post", url, data)
        return set(read) if reads.everything else reads.names & set(read)

    # One anonymous client, its cookies forgotten for each URL: a client builds the site's
    # middleware (static files listed) when it is made.
    anonymous = Client(raise_request_exception=False)
    for route, params in found:
        for index, url in enumerate(asked(route, params, event, bracket, player)):
            anonymous.cookies.clear()
            official = client_as(organizer)
            official.raise_request_exception = False
            for who, browser in (("anonymous", anonymous), ("organizer", official)):
                for value in HOSTILE_VALUES[:3]:
                    ask(who, browser, "get", url, dict.fromkeys(QUERY_NAMES, value))
                for value in HOSTILE_VALUES:
                    status = ask(who, browser, "post", url, dict.fromkeys(fields, value))
            if status == 405 or index:
                continue  # the URL takes no POST; hostile path values were asked above
            # One field at a time: a view reads the first name it finds (e.g. "bulk" before
            # "registration"), so all at once would hide the others' paths. A name the view
            # never looks up takes the path of no name at all: each name looked up on the
            # way (from the data holding none, then each one asked) is asked in turn.
            waiting, asked_names = looked_up(url, {"confirmed": "1"}), set()
            while waiting:
                name = waiting.pop()
                asked_names.add(name)
                for value in [*HOSTILE_VALUES[:3], "abc"]:
                    waiting |= looked_up(url, {name: value, "confirmed": "1"}) - asked_names
    assert not failures, "\n".join(failures)
