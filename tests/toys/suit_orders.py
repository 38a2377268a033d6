"""A toy trick game with its own rank order per suit, to show the trick machinery takes it.

Four players, the 52-card pack, no trump, thirteen tricks entered card by card. Red suits rank
their pips upside down (10 lowest, then 9 … 2, then the Ace, Jack, Queen, King at the top), as
red suits do in several old games; black suits rank as usual (2 lowest, Ace highest). The
highest card of the suit led wins; the winner leads the next trick. One point per trick. It is a
`TrickGame`: it answers `progress` and `validate_progress`.
"""

from __future__ import annotations

from companion.contract.game import Game
from companion.contract.values import (
    POINTS,
    Choice,
    Entry,
    Field,
    FieldKind,
    HandResult,
    Problem,
    Setup,
    State,
    TrickProgress,
    TrickRecord,
)
from companion.kit.cards import ACE, JACK, KING, PLAIN_SUITS, QUEEN, Card, CardError, Suit, parse
from companion.kit.cards import pack_52 as full_pack
from companion.kit.tricks import ACE_HIGH, PlayedTrick, RankOrder, TrickRanking, sorted_cards

RED_ORDER = RankOrder((10, 9, 8, 7, 6, 5, 4, 3, 2, ACE, JACK, QUEEN, KING))
RANKING = TrickRanking(
    order=ACE_HIGH, suit_orders={Suit.HEARTS: RED_ORDER, Suit.DIAMONDS: RED_ORDER}
)
PACK = sorted_cards(full_pack(), ACE_HIGH, PLAIN_SUITS)
TOTAL_TRICKS = 13


def read_trick(
    trick: TrickRecord, leader: int, used: set[Card], count: int
) -> tuple[int | None, list[tuple[str, str]]]:
    """The winning seat of one trick, or the faults of its cards (by part)."""
    cards: list[Card] = []
    for code in trick.cards:
        try:
            card = parse(code)
        except CardError:
            return None, [("cards", f"{code} is not a card.")]
        if card in used or card in cards:
            return None, [("cards", f"{card} was already played.")]
        cards.append(card)
    if len(cards) != count:
        return None, [
            ("cards", f"{len(cards)} cards are entered; each of the {count} players plays one.")
        ]
    winner = PlayedTrick(tuple(cards), RANKING).winner(leader)
    used.update(cards)
    if trick.to is not None and trick.to != winner:
        return winner, [("to", "the winner keeps the trick.")]
    return winner, []


class RedsAndBlacks(Game):
    """Thirteen tricks at no trump, red pips upside down."""

    slug = "toy-reds"
    name = "Toy: reds and blacks"
    player_counts = (4,)
    zero_sum = False
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = POINTS

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """The tricks, card by card."""
        return (
            Field(
                "tricks",
                "Tricks",
                FieldKind.TRICKS,
                choices=tuple(Choice(card.code, str(card)) for card in PACK),
                minimum=TOTAL_TRICKS,
                maximum=TOTAL_TRICKS,
            ),
        )

    def walk(self, state: State, entry: Entry) -> tuple[list[int], list[Problem], int]:
        """Each trick's winner in order, the problems, and who leads next."""
        leader = (state.setup.first_dealer + len(state.hands) + 1) % 4
        used: set[Card] = set()
        winners: list[int] = []
        problems: list[Problem] = []
        for index, trick in enumerate(entry.get("tricks") or ()):
            winner, faults = read_trick(trick, leader, used, state.setup.player_count)
            problems.extend(
                Problem("tricks", f"Trick {index + 1}: {message}", part, index)
                for part, message in faults
            )
            if winner is None:
                break
            winners.append(winner)
            leader = winner
        return winners, problems, leader

    def validate_progress(self, state: State, entry: Entry) -> list[Problem]:
        """Each trick's cards: four distinct cards never played before in the hand."""
        return self.walk(state, entry)[1]

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """The tricks so far, and all thirteen of them."""
        problems = self.validate_progress(state, entry)
        entered = len(entry.get("tricks") or ())
        if entered != TOTAL_TRICKS:
            problems.append(
                Problem("tricks", f"A hand has {TOTAL_TRICKS} tricks; {entered} are entered.")
            )
        return problems

    def progress(self, state: State, entry: Entry) -> TrickProgress:
        """Tricks taken so far and who leads."""
        winners, _, leader = self.walk(state, entry)
        taken = tuple(winners.count(seat) for seat in range(4))
        used = frozenset(code for trick in entry.get("tricks") or () for code in trick.cards)
        number = len(winners) + 1
        return TrickProgress(
            number,
            TOTAL_TRICKS,
            leader if number <= TOTAL_TRICKS else None,
            taken,
            taken,
            tuple(range(4)),
            used,
        )

    def score(self, state: State, entry: Entry) -> HandResult:
        """A point per trick taken."""
        winners, _, _ = self.walk(state, entry)
        points = tuple(winners.count(seat) for seat in range(4))
        lines = tuple(
            f"{name}: {points[seat]} tricks" for seat, name in enumerate(state.setup.players)
        )
        return HandResult(points, lines, " · ".join(lines))


GAME = RedsAndBlacks()
