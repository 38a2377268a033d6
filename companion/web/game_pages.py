"""What the pad draws of each game beyond the shared form: its own partials and, for a trick
game, how the taps of its trick panel become a trick.

The engine's `Game` knows nothing of HTML: a game that needs more than the generic pad says so
here, by its slug, in a `GamePage`. A game found nowhere here gets `GENERIC`: the shared
entry form, no board, and for a trick game the generic trick panel (the cards played and who
got the trick).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from companion.contract.game import Game
from companion.contract.values import SHARED_TRICK_PARTS, FieldKind, Setup, TrickProgress
from companion.families.piles import PileGame
from companion.games.tantony import TantonyProgress, table_for
from companion.kit.i18n import Text, t
from companion.web.said_aloud import SeatTally, tricks_of_quota, tricks_taken

Taps = Mapping[str, str]
"""What was tapped or typed for the next trick, by part of the trick (as posted)."""


def trick_as_tapped(progress: TrickProgress, taps: Taps) -> dict[str, str]:
    """The next trick as the taps and boxes make it: as posted."""
    return dict(taps)


def cards_missing(progress: TrickProgress, trick: Taps) -> dict[str, list[str]]:
    """What the player has not tapped or typed for the next trick, by part: a trick needs its
    cards, from which the game's referee finds the winner."""
    if not trick.get("cards"):
        return {"cards": [t("Enter the cards played, in order from the leader.")]}
    return {}


def part_as_named(progress: TrickProgress, part: str | None) -> str | None:
    """The control beside which a problem with `part` is said: the part's own."""
    return part


def blank_rows(game: Game, setup: Setup) -> list[dict[str, str]]:
    """The whole-hand form's rows before anything is typed: one blank row per trick."""
    spec = next((f for f in game.fields(setup) if f.kind is FieldKind.TRICKS), None)
    if spec is None:
        return []
    parts = (*SHARED_TRICK_PARTS, *(part.name for part in spec.parts))
    return [dict.fromkeys(parts, "") for _ in range(int(spec.maximum or 0))]


@dataclass(frozen=True)
class GamePage:
    """A game's own part of the pad.

    `standings`: a picture under the totals (Marmalade's board), or None. `entry`: the hand's
    own form (Noddy's keypad, the pile grid) drawn instead of the shared fields, or "".
    `trick` and `whole_hand`: a trick game's panel parts for the next trick and its form of all
    tricks at once. The four functions turn the trick panel's taps into a trick, say what is
    missing, place a problem beside its control, and lay out the whole-hand form's blank rows;
    `seat_tally` says a seat's tricks after one is added (`said_aloud.trick_recorded`).
    """

    standings: str | None = None
    entry: str = ""
    trick: str = "pad/tricks/_cards.html"
    whole_hand: str = "pad/tricks/_whole_rows.html"
    trick_from_taps: Callable[[TrickProgress, Taps], dict[str, str]] = trick_as_tapped
    missing_taps: Callable[[TrickProgress, Taps], dict[str, list[str]]] = cards_missing
    problem_part: Callable[[TrickProgress, str | None], str | None] = part_as_named
    blank_tricks: Callable[[Game, Setup], list[dict[str, str]]] = blank_rows
    seat_tally: SeatTally = tricks_taken


# ---------------------------------------------------------------- Tantony's runt grid


def _last_trick(progress: TrickProgress) -> bool:
    return isinstance(progress, TantonyProgress) and progress.last_trick


def tantony_trick(progress: TrickProgress, taps: Taps) -> dict[str, str]:
    """The tapped trick; the unplaced last trick goes to whoever won it, so "got" is "won"."""
    trick = dict(taps)
    if _last_trick(progress) and trick.get("to"):
        trick["won_by"] = trick["to"]
    return trick


def tantony_missing(progress: TrickProgress, trick: Taps) -> dict[str, list[str]]:
    """The runt (unless the cards were typed) and who got the trick (or won the last)."""
    last = _last_trick(progress)
    errors: dict[str, list[str]] = {}
    if not trick.get("runt") and not trick.get("cards"):
        errors["runt"] = [t("Tap the runt: the lowest card of the suit led in this trick.")]
    if not trick.get("to") and not (last and trick.get("cards")):
        errors["to"] = [t("Tap who won the last trick.") if last else t("Tap who got the trick.")]
    return errors


def tantony_problem_part(progress: TrickProgress, part: str | None) -> str | None:
    """Who won a trick is asked on its own row only for the closing trick of three players;
    otherwise the players' row is the one that answers it."""
    if part == "won_by" and (_last_trick(progress) or not progress.closing_trick):
        return "to"
    return part


def tantony_tally(before: TrickProgress, name: str, taken: int) -> Text:
    """A seat's tricks against the quota ("Connie has 1 of 3 tricks."); after the unplaced last
    trick, its count alone."""
    if not isinstance(before, TantonyProgress) or before.last_trick:
        return tricks_taken(before, name, taken)
    return t("{name} has {tricks}.", name=name, tricks=tricks_of_quota(taken, before.quota))


def tantony_rows(game: Game, setup: Setup) -> list[dict[str, str]]:
    """The whole-hand form laid out as the runts lie at the end of a hand: each player gets
    an even share of rows (their face-up runts); the odd last trick is not placed."""
    total, count = table_for(setup).total_tricks, setup.player_count
    share = total // count
    rows = [
        {
            "runt": "",
            "to": str(min(index // share, count - 1)),
            "won_by": "",
            "cards": "",
            "leader": "",
        }
        for index in range(total)
    ]
    if total % count:
        rows[-1]["to"] = ""  # the odd trick left over is not placed: it goes to its winner
    return rows


# ---------------------------------------------------------------- the pages by slug

GENERIC = GamePage()

PILES = GamePage(entry="pad/_piles.html")
"""Every pile game's entry: the one shared pile grid (`companion.families.piles`)."""

PAGES: dict[str, GamePage] = {
    "marmalade": GamePage(standings="pad/_marmalade_board.html"),
    "noddy": GamePage(entry="pad/_noddy_cards.html"),
    "tantony": GamePage(
        trick="pad/tricks/_tantony.html",
        whole_hand="pad/tricks/_tantony_whole.html",
        trick_from_taps=tantony_trick,
        missing_taps=tantony_missing,
        problem_part=tantony_problem_part,
        blank_tricks=tantony_rows,
        seat_tally=tantony_tally,
    ),
}


def page_of(game: Game) -> GamePage:
    """The pad's parts for `game`: its own page by slug, the pile family's, or the generic."""
    if game.slug in PAGES:
        return PAGES[game.slug]
    return PILES if isinstance(game, PileGame) else GENERIC
