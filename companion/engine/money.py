"""The money of a club night, in cents: pure, integers only, never a float (docs/rulings.md,
"The club's season"). No Flask, no SQL.

A night's `MoneyRule`, announced before play, names the currency (an ISO code such as "EUR",
set once), the start fee each entrant pays, Skat's lost-game fee (`LostGameFee`) if the club
charges one, and the `PrizePlan`. `cashier_sheet(rule, entrants)` gives the `CashierSheet`:
what each entrant paid in, the prizes by place with the players who take them, and what is kept
for the season pot; paid in = prizes paid + kept, exactly, in cents.

- **The lost-game fee** is (fee, higher_fee, from_count): the lost games numbered 1, 2, … in the
  evening, those before `from_count` cost `fee` each and the `from_count`-th and every later one
  cost `higher_fee` ("more from the fourth": games 1–3 at `fee`, the 4th on at `higher_fee`).
- **The prize plan** gives each place either a share of the money paid in (start fees and
  lost-game fees together), in basis points (hundredths of a per cent: 37.5 % is 3750), or a
  fixed amount in cents. Places beyond the plan win nothing.
- **Rounding**: every prize is rounded down to the plan's unit (1 cent, or a club's smallest
  coin or note: 10 cents, 100 cents); what rounding leaves goes to the pot, with the plan's
  unpaid share. Nothing is lost: the pot is whatever is not paid out.
- **Shared places**: players sharing a place (two second: places 2 and 3) pool the prizes of
  the places they cover and split the pool equally, each share rounded down to the unit, the
  rest to the pot.
- **Fixed prizes beyond the money paid in**: the pot makes up the difference (`kept` < 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

WHOLE = 10_000
"""100 % in basis points (hundredths of a per cent)."""


class PrizeKind(StrEnum):
    """How a prize plan states each place's prize."""

    PERCENT = "percent"  # basis points of the money paid in
    FIXED = "fixed"  # cents


@dataclass(frozen=True)
class LostGameFee:
    """Skat's fee per lost game: `fee` cents for each of the lost games before the
    `from_count`-th, `higher_fee` cents for that one and every later one."""

    fee: int
    higher_fee: int
    from_count: int

    def __post_init__(self) -> None:
        if self.fee < 0 or self.higher_fee < 0 or self.from_count < 1:
            raise ValueError("lost-game fees need amounts ≥ 0 and a count ≥ 1")

    def charge(self, lost_games: int) -> int:
        """What a player who lost this many games in the evening pays, in cents (0.50 and
        1.00 from the 4th: five lost games cost 3 × 50 + 2 × 100 = 350)."""
        at_fee = min(lost_games, self.from_count - 1)
        return at_fee * self.fee + (lost_games - at_fee) * self.higher_fee


@dataclass(frozen=True)
class PrizePlan:
    """The prizes by place, 1 first: basis points of the money paid in (`PrizeKind.PERCENT`,
    at most 100 % in all, the rest kept) or cents (`PrizeKind.FIXED`), each prize rounded down
    to `unit` cents."""

    kind: PrizeKind
    by_place: tuple[int, ...]
    unit: int = 1

    def __post_init__(self) -> None:
        if self.unit < 1 or any(prize < 0 for prize in self.by_place):
            raise ValueError("prizes cannot be negative; the unit is at least 1 cent")
        if self.kind is PrizeKind.PERCENT and sum(self.by_place) > WHOLE:
            raise ValueError("a prize plan cannot pay out more than 100 %")

    def pool(self, places: Sequence[int], paid_in: int) -> Fraction:
        """The exact prize money, in cents, of these places together."""
        covered = sum(self.by_place[place - 1] for place in places if place <= len(self.by_place))
        return (
            Fraction(paid_in * covered, WHOLE)
            if self.kind is PrizeKind.PERCENT
            else Fraction(covered)
        )


def percent_plan(percents: Sequence[int | Fraction], unit: int = 1) -> PrizePlan:
    """A plan by per cent of the money paid in, place 1 first (a French Tarot club's 90 % to
    the first sixteen: sixteen per cents summing to 90). Each must be whole basis points."""
    points = [Fraction(percent) * 100 for percent in percents]
    if any(point.denominator != 1 for point in points):
        raise ValueError("a prize's share is at most as fine as 0.01 %")
    return PrizePlan(PrizeKind.PERCENT, tuple(int(point) for point in points), unit)


def split_plan(paid_out: int, split: Sequence[int], unit: int = 1) -> PrizePlan:
    """A plan paying out `paid_out` per cent of the money paid in, split by place in per cents
    of that (75 % as 50/30/20: 37.5 %, 22.5 % and 15 % of the whole; 25 % kept)."""
    if not 0 <= paid_out <= 100 or sum(split) > 100:
        raise ValueError("per cents of a whole are at most 100 in all")
    return PrizePlan(PrizeKind.PERCENT, tuple(paid_out * share for share in split), unit)


@dataclass(frozen=True)
class MoneyRule:
    """A night's money, announced before play: amounts in cents of `currency` (an ISO code)."""

    currency: str
    start_fee: int
    prizes: PrizePlan
    lost_game_fee: LostGameFee | None = None

    def __post_init__(self) -> None:
        if not (len(self.currency) == 3 and self.currency.isalpha() and self.currency.isupper()):
            raise ValueError(f"a currency is an ISO code such as EUR, not {self.currency!r}")
        if self.start_fee < 0:
            raise ValueError("the start fee cannot be negative")


@dataclass(frozen=True)
class Entrant:
    """One player of the night: their final place (shared places repeat: 1, 2, 2, 4) and the
    games they lost in the evening (Skat's lost-game fee; 0 where there is none)."""

    player: int
    place: int
    lost_games: int = 0


@dataclass(frozen=True)
class Payment:
    """What one entrant paid in, in cents."""

    player: int
    start_fee: int
    lost_game_fees: int

    @property
    def total(self) -> int:
        """The start fee and the lost-game fees together."""
        return self.start_fee + self.lost_game_fees


@dataclass(frozen=True)
class Prize:
    """One place's prize: the place, the places its players cover (2 and 3 for two second),
    the players (ids) and what each is paid, in cents."""

    place: int
    places: tuple[int, ...]
    players: tuple[int, ...]
    each: int

    @property
    def amount(self) -> int:
        """What the place pays out in all."""
        return self.each * len(self.players)


@dataclass(frozen=True)
class CashierSheet:
    """The cashier's sheet of a night, in cents: the payments in entrant order, the prizes by
    place, and what is kept for the season pot (paid in − prizes paid: the plan's unpaid share
    and what rounding left; negative when fixed prizes exceed the money paid in)."""

    currency: str
    payments: tuple[Payment, ...]
    prizes: tuple[Prize, ...]

    @property
    def start_fees(self) -> int:
        """The start fees paid in."""
        return sum(payment.start_fee for payment in self.payments)

    @property
    def lost_game_fees(self) -> int:
        """The lost-game fees paid in."""
        return sum(payment.lost_game_fees for payment in self.payments)

    @property
    def paid_in(self) -> int:
        """All the money paid in."""
        return self.start_fees + self.lost_game_fees

    @property
    def prizes_paid(self) -> int:
        """All the prizes paid out."""
        return sum(prize.amount for prize in self.prizes)

    @property
    def kept(self) -> int:
        """What goes to the season pot."""
        return self.paid_in - self.prizes_paid


def cashier_sheet(rule: MoneyRule, entrants: Sequence[Entrant]) -> CashierSheet:
    """The night's cashier's sheet (see the module's text for the rules). Raises ValueError
    when the places are not a ranking (1, 2, 2, 4, …), a player is entered twice or a count is
    negative."""
    check_places([entrant.place for entrant in entrants])
    players = [entrant.player for entrant in entrants]
    if len(set(players)) != len(players):
        raise ValueError(f"a player is entered twice: {players}")
    payments = tuple(payment(rule, entrant) for entrant in entrants)
    paid_in = sum(paid.total for paid in payments)
    return CashierSheet(rule.currency, payments, prizes(rule.prizes, entrants, paid_in))


def payment(rule: MoneyRule, entrant: Entrant) -> Payment:
    """What one entrant pays in under the rule."""
    if entrant.lost_games < 0:
        raise ValueError(f"player {entrant.player}: lost games cannot be negative")
    fee = rule.lost_game_fee
    lost = fee.charge(entrant.lost_games) if fee is not None else 0
    return Payment(entrant.player, rule.start_fee, lost)


def prizes(plan: PrizePlan, entrants: Sequence[Entrant], paid_in: int) -> tuple[Prize, ...]:
    """The prizes by place: each group sharing a place pools the prizes of the places it covers
    and splits the pool equally, each share rounded down to the plan's unit. Places covering no
    prize of the plan are not listed."""
    found: list[Prize] = []
    for place in sorted({entrant.place for entrant in entrants}):
        players = tuple(entrant.player for entrant in entrants if entrant.place == place)
        covered = tuple(range(place, place + len(players)))
        if place > len(plan.by_place):
            break
        share = plan.pool(covered, paid_in) / len(players)
        found.append(Prize(place, covered, players, int(share // plan.unit) * plan.unit))
    return tuple(found)


def check_places(places: Sequence[int]) -> None:
    """Raise ValueError unless the places are a ranking with shared places: 1 first, and a
    place shared by n players followed by the place n further on (1, 2, 2, 4)."""
    expected = 1
    for place in sorted(set(places)):
        if place != expected:
            raise ValueError(f"places {sorted(places)}: expected place {expected}, not {place}")
        expected += places.count(place)


def format_cents(cents: int) -> str:
    """An amount for display, neutral of language and currency: 1250 → "12.50", −5 → "-0.05"
    (the web layer adds the currency sign and the local decimal mark)."""
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"
