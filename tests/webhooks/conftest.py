"""Routes for the webhook tests: the local HTTP receivers (the shared `serve`) reached under
public-looking names.

The site refuses private addresses in production, and the test servers listen on 127.0.0.1.
`routes` lets the production rules stand: a name resolves (through `fake_dns`) to a public
address, the transport vets and connects to that address, and the connection is carried to
the local server that plays it. `routes.connected` lists the addresses the transport chose.
"""

import socket

import pytest


class Routes(dict):
    """(public address, port) → the local port that plays it; `connected` as asked."""

    def __init__(self):
        super().__init__()
        self.connected: list[tuple[str, int]] = []


@pytest.fixture
def production_rules(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = False
    settings.SITE_URL = ""


@pytest.fixture
def routes(monkeypatch) -> Routes:
    """Connections to a routed (address, port) reach the local server; others fail."""
    table = Routes()
    real = socket.create_connection

    def create_connection(address, *args, **kwargs):
        table.connected.append(tuple(address))
        if tuple(address) not in table:
            raise ConnectionRefusedError(f"test: no route to {address}")
        return real(("127.0.0.1", table[tuple(address)]), *args, **kwargs)

    monkeypatch.setattr(socket, "create_connection", create_connection)
    return table
