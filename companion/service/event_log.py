"""An event's log in words: each stored line (what the director did, and when) and each late
correction at a table, as the director's page and the printed list show them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.kit.i18n import Text, t, tn
from companion.store import LateChange


def log_words(kind: str, data: Mapping[str, Any]) -> Text:
    """A stored log line in words."""
    if kind == "created":
        return t("Event created with {count} entrants.", count=data.get("entrants", 0))
    if kind == "drawn":
        return t(
            "Round {round} drawn: {repeats} repeated meetings.",
            round=data.get("round", 0),
            repeats=data.get("repeats", 0),
        )
    if kind == "swapped":
        return t(
            "Round {round}: two players swapped; {repeats} repeated meetings.",
            round=data.get("round", 0),
            repeats=data.get("repeats", 0),
        )
    if kind in DIRECTED:
        return DIRECTED[kind](data)
    return t(
        "Round {round} started at {tables} tables.",
        round=data.get("round", 0),
        tables=data.get("tables", 0),
    )


def lengthened(data: Mapping[str, Any]) -> Text:
    return t(
        "Round {round}, table {table}: one more deal allowed by the director.",
        round=data.get("round", 0),
        table=data.get("table", 0),
    )


def allowed(data: Mapping[str, Any]) -> Text:
    return t(
        "Round {round}, table {table}: the deal in progress allowed after the time "
        "(up to {deals} deals).",
        round=data.get("round", 0),
        table=data.get("table", 0),
        deals=data.get("deals", 0),
    )


def closed(data: Mapping[str, Any]) -> Text:
    return t("Closed by the director: {tables}.", tables=tables_named(data.get("tables", [])))


def closed_evening(data: Mapping[str, Any]) -> Text:
    if not data.get("tables"):
        return t("The evening closed by the director: the results are final.")
    return t(
        "The evening closed by the director ({tables} closed with it): the results are final.",
        tables=tables_named(data.get("tables", [])),
    )


def hidden(data: Mapping[str, Any]) -> Text:
    rounds = data.get("rounds", 0)
    if not rounds:
        return t("The running ranking shown to the followers in every round.")
    return tn(
        "The running ranking hidden from the followers for the last round.",
        "The running ranking hidden from the followers for the last {count} rounds.",
        rounds,
    )


def called(data: Mapping[str, Any]) -> Text:
    words = data.get("words") or ""
    if not words:
        return t(
            "Round {round}, table {table} called the director.",
            round=data.get("round", 0),
            table=data.get("table", 0),
        )
    return t(
        "Round {round}, table {table} called the director: “{words}”.",
        round=data.get("round", 0),
        table=data.get("table", 0),
        words=words,
    )


def call_cleared(data: Mapping[str, Any]) -> Text:
    return t(
        "Round {round}, table {table}: the director answered the call.",
        round=data.get("round", 0),
        table=data.get("table", 0),
    )


def pin_refused(data: Mapping[str, Any]) -> Text:
    return t("A wrong PIN was tried for the director's page.")


def planned(data: Mapping[str, Any]) -> Text:
    return t(
        "Movement planned from round {round}: {repeats} repeated meetings "
        "(at least {bound} with these numbers).",
        round=data.get("from", 1),
        repeats=data.get("repeats", 0),
        bound=data.get("bound", 0),
    )


def joined(data: Mapping[str, Any]) -> Text:
    return t(
        "The director added {name} (no. {number}), who plays from round {round}; "
        "the rounds not started are planned again.",
        name=data.get("name", ""),
        number=data.get("number", 0),
        round=data.get("round", 1),
    )


def withdrew(data: Mapping[str, Any]) -> Text:
    return t(
        "The director withdrew {name} (no. {number}) after round {round}; "
        "the rounds not started are planned again.",
        name=data.get("name", ""),
        number=data.get("number", 0),
        round=data.get("after", 0),
    )


def substituted(data: Mapping[str, Any]) -> Text:
    fields = {
        "substitute": data.get("substitute", ""),
        "name": data.get("name", ""),
        "number": data.get("number", 0),
        "round": data.get("round", 1),
    }
    if data.get("credited"):
        return t(
            "The director seated {substitute} for {name} (no. {number}) from round {round}; "
            "those rounds count for {name}.",
            **fields,
        )
    return t(
        "The director seated {substitute} for {name} (no. {number}) from round {round}; "
        "those rounds count for nobody.",
        **fields,
    )


def apart(data: Mapping[str, Any]) -> Text:
    first, second = [*data.get("names", []), "", ""][:2]
    return t("The director keeps {first} and {second} apart.", first=first, second=second)


def apart_dropped(data: Mapping[str, Any]) -> Text:
    first, second = [*data.get("names", []), "", ""][:2]
    return t("The director no longer keeps {first} and {second} apart.", first=first, second=second)


DIRECTED = {
    "lengthened": lengthened,
    "allowed": allowed,
    "closed": closed,
    "closed_evening": closed_evening,
    "hidden": hidden,
    "called": called,
    "call_cleared": call_cleared,
    "pin_refused": pin_refused,
    "planned": planned,
    "joined": joined,
    "withdrew": withdrew,
    "substituted": substituted,
    "apart": apart,
    "apart_dropped": apart_dropped,
}


def tables_named(tables: list[list[int]]) -> str:
    """Tables (round, number) as a log names them: "round 1 table 2, round 1 table 5"."""
    return ", ".join(
        str(t("round {round} table {table}", round=round_number, table=number))
        for round_number, number in tables
    )


def late_words(late: LateChange) -> Text:
    """A correction or undo written at a table after its round's last deal, in words."""
    if late.action == "correct":
        return t(
            "Round {round}, table {table}: hand {hand} corrected after the round; "
            "the ranking is updated.",
            round=late.round,
            table=late.table,
            hand=late.hand,
        )
    return t(
        "Round {round}, table {table}: hand {hand} undone after the round; the ranking is updated.",
        round=late.round,
        table=late.table,
        hand=late.hand,
    )
