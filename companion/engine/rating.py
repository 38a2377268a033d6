"""Each player's rating across everything played: pure, from the finished sessions in the order
they were played (docs/rulings.md, "The rating"). No Flask, no SQL.

The model is OpenSkill's Weng-Lin Bayesian rating with the Plackett-Luce model (the `openskill`
library, MIT licence): a rating is a belief about a player's skill, a mean μ and an
uncertainty σ; every finished session (a lone pad's or an event table's) is one free-for-all
match whose order is the final standing at the table, each seat a team of the players in it.
What a page shows is the conservative rating μ − 3σ (the library's `ordinal`), which rises as
a player wins and as their uncertainty shrinks.

The parameters are the library's published defaults, written out here so a change of library
version cannot move them: μ₀ = 25, σ₀ = 25/3, β = 25/6, κ = 0.0001, τ = 25/300 (σ grows by τ
before each match, so a rating never freezes), no limit on σ's growth, no balancing.

Nothing is stored: `rebuild(matches)` rates every match in order from the starting rating,
so the same results always give the same ratings, and a correction to an old session moves
every rating after it exactly as if it had been right from the start.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = 25.0 / 3
BETA = 25.0 / 6
KAPPA = 0.0001
TAU = 25.0 / 300
SPREAD = 3
"""How many σ the shown rating keeps below μ (the library's `ordinal`)."""

MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, kappa=KAPPA, tau=TAU, limit_sigma=False)
"""The one model every rating is made with."""


@dataclass(frozen=True)
class Rating:
    """A player's rating: the mean skill μ and its uncertainty σ."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def shown(self) -> float:
        """The conservative rating a page shows: μ − 3σ."""
        return self.mu - SPREAD * self.sigma


@dataclass(frozen=True)
class Match:
    """One finished session as a free-for-all: its key and start (for the history), its game,
    each seat's players (a team of one, or of a partnership's members) and each seat's rank
    by final standing (1 first; seats with equal standing share a rank)."""

    key: str
    started: str
    game: str
    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True)
class Step:
    """A player's rating after one match of theirs."""

    key: str
    started: str
    game: str
    rank: int
    seats: int
    rating: Rating


@dataclass(frozen=True)
class Rated:
    """Every player's rating now, and each one's history, one step a match (oldest first)."""

    now: Mapping[int, Rating] = field(default_factory=dict)
    history: Mapping[int, tuple[Step, ...]] = field(default_factory=dict)


def standing_ranks(totals: Sequence[float], *, lower_is_better: bool = False) -> tuple[int, ...]:
    """Each seat's rank by its final total, competition style (1, 2, 2, 4): higher totals
    first, or lower ones where the game's scale says fewer is better (goats)."""
    sign = 1 if lower_is_better else -1
    ordered = sorted(sign * total for total in totals)
    return tuple(ordered.index(sign * total) + 1 for total in totals)


def match_of(
    key: str, started: str, game: str, seats: Sequence[tuple[Sequence[int], float]], *,
    lower_is_better: bool = False,
) -> Match | None:  # fmt: skip
    """A session's seats (players, total) as a match; None when fewer than two seats have a
    player to rate. A player found in two seats (a typing slip) is rated in the first."""
    seen: set[int] = set()
    kept: list[tuple[tuple[int, ...], float]] = []
    for players, total in seats:
        fresh = tuple(player for player in players if player not in seen)
        seen.update(fresh)
        if fresh:
            kept.append((fresh, total))
    if len(kept) < 2:
        return None
    ranks = standing_ranks([total for _, total in kept], lower_is_better=lower_is_better)
    return Match(key, started, game, tuple(players for players, _ in kept), ranks)


def rate(ratings: Mapping[int, Rating], match: Match) -> dict[int, Rating]:
    """The ratings of a match's players after it, by the model (the others' are unchanged)."""
    teams = [
        [MODEL.create_rating([found.mu, found.sigma]) for found in team_ratings(ratings, team)]
        for team in match.teams
    ]
    after = MODEL.rate(teams, ranks=list(match.ranks))
    return {
        player: Rating(new.mu, new.sigma)
        for team, rated in zip(match.teams, after, strict=True)
        for player, new in zip(team, rated, strict=True)
    }


def team_ratings(ratings: Mapping[int, Rating], team: Sequence[int]) -> list[Rating]:
    """The ratings of a team's players (a newcomer starts at the model's μ₀ and σ₀)."""
    return [ratings.get(player, Rating()) for player in team]


def rebuild(matches: Iterable[Match]) -> Rated:
    """Every player's rating and history from the matches in the order played, each from the
    starting rating: the same matches always give the same ratings."""
    now: dict[int, Rating] = {}
    history: dict[int, list[Step]] = {}
    for match in matches:
        changed = rate(now, match)
        now.update(changed)
        for team, rank in zip(match.teams, match.ranks, strict=True):
            for player in team:
                step = Step(
                    match.key, match.started, match.game, rank, len(match.teams), changed[player]
                )
                history.setdefault(player, []).append(step)
    return Rated(now, {player: tuple(steps) for player, steps in history.items()})
