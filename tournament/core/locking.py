"""The one way a writer takes its locks (docs/locking.md): rows with `lock_rows`, the
event-wide advisory locks with `advisory`.

Both refuse to lock outside a transaction (a lock released at once protects nothing; SQLite
would not notice, PostgreSQL only once the query runs), take several rows of one table in
primary-key order (two writers locking the same rows never wait for each other crosswise),
and record what they took for `recording`: the tests run every writer on SQLite, where
``select_for_update`` is a no-op, and see from the record that its lock is still taken, in
the documented order.

How long a lock is waited for is the database's `lock_timeout` (settings: 5 s by default);
a writer that cannot have its lock in time fails with `LockTimeout`'s error, which the site
answers 503 (`core/views.py: server_error`), nothing saved, safe to send again.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

from django.db import OperationalError, connection, transaction
from django.db.models import Model, QuerySet


@dataclass(frozen=True)
class Taken:
    """One lock as a writer took it: a table's label (`events.Event`) or an advisory
    lock's name (`standings`), its key where known, and whether it is shared."""

    what: str
    key: object = None
    shared: bool = False


_local = threading.local()
M = TypeVar("M", bound=Model)


def _record(taken: Taken) -> None:
    if not transaction.get_connection().in_atomic_block:
        raise transaction.TransactionManagementError(
            f"{taken.what} locked outside a transaction: the lock would be released at once"
        )
    for record in getattr(_local, "records", ()):
        record.append(taken)


@contextmanager
def recording() -> Iterator[list[Taken]]:
    """The locks taken inside the block, in the order they were taken (tests)."""
    records = getattr(_local, "records", None)
    if records is None:
        records = _local.records = []
    record: list[Taken] = []
    records.append(record)
    try:
        yield record
    finally:
        records.remove(record)


def lock_rows(queryset: QuerySet[M], *, of: tuple[str, ...] = ()) -> QuerySet[M]:
    """``queryset``'s rows, locked until the transaction ends (``select_for_update``), in
    primary-key order unless the queryset is ordered already (a ``get`` needs none).
    ``of``: lock only these tables of a join (``("self",)``: the queryset's own rows)."""
    _record(Taken(queryset.model._meta.label))
    locked = queryset.select_for_update(of=of) if of else queryset.select_for_update()
    return locked if locked.ordered else locked.order_by("pk")


def advisory(name: str, namespace: int, key: int, *, shared: bool = False) -> None:
    """A PostgreSQL transaction-level advisory lock (``namespace``, ``key``), shared or
    exclusive, kept to the commit; recorded as ``name``. Nothing to take on SQLite, which
    lets one writer at a time write the whole database."""
    _record(Taken(name, key, shared))
    if connection.vendor != "postgresql":
        return
    function = "pg_advisory_xact_lock_shared" if shared else "pg_advisory_xact_lock"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {function}(%s, %s)", [namespace, key])


# SQLSTATEs of a statement stopped by the database's own limits: `lock_timeout` (55P03,
# lock_not_available) and `statement_timeout` (57014, query_canceled).
TIMEOUT_STATES = frozenset({"55P03", "57014"})


def is_lock_timeout(error: BaseException) -> bool:
    """Whether ``error`` is a write that waited too long for a lock (or a statement that ran
    past its limit): PostgreSQL's timeouts, SQLite's "database is locked"."""
    if not isinstance(error, OperationalError):
        return False
    cause = error.__cause__
    state = getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)
    if state in TIMEOUT_STATES:
        return True
    return "database is locked" in str(error)
