"""What the pad says in words where it shows a symbol or a short figure, for a screen reader.

A card chip shows "3♥" and holds its name, "the Three of Hearts", in a visually hidden span
(`kit.cards.card_name`, translated once for every language); a quota shows "1/3" and says
"1 of 3 tricks"; and the trick just added is said in one sentence ("Trick 1 recorded: the
Three of Hearts to Connie, 3 points. Connie has 1 of 3 tricks."), which the pad's polite live
region reads once after "Add trick" (docs/design.md, "Web decisions").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import Flask

from companion.contract.values import Scale, TrickProgress, TrickRecord
from companion.kit.cards import SUIT_NAMES, Card, CardError, card_name, parse
from companion.kit.i18n import Text, t, tn


def card_said(card: Card | str) -> str:
    """A card (or its code, "3H") in words; a code that names no card as it is ("20")."""
    if isinstance(card, Card):
        return card_name(card)
    try:
        return card_name(parse(card))
    except CardError:
        return card


def suit_said(code: str) -> str:
    """The name of a card's suit ("Hearts" for "3H"), or "" for a card with no plain suit."""
    try:
        return SUIT_NAMES.get(parse(code).suit, "")
    except CardError:
        return ""


def tricks_of_quota(taken: int, quota: int) -> Text:
    """A seat's tricks against the quota in words: "1 of 3 tricks" (shown "1/3"), and with the
    unplaced last trick "3 of 3 tricks and the last trick" (shown "3/3 + last")."""
    if taken > quota:
        return tn(
            "{count} of {count} trick and the last trick",
            "{count} of {count} tricks and the last trick",
            quota,
        )
    return tn("{taken} of {count} trick", "{taken} of {count} tricks", quota, taken=taken)


def points_said(points: int) -> Text:
    """Points in words: "3 points" (shown "3 pts")."""
    return tn("{count} point", "{count} points", points)


def unit_said(count: float, scale: Scale) -> str:
    """What `count` of a game's points is called, said beside a bare total: "point" for 1 or
    −1, "points" otherwise (a game's own unit where it has one)."""
    return scale.singular if abs(count) == 1 else scale.plural


SeatTally = Callable[[TrickProgress, str, int], Text]
"""A seat's tricks after the one just added, in a sentence: the progress before it, the seat's
name and its tricks taken (a game with a quota says them against it: `GamePage.seat_tally`)."""


def tricks_taken(before: TrickProgress, name: str, taken: int) -> Text:
    """A seat's tricks so far: "Connie has 2 tricks."."""
    return tn("{name} has {count} trick.", "{name} has {count} tricks.", taken, name=name)


def trick_recorded(
    before: TrickProgress,
    after: TrickProgress,
    trick: TrickRecord,
    players: Sequence[str],
    tally: SeatTally = tricks_taken,
) -> Text:
    """The trick just added in one sentence: its number, its runt (when the game has one and it
    was written), who got it and what it was worth to them, and that seat's tricks so far."""
    number = before.trick_number
    seat = trick.to if trick.to is not None else trick.won_by
    if seat is None:
        return t("Trick {number} recorded.", number=number)
    name = players[seat]
    points = points_said(after.points[seat] - before.points[seat])
    runt = trick.part("runt")
    if runt:
        said = t(
            "Trick {number} recorded: {card} to {name}, {points}.",
            number=number,
            card=card_said(str(runt)),
            name=name,
            points=points,
        )
    else:
        said = t(
            "Trick {number} recorded: to {name}, {points}.",
            number=number,
            name=name,
            points=points,
        )
    tallied = tally(before, name, after.taken[seat])
    return Text("{said} {tally}", {"said": said, "tally": tallied})


def init_said_aloud(app: Flask) -> None:
    """The templates' words for cards and quotas."""
    words: dict[str, Any] = {
        "card_said": card_said,
        "suit_said": suit_said,
        "tricks_of_quota": tricks_of_quota,
        "points_said": points_said,
        "unit_said": unit_said,
    }
    app.jinja_env.globals.update(words)
