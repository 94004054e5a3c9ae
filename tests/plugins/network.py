"""Shared fixtures: a resolver whose answers the test sets, and local HTTP receivers."""

import http.server
import socket
import threading

import pytest


class FakeDns(dict):
    """Host name → the addresses a lookup answers; `lookups` lists the faked names looked up."""

    def __init__(self):
        super().__init__()
        self.lookups: list[str] = []


@pytest.fixture
def fake_dns(monkeypatch) -> FakeDns:
    """A resolver whose answers the test sets (other names: the real resolver). The answers
    may change during the test, as a DNS answer can between two lookups."""
    answers = FakeDns()
    real = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kwargs):
        if host not in answers:
            return real(host, port, *args, **kwargs)
        answers.lookups.append(host)
        return [
            (socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port))
            for a in answers[host]
        ]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return answers


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
