"""The table of hands as CSV, for a spreadsheet (an export beside the exchange document)."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any

from companion.contract.game import Game
from companion.contract.values import Problem, ScoredHand, Setup, State
from companion.engine.replay import counts_nothing_after_the_end, not_counted_words
from companion.kit import i18n
from companion.kit.i18n import t


def to_csv(
    state: State, game: Game, not_counted: Mapping[int, Sequence[Problem]] | None = None
) -> str:
    """The table of hands for a spreadsheet: each hand's points and running totals, then totals.
    A hand kept but not counted (`not_counted`: the pad's refused hands) has its row too, in
    its place, saying why, with no points."""
    setup = state.setup
    out = io.StringIO()
    writer = csv.writer(out)
    header = [
        "hand",
        game.turn_heading.lower(),
        "description",
        *setup.players,
        *(f"{name} total" for name in setup.players),
    ]
    writer.writerow([_spreadsheet_safe(cell) for cell in header])
    rows = _csv_hand_rows(state, game) + _csv_not_counted_rows(not_counted or {})
    rows.sort(key=lambda row: row[0])
    writer.writerows(rows)
    writer.writerow(["Total", "", "", *state.totals, *state.totals])
    return out.getvalue()


def _csv_hand_rows(state: State, game: Game) -> list[list[Any]]:
    setup = state.setup
    rows = []
    for index, (hand, totals) in enumerate(zip(state.hands, state.running_totals(), strict=True)):
        dealer = game.dealer(State(setup, state.hands[:index]))
        rows.append(
            [
                hand.number,
                setup.players[dealer],
                csv_description(game, setup, hand),
                *hand.result.points,
                *totals,
            ]
        )
    return [[_spreadsheet_safe(cell) for cell in row] for row in rows]


def _csv_not_counted_rows(not_counted: Mapping[int, Sequence[Problem]]) -> list[list[Any]]:
    return [
        [
            number,
            "",
            _spreadsheet_safe(
                str(not_counted_words(number, [problem.message for problem in problems]))
            ),
        ]
        for number, problems in not_counted.items()
    ]


def csv_description(game: Game, setup: Setup, hand: ScoredHand) -> str:
    """A hand in words for the CSV, marked as the pad and the summary mark a hand kept after
    the game's end ("After the game · …"), so its row of zeros is not read as a hand played."""
    words = game.describe(setup, hand.entry)
    if counts_nothing_after_the_end(hand.result):
        return i18n.join((t("After the game"), words), " · ")
    return words


def _spreadsheet_safe(cell: Any) -> Any:
    """Text that a spreadsheet would run as a formula (=, +, -, @) is quoted: names are input."""
    if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + cell
    return cell
