"""Entries for the pile games' tests, written as a phone posts them: by the cards (each
counting card to its pile, the rest of the grid to one pile) or by the points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.contract.registry import get
from companion.contract.values import HandResult, ScoredHand, State
from companion.engine.replay import Checked, check_entry, make_setup
from companion.families.piles import PileGame as Game


def by_cards(
    sizes: Sequence[int | None], cards: Mapping[int, str], rest_to: int, **extra: str
) -> dict[str, str]:
    """A hand by the cards: `cards` maps a pile to its card codes ("KS QH"); every other
    counting card of the grid is in pile `rest_to`."""
    raw = {"method": "cards", **extra}
    raw |= {f"size_{pile}": "" if size is None else str(size) for pile, size in enumerate(sizes)}
    for pile, codes in cards.items():
        raw |= {f"card_{code}": str(pile) for code in codes.split()}
    raw["_rest_to"] = str(rest_to)
    return raw


def by_points(counts: Sequence[int | None], **extra: str) -> dict[str, str]:
    """A hand by the points: each pile's count by hand (None: left blank)."""
    raw = {"method": "points", **extra}
    raw |= {
        f"count_{pile}": "" if count is None else str(count) for pile, count in enumerate(counts)
    }
    return raw


def table(slug: str, options: Mapping[str, str] | None = None, hands_before: int = 0) -> State:
    """A table of this game (Ann deals the first hand) after `hands_before` hands."""
    game = get(slug)
    names = ("Ann", "Bob", "Cat", "Dee")[: game.player_counts[0]]
    setup, problems = make_setup(slug, names, dict(options or {}))
    assert not problems
    state = State(setup)
    for _ in range(hands_before):  # hands by the points, each moving the deal on a seat
        state = state.with_hand(_all_to_last(game, state))
    return state


def check(
    slug: str,
    raw: Mapping[str, str],
    options: Mapping[str, str] | None = None,
    hands_before: int = 0,
) -> Checked:
    """The engine's answer to `raw` at a table of this game (Ann deals the first hand)."""
    return check_at(get(slug), table(slug, options, hands_before), raw)


def check_at(game: Game, state: State, raw: Mapping[str, str]) -> Checked:
    """The engine's answer to `raw` at this table (the rest of the grid filled in)."""
    values = dict(raw)
    rest = values.pop("_rest_to", None)
    if rest is not None:
        for card in game.rules.grid:
            values.setdefault(f"card_{card.code}", rest)
    return check_entry(game, state, values)


def result(
    slug: str, raw: Mapping[str, str], options: Mapping[str, str] | None = None
) -> HandResult:
    """What an accepted hand scores, with its working."""
    game = get(slug)
    state = table(slug, options)
    checked = check_at(game, state, raw)
    assert checked.ok, checked.problems
    return game.score(state, checked.entry)


def _all_to_last(game: Game, state: State) -> ScoredHand:
    """A hand by the points where the last pile counts the whole pack (Ann won last trick)."""
    counts = [0] * (state.setup.player_count - 1) + [min(game.pile_totals(state.setup))]
    checked = check_entry(game, state, {**by_points(counts), "last_trick": "0"})
    assert checked.ok, checked.problems
    return ScoredHand(len(state.hands) + 1, checked.entry, game.score(state, checked.entry))
