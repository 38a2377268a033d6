"""A club's seasons (`service.seasons`): a season made with its rule (read and checked, each
problem on its field), its evenings (events of its game) added and taken out, and its table
worked out when read from each evening's ranking as the event's room reads it (the tables'
stored results), by `engine.season.season_table`. Nothing is cached: a correction at an
evening's table changes its ranking, and so the season's table (docs/design.md, "Club night").

A player is the roster's (`store.players`): an entrant is matched to the player their name
names (as every name is read), so the same person is one line across evenings whatever the
case of their name; an entrant the roster does not know yet (who never sat at a table) has no
evening to count.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from companion.contract.names import read_name
from companion.contract.parsing import read_count
from companion.contract.registry import all_games
from companion.contract.values import Problem
from companion.engine.season import (
    EveningResult,
    SeasonLine,
    SeasonRule,
    SeasonTable,
    format_total,
    season_table,
)
from companion.kit.i18n import t
from companion.service.events import Events, Room
from companion.service.money import Money
from companion.service.season_rules import read_rule, rule_data, rule_of
from companion.store import ANY_VERSION, Evening, EventRecord, Player, SeasonRecord, Store

NAME_LIMIT = 60
CURRENCY_LETTERS = 3


@dataclass(frozen=True)
class EveningOf:
    """An evening of a season as its page shows it: the event, its guests, its date (the
    event's start, UTC text), and the season's pot from its money (cents; None: no money set)."""

    event: EventRecord
    guests: tuple[int, ...]
    kept: int | None


@dataclass(frozen=True)
class SeasonView:
    """A season as its pages show it: the record, its rule, its evenings in date order, the
    table, and what the evenings kept for the season's pot (cents, the evenings with money)."""

    season: SeasonRecord
    rule: SeasonRule
    evenings: tuple[EveningOf, ...]
    table: SeasonTable

    @property
    def pot(self) -> int:
        """What the evenings kept for the season, in cents."""
        return sum(evening.kept or 0 for evening in self.evenings)

    @property
    def has_money(self) -> bool:
        """Whether any evening has its money set."""
        return any(evening.kept is not None for evening in self.evenings)

    def total_text(self, total: Fraction) -> str:
        """A total as the pages print it (`engine.season.format_total`)."""
        return format_total(total, self.rule)

    def line(self, player: int) -> SeasonLine | None:
        """One player's line, ranked or listed apart, or None."""
        lines = (*self.table.ranked, *self.table.apart)
        return next((line for line in lines if line.player == player), None)


def season_problems(name: str, game: str, currency: str) -> list[Problem]:
    """What is wrong with a new season's name, game and currency, each on its field."""
    problems = []
    if not name:
        problems.append(Problem("name", t("Give the season a name.")))
    elif len(name) > NAME_LIMIT:
        problems.append(Problem("name", t("Keep names to {limit} characters.", limit=NAME_LIMIT)))
    if game not in {each.slug for each in all_games()}:
        problems.append(Problem("game", t("Choose a game.")))
    if not (len(currency) == CURRENCY_LETTERS and currency.isascii() and currency.isalpha()):
        problems.append(Problem("currency", t("Enter the currency's code, such as EUR or CHF.")))
    return problems


def evening_results(
    room: Room, guests: Sequence[int], players: Mapping[str, Player | None]
) -> list[EveningResult]:
    """One evening's results for the season: each ranked entrant who played a round and whom
    the roster knows (`players`: entrant's name -> player, named as the roster names them
    now), with the event's place among all it ranked."""
    results = []
    for line in room.ranking:
        player = players.get(room.entrants[line.entrant])
        if player is None or all(figure is None for figure in line.rounds):
            continue
        results.append(
            EveningResult(
                player.id, player.name, Fraction(line.total), line.place, len(room.ranking),
                line.entrant in guests,
            )
        )  # fmt: skip
    return results


class Seasons:
    """The seasons (`service.seasons`): made, their evenings, their tables."""

    def __init__(self, store: Store, events: Events, money: Money) -> None:
        self._store = store
        self._events = events
        self._money = money

    def create(
        self, name: Any, game: Any, currency: Any, values: Mapping[str, Any]
    ) -> tuple[SeasonRecord | None, list[Problem]]:
        """A new season (its record, with its keys), or None and every problem, each on its
        field: its name, game, currency and the rule in `values` (`season_rules.read_rule`)."""
        name = read_name(name)
        game = game if isinstance(game, str) else ""
        currency = currency.strip().upper() if isinstance(currency, str) else ""
        rule, problems = read_rule(values)
        problems = season_problems(name, game, currency) + problems
        if rule is None or problems:
            return None, problems
        record = SeasonRecord("", "", name, game, rule_data(rule), currency, 0, "")
        return self._store.seasons.create(record), []

    def get(self, key: str) -> SeasonRecord | None:
        """The season of a director's key, or None."""
        return self._store.seasons.get(key) if len(key) <= 64 else None

    def followed(self, follow: str) -> SeasonRecord | None:
        """The season of a followers' key, or None."""
        return self._store.seasons.followed(follow) if len(follow) <= 64 else None

    def all(self) -> list[SeasonRecord]:
        """Every season, newest first."""
        return self._store.seasons.all()

    def season_of(self, event: EventRecord) -> SeasonRecord | None:
        """The season an event is an evening of, or None."""
        return self._store.seasons.season_of(event.key)

    def entrants(self, event: EventRecord) -> dict[int, str]:
        """An evening's entrants by number (whom the director may mark as guests)."""
        return self._store.events.entrants(event.key)

    def candidates(self, season: SeasonRecord) -> list[EventRecord]:
        """The events that may become its evenings: of its game, in no season yet."""
        taken = {evening.event.key for evening in self._store.seasons.evenings(season.key)}
        return [
            event
            for event in self._events.all()
            if event.game == season.game
            and event.key not in taken
            and self._store.seasons.season_of(event.key) is None
        ]

    def add(self, season: SeasonRecord, follow: Any, based_on: Any = ANY_VERSION) -> Problem | None:
        """Make the event of a followers' key an evening of the season; a problem when there
        is no such event, it is of another game or another season's. StaleWrite: the season
        changed since `based_on`."""
        event = self._events.followed(follow) if isinstance(follow, str) else None
        if event is None:
            return Problem("event", t("Choose a club night."))
        if event.game != season.game:
            return Problem("event", t("A season's evenings are all of its game."))
        if self._store.seasons.season_of(event.key) is not None:
            return Problem("event", t("That club night is already an evening of a season."))
        self._store.seasons.add_evening(season.key, event.key, based_on)
        return None

    def remove(self, season: SeasonRecord, follow: Any, based_on: Any = ANY_VERSION) -> bool:
        """Take the event of a followers' key out of the season (False: not one of its
        evenings). StaleWrite: the season changed since `based_on`."""
        event = self._events.followed(follow) if isinstance(follow, str) else None
        if event is None:
            return False
        try:
            self._store.seasons.remove_evening(season.key, event.key, based_on)
        except LookupError:
            return False
        return True

    def view(self, season: SeasonRecord) -> SeasonView:
        """The season as it stands: its evenings' rankings read now, and its table."""
        rule = rule_of(season.rule)
        evenings: list[EveningOf] = []
        results: list[list[EveningResult]] = []
        for evening in self._store.seasons.evenings(season.key):
            room = self._events.room(evening.event)
            results.append(evening_results(room, evening.guests, self._players(room)))
            evenings.append(self._evening_of(evening, room))
        return SeasonView(season, rule, tuple(evenings), season_table(rule, results))

    def _evening_of(self, evening: Evening, room: Room) -> EveningOf:
        """An evening with what its money kept for the season (None: no money set)."""
        kept = None
        if self._store.seasons.money(evening.event.key) is not None:
            sheet = self._money.night(evening.event, room).sheet
            kept = sheet.kept if sheet else None
        return EveningOf(evening.event, evening.guests, kept)

    def _players(self, room: Room) -> dict[str, Player | None]:
        """The roster's player each entrant's name names (None: not on the roster)."""
        return {name: self._store.players.named(name) for name in room.entrants.values()}

    def mark_guests(
        self, season: SeasonRecord, follow: Any, guests: Sequence[Any], based_on: Any = ANY_VERSION
    ) -> bool:
        """Say which entrants (numbers, as posted) of an evening came as guests; False when
        the event is not one of its evenings. StaleWrite: the season changed since."""
        event = self._events.followed(follow) if isinstance(follow, str) else None
        if event is None:
            return False
        entrants = self._store.events.entrants(event.key)
        numbers = [n for n in (read_count(g, digits=4) for g in guests) if n in entrants]
        try:
            self._store.seasons.set_guests(season.key, event.key, numbers, based_on)
        except LookupError:
            return False
        return True
