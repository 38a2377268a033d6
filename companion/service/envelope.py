"""An exchange document read strictly before anything else looks at it: the JSON text bounded
(size, nesting, digits of a number) and the envelope's own fields (`created_at`, `ended_at`,
`history`, the number of hands) checked, each refusal naming its field.

The hands themselves are read by `exchange.load_session`; this module only makes sure nothing
in the document can make that reading (or the engine, or SQLite) raise: a number of 5,000
digits, a list nested 100,000 deep, a hand number past SQLite's integers, a session of a
hundred thousand hands.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any, TypeGuard

from companion.kit.i18n import t

MAX_DOCUMENT_BYTES = 4 * 1024 * 1024
"""The largest document imported (the web's upload limit, the command line's default): 1,000
French Tarot hands, each entered and corrected twice, are 2.3 MB with their history."""

MAX_HANDS = 1_000
"""The most hands one session of the format holds (docs/design.md, "Very long sessions"): an
evening is 20 to 100; a document past it is refused, so no page of a session (the printed
summary is the largest: 1 MB at 1,000 French Tarot hands) grows past a few MB."""

MAX_HISTORY = 5 * MAX_HANDS
"""The most rows a document's history holds: every hand entered and corrected four times."""

MAX_DEPTH = 32
"""The deepest nesting read (a document's tricks nest 7 deep)."""

MAX_DIGITS = 100
"""The most digits of a number read: far past any score (the engine refuses those by field),
far below Python's 4,300-digit guard, which would raise."""

MAX_ID = 10**15
"""The largest row id or hand number a history row may carry (SQLite's integers hold 9.2e18)."""

HISTORY_KEYS = frozenset({"id", "action", "number", "entry", "supersedes", "at"})
ACTIONS = ("enter", "correct", "undo")
STAMP_LIMIT = 40

ProblemDict = dict[str, Any]


class Unreadable(ValueError):
    """The text is no document: not JSON, too deep, or a number too long."""


def _bounded_int(text: str) -> int:
    """A JSON integer, read only when short enough (json.loads would raise past 4,300 digits,
    and a long one is never a score)."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise Unreadable(f"a number of {len(text.lstrip('-')):,} digits")
    return int(text)


def read_json(raw: bytes | str) -> Any:
    """A document from its text: JSON, nested at most MAX_DEPTH deep, every integer at most
    MAX_DIGITS digits. Unreadable (saying why) otherwise; never another exception."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        if _nesting(text) > MAX_DEPTH:
            raise Unreadable(f"nested more than {MAX_DEPTH} deep")
        return json.loads(text, parse_int=_bounded_int)
    except UnicodeDecodeError as error:
        raise Unreadable(f"not UTF-8 text: {error}") from None
    except (json.JSONDecodeError, RecursionError) as error:
        raise Unreadable(str(error)) from None
    except ValueError as error:  # Unreadable, or a number json itself refuses
        raise Unreadable(str(error)) from None


def _nesting(text: str) -> int:
    """How deep brackets nest in `text` (those inside strings counted too: an upper bound,
    enough to refuse a document before the recursive parser meets it)."""
    depth = deepest = 0
    for char in text:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def problem(message: str, *, hand: int | None = None, field: str | None = None) -> ProblemDict:
    """A problem as it is reported outside the program."""
    return {"hand": hand, "field": field, "message": message}


def is_count(value: Any, largest: int = MAX_ID) -> TypeGuard[int]:
    """Whether `value` is a whole number from 1 to `largest` (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= largest


def is_moment(value: Any) -> bool:
    """Whether `value` is a moment as the store writes them: ISO-8601 text with its offset."""
    if not isinstance(value, str) or len(value) > STAMP_LIMIT:
        return False
    try:
        return datetime.fromisoformat(value).tzinfo is not None
    except ValueError:
        return False


def envelope_problems(data: Mapping[str, Any]) -> list[ProblemDict]:
    """What is wrong with a document's own fields (its keys already known to the format)."""
    problems = [
        problem(
            t("{field} must be a moment like {example}, or null.", field=key, example=EXAMPLE),
            field=key,
        )
        for key in ("created_at", "ended_at")
        if data.get(key) is not None and not is_moment(data[key])
    ]
    hands = data.get("hands", [])
    if isinstance(hands, list) and len(hands) > MAX_HANDS:
        problems.append(
            problem(
                t(
                    "A session holds at most {limit} hands; this one has {count}.",
                    limit=MAX_HANDS,
                    count=len(hands),
                ),
                field="hands",
            )
        )
    return problems + history_problems(data.get("history", []))


EXAMPLE = "2026-11-23T20:15:00.000+00:00"


def history_problems(history: Any) -> list[ProblemDict]:
    """What is wrong with a document's history (read for the audit, never imported): the
    first refused row, named by its position."""
    if not isinstance(history, list):
        return [problem(t("The history must be a list of rows."), field="history")]
    if len(history) > MAX_HISTORY:
        return [
            problem(
                t("The history holds at most {limit} rows.", limit=MAX_HISTORY), field="history"
            )
        ]
    for position, row in enumerate(history, start=1):
        wrong = row_problem(row)
        if wrong is not None:
            return [
                problem(
                    t("History row {position}: {problem}", position=position, problem=wrong),
                    field="history",
                )
            ]
    return []


def row_problem(row: Any) -> str | None:
    """What is wrong with one history row, in words, or None."""
    if not isinstance(row, Mapping) or set(row) != HISTORY_KEYS:
        return t("a row has exactly {keys}.", keys=", ".join(sorted(HISTORY_KEYS)))
    if not is_count(row["id"]) or not is_count(row["number"], MAX_HANDS):
        return t("its id and number must be whole numbers from 1.")
    if row["action"] not in ACTIONS:
        return t("its action must be enter, correct or undo.")
    if not isinstance(row["entry"], Mapping):
        return t("its entry must be an object.")
    if row["supersedes"] is not None and not is_count(row["supersedes"]):
        return t("what it supersedes must be a row's id, or null.")
    if not is_moment(row["at"]):
        return t("its moment must be like {example}.", example=EXAMPLE)
    return None
