"""The API's JSON, with every link absolute: a field named `url` or ending in `_url` that
holds a path under the API is written with the request's scheme and host, as the index and
the pages' `next`/`previous` links already are, so a client follows any link as it is."""

from __future__ import annotations

from rest_framework.renderers import JSONRenderer

from tournament.api.http import API_PREFIX


def is_link(name: object) -> bool:
    return isinstance(name, str) and (name == "url" or name.endswith("_url"))


def absolute_links(data, absolute):
    """`data` with each link field's API path made absolute by `absolute` (a new structure;
    the views' own data, possibly cached, is left as it was)."""
    if isinstance(data, dict):
        return {
            name: absolute(value)
            if is_link(name) and isinstance(value, str) and value.startswith(API_PREFIX)
            else absolute_links(value, absolute)
            for name, value in data.items()
        }
    if isinstance(data, list | tuple):
        return [absolute_links(item, absolute) for item in data]
    return data


class AbsoluteLinksJSONRenderer(JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        request = (renderer_context or {}).get("request")
        if request is not None and data is not None:
            data = absolute_links(data, request.build_absolute_uri)
        return super().render(data, accepted_media_type, renderer_context)
