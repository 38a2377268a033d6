"""Statistics over many sessions: per player and per game, from the replayed hands alone.

Pure Python, no Flask and no SQL: the caller hands in each session as plain data (its setup,
its state replayed by the engine, the game's outcome, and which roster player sat in each seat)
and gets frozen records back. Nothing here is stored: every figure is derived again from the
hands, so a corrected hand or a merged player changes the statistics at once.

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

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import TypeVar

from companion.contract.figures import Figure
from companion.contract.game import Game, leaders
from companion.contract.registry import get
from companion.contract.values import Better, Outcome, ScoredHand, Setup, State
from companion.engine.standing import SeatStanding, standing_of
from companion.kit import formatting

K = TypeVar("K", int, str)

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


@dataclass(frozen=True)
class SeatSession:
    """One player's seat in one session as the store keeps it (its standing,
    `companion.engine.standing`): what the pages count without replaying.
    `seat` is None for a session without a hand that counts."""

    player: int
    session: str
    started: str
    game: str
    total: int
    won: bool
    seat: SeatStanding | None

    @property
    def day(self) -> str:
        """The day it began (YYYY-MM-DD), by the server's clock."""
        return formatting.local_day(self.started)


def seat_sessions(play: SessionPlay, player: int) -> SeatSession | None:
    """A replayed session as the stored results give it for `player` (None: not seated):
    the statistics of a file whose stored results cannot be used, and the tests' reference."""
    seat = play.seat_of(player)
    if seat is None:
        return None
    state = play.state
    return SeatSession(
        player,
        play.key,
        play.started,
        play.setup.game,
        state.totals[seat],
        seat in play.winners,
        standing_of(get(play.setup.game), state).seats[seat] if state.hands else None,
    )


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

    def add_seat(self, row: SeatSession, better: Better) -> None:
        """Add one session's stored standing for the player's seat: the same sums as
        `add_session`, a session at a time (rows in time order: the first best is kept)."""
        self.sessions += 1
        self.won += row.won
        self.total += row.total
        seat = row.seat
        if seat is None:
            return
        self.hands += seat.hands
        if seat.best is not None and (
            self.best is None or _beats(seat.best[0], self.best.points, better)
        ):
            self.best = HandRef(row.session, row.day, seat.best[1], seat.best[0])
        if seat.worst is not None and (
            self.worst is None or _beats(self.worst.points, seat.worst[0], better)
        ):
            self.worst = HandRef(row.session, row.day, seat.worst[1], seat.worst[0])
        self.counts.update(seat.counts)

    def add_text(self, text: str, better: Better) -> None:
        """Add a later stretch's sums as `as_text` wrote them (a year's): the first best
        and worst stay first."""
        sessions, won, hands, total, best, worst, counts = json.loads(text)
        self.sessions += sessions
        self.won += won
        self.hands += hands
        self.total += total
        if best is not None and (self.best is None or _beats(best[3], self.best.points, better)):
            self.best = HandRef(*best)
        if worst is not None and (
            self.worst is None or _beats(self.worst.points, worst[3], better)
        ):
            self.worst = HandRef(*worst)
        self.counts.update(counts)

    def as_text(self) -> str:
        """The sums as the store keeps them (compact JSON: a year's are read back by the
        hundred on a page)."""
        best, worst = (
            None if ref is None else [ref.session, ref.day, ref.number, ref.points]
            for ref in (self.best, self.worst)
        )
        sums = [self.sessions, self.won, self.hands, self.total, best, worst, self.counts]
        return json.dumps(sums, separators=(",", ":"))

    def freeze(self, player: int, game: str) -> Record:
        figures = own_figures(game, self.counts, self.hands)
        return Record(
            player,
            game,
            self.sessions,
            self.won,
            self.hands,
            self.total,
            self.best,
            self.worst,
            figures,
        )


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
    records = sorted(
        (tally.freeze(player, slug) for player, tally in tallies.items()),
        key=lambda r: (-r.sessions, -r.won, r.player),
    )
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
    records = sorted(
        (tally.freeze(player, slug) for slug, tally in tallies.items()),
        key=lambda r: (-r.sessions, r.game),
    )
    return PlayerStats(player, tuple(records), tuple(results))


def game_stats_of(slug: str, sessions: int, hands: int, rows: Iterable[SeatSession]) -> GameStats:
    """One game's statistics from its players' stored seats (`rows`, in time order), its
    count of sessions and of hands anyone took part in: what `game_stats` makes by replaying."""
    better = get(slug).scale.better
    tallies: dict[int, _Tally] = {}
    for row in rows:
        tallies.setdefault(row.player, _Tally()).add_seat(row, better)
    records = sorted(
        (tally.freeze(player, slug) for player, tally in tallies.items()),
        key=lambda r: (-r.sessions, -r.won, r.player),
    )
    return GameStats(slug, sessions, hands, tuple(records))


def player_stats_of(player: int, rows: Iterable[SeatSession]) -> PlayerStats:
    """One player's statistics from their stored seats (`rows`, in time order): what
    `player_stats` makes by replaying."""
    tallies: dict[str, _Tally] = {}
    results: list[SessionResult] = []
    for row in rows:
        tallies.setdefault(row.game, _Tally()).add_seat(row, get(row.game).scale.better)
        hands = row.seat.hands if row.seat else 0
        results.append(SessionResult(row.session, row.day, row.game, row.total, hands, row.won))
    records = sorted(
        (tally.freeze(player, slug) for slug, tally in tallies.items()),
        key=lambda r: (-r.sessions, r.game),
    )
    return PlayerStats(player, tuple(records), tuple(results))


Piece = Mapping[K, str] | Iterable[SeatSession]
"""A stretch of time: a year's stored sums (text by player or by game), or the seats of a
stretch no stored year covers."""


def year_summary(
    slug: str, rows: Iterable[SeatSession], sessions: int, hands: int
) -> dict[int, str]:
    """A year of one game summed for the store: each player's sums as text, and as player 0
    the year's sessions and hands."""
    better = get(slug).scale.better
    tallies: dict[int, _Tally] = {}
    for row in rows:
        tallies.setdefault(row.player, _Tally()).add_seat(row, better)
    texts = {player: tally.as_text() for player, tally in tallies.items()}
    return {**texts, 0: json.dumps({"sessions": sessions, "hands": hands})}


def decade_summary(slug: str, years: list[Mapping[int, str]]) -> dict[int, str]:
    """A decade of one game summed for the store from its years' sums (oldest first): each
    player's sums as text, and as player 0 the decade's sessions and hands (none: no year)."""
    if not years:
        return {}
    counted = [year_counts(year[0]) for year in years if 0 in year]
    players = [{p: text for p, text in year.items() if p} for year in years]
    better = get(slug).scale.better
    tallies = _added(players, lambda row: row.player, lambda _: better)
    texts = {player: tally.as_text() for player, tally in tallies.items()}
    sessions, hands = sum(n for n, _ in counted), sum(h for _, h in counted)
    return {**texts, 0: json.dumps({"sessions": sessions, "hands": hands})}


def year_counts(text: str) -> tuple[int, int]:
    """A year's sessions and hands, from its player 0's text."""
    data = json.loads(text)
    return int(data["sessions"]), int(data["hands"])


def _added(
    pieces: Iterable[Piece[K]], key: Callable[[SeatSession], K], better: Callable[[K], Better]
) -> dict[K, _Tally]:
    """The stretches' sums added up, oldest first, by `key` (a player, or a game)."""
    tallies: dict[K, _Tally] = {}
    for piece in pieces:
        if isinstance(piece, Mapping):
            for name, text in piece.items():
                tallies.setdefault(name, _Tally()).add_text(text, better(name))
        else:
            for row in piece:
                tallies.setdefault(key(row), _Tally()).add_seat(row, better(key(row)))
    return tallies


def game_stats_summed(
    slug: str, sessions: int, hands: int, pieces: Iterable[Piece[int]]
) -> GameStats:
    """One game's statistics from stretches in time order: what `game_stats_of` makes from
    every seat."""
    scale = get(slug).scale.better
    tallies = _added(pieces, lambda row: row.player, lambda _: scale)
    records = sorted(
        (tally.freeze(player, slug) for player, tally in tallies.items()),
        key=lambda r: (-r.sessions, -r.won, r.player),
    )
    return GameStats(slug, sessions, hands, tuple(records))


def player_records_summed(player: int, pieces: Iterable[Piece[str]]) -> tuple[Record, ...]:
    """One player's record per game from stretches in time order (text by game)."""
    tallies = _added(pieces, lambda row: row.game, lambda slug: get(slug).scale.better)
    return tuple(
        sorted(
            (tally.freeze(player, slug) for slug, tally in tallies.items()),
            key=lambda r: (-r.sessions, r.game),
        )
    )


def year_points(
    game: str, pieces: Iterable[tuple[int | None, Piece[str]]]
) -> list[tuple[str, int, int]]:
    """A game's sessions and their totals added up per calendar year (UTC), oldest first,
    from a player's stretches (a year's sums by game, or seats: each in its own year)."""
    years: dict[str, list[int]] = {}
    for year, piece in pieces:
        if isinstance(piece, Mapping):
            if game in piece:
                summed = _Tally()
                summed.add_text(piece[game], Better.HIGHER)
                _add_point(years, f"{year:04d}", summed.sessions, summed.total)
        else:
            for row in piece:
                if row.game == game:
                    _add_point(years, row.started[:4], 1, row.total)
    return [(year, n, total) for year, (n, total) in years.items()]


def _add_point(years: dict[str, list[int]], year: str, sessions: int, total: int) -> None:
    point = years.setdefault(year, [0, 0])
    point[0] += sessions
    point[1] += total


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
