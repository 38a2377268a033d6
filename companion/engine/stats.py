"""Statistics over many sessions, per player and per game: the counting rules, the records
the pages show, and the reference that counts by replaying every hand.

Pure Python, no Flask and no SQL. The pages add up each seat's kept standing in SQL
(`companion.store.statistics`) and make records of the sums with `record_of`, by the rules
below; `game_stats` and `player_stats` count the same from replayed sessions (the caller hands
in each session as plain data: its setup, its state replayed by the engine, the game's outcome,
and which roster player sat in each seat): the tests compare every page to them, and a file
whose stored results cannot be used is counted so.

What counts (the statistics pages say it too):
- A session is **won** by the game's own verdict when it finished by its rules; otherwise by
  whoever led on the totals after its last hand (the game's own leaders: a side in partnership
  Tantony), sessions still being played included. A session without a hand has no winner.
- A **hand** is a hand played out, counted for the players who took part in it, as each game
  says (`Game.took_part`): a redeal (everyone passed) is left out of the hands and of the best
  and worst hand, and so are Skat's passed game (on the list, but nobody played it) and a hand
  a player sat out (the dealer at four in Skat and Calabrasella). A game's hands are those
  anyone took part in.
- The **average** is all a player scored (their session totals added up: a misdeal's cost
  and Seeger-Fabian's 30 to Skat's dealer sitting out included) over the hands they took part
  in.
- The **best** hand is the highest score, or the lowest where the game's scale says fewer is
  better (goats); the first such hand when several tie.
- A player in two seats of one session (a typing slip) is counted in the first.
- A game's **own figures** come from each hand's `HandResult.facts`: French Tarot contracts
  taken and made, Skat games declared and won by game type, Tantony runts per hand, Troggu
  Rappen won and paid.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from companion.contract.figures import Figure
from companion.contract.game import Game, leaders
from companion.contract.registry import get
from companion.contract.values import Better, Outcome, ScoredHand, Setup, State
from companion.kit import formatting

FIRST_DAY = date(1970, 1, 1)
"""The first day a range of days may name: no session is older than a computer's clock can read
(a board without a clock battery starts at 1970-01-01)."""
LAST_DAY = date(9998, 12, 31)
"""The last day a range may name: the day after it, where the range stops, is still a day in
every time zone (9999-12-31's next day is past the calendar Python counts)."""


def day_in_bounds(day: date) -> bool:
    """Whether a range of days may start or end on `day` (FIRST_DAY to LAST_DAY)."""
    return FIRST_DAY <= day <= LAST_DAY


# ---------------------------------------------------------------- what goes in


@dataclass(frozen=True)
class SessionPlay:
    """One session as the statistics read it: `key` names it for the caller (its link),
    `started` is when it began (ISO text), `seats` says which players sat in each seat."""

    key: str
    started: str
    state: State
    winners: tuple[int, ...]
    seats: Mapping[int, tuple[int, ...]]

    @property
    def setup(self) -> Setup:
        return self.state.setup

    @property
    def day(self) -> str:
        """The day it began (YYYY-MM-DD), by the server's clock."""
        return formatting.local_day(self.started)

    def seat_of(self, player: int) -> int | None:
        """The seat `player` sat in (the first, should they be in two), or None."""
        return next((seat for seat, ids in sorted(self.seats.items()) if player in ids), None)

    def players(self) -> set[int]:
        """Everyone who sat at the table."""
        return {player for ids in self.seats.values() for player in ids}


def session_play(
    key: str, started: str, state: State, outcome: Outcome, seats: Mapping[int, Sequence[int]]
) -> SessionPlay:
    """A replayed session with its winners decided as the module says."""
    return SessionPlay(
        key,
        started,
        state,
        session_winners(state, outcome),
        {seat: tuple(ids) for seat, ids in seats.items()},
    )


def session_winners(state: State, outcome: Outcome) -> tuple[int, ...]:
    """The seats that won: the game's verdict, or its leaders when play stopped (none before
    the first hand)."""
    game = get(state.setup.game)
    if not any(played_by_anyone(game, state.setup, hand) for hand in state.hands):
        return ()
    if outcome.finished or outcome.winners:  # a finished game's verdict, a draw's none
        return tuple(outcome.winners)
    return leaders(state.totals, game.scale.better)


# ---------------------------------------------------------------- what comes out


@dataclass(frozen=True)
class HandRef:
    """One hand of one session: where to find it and what it scored for the seat."""

    session: str
    day: str
    number: int
    points: int


@dataclass(frozen=True)
class Record:
    """A player's results at one game over the sessions counted."""

    player: int
    game: str
    sessions: int
    won: int
    hands: int
    total: int
    best: HandRef | None
    worst: HandRef | None
    figures: tuple[Figure, ...] = ()

    @property
    def average(self) -> float | None:
        """The points scored per hand played (None before any hand)."""
        return self.total / self.hands if self.hands else None

    @property
    def average_text(self) -> str:
        """The average as the pages print it, to a tenth: "12.5", "−3", or "—"."""
        if self.average is None:
            return "—"
        # Halves rounded up, as on paper (Python's round() takes them to the even tenth:
        # 9 points over 4 hands, 2.25, would read 2.2).
        tenths = Decimal(self.total * 10) / Decimal(self.hands)
        return formatting.number(float(tenths.quantize(Decimal(1), ROUND_HALF_UP) / 10))


@dataclass(frozen=True)
class SessionResult:
    """A player's result in one session: for the results over time (`hands`: those they
    took part in)."""

    session: str
    day: str
    game: str
    total: int
    hands: int
    won: bool


@dataclass(frozen=True)
class PlayerStats:
    """One player's page: a record per game they played, and each session in time order."""

    player: int
    records: tuple[Record, ...]
    results: tuple[SessionResult, ...]


@dataclass(frozen=True)
class GameStats:
    """One game's page: a record per player who played it, most sessions first."""

    game: str
    sessions: int
    hands: int
    records: tuple[Record, ...]


# ---------------------------------------------------------------- the sums


@dataclass
class _Tally:
    """A record being added up (frozen into a `Record` at the end)."""

    sessions: int = 0
    won: int = 0
    hands: int = 0
    total: int = 0
    best: HandRef | None = None
    worst: HandRef | None = None
    counts: Counter[str] = field(default_factory=Counter)

    def add_session(self, play: SessionPlay, seat: int, game: Game) -> int:
        """Add one session's result and the hands `seat` took part in; answers how many.

        The total is all the seat scored, hands it took no part in included (a misdeal's
        cost, Seeger-Fabian's 30 to Skat's dealer sitting out): the points are theirs."""
        better, count = game.scale.better, _own_count(game)
        self.sessions += 1
        self.won += seat in play.winners
        self.total += play.state.totals[seat]
        before = self.hands
        for hand in hands_of(game, play.state, seat):
            points = hand.result.points[seat]
            self.hands += 1
            here = HandRef(play.key, play.day, hand.number, points)
            if self.best is None or _beats(points, self.best.points, better):
                self.best = here
            if self.worst is None or _beats(self.worst.points, points, better):
                self.worst = here
            if count is not None:
                self.counts.update(count(hand, seat))
        return self.hands - before

    def freeze(self, player: int, game: str) -> Record:
        return record_of(
            player,
            game,
            (self.sessions, self.won, self.hands, self.total),
            (self.best, self.worst),
            self.counts,
        )


def record_of(
    player: int,
    game: str,
    counted: tuple[int, int, int, int],
    kept: tuple[HandRef | None, HandRef | None],
    counts: Mapping[str, int],
) -> Record:
    """A player's record at a game from its sums (sessions, won, hands, total), its best and
    worst hand and its own-figure counts: the game's own figures worked out from them."""
    sessions, won, hands, total = counted
    figures = own_figures(game, counts, hands)
    return Record(player, game, sessions, won, hands, total, *kept, figures)


def _beats(points: int, other: int, better: Better) -> bool:
    """Whether `points` is strictly better than `other` on the game's scale."""
    return points > other if better is Better.HIGHER else points < other


def hands_of(game: Game, state: State, seat: int) -> Iterable[ScoredHand]:
    """The hands `seat` took part in, as the game says (`Game.took_part`): not a redeal, not
    Skat's passed game, not a hand the seat sat out."""
    setup = state.setup
    return (hand for hand in state.hands if game.took_part(setup, hand, seat))


def played_by_anyone(game: Game, setup: Setup, hand: ScoredHand) -> bool:
    """Whether any seat took part in `hand` (not a redeal, not Skat's passed game)."""
    return any(game.took_part(setup, hand, seat) for seat in range(setup.player_count))


def hands_played(game: Game, state: State) -> int:
    """The hands anyone took part in: a game's hands on its statistics page."""
    return sum(1 for hand in state.hands if played_by_anyone(game, state.setup, hand))


def game_stats(slug: str, plays: Sequence[SessionPlay]) -> GameStats:
    """The statistics of one game: each player's record over the sessions of that game."""
    game = get(slug)
    tallies: dict[int, _Tally] = {}
    mine = [play for play in plays if play.setup.game == slug]
    for play in mine:
        for player in sorted(play.players()):
            seat = play.seat_of(player)
            assert seat is not None
            tallies.setdefault(player, _Tally()).add_session(play, seat, game)
    records = in_game_order(tally.freeze(player, slug) for player, tally in tallies.items())
    return GameStats(
        slug, len(mine), sum(hands_played(game, play.state) for play in mine), tuple(records)
    )


def player_stats(player: int, plays: Sequence[SessionPlay]) -> PlayerStats:
    """The statistics of one player: a record per game and each session's result."""
    tallies: dict[str, _Tally] = {}
    results: list[SessionResult] = []
    for play in sorted(plays, key=lambda p: p.started):
        seat = play.seat_of(player)
        if seat is None:
            continue
        slug = play.setup.game
        hands = tallies.setdefault(slug, _Tally()).add_session(play, seat, get(slug))
        results.append(
            SessionResult(
                play.key, play.day, slug, play.state.totals[seat], hands, seat in play.winners
            )
        )
    records = in_player_order(tally.freeze(player, slug) for slug, tally in tallies.items())
    return PlayerStats(player, records, tuple(results))


def in_game_order(records: Iterable[Record]) -> tuple[Record, ...]:
    """A game's page's records: most sessions first, then most won, then by player."""
    return tuple(sorted(records, key=lambda r: (-r.sessions, -r.won, r.player)))


def in_player_order(records: Iterable[Record]) -> tuple[Record, ...]:
    """A player's page's records: most sessions first, then by game."""
    return tuple(sorted(records, key=lambda r: (-r.sessions, r.game)))


def games_played(plays: Sequence[SessionPlay]) -> Counter[str]:
    """How many sessions of each game were counted."""
    return Counter(play.setup.game for play in plays)


# ---------------------------------------------------------------- each game's own figures


def own_figures(slug: str, counts: Mapping[str, int], hands: int) -> tuple[Figure, ...]:
    """A game's own figures for a player, from the counts of their hands (none for a game
    that declares none)."""
    figures = get(slug).figures
    return figures.figures(counts, hands) if figures else ()


def figure_headings(slug: str) -> tuple[str, ...]:
    """The headings of a game's own figures (none for a game without them)."""
    figures = get(slug).figures
    return figures.headings() if figures else ()


def own_figures_title(slug: str) -> str:
    """What a game's own figures are, in a heading."""
    figures = get(slug).figures
    return figures.title if figures else ""


def _own_count(game: Game) -> Callable[[ScoredHand, int], Counter[str]] | None:
    return game.figures.count if game.figures else None
