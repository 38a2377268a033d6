"""The money of a club night (`service.money`): the fees and prize plan read from the director's
form (every amount through the strict parser, in integer cents, each problem on its field) and
kept with its version; and the cashier's sheet worked out when read, from the event's ranking
and, at Skat, the games each entrant lost, from the event's count of games won and lost. Nothing is
cached, so a correction at a table changes the sheet (docs/rulings.md, "The club's season").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.contract.parsing import is_blank, read_cents, read_count, read_word
from companion.contract.registry import get
from companion.contract.values import Problem
from companion.engine.money import (
    CashierSheet,
    Entrant,
    LostGameFee,
    MoneyRule,
    PrizeKind,
    PrizePlan,
    cashier_sheet,
    split_plan,
)
from companion.kit.i18n import t
from companion.service.events import Events, Room
from companion.store import ANY_VERSION, EventRecord, MoneyRow, SeasonRecord, Store


def charges_lost_games(slug: str) -> bool:
    """Whether a night of the game may charge a fee per lost game (`Game.lost_game_fee`)."""
    return get(slug).lost_game_fee


MOST_PLACES = 50
MOST_CENTS = 999_999_999
SEPARATORS = re.compile(r"[\s;]+")
CURRENCY = re.compile(r"[A-Z]{3}")


@dataclass(frozen=True)
class NightMoney:
    """A night's money as its page shows it: the event, its season (None: none), the rule as
    kept (None: none set yet), the entrants' names and lost games, and the cashier's sheet
    (None until the rule is set)."""

    event: EventRecord
    season: SeasonRecord | None
    row: MoneyRow | None
    rule: MoneyRule | None
    names: Mapping[int, str]
    lost_games: Mapping[int, int]
    sheet: CashierSheet | None

    @property
    def charges_lost_games(self) -> bool:
        """Whether the night's game has a lost-game fee at all."""
        return charges_lost_games(self.event.game)

    @property
    def version(self) -> int:
        """The version of the money kept (0: none yet), what a form carries back."""
        return self.row.version if self.row else 0


def money_rule(row: MoneyRow) -> MoneyRule:
    """The engine's rule of a kept night's money."""
    if row.prize_kind == PrizeKind.PERCENT:
        plan = split_plan(row.paid_out or 0, row.prizes, row.unit)
    else:
        plan = PrizePlan(PrizeKind.FIXED, row.prizes, row.unit)
    fee = LostGameFee(*row.lost_fee) if row.lost_fee else None
    return MoneyRule(row.currency, row.start_fee, plan, fee)


def read_amount(values: Mapping[str, Any], name: str, problems: list[Problem]) -> int | None:
    """An amount in cents ("12.50"), else a problem on its field."""
    cents = read_cents(values.get(name))
    if cents is None or cents > MOST_CENTS:
        problems.append(Problem(name, t("Enter an amount such as 10 or 2.50.")))
    return cents


def read_lost_fee(
    values: Mapping[str, Any], problems: list[Problem]
) -> tuple[int, int, int] | None:
    """The lost-game fee: none when its three fields are blank, else all three."""
    names = ("lost_fee", "lost_higher_fee", "lost_from")
    if all(is_blank(values.get(name)) for name in names):
        return None
    fee = read_amount(values, "lost_fee", problems)
    higher = read_amount(values, "lost_higher_fee", problems)
    from_count = read_count(values.get("lost_from"), digits=3)
    if from_count is None or from_count < 1:
        problems.append(Problem("lost_from", t("Enter a whole number from 1 to 999.")))
    if fee is None or higher is None or from_count is None or from_count < 1:
        return None
    return fee, higher, from_count


def read_prizes(values: Mapping[str, Any], kind: str, problems: list[Problem]) -> tuple[int, ...]:
    """The prizes by place: per cents of the share paid out (whole numbers, at most 100 in
    all) or amounts in cents; a problem on the field otherwise."""
    parts = [part for part in SEPARATORS.split(str(values.get("prizes", ""))[:800]) if part]
    if kind == PrizeKind.PERCENT:
        found = [read_count(part, digits=3) for part in parts]
        wrong = any(n is None for n in found) or sum(n or 0 for n in found) > 100
        words = t("Enter whole per cents, place 1 first, at most 100 in all: 50 30 20.")
    else:
        found = [read_cents(part) for part in parts]
        wrong = any(n is None or n > MOST_CENTS for n in found)
        words = t("Enter an amount for each place, place 1 first: 30 20 10.")
    if not parts or wrong or len(parts) > MOST_PLACES:
        problems.append(Problem("prizes", words))
        return ()
    return tuple(n or 0 for n in found)


def read_money(
    values: Mapping[str, Any], event: EventRecord, season: SeasonRecord | None
) -> tuple[MoneyRow | None, list[Problem]]:
    """A night's money as the form states it (amounts in cents), or None and every problem,
    each on its field. The currency is the season's when the event has one."""
    problems: list[Problem] = []
    currency = season.currency if season else str(values.get("currency", "")).strip().upper()
    if not CURRENCY.fullmatch(currency):
        problems.append(Problem("currency", t("Enter the currency's code, such as EUR or CHF.")))
    start_fee = read_amount(values, "start_fee", problems)
    lost = read_lost_fee(values, problems) if charges_lost_games(event.game) else None
    kind = read_word(values.get("prize_kind"), [k.value for k in PrizeKind])
    if kind is None:
        problems.append(Problem("prize_kind", t("Choose one.")))
    paid_out = None
    if kind == PrizeKind.PERCENT:
        paid_out = read_count(values.get("paid_out"), digits=3)
        if paid_out is None or paid_out > 100:
            problems.append(Problem("paid_out", t("Enter a whole number from 0 to 100.")))
    prizes = read_prizes(values, kind or PrizeKind.FIXED, problems)
    unit = read_amount(values, "unit", problems)
    if unit == 0:
        problems.append(Problem("unit", t("Enter an amount such as 10 or 2.50.")))
    if problems:
        return None, problems
    row = MoneyRow(
        event.key, currency, start_fee or 0, lost, str(kind), paid_out, prizes, unit or 1
    )
    return row, []


class Money:
    """The nights' money (`service.money`): set for an event, and its cashier's sheet."""

    def __init__(self, store: Store, events: Events) -> None:
        self._store = store
        self._events = events

    def set(
        self, event: EventRecord, values: Mapping[str, Any], based_on: Any = ANY_VERSION
    ) -> list[Problem]:
        """Keep the night's money the form states; its problems (nothing kept) otherwise.
        StaleWrite: the money changed since `based_on`."""
        row, problems = read_money(values, event, self._store.seasons.season_of(event.key))
        if row is not None:
            self._store.seasons.set_money(row, based_on)
        return problems

    def night(self, event: EventRecord, room: Room | None = None) -> NightMoney:
        """The night's money and, once its rule is set, its cashier's sheet from the ranking
        as it stands (`room`: the event's room when the caller has it already)."""
        room = room or self._events.room(event)
        row = self._store.seasons.money(event.key)
        season = self._store.seasons.season_of(event.key)
        lost = self.lost_games(room) if charges_lost_games(event.game) else {}
        rule = money_rule(row) if row else None
        sheet = None
        if rule is not None:
            entrants = [
                Entrant(line.entrant, line.place, lost.get(line.entrant, 0))
                for line in room.ranking
            ]
            sheet = cashier_sheet(rule, entrants)
        return NightMoney(event, season, row, rule, room.entrants, lost, sheet)

    def lost_games(self, room: Room) -> dict[int, int]:
        """The games each entrant lost as declarer at their tables (a passed game is
        nobody's): the event's own count of games won and lost (`Room.records`, from each
        table's kept counts), so the fee and the list count the same games."""
        return {entrant: lost for entrant, (_, lost) in room.records.items() if lost}
