"""What every game's rule tests need: a table with house rules, one hand scored through the
engine, a session replayed. The games' test modules call these instead of each keeping a copy."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.contract.registry import get
from companion.contract.values import HandResult, Setup, State
from companion.engine.judging import waits_for_a_fix
from companion.engine.replay import Checked, check_entry, make_setup, replay


def table(slug: str, names: Sequence[str], first_dealer: int = 0, **options: Any) -> Setup:
    """A session of these players with the options given, the rest at their defaults."""
    setup, problems = make_setup(slug, list(names), options, first_dealer)
    assert not problems, problems
    return setup


def verdict(setup: Setup, raw: Mapping[str, Any]) -> Checked:
    """The engine's verdict on one raw entry at a fresh table."""
    return check_entry(get(setup.game), State(setup), raw)


def score_one(setup: Setup, raw: Mapping[str, Any]) -> HandResult:
    """One hand scored through the engine at a fresh table; fails if the referee refuses it."""
    game, state = get(setup.game), State(setup)
    result = check_entry(game, state, raw)
    assert result.ok, result.problems
    return game.score(state, result.entry)


def after(setup: Setup, entries: Sequence[Mapping[str, Any]]) -> State:
    """The state after these entries (hands 1, 2, …), every one accepted."""
    result = replay(setup, list(enumerate(entries, start=1)))
    assert not result.problems, result.problems
    return result.state


def assert_refused_on(result: Checked, field: str, phrase: str) -> None:
    """The referee refused the entry with exactly one problem, on `field`, saying `phrase`.

    Besides it, only rules that wait for that field to be fixed may say so on their own fields
    (issue 27: a rule whose input is out of range says it waits rather than vanishing); any
    other problem fails the test."""
    assert not result.ok
    refusals = [problem for problem in result.problems if not waits_for_a_fix(problem)]
    assert [problem.field for problem in refusals] == [field], result.problems
    assert phrase in refusals[0].message
