"""Startup checks of how far the client's address is trusted (`core/client_ip.py`), and the
deploy check (`check --deploy`) that the site knows its public address (`SITE_URL`).

With ``TRUSTED_PROXY_COUNT`` above 0 the site takes the client's address from
``X-Forwarded-For``; it must then know which peer is the proxy (``FORWARDED_ALLOW_IPS``).
A wildcard there lets anything that reaches gunicorn without the proxy (the host, another
container) write its own address and dodge the rate limits, or choose the address a log-in
lockout falls on. In production that refuses to start (`manage.py check`, which the
one-shot migrate service runs before web starts, and gunicorn's start, `gunicorn.conf.py`).
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.core.checks import Error, Tags, register


def proxy_trust_problems() -> list[Error]:
    entries = [e.strip() for e in settings.FORWARDED_ALLOW_IPS.split(",") if e.strip()]
    problems = []
    if settings.PRODUCTION and settings.TRUSTED_PROXY_COUNT > 0 and "*" in entries:
        problems.append(
            Error(
                f'FORWARDED_ALLOW_IPS="*" with TRUSTED_PROXY_COUNT={settings.TRUSTED_PROXY_COUNT}:'
                " any client that reaches the server without the proxy chooses the address its"
                " rate limits and log-in lockouts count.",
                hint="Set FORWARDED_ALLOW_IPS to the proxy's address or network "
                "(docker-compose.yml: PROXY_ADDRESS), or TRUSTED_PROXY_COUNT=0 without a proxy.",
                id="core.E001",
            )
        )
    for entry in entries:
        if entry == "*":
            continue
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError:
            problems.append(
                Error(
                    f"FORWARDED_ALLOW_IPS: {entry!r} is not an address or a network.",
                    hint="Addresses or networks, comma-separated, e.g. 172.31.250.2 or "
                    "10.0.0.0/24.",
                    id="core.E002",
                )
            )
    return problems


@register(Tags.security)
def proxy_trust(app_configs, **kwargs) -> list[Error]:
    return proxy_trust_problems()


def site_url_problems() -> list[Error]:
    """Every e-mail's links start with `SITE_URL`: without it they are bare paths
    ("/events/5/my-seat/") that no mail app can open."""
    from urllib.parse import urlsplit

    parts = urlsplit(settings.SITE_URL or "")
    if parts.scheme in ("http", "https") and parts.netloc:
        return []
    shown = repr(settings.SITE_URL) if settings.SITE_URL else "empty"
    return [
        Error(
            f"SITE_URL is {shown}: the links in e-mails (and webhook messages) would not be "
            "absolute, so they could not be opened.",
            hint="Set SITE_URL to the site's public address, e.g. https://tournaments.example.org.",
            id="core.E003",
        )
    ]


@register(Tags.security, deploy=True)
def site_url(app_configs, **kwargs) -> list[Error]:
    return site_url_problems()
