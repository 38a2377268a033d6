"""The pure engine around the Game contract: check one entry, replay a whole session.

Every door that takes a new hand (the web pad, `companion score`, `companion import`, the web
import) judges it through `check_entry`: the pad by `score_entry`, a document by
`replay(..., all_problems=True)`. So a hand is judged the same way, every problem of it named
at once in the same words, wherever it is entered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.contract.game import Game, PhasedGame, TrickGame, default_options
from companion.contract.parsing import parse_values
from companion.contract.registry import get
from companion.contract.values import (
    Entry,
    Field,
    HandResult,
    Outcome,
    Phase,
    Problem,
    ScoredHand,
    Setup,
    State,
)

# A table's fields, phases and parser, which the pad reads from here too.
from companion.engine.cached import entry_fields as entry_fields
from companion.engine.cached import entry_phases as entry_phases
from companion.engine.cached import entry_reader as entry_reader
from companion.engine.judging import Rules, every_problem
from companion.kit.i18n import join, t


@dataclass(frozen=True)
class Checked:
    """An entry after parsing and refereeing: its typed values and what is wrong with it."""

    entry: Entry
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def check_entry(game: Game, state: State, raw: Mapping[str, Any]) -> Checked:
    """Parse raw input into an entry and referee it against the session so far."""
    return judged(game, state, raw, lambda typed: game.validate(state, typed))


def check_progress(game: Game, state: State, raw: Mapping[str, Any]) -> Checked:
    """Parse a hand still being entered (a trick game's tricks so far) and referee what is in.

    Unlike `check_entry`, an unfinished hand is fine: only the tricks entered are judged.
    """
    if not isinstance(game, TrickGame):
        return judged(game, state, raw, None)
    trick_game = game
    return judged(game, state, raw, lambda typed: trick_game.validate_progress(state, typed))


def judged(
    game: Game,
    state: State,
    raw: Mapping[str, Any],
    rules: Rules | None,
) -> Checked:
    """`raw` parsed, and judged by `rules` (None: by the parser alone), every problem at once
    (`every_problem`)."""
    entry, problems = entry_reader(game, state.setup).read(raw)
    if rules is not None:
        problems = every_problem(
            entry_fields(game, state.setup), state.setup.player_count, entry, problems, rules
        )
    return Checked(entry, tuple(problems))


def phase_fields(game: Game, setup: Setup, phase: Phase) -> tuple[Field, ...]:
    """The fields entered up to and including `phase` (what a draft at that phase holds)."""
    names: set[str] = set()
    for each in entry_phases(game, setup):
        names.update(each.fields)
        if each.name == phase.name:
            break
    return tuple(spec for spec in entry_fields(game, setup) if spec.name in names)


def check_phase(game: Game, state: State, raw: Mapping[str, Any], phase: Phase) -> Checked:
    """Parse and referee a hand up to the end of `phase` (the bids, before play).

    Only the fields of this phase and the ones before it are read; the game's `validate_phase`
    judges them. The last phase is never checked here: it ends the hand (`check_entry`).
    """
    fields = phase_fields(game, state.setup, phase)
    entry, problems = parse_values(fields, raw, state.setup.player_count)
    if isinstance(game, PhasedGame):
        phased = game
        problems = every_problem(
            fields,
            state.setup.player_count,
            entry,
            problems,
            lambda typed: phased.validate_phase(state, typed, phase),
        )
    return Checked(entry, tuple(problems))


def score_entry(
    game: Game, state: State, number: int, raw: Mapping[str, Any]
) -> ScoredHand | Checked:
    """The scored hand, or the refused `Checked` entry with its problems (what `check_entry`
    answers, then `game.score`)."""
    entry, problems = entry_reader(game, state.setup).read(raw)
    if not problems:
        over = outcome_if_over(game, state)
        if over is not None:
            return ScoredHand(number, entry, after_the_end(game, state, over, ended_after(state)))
        problems = game.validate(state, entry)
        if not problems:
            return ScoredHand(number, entry, game.score(state, entry))
        return Checked(entry, tuple(problems))
    return check_entry(game, state, raw)


# ---------------------------------------------------------------- after the game's end

ENDED_AFTER = "game_over_after"
"""The fact a hand kept after the end holds: the number of the hand that ended the game."""


def outcome_if_over(game: Game, state: State) -> Outcome | None:
    """The game's outcome when the session is over by its own rules, else None."""
    if state.hands and game.ends_by_itself(state.setup):
        outcome = game.outcome(state)
        if outcome.finished:
            return outcome
    return None


def ended_after(state: State) -> int:
    """The number of the hand that ended a session that is over: its last hand, or the one a
    hand kept after the end names."""
    last = state.hands[-1]
    ended: int = last.result.facts.get(ENDED_AFTER, last.number)
    return ended


def not_counted_words(number: int, reasons: Sequence[Any]) -> Any:
    """Why a stored hand the rules refuse counts nothing (`reasons`: its problems' messages),
    as the pad, the printed summary, the correction page and the CSV say it, each reason
    still said in the page's language."""
    return t("Hand {number} is not counted: {why}", number=number, why=join(list(reasons), " "))


def counts_nothing_after_the_end(result: HandResult) -> bool:
    """Whether a hand's result is `after_the_end`'s (the pad and the summary say so beside
    it); its facts are read only for a hand that was not played, so a row costs nothing more."""
    return result.redeal and ENDED_AFTER in result.facts


def after_the_end(game: Game, state: State, outcome: Outcome, ended: int) -> HandResult:
    """What a hand kept after the game was over scores: nothing. Only a correction can put a
    hand there (the pad refuses a new hand once the game is over): it ended the game earlier
    than the hands entered after it knew. They stay in the history, each saying so; the game's
    end stays where the correction put it. Such a hand is not a hand played (as a redeal is
    not), and hands on what the game carried unchanged."""
    line = t(
        "The game was over after hand {number} ({outcome}): this hand does not count",
        number=ended,
        outcome=outcome.text or t("game over"),
    )
    return HandResult(
        (0,) * state.setup.player_count,
        (line,),
        t("After the game"),
        redeal=True,
        carry=game.carried(state),
        facts={ENDED_AFTER: ended},
    )


@dataclass(frozen=True)
class Replay:
    """A session replayed hand by hand: the state reached and the problems of refused hands."""

    state: State
    problems: dict[int, tuple[Problem, ...]]


def replay(
    setup: Setup,
    entries: Sequence[tuple[int, Mapping[str, Any]]],
    *,
    all_problems: bool = False,
) -> Replay:
    """Score every (number, entry) in order; a refused hand is left out and its problems kept.

    A hand after the game was over by its own rules (a correction ended it earlier) counts
    nothing and says so (`after_the_end`): the pad's history keeps it, and a session exported
    with it reads back the same.

    `all_problems`: a hand the parser refuses is judged as the pad judges a new entry
    (`check_entry`: its parse problems and its rule problems together, as `score_entry` does),
    for a document read as new input (`companion score`, an import). Without it (stored hands
    replayed) the parse problems alone are kept: enough to know the hand is refused, and cheap.
    """
    game = get(setup.game)
    state = State(setup)
    reader = entry_reader(game, setup)
    problems: dict[int, tuple[Problem, ...]] = {}
    over: tuple[int, Outcome] | None = None
    can_end = game.ends_by_itself(setup)
    last = len(entries) - 1
    for index, (number, raw) in enumerate(entries):
        # What `score_entry` does, with the table's parser looked up once for the session.
        entry, refused = reader.read(raw)
        if refused and all_problems:
            refused = list(check_entry(game, state, raw).problems)
        elif not refused:
            if over is None:
                refused = game.validate(state, entry)
                if not refused:
                    result = game.score(state, entry)
            else:
                result = after_the_end(game, state, over[1], over[0])
        if refused:
            problems[number] = tuple(refused)
            continue
        state = state.with_hand(ScoredHand(number, entry, result))
        if can_end and over is None and index < last:  # asked only when a hand follows
            outcome = game.outcome(state)
            if outcome.finished:
                over = (number, outcome)
    return Replay(state, problems)


def make_setup(
    slug: str,
    players: Sequence[str],
    options: Mapping[str, Any] | None = None,
    first_dealer: int = 0,
) -> tuple[Setup, list[Problem]]:
    """A session's setup with every house rule filled in, and the problems with what was chosen."""
    game = get(slug)
    problems: list[Problem] = []
    if len(players) not in game.player_counts:
        counts = ", ".join(str(c) for c in game.player_counts)
        problems.append(
            Problem(
                "players",
                t(
                    "{game} is played by {counts} players, not {count}.",
                    game=game.name,
                    counts=counts,
                    count=len(players),
                ),
            )
        )
        return Setup(slug, tuple(players), {}, first_dealer), problems
    option_fields = game.options(len(players))
    values, option_problems = parse_values(option_fields, options or {}, len(players))
    chosen = {name: value for name, value in values.items() if value is not None}
    values = {**default_options(option_fields), **chosen}
    problems.extend(option_problems)
    if not 0 <= first_dealer < len(players):
        problems.append(Problem("first_dealer", t("Choose a player at this table.")))
        first_dealer = 0
    return Setup(slug, tuple(players), values, first_dealer), problems
