"""The Game contract: the class every game implements, in the values of `companion.contract.values`.

A game is data plus a few pure functions. The web layer, the store and the command line know
nothing game-specific: they ask a `Game` for its options and entry fields, hand it parsed
entries, and show what it answers. What only some games do (entered trick by trick, in phases,
settled in money) is a small protocol below (`TrickGame`, `PhasedGame`, `SettledGame`) that a
caller asks for with `isinstance`; `Game` keeps what every game answers. Nothing here imports
Flask or SQL, and a game names no template: the few games whose pad draws parts of their own (a
board, an entry form, trick controls) get them in the web layer, by slug
(`companion/web/game_pages.py`).

Flow of one hand:
    raw mapping (form, JSON)  --companion.contract.parsing-->  Entry + type problems
    Entry + State             --game.validate-->      rule problems (the referee)
    Entry + State             --game.score-->         HandResult (points and arithmetic)
    State                     --game.outcome-->       Outcome (over? who won? whose deal?)

Every game states what a default would hide: whether its hands are zero-sum (`zero_sum`) and
what its points are called and which way is better (`scale`). `register` refuses a game that
leaves either out.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, runtime_checkable

from companion.contract.values import (
    Better,
    Entry,
    Field,
    HandResult,
    Outcome,
    Phase,
    Problem,
    Scale,
    ScoredHand,
    SeatGroup,
    Setup,
    State,
    TrickProgress,
)
from companion.kit.i18n import t
from companion.kit.settlement import Settlement

if TYPE_CHECKING:
    from companion.contract.figures import OwnFigures

T = TypeVar("T")  # a game's typed house rules (its `options_type` dataclass)


class Game(ABC):
    """The contract every game implements. Subclasses are stateless: all state is passed in.

    Required class attributes: `slug`, `name`, `player_counts` (1 to 10 seats), `zero_sum`
    (does every hand add up to zero?), `scale` (what a point is called, which way is better)
    and `version` (1 at first, raised by one whenever the game scores a hand differently: the
    store then derives that game's stored results again, docs/design.md "Stored results").
    """

    slug: ClassVar[str]
    name: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    zero_sum: ClassVar[bool]
    scale: ClassVar[Scale]
    version: ClassVar[int]
    summary: ClassVar[str] = ""
    turn_word: ClassVar[str] = t("deals")  # what the seat returned by `dealer` does: "leads"
    turn_heading: ClassVar[str] = t("Dealer")  # that seat's column on the score sheet
    options_type: ClassVar[type | None] = None  # the game's typed house rules (a dataclass)
    figures: ClassVar[OwnFigures | None] = None  # its own figures on the statistics pages
    # The house rules a club night decides by itself (how long a table plays: its round; the
    # night's money: the event's), which the event's form leaves at their defaults.
    event_decides: ClassVar[frozenset[str]] = frozenset()
    # Whether a club night may charge a fee per game its declarer lost (Skat's tournaments do),
    # counted from the game's won and lost contracts (`OwnFigures.won_lost`).
    lost_game_fee: ClassVar[bool] = False

    # ------------------------------------------------------------ what a session and a hand hold

    def options(self, player_count: int) -> tuple[Field, ...]:
        """The house rules a session creator may switch, with their defaults (the standard rule)."""
        return ()

    def settings(self, setup: Setup) -> Any:
        """This session's house rules as the game's own typed value (`options_type`)."""
        if self.options_type is None:
            raise TypeError(f"{self.name} declares no options_type")
        return typed_options(setup, self.options_type)

    @abstractmethod
    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """The fields of one hand's entry for this setup."""

    # ------------------------------------------------------------ the referee and the score

    @abstractmethod
    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """The referee: everything impossible about a parsed entry, each on its field."""

    @abstractmethod
    def score(self, state: State, entry: Entry) -> HandResult:
        """Points per seat and the arithmetic. Only called with an entry `validate` accepted."""

    def initial_carry(self, setup: Setup) -> Any:
        """What the first hand finds carried over (a pool's opening value); None by default."""
        return None

    def carried(self, state: State) -> Any:
        """What the last hand handed on (`HandResult.carry`), or the opening value: O(1)."""
        return state.hands[-1].result.carry if state.hands else self.initial_carry(state.setup)

    # ------------------------------------------------------------ where the session stands

    def ends_by_itself(self, setup: Setup) -> bool:
        """Whether a session at this table can be over by the game's own rules (a target, a
        fixed number of hands or rounds). The engine then asks `outcome` after every hand, so
        a hand kept after the end (a correction ended the game earlier) counts nothing. True
        for every game that answers `outcome` itself; a game whose tables may never end (no
        number of hands agreed) says so, and its replay skips the question."""
        return type(self).outcome is not Game.outcome

    def outcome(self, state: State) -> Outcome:
        """Whether the session is over. By default it never ends by itself: the best total leads."""
        winners = leaders(self.ranked_totals(state), self.scale.better)
        return Outcome(finished=False, winners=winners, text="")

    def ranked_totals(self, state: State) -> tuple[int, ...]:
        """Each seat's count as the leaders are chosen on it and named with it ("Cat with 4"):
        the totals by default; a game whose settlement first gives back what is still on the
        table counts it here, so the winner named and the settlement agree."""
        return state.totals

    def dealer(self, state: State) -> int:
        """The seat that deals the next hand: by default the deal moves one seat on every hand."""
        return (state.setup.first_dealer + len(state.hands)) % state.setup.player_count

    def took_part(self, setup: Setup, hand: ScoredHand, seat: int) -> bool:
        """Whether `seat` took part in `hand` as played, for the statistics' hands: by default
        every seat of a hand played out (a redeal is no hand played). A game whose deal can be
        written without being played (Skat's pass), or at whose table a seat sits a hand out
        (the dealer at four), says so here, from the hand alone."""
        return not hand.result.redeal

    def table_notes(self, state: State) -> tuple[str, ...]:
        """Short facts the pad shows beside whose deal it is ("30 games left", "Pool: 12")."""
        return ()

    def groups(self, setup: Setup) -> tuple[SeatGroup, ...]:
        """Fixed partnerships whose totals the pad shows together (none by default)."""
        return ()

    def group_total(self, state: State, group: SeatGroup) -> int:
        """A fixed partnership's total as the pad shows it: by default its seats' totals added
        up; a game in which each partner holds the side's whole score (Whist) says so here."""
        return sum(state.totals[seat] for seat in group.seats)

    # ------------------------------------------------------------ words

    def describe(self, setup: Setup, entry: Entry) -> str:
        """A one-line description of an entry for the table of hands."""
        return ", ".join(f"{k}={v}" for k, v in entry.items() if v is not None)

    def describe_game(self) -> dict[str, Any]:
        """This game as plain data: counts, scale, options, phases and fields per count."""
        variants = []
        for count in self.player_counts:
            options = self.options(count)
            setup = Setup(
                self.slug, tuple(f"P{i + 1}" for i in range(count)), default_options(options)
            )
            variants.append(
                {
                    "players": count,
                    "options": [o.describe() for o in options],
                    "fields": [f.describe() for f in self.fields(setup)],
                    "phases": [
                        {"name": p.name, "label": p.label, "fields": list(p.fields)}
                        for p in phases_of(self, setup)
                    ],
                }
            )
        return {
            "slug": self.slug,
            "name": self.name,
            "players": list(self.player_counts),
            "zero_sum": self.zero_sum,
            "scale": {
                "singular": self.scale.singular,
                "plural": self.scale.plural,
                "better": self.scale.better.value,
                "signed": self.scale.signed,
            },
            "summary": self.summary,
            "variants": variants,
        }


# ---------------------------------------------------------------- optional capabilities
# What only some games do is no method of `Game`: it is a small protocol, and a game has the
# capability by defining its methods (checked structurally: `isinstance(game, TrickGame)`).
# Callers ask for the capability instead of relying on a default that answers "nothing".


@runtime_checkable
class TrickGame(Protocol):
    """A game whose hand is entered trick by trick, each trick refereed as it comes (Tantony)."""

    def progress(self, state: State, entry: Entry) -> TrickProgress:
        """The hand after the tricks entered so far (what the pad shows beside the tricks)."""
        ...

    def validate_progress(self, state: State, entry: Entry) -> list[Problem]:
        """The referee on a hand still being entered: each trick as it comes (quota, cards used
        twice); `Game.validate` then adds what only a finished hand can be judged on."""
        ...


@runtime_checkable
class PhasedGame(Protocol):
    """A game whose hand is entered in several moments, each saved and refereed before the
    next (the anti-trump game's bids before play)."""

    def phases(self, setup: Setup) -> tuple[Phase, ...]:
        """The moments a hand is entered in, in order; the last one ends the hand."""
        ...

    def validate_phase(self, state: State, entry: Entry, phase: Phase) -> list[Problem]:
        """The referee on a phase that ends before the hand does. `entry` holds the fields of
        this phase and of the phases before it; the last phase is judged by `Game.validate`."""
        ...

    def entry_order(self, state: State, names: Sequence[str]) -> tuple[str, ...]:
        """The next hand's fields `names` in the order the pad asks for them (the bids start
        at the dealer's left, as they are made)."""
        ...


@runtime_checkable
class SettledGame(Protocol):
    """A game played for points or money whose totals become each player's net and who pays
    whom (`companion.kit.settlement`)."""

    def settlement(self, state: State) -> Settlement | None:
        """What each player has won or lost and who pays whom (None: nothing to settle yet)."""
        ...


def phases_of(game: Game, setup: Setup) -> tuple[Phase, ...]:
    """The moments a hand is entered in: a phased game's own, else one, the whole hand."""
    if isinstance(game, PhasedGame):
        return tuple(game.phases(setup))
    return (Phase("hand", t("Hand"), tuple(spec.name for spec in game.fields(setup))),)


def entry_order(game: Game, state: State, names: Sequence[str]) -> tuple[str, ...]:
    """The next hand's fields `names` in the order the pad asks for them: a phased game's
    order, else as declared."""
    if isinstance(game, PhasedGame):
        return game.entry_order(state, names)
    return tuple(names)


def settlement_of(game: Game, state: State) -> Settlement | None:
    """Who pays whom after the hands so far: None for a game that settles nothing."""
    return game.settlement(state) if isinstance(game, SettledGame) else None


REQUIRED_ATTRIBUTES = ("slug", "name", "player_counts", "zero_sum", "scale", "version")


def missing_declarations(game: Game) -> list[str]:
    """What a game has left undeclared that the contract requires (see `Game`)."""
    missing = [name for name in REQUIRED_ATTRIBUTES if not hasattr(game, name)]
    counts = getattr(game, "player_counts", ())
    if not counts or any(not 1 <= count <= 10 for count in counts):
        missing.append("player_counts between 1 and 10")
    return missing


def leaders(totals: Sequence[int], better: Better = Better.HIGHER) -> tuple[int, ...]:
    """The seats holding the best total (several on a tie; none when there are no seats)."""
    if not totals:
        return ()
    best = max(totals) if better is Better.HIGHER else min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def default_options(options: Sequence[Field]) -> dict[str, Any]:
    """Every option at its default: the standard rule."""
    return {option.name: option.default for option in options}


def typed_options(setup: Setup, options_type: type[T]) -> T:
    """A session's house rules as a game's typed options (`read_options`)."""
    return read_options(options_type, setup.options)


def read_options(options_type: type[T], values: Mapping[str, Any]) -> T:
    """A session's house rules as a game's typed options (a dataclass whose defaults are the
    standard rules): each stored value converted to its field's type (an enum from its value,
    a number from its text); a rule the session does not hold keeps its default."""
    cls: type = options_type  # a plain class for the cache: mypy holds `type[T]` unhashable
    chosen: dict[str, Any] = {}
    for name, kind in _option_types(cls):
        value = values.get(name)
        if value is not None:
            chosen[name] = _as_type(kind, value)
    return options_type(**chosen)


@functools.cache
def _option_types(options_type: type) -> tuple[tuple[str, Any], ...]:
    """An options dataclass's fields and their types, resolved once per class (its annotations
    are strings)."""
    hints = typing.get_type_hints(options_type)
    return tuple((spec.name, hints[spec.name]) for spec in dataclasses.fields(options_type))


def _as_type(kind: Any, value: Any) -> Any:
    """One stored option value as the type its dataclass field declares."""
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(value)
    if kind is bool:
        return bool(value)
    if kind is int:
        return int(value)
    return value
