"""The anti-trump game, seed 003: three to six players, the 39-card pack without Hearts, nine
rounds of five tricks (five rounds in the short game), each player bidding before play.

The trick referee, and the score pad. The text: Diamonds are always trumps; the first black
card turned after the deal names the anti-trump suit (none if only Diamonds are left); the
other black suit is neutral; values run Ace high. "Trump > Leading Suit > Anti-Trump": an
anti-trump card cannot win unless it was led and every card of the trick is an anti-trump.
A round is entered in two moments: the anti-trump and the bids before play (saved, shown on
every phone), the tricks each player took after. docs/rulings.md "The anti-trump game (003)": the
schedule of exchanges, the short game, and the scoring (the text has none, so it is a house
rule, shown as one). The decisions: docs/rules/anti-trump.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.contract.choices import choices
from companion.contract.game import Game, leaders, read_options
from companion.contract.referee import (
    RankingReferee,
    register_referee,
    suit_of_choice,
    trump_field,
)
from companion.contract.registry import register
from companion.contract.values import (
    POINTS,
    Entry,
    Field,
    FieldKind,
    HandResult,
    Outcome,
    Phase,
    Problem,
    Setup,
    State,
)
from companion.kit.cards import SUIT_NAMES, Card, Suit, pack_39_no_hearts
from companion.kit.formatting import signed
from companion.kit.i18n import Text, t, tn
from companion.kit.tricks import ACE_HIGH, TrickRanking, WinBy

TRUMP = Suit.DIAMONDS
"""The text: "Diamonds are the trump suit", every round."""
BLACK_SUITS = (Suit.CLUBS, Suit.SPADES)


NO_ANTI_TRUMP = t("None (only Diamonds were left)")
ANTI_TRUMP_LABEL = t("Anti-trump suit")


def anti_trump_of(context: Mapping[str, Any]) -> Suit | None:
    """The round's anti-trump suit, or None when only Diamonds were left to turn."""
    return suit_of_choice(context.get("anti_trump"))


def anti_trump_alone(cards: Sequence[Card], anti: Suit | None) -> bool:
    """Whether every card of the trick is an anti-trump (it was led and nobody played another
    suit): the one case where the highest anti-trump takes the trick."""
    return anti is not None and all(card.suit is anti for card in cards)


class AntiTrumpReferee(RankingReferee):
    """The anti-trump game's tricks: Diamonds over the suit led, Ace high; an anti-trump card
    never wins unless the whole trick is anti-trumps."""

    slug = "anti-trump"
    name = t("Anti-Trump")
    player_counts = (3, 4, 5, 6)

    def context_fields(self, player_count: int) -> tuple[Field, ...]:
        """The round's anti-trump: the suit of the first black card turned after the deal."""
        return (anti_trump_field(player_count),)

    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        return pack_39_no_hearts()

    def ranking(self, cards: Sequence[Card], context: Mapping[str, Any]) -> TrickRanking:
        """This trick's ranking: Diamonds trump, Ace high, and the anti-trump cards unable to
        win (or to set the suit led) unless every card is an anti-trump."""
        anti = anti_trump_of(context)
        barred = (
            frozenset()
            if anti is None or anti_trump_alone(cards, anti)
            else frozenset(card for card in cards if card.suit is anti)
        )
        return TrickRanking(order=ACE_HIGH, trump=TRUMP, cannot_win=barred)

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card], context: Mapping[str, Any]) -> str:
        """Why the card won: a trump, the anti-trump alone, the neutral suit over an anti-trump
        lead, or the suit led."""
        anti = anti_trump_of(context)
        if by is WinBy.TRUMP:
            return t(
                "Diamonds are always trumps: a Diamond beats every other card and the "
                "highest Diamond wins, Ace high"
            )
        if anti_trump_alone(cards, anti):
            return t(
                "the anti-trump ({suit}) was led and nobody played another suit, so the "
                "highest anti-trump takes the trick, Ace high",
                suit=SUIT_NAMES[card.suit],
            )
        if anti is not None and cards[0].suit is anti:
            return t(
                "an anti-trump card cannot win once another suit is played to its lead; "
                "with no Diamond played, the highest card of the neutral suit ({suit}) "
                "wins, Ace high",
                suit=SUIT_NAMES[card.suit],
            )
        if anti is not None and any(c.suit is anti for c in cards):
            return t(
                "nobody played a Diamond, so the highest card of the suit led wins, Ace "
                "high; an anti-trump card ({suit}) never wins here",
                suit=SUIT_NAMES[anti],
            )
        return t("nobody played a Diamond, so the highest card of the suit led wins, Ace high")


REFEREE = register_referee(AntiTrumpReferee())


# ================================================================ the score pad
# ---------------------------------------------------------------- domain values


class Direction(StrEnum):
    """Which way a round's cards are passed, as the text's chart says it."""

    LEFT = "left"
    RIGHT = "right"


class Scoring(StrEnum):
    """How an exact or a missed bid scores: the text has no scoring (docs/rulings.md)."""

    EXACT_OR_NOTHING = "exact_or_nothing"
    MISS_LOSES_DIFFERENCE = "miss_loses_difference"
    TRICKS_PLUS_BONUS = "tricks_plus_bonus"


class Length(StrEnum):
    """How many rounds a game lasts: the chart's nine, or the short game's five."""

    NINE_ROUNDS = "nine_rounds"
    SHORT_GAME = "short_game"


LENGTH_LABELS: dict[Length, str] = {
    Length.NINE_ROUNDS: t("Nine rounds"),
    Length.SHORT_GAME: t("Short game: rounds 1, 3, 5, 7 and 9"),
}

SCORING_LABELS: dict[Scoring, str] = {
    Scoring.EXACT_OR_NOTHING: t("Exact bid 10 + bid, missed bid 0"),
    Scoring.MISS_LOSES_DIFFERENCE: t("Exact bid 10 + bid, missed bid −(difference)"),
    Scoring.TRICKS_PLUS_BONUS: t("1 a trick, +10 for an exact bid"),
}


# ---------------------------------------------------------------- tables

PACK_SIZE = 39
"""The text: "The dealer shuffles the 39-card deck" (Diamonds, Clubs and Spades)."""

CARDS_EACH = 5
"""The text: the dealer "deals 5 cards to each player"; an exchange gives as many as it takes."""

TRICKS_PER_ROUND = 5
"""The text: "Each round consists of 5 tricks": one trick per card held, at any table size.
The 39 cards do not divide among the players: the 9 to 24 cards left after the deal are the
stock the anti-trump is turned from, and are never played."""

MAX_BID = 5
"""The text: each player "bids a value between 0 (also known as nil) and 5"."""

DIAMONDS_IN_PACK = 13
"""The text's rare event ("the pack contains only diamonds ... can only happen in a 6-person
game"): after the deal 39 − 5 × players cards are left, fewer than the 13 Diamonds only at six."""

EXACT_BONUS = 10
"""docs/rulings.md: an exact bid scores 10 + the bid (every preset gives the 10)."""


@dataclass(frozen=True)
class Exchange:
    """A round's exchange: how many cards each player passes, and to whom."""

    cards: int
    direction: Direction | None

    @property
    def words(self) -> Text:
        """The exchange as the pad shows it: "3 cards to the left", "no exchange"."""
        if self.cards == 0 or self.direction is None:
            return t("no exchange")
        if self.direction is Direction.LEFT:
            return tn("{count} card to the left", "{count} cards to the left", self.cards)
        return tn("{count} card to the right", "{count} cards to the right", self.cards)


SCHEDULE: tuple[Exchange, ...] = (
    Exchange(4, Direction.LEFT),
    Exchange(4, Direction.RIGHT),
    Exchange(3, Direction.LEFT),
    Exchange(3, Direction.RIGHT),
    Exchange(2, Direction.LEFT),
    Exchange(2, Direction.RIGHT),
    Exchange(1, Direction.LEFT),
    Exchange(1, Direction.RIGHT),
    Exchange(0, None),
)
"""The text's chart, "The game lasts 9 rounds, each round exchanging a different number of
cards to a different player", as docs/rulings.md reads it: 4, 4, 3, 3, 2, 2, 1, 1 and 0 cards,
left and right alternately. Round n is SCHEDULE[n − 1]."""

FULL_GAME = tuple(range(1, len(SCHEDULE) + 1))
"""The nine rounds of the chart, in order."""

SHORT_GAME = (1, 3, 5, 7, 9)
"""docs/rulings.md: the short game (the text's lost asterisks) plays rounds 1, 3, 5, 7 and 9."""

RULING = t("The pad's rulings, the anti-trump game")


# ---------------------------------------------------------------- typed options


@dataclass(frozen=True)
class Options:
    """The anti-trump game's house rules, typed: how bids score, and the game's length."""

    scoring: Scoring = Scoring.EXACT_OR_NOTHING
    length: Length = Length.NINE_ROUNDS


def options_of(setup: Setup) -> Options:
    """A session's house rules."""
    return read_options(Options, setup.options)


def rounds_of(setup: Setup) -> tuple[int, ...]:
    """The chart's rounds this session plays, in order: all nine, or the short game's five."""
    return SHORT_GAME if options_of(setup).length is Length.SHORT_GAME else FULL_GAME


def round_at(setup: Setup, played: int) -> int | None:
    """The chart's round of the hand after `played` hands (None: the game is already over)."""
    rounds = rounds_of(setup)
    return rounds[played] if played < len(rounds) else None


def exchange_of(chart_round: int) -> Exchange:
    """The exchange of a round of the chart."""
    return SCHEDULE[chart_round - 1]


def black_card_always_left(player_count: int) -> bool:
    """Whether the stock left after the deal always holds a black card (fewer than six
    players): "none" is then impossible and is not offered."""
    return PACK_SIZE - CARDS_EACH * player_count > DIAMONDS_IN_PACK


def anti_trump_field(player_count: int) -> Field:
    """The round's anti-trump, as the pad and the referee both ask it (one source, so the
    referee offers exactly what the pad accepts): Clubs or Spades, and "none" only at six
    players, the one table size where the stock can hold only Diamonds."""
    none_label = None if black_card_always_left(player_count) else NO_ANTI_TRUMP
    return trump_field(BLACK_SUITS, none_label=none_label, name=ANTI_TRUMP, label=ANTI_TRUMP_LABEL)


# ---------------------------------------------------------------- reading the entry


def bid_name(seat: int) -> str:
    return f"bid_{seat}"


def took_name(seat: int) -> str:
    return f"took_{seat}"


ANTI_TRUMP = "anti_trump"


@dataclass(frozen=True)
class Hand:
    """One round as the players entered it: the anti-trump turned up, each seat's bid and the
    tricks each seat took."""

    anti_trump: Suit | None
    bids: tuple[int, ...]
    took: tuple[int, ...]

    @staticmethod
    def read(setup: Setup, entry: Entry) -> Hand:
        seats = range(setup.player_count)
        return Hand(
            suit_of_choice(entry.get(ANTI_TRUMP)),
            tuple(entry[bid_name(seat)] for seat in seats),
            tuple(entry[took_name(seat)] for seat in seats),
        )

    def exact(self, seat: int) -> bool:
        return self.bids[seat] == self.took[seat]


def bidding_order(player_count: int, dealer: int) -> tuple[int, ...]:
    """The seats in the order they bid: "starting with the player to the left of the dealer
    and continuing clockwise to the dealer" (seats are listed in play order, to the left)."""
    return tuple((dealer + step) % player_count for step in range(1, player_count + 1))


# ---------------------------------------------------------------- the pure score


def exact_or_nothing(bid: int, took: int) -> int:
    """The default (docs/rulings.md): an exact bid scores 10 + the bid, a missed bid 0."""
    return EXACT_BONUS + bid if bid == took else 0


def miss_loses_difference(bid: int, took: int) -> int:
    """Option: an exact bid scores 10 + the bid, a missed bid loses |bid − tricks|."""
    return EXACT_BONUS + bid if bid == took else -abs(bid - took)


def tricks_plus_bonus(bid: int, took: int) -> int:
    """Option: one point per trick taken, plus 10 for an exact bid."""
    return took + (EXACT_BONUS if bid == took else 0)


SCORERS = {
    Scoring.EXACT_OR_NOTHING: exact_or_nothing,
    Scoring.MISS_LOSES_DIFFERENCE: miss_loses_difference,
    Scoring.TRICKS_PLUS_BONUS: tricks_plus_bonus,
}


def seat_points(scoring: Scoring, bid: int, took: int) -> int:
    """One seat's points for its bid and the tricks it took, by the session's scoring."""
    return SCORERS[scoring](bid, took)


# ---------------------------------------------------------------- the referee


def round_over_problem(state: State) -> list[Problem]:
    """A round after the last one of the game (the pad stops taking hands; an import may not)."""
    rounds = rounds_of(state.setup)
    if len(state.hands) < len(rounds):
        return []
    return [
        Problem(
            None, t("The game is over: all {rounds} rounds have been played.", rounds=len(rounds))
        )
    ]


def tricks_problem(hand: Hand, order: Sequence[int]) -> list[Problem]:
    """The tricks taken must add up to the round's five: one trick per card each player held.
    Said on the first tricks box of the form, adding up in the form's order (`order`)."""
    total = sum(hand.took)
    if total == TRICKS_PER_ROUND:
        return []
    added = " + ".join(str(hand.took[seat]) for seat in order)
    return [
        Problem(
            took_name(order[0]),
            t(
                "The tricks add up to {added} = {total}; a round has {tricks} tricks "
                "(every player holds {cards} cards and plays one to each trick).",
                added=added,
                total=total,
                tricks=TRICKS_PER_ROUND,
                cards=CARDS_EACH,
            ),
        )
    ]


# ---------------------------------------------------------------- the words


def score_line(scoring: Scoring, name: str, bid: int, took: int) -> str:
    """One seat's arithmetic: "Ann: bid 2, took 2, exact: 10 + 2 = +12"."""
    fields = {
        "name": name,
        "bid": bid,
        "took": took,
        "points": signed(seat_points(scoring, bid, took)),
    }
    if scoring is Scoring.TRICKS_PLUS_BONUS:
        if bid == took:
            return tn(
                "{name}: bid {bid}, took {took}, exact: {count} trick + {bonus} = {points}",
                "{name}: bid {bid}, took {took}, exact: {count} tricks + {bonus} = {points}",
                took,
                bonus=EXACT_BONUS,
                **fields,
            )
        return tn(
            "{name}: bid {bid}, took {took}, missed: {count} trick = {points}",
            "{name}: bid {bid}, took {took}, missed: {count} tricks = {points}",
            took,
            **fields,
        )
    if bid == took:
        return t(
            "{name}: bid {bid}, took {took}, exact: {bonus} + {bid} = {points}",
            bonus=EXACT_BONUS,
            **fields,
        )
    if scoring is Scoring.MISS_LOSES_DIFFERENCE:
        return t(
            "{name}: bid {bid}, took {took}, missed by {by}: {points}", by=abs(bid - took), **fields
        )
    return t("{name}: bid {bid}, took {took}, missed: 0", **fields)


def round_words(setup: Setup, played: int) -> str:
    """The round about to be played and its exchange: "Round 3 of 9 · 3 cards to the left"."""
    chart_round = round_at(setup, played)
    if chart_round is None:
        return ""
    fields = {
        "round": played + 1,
        "rounds": len(rounds_of(setup)),
        "exchange": exchange_of(chart_round).words,
    }
    if chart_round != played + 1:
        return t(
            "Round {round} of {rounds} (the chart's round {chart}) · {exchange}",
            chart=chart_round,
            **fields,
        )
    return t("Round {round} of {rounds} · {exchange}", **fields)


def house_rule_words(setup: Setup) -> str:
    """The scoring in force, named as the house rule it is (the text has none)."""
    return t(
        "House rule (the text has no scoring): {scoring}",
        scoring=SCORING_LABELS[options_of(setup).scoring],
    )


def exact_words(setup: Setup, hand: Hand) -> str:
    """The headline: who made their bid exactly."""
    exact = [seat for seat in range(setup.player_count) if hand.exact(seat)]
    if not exact:
        return t("nobody made their bid")
    if len(exact) == 1:
        return t("{names} made their bid", names=setup.names_of(exact))
    return t("{names} made their bids", names=setup.names_of(exact))


def anti_trump_words(suit: Suit | None) -> str:
    """The round's anti-trump: "Clubs ♣ anti-trump", or none (only Diamonds were left)."""
    if suit is None:
        return t("No anti-trump")
    return t("{suit} {symbol} anti-trump", suit=SUIT_NAMES[suit], symbol=suit.symbol)


def first_place(setup: Setup, winners: Sequence[int], best: int) -> str:
    """ "Ann wins with 57", or "Ann and Bob share first place with 40"."""
    if len(winners) == 1:
        return t("{name} wins with {best}", name=setup.players[winners[0]], best=best)
    return t("{names} share first place with {best}", names=setup.names_of(winners), best=best)


# ---------------------------------------------------------------- the game


class AntiTrump(Game):
    """The anti-trump game's score pad: per round the anti-trump and the bids before play,
    the tricks taken after; bids scored by the house rule chosen; over after the last round."""

    slug = "anti-trump"
    name = t("Anti-Trump")
    player_counts = (3, 4, 5, 6)
    zero_sum = False
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = POINTS
    options_type = Options
    summary = t(
        "Bid the tricks you will take in five-card rounds with Diamonds always trumps "
        "and an anti-trump suit that almost never wins; cards are exchanged before "
        "play. The pad takes the bids before play and the tricks after."
    )

    def options(self, player_count: int) -> tuple[Field, ...]:
        """The scoring (a house rule: the text has none) and the short game."""
        return (
            Field(
                "scoring",
                t("Scoring (a house rule: the text has none)"),
                FieldKind.CHOICE,
                choices=choices(Scoring, SCORING_LABELS),
                default=Scoring.EXACT_OR_NOTHING.value,
                help=t(
                    "{source}: exact bid 10 + bid, missed 0; options: a miss loses the "
                    "difference; one point a trick plus 10 for an exact bid",
                    source=RULING,
                ),
            ),
            Field(
                "length",
                t("Length"),
                FieldKind.CHOICE,
                choices=choices(Length, LENGTH_LABELS),
                default=Length.NINE_ROUNDS.value,
                help=t(
                    "{source}: nine rounds; the short game (the text's lost asterisks) plays five",
                    source=RULING,
                ),
            ),
        )

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """The anti-trump turned up and a bid per player (before play), the tricks each took."""
        anti = anti_trump_field(setup.player_count)
        bids = tuple(
            Field(
                bid_name(seat),
                t("{name} bids", name=name),
                FieldKind.INTEGER,
                minimum=0,
                maximum=MAX_BID,
            )
            for seat, name in enumerate(setup.players)
        )
        took = tuple(
            Field(
                took_name(seat),
                t("{name} took", name=name),
                FieldKind.INTEGER,
                minimum=0,
                maximum=TRICKS_PER_ROUND,
                default=0,
            )
            for seat, name in enumerate(setup.players)
        )
        return (anti, *bids, *took)

    def phases(self, setup: Setup) -> tuple[Phase, ...]:
        """The anti-trump and the bids before play ("Before any cards are played ... First,
        the players bid"), the tricks after."""
        seats = range(setup.player_count)
        return (
            Phase(
                "bids", t("Bids"), (ANTI_TRUMP, *(bid_name(s) for s in seats)), t("Save the bids")
            ),
            Phase("tricks", t("Tricks"), tuple(took_name(s) for s in seats)),
        )

    def entry_order(self, state: State, names: Sequence[str]) -> tuple[str, ...]:
        """The anti-trump first (turned before the bids), then bids and tricks from the
        dealer's left round to the dealer, the order the players bid in."""
        order = bidding_order(state.setup.player_count, self.dealer(state))
        ranked = [ANTI_TRUMP, *(bid_name(s) for s in order), *(took_name(s) for s in order)]
        return tuple(
            sorted(names, key=lambda name: ranked.index(name) if name in ranked else len(ranked))
        )

    def validate_phase(self, state: State, entry: Entry, phase: Phase) -> list[Problem]:
        """The bids of a round the game still has (their range is the fields' own: 0–5)."""
        return round_over_problem(state)

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """A round the game still has, whose tricks add up to five."""
        problems = round_over_problem(state)
        order = bidding_order(state.setup.player_count, self.dealer(state))
        problems.extend(tricks_problem(Hand.read(state.setup, entry), order))
        return problems

    def score(self, state: State, entry: Entry) -> HandResult:
        """Each seat's bid against its tricks, by the house rule chosen."""
        setup = state.setup
        hand = Hand.read(setup, entry)
        scoring = options_of(setup).scoring
        order = bidding_order(setup.player_count, self.dealer(state))
        points = tuple(
            seat_points(scoring, hand.bids[seat], hand.took[seat])
            for seat in range(setup.player_count)
        )
        lines = (
            round_words(setup, len(state.hands)),
            anti_trump_words(hand.anti_trump),
            *(
                score_line(scoring, setup.players[seat], hand.bids[seat], hand.took[seat])
                for seat in order
            ),
            house_rule_words(setup),
        )
        chart_round = round_at(setup, len(state.hands))
        facts = {
            "round": chart_round,
            "anti_trump": entry.get(ANTI_TRUMP),
            "bids": list(hand.bids),
            "took": list(hand.took),
            "exact": [seat for seat in range(setup.player_count) if hand.exact(seat)],
        }
        return HandResult(
            points,
            tuple(line for line in lines if line),
            t("Round {round}: {exact}", round=len(state.hands) + 1, exact=exact_words(setup, hand)),
            facts=facts,
        )

    def outcome(self, state: State) -> Outcome:
        """Over after the last round: the highest total wins; equal totals share first place."""
        winners = leaders(state.totals)
        rounds = len(rounds_of(state.setup))
        if len(state.hands) < rounds:
            return Outcome(False, winners)
        best = state.totals[winners[0]]
        return Outcome(
            True,
            winners,
            t(
                "After {rounds} rounds {first_place}",
                rounds=rounds,
                first_place=first_place(state.setup, winners, best),
            ),
        )

    def table_notes(self, state: State) -> tuple[str, ...]:
        """The round about to be played with its exchange, and the scoring's house rule."""
        upcoming = round_words(state.setup, len(state.hands))
        return tuple(note for note in (upcoming, house_rule_words(state.setup)) if note)

    def describe(self, setup: Setup, entry: Entry) -> str:
        """ "Clubs ♣ anti-trump · bid/took Ann 1/1, Bob 2/3, Cat 0/1"."""
        hand = Hand.read(setup, entry)
        pairs = ", ".join(
            f"{name} {hand.bids[seat]}/{hand.took[seat]}" for seat, name in enumerate(setup.players)
        )
        return t(
            "{anti_trump} · bid/took {pairs}",
            anti_trump=anti_trump_words(hand.anti_trump),
            pairs=pairs,
        )


GAME = register(AntiTrump())
