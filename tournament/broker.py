"""The Redis transport of the Celery worker, kept alive when Redis stops under a running task.

kombu 5.7's Redis channel opens a new connection pool whenever it needs one, from the
connection information of the kombu `Connection` that owns its transport. When the worker
loses the broker, Celery's consumer first *collects* the connection (the transport is
detached from it: `transport.client = None`) and then closes it; the channels closed after
that (restoring their unacknowledged messages) and the acknowledgements of the tasks that
were running (their pool processes are cancelled) ask for a pool, and kombu reads `hostname`
of `None`: `AttributeError`, which Celery does not count as a connection error, so the
worker stops for good ("Unrecoverable error") instead of reconnecting.

`Channel` here remembers the connection information it was made with and uses it once its
transport is detached, so those late calls reach Redis again (or fail with Redis' own
connection error, which Celery handles: the worker reconnects and the messages come back
through the visibility timeout and the recovery sweeps). `install()` makes the `redis://`
scheme use this transport; `tournament/celery.py` calls it before anything connects.

`lost_data` tells when the broker's Redis lost its data (flushed, restarted empty) although no
worker lost its connection, so that the recovery sweeps run at once then too.
"""

from __future__ import annotations

from typing import Any

from kombu.transport import TRANSPORT_ALIASES
from kombu.transport import redis as kombu_redis

# A key the broker's Redis keeps while it keeps its data: gone after a FLUSHALL (or FLUSHDB of
# the broker's database) or a restart without persistence, with the queued tasks.
DATA_MARK = "spellfire:broker-data"


class _Detached:
    """What the channel's `_connparams` reads of a transport, for a detached one."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.default_port = kombu_redis.Transport.default_port


class Channel(kombu_redis.Channel):
    def __init__(self, connection: Any, *args: Any, **kwargs: Any) -> None:
        self._conninfo = connection.client  # the kombu Connection, while it still owns us
        super().__init__(connection, *args, **kwargs)

    def _connparams(self, asynchronous: bool = False) -> dict:
        transport = self.connection
        if transport is not None and transport.client is not None:
            return super()._connparams(asynchronous=asynchronous)
        # Detached (the connection was collected or closed): the parameters it had.
        self.connection = _Detached(self._conninfo)
        try:
            return super()._connparams(asynchronous=asynchronous)
        finally:
            self.connection = transport


class Transport(kombu_redis.Transport):
    Channel = Channel


ALIAS = f"{__name__}:Transport"


def install() -> None:
    """Make `redis://` broker URLs use this transport (kombu's alias table)."""
    TRANSPORT_ALIASES["redis"] = ALIAS


def lost_data(channel: Any) -> bool:
    """Whether the broker's Redis lost its data since the mark was last set (also true at the
    very first look), setting the mark again: of several callers at once only one is told
    (`SET NX`). Always false for a broker that is not Redis (the in-memory one when tasks run
    eagerly). Redis' own errors reach the caller."""
    if not isinstance(channel, kombu_redis.Channel):
        return False
    return bool(channel.client.set(DATA_MARK, "1", nx=True))
