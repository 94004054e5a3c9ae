"""Redis stops while the worker holds a task: a PDF render, an e-mail being sent, a webhook
being delivered. The workers (as docker-compose runs them: `worker` for the quick tasks,
`printer` for the renders) must still be running afterwards (no supervisor restarts them
here), and the task's work must be done within RECOVERY_SECONDS of Redis answering again.

The e-mail and the webhook are held in flight by their receivers: a local SMTP server that
answers the message's end only after HOLD_SECONDS, and a webhook receiver that answers its
first delivery after HOLD_SECONDS. Redis is stopped while they wait.
"""

from __future__ import annotations

import http.server
import socketserver
import threading
import time

import pytest

from tests.faults.test_redis_data_loss import (
    Receiver,
    ask_document,
    call_time,
    started_rendering,
)
from tests.support.faults import (
    Processes,
    browser_for,
    build_running_event,
    start_redis,
    stop_redis,
    tag,
    wait_for,
)

pytestmark = [pytest.mark.faults]

RECOVERY_SECONDS = 90
STUCK_SECONDS = 30
HOLD_SECONDS = 6  # under EMAIL_TIMEOUT (10 s) and the webhook's own timeout
DOWN_SECONDS = 4


class Gate:
    """Set once a receiver holds its first message; later ones answer at once."""

    def __init__(self) -> None:
        self.holding = threading.Event()
        self.lock = threading.Lock()
        self.used = False
        self.count = 0

    def hold(self) -> None:
        with self.lock:
            self.count += 1
            first, self.used = not self.used, True
        if first:
            self.holding.set()
            time.sleep(HOLD_SECONDS)


class SlowSMTP(socketserver.StreamRequestHandler):
    """Just enough SMTP for Django's backend; the first message's end waits on the gate."""

    gate: Gate

    def reply(self, line: str) -> None:
        self.wfile.write(line.encode() + b"\r\n")
        self.wfile.flush()

    def handle(self) -> None:
        self.reply("220 faults ESMTP")
        while line := self.rfile.readline():
            verb = line.decode(errors="replace").strip().split(" ")[0].upper()
            if verb == "EHLO":
                self.reply("250 faults")
            elif verb == "DATA":
                self.reply("354 go on")
                while self.rfile.readline() not in (b".\r\n", b""):
                    pass
                self.gate.hold()
                self.reply("250 queued")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("250 ok")


class SlowReceiver(Receiver):
    gate: Gate

    def before_answer(self) -> None:
        self.gate.hold()


def serve(server) -> None:
    threading.Thread(target=server.serve_forever, daemon=True).start()


@pytest.fixture(scope="module")
def receivers():
    smtp_gate, hook_gate = Gate(), Gate()
    smtp = socketserver.ThreadingTCPServer(
        ("127.0.0.1", 0), type("SMTP", (SlowSMTP,), {"gate": smtp_gate})
    )
    smtp.daemon_threads = True
    hook = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), type("Hook", (SlowReceiver,), {"gate": hook_gate, "received": []})
    )
    serve(smtp)
    serve(hook)
    yield {
        "smtp": smtp,
        "smtp_gate": smtp_gate,
        "hook": hook,
        "hook_gate": hook_gate,
        "hook_url": f"http://127.0.0.1:{hook.server_address[1]}/hook",
    }
    for server in (smtp, hook):
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def site(tmp_path_factory, receivers):
    processes = Processes(
        tmp_path_factory.mktemp("worker-survives"),
        env={
            "WEBHOOKS_ALLOW_PRIVATE_HOSTS": "1",
            "EMAIL_URL": f"smtp://127.0.0.1:{receivers['smtp'].server_address[1]}",
        },
    )
    processes.start_server()
    processes.start_workers(concurrency=2)  # as docker-compose runs them
    processes.start_beat()
    yield processes
    processes.stop()
    print(processes.logs())  # shown with -rA or on failure


def outage(site: Processes, what: str) -> float:
    """Stop Redis for DOWN_SECONDS; fail if the worker process is gone afterwards. The
    monotonic time Redis answered again."""
    stop_redis()
    time.sleep(DOWN_SECONDS)
    start_redis()
    back = time.monotonic()
    time.sleep(8)  # the worker reconnects (or stops) within its retry interval
    assert_alive(site, what)
    return back


def assert_alive(site: Processes, what: str) -> None:
    for name, process in (("worker", site.worker), ("printer", site.printer)):
        code = process.poll()
        assert code is None, f"the {name} exited ({code}) after Redis stopped during {what}"
        log = (site.tmp / f"{name}.log").read_text(errors="replace")
        assert "Unrecoverable error" not in log, f"the {name} stopped during {what}"


def alive_until_done(site: Processes, done, back: float, what: str) -> float:
    def check():
        assert_alive(site, what)
        return done()

    wait_for(check, RECOVERY_SECONDS - (time.monotonic() - back), f"{what} done", every=0.5)
    seconds = time.monotonic() - back
    print(f"Redis stopped during {what}: worker alive, done {seconds:.1f} s after Redis returned")
    return seconds


def test_redis_stops_during_a_pdf_render(site, orm):
    from tournament.printing.models import CachedDocument

    # 15 bracket sheets: a render of some seconds, caught in the middle, and done again
    # (cut off, told by its heartbeat, sent again) within the 90 s
    event, _rnd, organizer = build_running_event(tag(), players=60)
    http = browser_for(site, organizer.user)
    doc_id = ask_document(site, http, event, "brackets")
    wait_for(started_rendering(doc_id), 60, "the render started", every=0.1)
    back = outage(site, "a PDF render")
    alive_until_done(
        site,
        lambda: CachedDocument.objects.get(pk=doc_id).state == "done",
        back,
        "a PDF render",
    )


def timed_event(hook_url: str | None = None):
    """A running event with a time limit (calling time mails its officials), and a webhook
    listening for it when `hook_url` is given."""
    from tournament.webhooks.models import Webhook

    event, _rnd, organizer = build_running_event(tag(), players=8)
    event.time_limit_minutes = 50
    event.save(update_fields=["time_limit_minutes"])
    webhook = None
    if hook_url:
        webhook = Webhook.objects.create(event=event, url=hook_url, kinds=["round.time_called"])
    return event, organizer, webhook


def test_redis_stops_during_a_mail(site, orm, receivers):
    from tournament.notifications.kinds import Kind as MailKind
    from tournament.notifications.models import Message

    event, organizer, _none = timed_event()
    call_time(site, browser_for(site, organizer.user), event)
    assert receivers["smtp_gate"].holding.wait(60), "no e-mail reached the SMTP server"
    back = outage(site, "a mail")
    alive_until_done(
        site,
        lambda: Message.objects.filter(
            event=event, kind=MailKind.TIME_CALLED, outcome="sent"
        ).exists(),
        back,
        "a mail",
    )


def test_redis_stops_during_a_webhook_delivery(site, orm, receivers):
    from tournament.webhooks.models import Delivery

    event, organizer, webhook = timed_event(receivers["hook_url"])
    call_time(site, browser_for(site, organizer.user), event)
    assert receivers["hook_gate"].holding.wait(60), "no delivery reached the receiver"
    back = outage(site, "a webhook delivery")
    seconds = alive_until_done(
        site,
        lambda: Delivery.objects.filter(webhook=webhook, state="delivered").exists(),
        back,
        "a webhook delivery",
    )
    assert seconds <= STUCK_SECONDS  # the cut-off attempt's claim expires, the sweep sends it
