"""The API's limits hold under concurrent requests: a limit of 20 lets exactly 20 of 60
simultaneous requests through (the cache's atomic add/incr; Redis in the PostgreSQL run)."""

import threading

from django.core.cache import cache
from django.test import RequestFactory
from rest_framework.throttling import AnonRateThrottle

from tournament.api.throttles import AnonThrottle


def test_sixty_simultaneous_requests_against_a_limit_of_twenty(monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "20/min"})
    cache.clear()
    request = RequestFactory().get("/api/v1/events/", REMOTE_ADDR="203.0.113.9")
    request.user = type("Anonymous", (), {"is_authenticated": False})()
    start = threading.Barrier(60)
    allowed: list[bool] = []
    lock = threading.Lock()

    def one():
        throttle = AnonThrottle()
        start.wait()
        verdict = throttle.allow_request(request, None)
        with lock:
            allowed.append(verdict)

    threads = [threading.Thread(target=one) for _ in range(60)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert allowed.count(True) == 20 and allowed.count(False) == 40


def test_the_next_window_lets_requests_through_again(monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "2/min"})
    cache.clear()
    request = RequestFactory().get("/api/v1/events/", REMOTE_ADDR="203.0.113.10")
    request.user = type("Anonymous", (), {"is_authenticated": False})()
    now = [1_000_000.0 * 60]
    throttle = AnonThrottle()
    throttle.timer = lambda: now[0]
    assert [throttle.allow_request(request, None) for _ in range(3)] == [True, True, False]
    assert throttle.wait() == 60.0  # the window began at `now`
    now[0] += 60
    assert throttle.allow_request(request, None) is True
