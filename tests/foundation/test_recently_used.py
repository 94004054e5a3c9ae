"""`RecentlyUsed`: the in-process memo in front of the shared cache (parsed lists, headers)."""

import sys
import threading

from tournament.core.fragments import RecentlyUsed


def test_the_least_recently_used_goes_first():
    memo = RecentlyUsed(2)
    memo.put("a", 1)
    memo.put("b", 2)
    assert memo.get("a") == 1  # "a" is now the most recently used
    memo.put("c", 3)  # over the size: "b" goes
    assert (memo.get("a"), memo.get("b"), memo.get("c")) == (1, None, 3)
    assert memo.get_or_make("d", lambda: 4) == 4 and memo.get("a") is None


def test_threads_sharing_a_memo_never_fail():
    memo = RecentlyUsed(50)
    errors = []

    def hammer(offset: int) -> None:
        try:
            for i in range(5_000):
                memo.put((offset, i % 120), i)
                memo.get((offset, (i * 7) % 120))
        except Exception as error:  # any error is the failure
            errors.append(error)

    threads = [threading.Thread(target=hammer, args=(n,)) for n in range(6)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: races show up
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == [] and len(memo._values) <= 50 + len(threads)
