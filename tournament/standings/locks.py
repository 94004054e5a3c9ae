"""The event's standings lock: who writes an event's standings at the same time as whom
(docs/locking.md).

Two kinds of writers:

- **a bracket's writer** (a result confirmed or corrected, a tie-break decision) writes its
  bracket's seat figures and its own players' standing rows, under the bracket's row lock.
  Many of them run at once in a busy round: they **share** the lock (`share_standings`);
- **the event's writers** (the deferred re-rank of every place, the whole-event refresh)
  read and write every standing of the event: each **holds** it alone (`hold_standings`),
  and only then takes the event's scoring row (`writing.locked_scoring`).

Everyone takes it first, before any standing or scoring row. An event's writer therefore
starts once every bracket writer in flight has committed (its statements see their rows),
and a bracket writer that comes meanwhile waits for it; PostgreSQL queues lock requests in
order, so a steady stream of results never starves a re-rank. A transaction-level advisory
lock (released at the commit or rollback), keyed by the event. SQLite, the embedded
default, lets one writer at a time write the whole database: nothing to take there.
"""

from __future__ import annotations

from tournament.core.locking import advisory

# The first key of the two-key advisory locks: the standings of an event (the second key is
# the event's id). No other advisory lock of the site uses this namespace.
STANDINGS_LOCKS = 0x5354


def share_standings(event_id: int) -> None:
    """A bracket's writer: write this event's standings beside the other bracket writers,
    never while an event's writer holds them."""
    advisory("standings", STANDINGS_LOCKS, event_id, shared=True)


def hold_standings(event_id: int) -> None:
    """An event's writer: every standing of the event to itself until the commit."""
    advisory("standings", STANDINGS_LOCKS, event_id)
