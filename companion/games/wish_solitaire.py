"""Wish Solitaire, seed 002: one player, the 52 cards without the 2s to 6s (32 cards) in eight
piles of four; pairs of a kind are taken off the tops; the game is won when every pile is gone.

The pad keeps a log of deals: won, or how many cards were left, and the player's record over
time: deals, wins, the best run of wins, the average left. docs/rules/wish-solitaire.md has
the decisions.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.contract.game import Game
from companion.contract.registry import register
from companion.contract.values import (
    Choice,
    Entry,
    Field,
    FieldKind,
    HandResult,
    Problem,
    Scale,
    Setup,
    State,
)
from companion.kit.i18n import pt, t

WON_WORDS = t("Won: every pile is gone")

PACK_SIZE = 32
"""The text: "Remove the 2s through 6s of all suits" — 52 − 20 = 32 cards, 8 piles of 4."""


class Result(StrEnum):
    """How a deal ended."""

    WON = "won"
    LOST = "lost"


@dataclass(frozen=True)
class Record:
    """The player's record over the deals entered."""

    deals: int
    wins: int
    best_run: int
    left: tuple[int, ...]  # cards left in each deal, 0 for a win

    @property
    def average_left(self) -> float:
        """The cards left on average, over every deal (wins count 0)."""
        return sum(self.left) / self.deals if self.deals else 0.0


def record_of(state: State) -> Record:
    """Deals, wins, the best run of consecutive wins and the cards left, from the hands."""
    left = tuple(hand.entry.get("cards_left") or 0 for hand in state.hands)
    best = run = 0
    for cards in left:
        run = run + 1 if cards == 0 else 0
        best = max(best, run)
    return Record(len(left), sum(1 for cards in left if cards == 0), best, left)


class WishSolitaire(Game):
    """A solitaire's log: one seat, a deal won or the cards left."""

    slug = "wish-solitaire"
    name = t("Wish Solitaire")
    player_counts = (1,)
    zero_sum = False
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = Scale(t("deal won"), t("deals won"), signed=False)
    turn_word = t("plays")  # a solitaire: nobody deals to anybody else
    turn_heading = t("Player")
    summary = t(
        "A solitaire of pairs in eight piles of the 32-card pack. The pad logs each "
        "deal, won or the cards left, and keeps the record: wins, the best run, the "
        "average left."
    )

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """Won, or lost with the cards still in the piles."""
        return (
            Field(
                "result",
                t("The deal"),
                FieldKind.CHOICE,
                choices=(
                    Choice(Result.WON.value, WON_WORDS),
                    Choice(Result.LOST.value, t("Lost: cards are left")),
                ),
            ),
            Field(
                "cards_left",
                t("Cards left"),
                FieldKind.INTEGER,
                minimum=2,
                maximum=PACK_SIZE,
                shown_when=("result", (Result.LOST.value,)),
                help=t("Pairs come off two at a time, so an even number from 2 to 32"),
            ),
        )

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """Cards come off in pairs: what is left is even."""
        left = entry.get("cards_left")
        if entry["result"] == Result.LOST and left is not None and left % 2:
            return [
                Problem(
                    "cards_left",
                    t(
                        "Pairs come off two at a time, so {left} cards "
                        "cannot be left: count again.",
                        left=left,
                    ),
                )
            ]
        return []

    def score(self, state: State, entry: Entry) -> HandResult:
        """A win counts one; a lost deal counts nothing and notes the cards left."""
        won = entry["result"] == Result.WON
        left = 0 if won else entry["cards_left"]
        line = WON_WORDS if won else t("Lost with {left} cards left", left=left)
        return HandResult((1 if won else 0,), (line,), line, facts={"won": won, "cards_left": left})

    def table_notes(self, state: State) -> tuple[str, ...]:
        """The record so far."""
        record = record_of(state)
        if not record.deals:
            return ()
        return (
            t("{wins} of {deals} won", wins=record.wins, deals=record.deals),
            t("best run {run}", run=record.best_run),
            t("average left {average}", average=f"{record.average_left:.1f}"),
        )

    def describe(self, setup: Setup, entry: Entry) -> str:
        if entry["result"] == Result.WON:
            return pt("wish-solitaire", "Won")
        return t("Lost, {left} left", left=entry["cards_left"])


register(WishSolitaire())
