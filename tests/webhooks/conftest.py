"""Receivers for the webhook tests: local HTTP servers reached under public-looking names.

The site refuses private addresses in production, and the test servers listen on 127.0.0.1.
`routes` lets the production rules stand: a name resolves (through `fake_dns`) to a public
address, the transport vets and connects to that address, and the connection is carried to
the local server that plays it. `routes.connected` lists the addresses the transport chose.
"""

import http.server
import socket
import threading

import pytest


class Receiver(http.server.BaseHTTPRequestHandler):
    """Records every POST (path, headers, body); answers from `answers` by path: a status,
    or (status, Location); 200 for a path it has no answer for."""

    received: list[tuple[str, dict, bytes]]
    answers: dict

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.received.append((self.path, dict(self.headers), body))
        answer = self.answers.get(self.path, 200)
        status, location = answer if isinstance(answer, tuple) else (answer, None)
        self.send_response(status)
        if location is not None:
            self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


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
def serve():
    """serve() → a started receiver class (its `port`, `received`, `answers`)."""
    servers = []

    def start():
        handler = type("Handler", (Receiver,), {"received": [], "answers": {}})
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        handler.port = server.server_address[1]
        servers.append(server)
        return handler

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


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
