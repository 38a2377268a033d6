"""The version of a club night's room (`store.events.version`): one short text, read in one
small query, that changes whenever what the room shows would, so a poll of the room, its big
screen or a player's next table is answered with nothing when nothing changed (docs/design.md,
"Club night").

What the room shows comes from the event's log (every draw, start, the director's word, a
call, an entrant's change writes a line), its tables' hands (a save, a correction, an undo
each add a row), the sessions ended, the evening closed and the ranking hidden; and from the
time, in two ways only: a timed round's time up, and a table idle after some minutes without
an entry. Both are counted as moments passed (rounds whose time is up, tables idle): each only
grows until the data change, so an equal count is an equal room. The clock itself is not in it:
it counts down by itself on the page (static/clock.js).
"""

from __future__ import annotations

ROOM_VERSION = (
    "SELECT (SELECT coalesce(max(id), 0) FROM event_log l WHERE l.event_id = e.id),"
    " (SELECT coalesce(max((SELECT max(h.id) FROM hands h WHERE h.session_id = t.session_id)),"
    "  0) FROM event_tables t WHERE t.event_id = e.id),"
    " (SELECT count(*) FROM event_tables t JOIN sessions s ON s.id = t.session_id"
    "  WHERE t.event_id = e.id AND s.ended_at IS NOT NULL),"
    " e.closed_at IS NOT NULL, e.hide_last,"
    " (SELECT count(*) FROM event_rounds r WHERE r.event_id = e.id AND e.minutes > 0"
    "  AND r.started_at IS NOT NULL"
    "  AND julianday(:now) >= julianday(r.started_at) + e.minutes / 1440.0),"
    " (SELECT count(*) FROM event_tables t JOIN event_rounds r"
    "  ON r.event_id = t.event_id AND r.round = t.round"
    "  WHERE t.event_id = e.id AND t.session_id IS NOT NULL AND julianday(:now) - julianday("
    "  coalesce((SELECT h.created_at FROM hands h WHERE h.session_id = t.session_id"
    "  ORDER BY h.id DESC LIMIT 1), r.started_at)) > :idle / 1440.0)"
    " FROM events e WHERE e.id = :key"
)
"""The room's parts: the log's last line, the tables' last hand, the sessions ended, closed,
rounds hidden, rounds whose time is up at `:now`, tables without an entry for `:idle` minutes."""


def version_text(row: tuple[int, ...] | None) -> str | None:
    """The version of the query's row (None: no such event)."""
    return None if row is None else "-".join(str(int(part)) for part in row)
