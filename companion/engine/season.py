"""The table of a club's season: pure, from each evening's results (docs/rulings.md, "The club's
season"). No Flask, no SQL, no clock.

A club plays an event (a club night, ranked by `companion.engine.ranking`) every week; the season
adds its evenings up under a `SeasonRule` written once when the season is made. The input is, for
each evening of the season in date order, one `EveningResult` per player who was ranked that
evening. `season_table(rule, evenings)` gives the `SeasonTable`. A correction to an evening is a
changed input: the table is computed again from scratch (nothing is cached).

The rule's choices, in the order they apply:

1. **What an evening scores** (`EveningScore`): the event's own figure; placing points, the
   evening's place turned into points (`placing_points`: ranked − place + 1, so last place 1 and
   a shared place the points of that place); or prize points from a scale by place
   (`prize_points`: places beyond the scale 0, a shared place that place's value). Higher is
   always better.
2. **Which evenings count** (`Counting`): all; the best N (`best`); or one dropped per
   `drop_every` evenings played past `drop_past`, at most `drop_cap` (`drops_allowed`: one drop
   for each *full* K evenings beyond T, so with T = 30 and K = 5 the 35th evening gives the
   first drop and the 40th the second). At least one evening always counts. The dropped ones
   are the lowest scores; among equal scores the earliest evening is dropped first.
3. **The total** (`Total`): the sum, or the average per counted evening, of the counted scores.
4. **Ties** (`TieBreak`), applied in the rule's order after the total: more evenings counted,
   the best single counted score, the better last evening played (its score, counted or not).
   Players still equal share the place ("4." twice), listed by name, then by id.
5. **Eligibility**: a player with fewer than `minimum_evenings` evenings played is not ranked;
   they are listed apart (`SeasonTable.apart`) with their figures, in the same order.
6. **Guests** (`Guests`): ranked with the members and marked, or left out of the table. A
   player is a guest if they came as one to the last evening they played. Leaving guests out of
   the season does not change anyone's evening places (the evening ranked them).

Numbers are exact: a figure is an `int` or a `Fraction` (the ranking's placing points are
multiples of ½ held in floats; `Fraction(value)` converts them exactly), a total is a
`Fraction`. Only `format_total` rounds, for display.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction

Figure = int | Fraction
"""An evening's figure or score: exact, never a float."""


class EveningScore(StrEnum):
    """What one evening is worth for the season."""

    FIGURE = "figure"  # the event's own ranking figure (its total: points or placing points)
    PLACING = "placing"  # placing points: ranked − place + 1
    PRIZE = "prize"  # the rule's prize scale by place


class Counting(StrEnum):
    """Which of a player's evenings count towards their total."""

    ALL = "all"
    BEST = "best"  # the best `SeasonRule.best` evenings
    DROPS = "drops"  # one dropped per `drop_every` evenings past `drop_past`, at most `drop_cap`


class Total(StrEnum):
    """How the counted scores make the season's total."""

    SUM = "sum"
    AVERAGE = "average"  # the sum divided by the number of counted evenings, exactly


class TieBreak(StrEnum):
    """One step of the tie-break between equal totals: the higher value ranks first."""

    MORE_COUNTED = "more-counted"  # more evenings counted
    BEST_COUNTED = "best-counted"  # the best single counted score
    LAST_EVENING = "last-evening"  # the score of the last evening played (counted or not)


class Guests(StrEnum):
    """Whether players who came as guests appear in the season's table."""

    LISTED = "listed"  # ranked with the members, marked as guests
    LEFT_OUT = "left-out"


DEFAULT_TIE_BREAKS = (TieBreak.MORE_COUNTED, TieBreak.BEST_COUNTED, TieBreak.LAST_EVENING)
"""The tie-break a season gets unless its rule names another order."""


@dataclass(frozen=True)
class SeasonRule:
    """How a season is scored, fixed when the season is made. `best` is used by
    `Counting.BEST` only; `drop_past`, `drop_every` and `drop_cap` (None: no cap) by
    `Counting.DROPS` only; `prize_scale` (points for places 1, 2, …) by `EveningScore.PRIZE`
    only. An impossible rule raises ValueError."""

    minimum_evenings: int = 1
    counting: Counting = Counting.ALL
    best: int = 1
    drop_past: int = 0
    drop_every: int = 1
    drop_cap: int | None = None
    score: EveningScore = EveningScore.FIGURE
    total: Total = Total.SUM
    prize_scale: tuple[int, ...] = ()
    tie_breaks: tuple[TieBreak, ...] = DEFAULT_TIE_BREAKS
    guests: Guests = Guests.LISTED

    def __post_init__(self) -> None:
        problems = rule_problems(self)
        if problems:
            raise ValueError("; ".join(problems))


def rule_problems(rule: SeasonRule) -> list[str]:
    """What makes a season's rule impossible (empty when it is sound)."""
    problems = []
    if rule.minimum_evenings < 0:
        problems.append("the minimum of evenings cannot be negative")
    if rule.best < 1:
        problems.append("at least one evening must count (best N needs N ≥ 1)")
    if rule.drop_past < 0 or rule.drop_every < 1:
        problems.append("drops need a threshold ≥ 0 and one drop per K ≥ 1 evenings")
    if rule.drop_cap is not None and rule.drop_cap < 0:
        problems.append("the cap on drops cannot be negative")
    if rule.score is EveningScore.PRIZE and not rule.prize_scale:
        problems.append("prize points need a prize scale")
    if any(points < 0 for points in rule.prize_scale):
        problems.append("a prize scale's points cannot be negative")
    if len(set(rule.tie_breaks)) != len(rule.tie_breaks):
        problems.append("a tie-break step is named twice")
    return problems


@dataclass(frozen=True)
class EveningResult:
    """One player's result at one evening, as the event ranked them: their ranking figure (the
    event's total), their place (shared places repeat: 1, 2, 2, 4), how many players the
    evening ranked, and whether they came as a guest (not a club member)."""

    player: int
    name: str
    figure: Figure
    place: int
    ranked: int
    guest: bool = False


@dataclass(frozen=True)
class EveningCell:
    """One player's evening in the season's table: the evening's figure, place and number of
    players ranked, its `score` under the rule (what is counted), and whether it is dropped (a
    page shows a dropped one struck through)."""

    figure: Figure
    place: int
    ranked: int
    score: Figure
    dropped: bool


@dataclass(frozen=True)
class SeasonLine:
    """One player's line of the season's table. `place` is None for a player listed apart
    (below the minimum of evenings); `evenings` has one cell per evening of the season, None
    where the player was absent; `total` is the sum or the average of the counted scores."""

    place: int | None
    player: int
    name: str
    guest: bool
    eligible: bool
    played: int
    counted: int
    evenings: tuple[EveningCell | None, ...]
    total: Fraction


@dataclass(frozen=True)
class SeasonTable:
    """The season's table: the ranked lines (best first, shared places repeated) and the lines
    of the players below the minimum of evenings, listed apart in the same order."""

    rule: SeasonRule
    evenings: int
    ranked: tuple[SeasonLine, ...]
    apart: tuple[SeasonLine, ...]


def placing_points(place: int, ranked: int) -> int:
    """An evening's placing points: last place 1, each place above one more (ranked − place +
    1); players sharing a place get that place's points (two second of five: 4 each)."""
    return ranked - place + 1


def prize_points(scale: Sequence[int], place: int) -> int:
    """An evening's prize points: the scale's value for the place (a shared place gets its own
    place's value), 0 beyond the scale."""
    return scale[place - 1] if place <= len(scale) else 0


def evening_score(rule: SeasonRule, result: EveningResult) -> Figure:
    """What one evening is worth for the season under the rule."""
    if rule.score is EveningScore.PLACING:
        return placing_points(result.place, result.ranked)
    if rule.score is EveningScore.PRIZE:
        return prize_points(rule.prize_scale, result.place)
    return result.figure


def drops_allowed(rule: SeasonRule, played: int) -> int:
    """How many of a player's evenings are dropped when they played `played`: none for
    `Counting.ALL`; those beyond the best N; or one per full `drop_every` evenings beyond
    `drop_past`, at most `drop_cap` (T = 30, K = 5, cap 5: 0 up to 34, 1 from 35, 2 from 40,
    5 from 55 on). Never all of them: at least one evening counts."""
    if rule.counting is Counting.BEST:
        drops = played - rule.best
    elif rule.counting is Counting.DROPS:
        drops = (played - rule.drop_past) // rule.drop_every
        if rule.drop_cap is not None:
            drops = min(drops, rule.drop_cap)
    else:
        drops = 0
    return max(0, min(drops, played - 1))


def dropped_evenings(scores: Sequence[tuple[int, Figure]], drops: int) -> frozenset[int]:
    """Which evenings (numbered as given with their scores) are dropped: the `drops` lowest
    scores, the earliest evening first among equal ones."""
    worst_first = sorted(scores, key=lambda numbered: (numbered[1], numbered[0]))
    return frozenset(number for number, _ in worst_first[:drops])


def format_total(total: Fraction, rule: SeasonRule) -> str:
    """A total as a page shows it: an average always with 2 decimals, a sum as a whole number
    (or with 2 decimals when it has a fraction, from half placing points); rounded half away
    from zero, for display only (the table ranks by the exact value)."""
    if rule.total is Total.SUM and total.denominator == 1:
        return str(total.numerator)
    hundredths = abs(total) * 100
    rounded = int(hundredths + Fraction(1, 2))  # half away from zero, on the absolute value
    sign = "-" if total < 0 and rounded else ""
    return f"{sign}{rounded // 100}.{rounded % 100:02d}"


def season_table(rule: SeasonRule, evenings: Sequence[Sequence[EveningResult]]) -> SeasonTable:
    """The season's table under the rule, from each evening's results in date order (see the
    module's text for every rule applied). Raises ValueError when a result is impossible (a
    place outside 1 … ranked, a player twice in one evening)."""
    results = _results_by_player(evenings)
    lines = [_line(rule, len(evenings), own) for own in results.values()]
    if rule.guests is Guests.LEFT_OUT:
        lines = [line for line in lines if not line.guest]
    keys = {line.player: _sort_key(rule, line) for line in lines}
    lines.sort(key=lambda line: (keys[line.player], line.name.casefold(), line.player))
    eligible = [line for line in lines if line.eligible]
    return SeasonTable(
        rule,
        len(evenings),
        tuple(_with_places(eligible, keys)),
        tuple(line for line in lines if not line.eligible),
    )


def _results_by_player(
    evenings: Sequence[Sequence[EveningResult]],
) -> dict[int, list[EveningResult | None]]:
    """Each player's result at each evening (None: absent), checked."""
    found: dict[int, list[EveningResult | None]] = {}
    for number, evening in enumerate(evenings):
        for result in evening:
            if not 1 <= result.place <= result.ranked:
                raise ValueError(f"evening {number + 1}: place {result.place} of {result.ranked}")
            own = found.setdefault(result.player, [None] * len(evenings))
            if own[number] is not None:
                raise ValueError(f"evening {number + 1}: player {result.player} twice")
            own[number] = result
    return found


def _line(rule: SeasonRule, evenings: int, own: Sequence[EveningResult | None]) -> SeasonLine:
    """One player's line, its place left for the ranking (None)."""
    played = [(number, result) for number, result in enumerate(own) if result is not None]
    scores = [(number, evening_score(rule, result)) for number, result in played]
    dropped = dropped_evenings(scores, drops_allowed(rule, len(played)))
    cells: list[EveningCell | None] = [None] * evenings
    for (number, result), (_, score) in zip(played, scores, strict=True):
        cells[number] = EveningCell(
            result.figure, result.place, result.ranked, score, number in dropped
        )
    counted = [score for number, score in scores if number not in dropped]
    total = sum((Fraction(score) for score in counted), Fraction(0))
    if rule.total is Total.AVERAGE:
        total /= len(counted)
    last = played[-1][1]
    return SeasonLine(
        place=None,
        player=last.player,
        name=last.name,
        guest=last.guest,
        eligible=len(played) >= rule.minimum_evenings,
        played=len(played),
        counted=len(counted),
        evenings=tuple(cells),
        total=total,
    )


def _tie_value(step: TieBreak, line: SeasonLine) -> Figure:
    """A line's value for one tie-break step (the higher ranks first)."""
    cells = [cell for cell in line.evenings if cell is not None]
    if step is TieBreak.MORE_COUNTED:
        return line.counted
    if step is TieBreak.BEST_COUNTED:
        return max(cell.score for cell in cells if not cell.dropped)
    return cells[-1].score


def _sort_key(rule: SeasonRule, line: SeasonLine) -> tuple[Figure, ...]:
    """What orders the lines, best first: the total, then the rule's tie-break steps."""
    return (-line.total, *(-_tie_value(step, line) for step in rule.tie_breaks))


def _with_places(
    lines: Sequence[SeasonLine], keys: dict[int, tuple[Figure, ...]]
) -> list[SeasonLine]:
    """The ranked lines with their places: equal keys share the place (1, 2, 2, 4)."""
    placed: list[SeasonLine] = []
    for index, line in enumerate(lines):
        shared = index > 0 and keys[lines[index - 1].player] == keys[line.player]
        place = placed[-1].place if shared else index + 1
        placed.append(replace(line, place=place))
    return placed
