"""The settlement at the end of an evening: what each player has won or lost, and who pays whom.

Written once for every game. A zero-sum game's totals already are the players' winnings; games
that write down only the declarer's score (Skat, Calabrasella) balance the list by differences
first. The payments are then found with as few transfers as possible. Pure Python.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from companion.kit.formatting import money, number
from companion.kit.i18n import t, tn

CENTS = "cents"
"""The unit of a settlement played for money: amounts are kept in hundredths."""

UNIT_WORDS = {"points": t("points"), "Rappen": t("Rappen")}
"""The units a settlement is kept in, as a player reads them (the unit itself is a key)."""


@dataclass(frozen=True)
class Payment:
    """One transfer: `payer` gives `amount` (in the settlement's unit) to `payee`."""

    payer: int
    payee: int
    amount: int


@dataclass(frozen=True)
class Settlement:
    """Each seat's net result (zero-sum) and the fewest payments that square it.

    `unit` names what the numbers count ("points", "Rappen", "cents"); `per_point` is how many of
    that unit one point of the list is worth (a stake of 2 cents a point, say).
    """

    nets: tuple[int, ...]
    payments: tuple[Payment, ...]
    unit: str
    per_point: int = 1
    method: str = ""  # how the nets were reached, when not simply the totals

    def show(self, amount: int) -> str:
        """An amount as a player reads it: 420 cents as 4.20, points and Rappen as they are."""
        return money(amount) if self.unit == CENTS else number(amount)

    def show_net(self, amount: int) -> str:
        """A player's net with its sign: +4.20, −92, 0."""
        return ("+" if amount > 0 else "") + self.show(amount)

    @property
    def unit_words(self) -> str:
        """The unit after an amount ("" for money, which `show` already writes as money)."""
        return "" if self.unit == CENTS else UNIT_WORDS.get(self.unit, self.unit)

    @property
    def title(self) -> str:
        """The heading over the settlement: "Settlement in Rappen", "… in money", or plain."""
        if self.unit == CENTS:
            return t("Settlement in money")
        if self.unit == "points":
            return t("Settlement")
        return t("Settlement in {unit}", unit=UNIT_WORDS.get(self.unit, self.unit))

    @property
    def rate(self) -> str:
        """How points became money ("At 2 cents a point."), or "" when they did not."""
        if self.unit != CENTS:
            return ""
        return tn("At {count} cent a point.", "At {count} cents a point.", self.per_point)

    @property
    def squares(self) -> bool:
        """The payments move exactly each seat's net (a self-check the tests rely on)."""
        moved = [0] * len(self.nets)
        for payment in self.payments:
            moved[payment.payer] -= payment.amount
            moved[payment.payee] += payment.amount
        return tuple(moved) == self.nets


def balance_by_differences(totals: Sequence[int]) -> tuple[int, ...]:
    """Balance a list as in Skat: each seat wins from every other the difference of their totals.

    A seat's net is the sum, over every other seat, of (own total − the other's total), which
    is n × own − the sum of all totals. The nets always add up to zero.
    """
    whole = sum(totals)
    count = len(totals)
    return tuple(count * total - whole for total in totals)


def settle(nets: Sequence[int], unit: str, per_point: int = 1, method: str = "") -> Settlement:
    """The settlement of zero-sum nets (in points), converted at `per_point` units a point."""
    if sum(nets) != 0:
        raise ValueError(f"a settlement must be zero-sum, these nets add up to {sum(nets)}")
    scaled = tuple(net * per_point for net in nets)
    return Settlement(scaled, fewest_payments(scaled), unit, per_point, method)


BY_DIFFERENCES = t(
    "Balanced as in Skat: each player wins from every other the difference between their totals."
)


def settle_list(totals: Sequence[int], cents_per_point: int = 0) -> Settlement:
    """A list where only the declarer's scores were written (Skat, Calabrasella): balanced by
    differences, in points, or in money at `cents_per_point` when the game was played for it."""
    nets = balance_by_differences(totals)
    if cents_per_point > 0:
        return settle(nets, CENTS, cents_per_point, BY_DIFFERENCES)
    return settle(nets, "points", method=BY_DIFFERENCES)


def fewest_payments(nets: Sequence[int]) -> tuple[Payment, ...]:
    """Payments that square zero-sum nets with the fewest transfers.

    A group of players whose nets add up to zero can settle among themselves in one payment
    fewer than its size, so the fewest payments come from splitting the table into as many
    zero-sum groups as possible. Tables are small (at most a handful of seats), so the groups
    are searched exhaustively; within a group the largest debtor pays the largest creditor.
    """
    open_seats = [seat for seat, net in enumerate(nets) if net != 0]
    payments: list[Payment] = []
    for group in _most_zero_sum_groups(open_seats, nets):
        payments.extend(_settle_group(group, nets))
    return tuple(sorted(payments, key=lambda p: (p.payer, p.payee)))


def _most_zero_sum_groups(seats: list[int], nets: Sequence[int]) -> list[tuple[int, ...]]:
    """Split `seats` (whose nets add up to zero) into the most groups that each add up to zero.

    Every zero-sum group holding the first seat is tried, and the rest split the same way.
    """
    if not seats:
        return []
    first, rest = seats[0], seats[1:]
    best: list[tuple[int, ...]] = [tuple(seats)]
    for size in range(1, len(rest)):
        for others in combinations(rest, size):
            group = (first, *others)
            if sum(nets[seat] for seat in group) != 0:
                continue
            remaining = [seat for seat in rest if seat not in others]
            split = [group, *_most_zero_sum_groups(remaining, nets)]
            if len(split) > len(best):
                best = split
    return best


def _settle_group(group: tuple[int, ...], nets: Sequence[int]) -> list[Payment]:
    """Within one zero-sum group: the largest debtor pays the largest creditor, until square."""
    balance = {seat: nets[seat] for seat in group}
    payments: list[Payment] = []
    while any(balance.values()):
        debtor = min(balance, key=lambda seat: (balance[seat], seat))
        creditor = max(balance, key=lambda seat: (balance[seat], -seat))
        amount = min(-balance[debtor], balance[creditor])
        payments.append(Payment(debtor, creditor, amount))
        balance[debtor] += amount
        balance[creditor] -= amount
    return payments
