"""Marmalade, seed 002: a trick game pegged on a cribbage board, two or more players, 52 cards,
the trump suit turned up once for the whole game.

The trick referee and the score pad. docs/rulings.md "Marmalade" settles the trick (the highest
trump wins, else the highest card of the suit led), the pegs (5 for a trick won with a trump,
else 2; plus 2 for each trump and 1 for each court card in it) and the board (121 holes, 61 as
an option). The text's "Highest Cards" give the orders: red suits King, Queen, Jack, Ace, then
2 down to 10; black suits King, Queen, Jack, then 10 down to 2, and the Ace lowest. One entry
on the pad is one trick, since the first peg to the last hole wins even in the middle of a
deal. The decisions: docs/rules/marmalade.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.contract.game import Game, read_options
from companion.contract.referee import (
    RankingReferee,
    read_trick_cards,
    register_referee,
    suit_choices,
    trump_field,
)
from companion.contract.registry import register
from companion.contract.values import (
    MAX_SEATS,
    Choice,
    Entry,
    Field,
    FieldKind,
    HandResult,
    Outcome,
    Problem,
    Scale,
    Setup,
    State,
)
from companion.kit import i18n
from companion.kit.cards import ACE, JACK, KING, PLAIN_SUITS, QUEEN, SUIT_NAMES, Card, Suit, pack_52
from companion.kit.i18n import Text, t, tn
from companion.kit.tricks import RankOrder, TrickRanking, WinBy, seat_of

RED_ORDER = RankOrder((10, 9, 8, 7, 6, 5, 4, 3, 2, ACE, JACK, QUEEN, KING))
"""Red suits, lowest first (the text: "King, Queen, Jack, Ace, 2 through 10" from the top)."""
BLACK_ORDER = RankOrder((ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, JACK, QUEEN, KING))
"""Black suits, lowest first (the text: "King, Queen, Jack, 10 through 2, 1 or Ace")."""
COURTS = (JACK, QUEEN, KING)

WON_WITH_TRUMP, WON_WITHOUT_TRUMP, PER_TRUMP, PER_COURT = 5, 2, 2, 1
"""docs/rulings.md "Marmalade": the winner pegs 5 for a trick won with a trump, else 2, plus 2 for
each trump in the trick (the winning one included) and 1 for each court card."""


def suit_orders() -> dict[Suit, RankOrder]:
    """Each suit's order: the red suits one way, the black suits the other."""
    return {suit: RED_ORDER if suit.is_red else BLACK_ORDER for suit in PLAIN_SUITS}


def pegs(cards: Sequence[Card], winner: int, trump: Suit) -> int:
    """The holes the trick's winner pegs: 5 (won with a trump) or 2, plus 2 for each trump and 1
    for each court card in the trick (a trump court counts as both)."""
    return pegs_for(cards[winner].suit is trump, count_trumps(cards, trump), count_courts(cards))


def pegs_for(trump_win: bool, trumps: int, courts: int) -> int:
    """The holes a trick is worth from its counts: 5 or 2, plus 2 a trump and 1 a court card."""
    won = WON_WITH_TRUMP if trump_win else WON_WITHOUT_TRUMP
    return won + PER_TRUMP * trumps + PER_COURT * courts


def count_trumps(cards: Sequence[Card], trump: Suit) -> int:
    """The trumps among the cards of a trick."""
    return sum(card.suit is trump for card in cards)


def count_courts(cards: Sequence[Card]) -> int:
    """The court cards (Jack, Queen, King) among the cards of a trick."""
    return sum(card.rank in COURTS for card in cards)


class MarmaladeReferee(RankingReferee):
    """Marmalade's tricks: the highest trump, else the highest card of the suit led; red and
    black suits rank their pips in opposite directions below King, Queen, Jack."""

    slug = "marmalade"
    name = t("Marmalade")
    player_counts = tuple(range(2, MAX_SEATS + 1))

    def context_fields(self, player_count: int) -> tuple[Field, ...]:
        """The trump suit, turned up from the pack before the deal."""
        return (trump_field(PLAIN_SUITS),)

    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        return pack_52()

    def ranking(self, cards: Sequence[Card], context: Mapping[str, Any]) -> TrickRanking:
        """The hand's trump over the suit led, each suit in its colour's order."""
        return TrickRanking(
            order=BLACK_ORDER, suit_orders=suit_orders(), trump=Suit(context["trump"])
        )

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card], context: Mapping[str, Any]) -> str:
        """Why the card won: the trump rule or the suit led, with the colour's order."""
        red = card.suit.is_red
        if by is WinBy.TRUMP:
            suit = SUIT_NAMES[card.suit]
            return (
                t(
                    "{suit} are trumps: a trump beats every other suit and the highest trump "
                    "wins; in Marmalade the red suits rank King, Queen, Jack, Ace, then the "
                    "Two down to the Ten",
                    suit=suit,
                )
                if red
                else t(
                    "{suit} are trumps: a trump beats every other suit and the highest trump "
                    "wins; in Marmalade the black suits rank King, Queen, Jack, then the Ten "
                    "down to the Two, and the Ace lowest",
                    suit=suit,
                )
            )
        return (
            t(
                "nobody played a trump, so the highest card of the suit led wins; in "
                "Marmalade the red suits rank King, Queen, Jack, Ace, then the Two down to "
                "the Ten"
            )
            if red
            else t(
                "nobody played a trump, so the highest card of the suit led wins; in "
                "Marmalade the black suits rank King, Queen, Jack, then the Ten down to the "
                "Two, and the Ace lowest"
            )
        )

    def notes(
        self, cards: Sequence[Card], winner: int | None, context: Mapping[str, Any]
    ) -> tuple[str, ...]:
        """What the winner pegs for this trick."""
        if winner is None:
            return ()
        trump = Suit(context["trump"])
        how = (
            t("won with a trump ({points})", points=WON_WITH_TRUMP)
            if cards[winner].suit is trump
            else t("won without a trump ({points})", points=WON_WITHOUT_TRUMP)
        )
        return (
            t(
                "The winner pegs {pegs}: {how}, {per_trump} for each trump and {per_court} "
                "for each court card in the trick.",
                pegs=pegs(cards, winner, trump),
                how=how,
                per_trump=PER_TRUMP,
                per_court=PER_COURT,
            ),
        )


REFEREE = register_referee(MarmaladeReferee())


# ---------------------------------------------------------------- the score pad: one trick an entry


class Board(StrEnum):
    """The cribbage board the game is pegged on: the full 121 holes, or the short 61."""

    FULL = "121"
    SHORT = "61"

    @property
    def holes(self) -> int:
        """The last hole: the first peg to reach it wins."""
        return int(self.value)


class WonWith(StrEnum):
    """How a trick was won, when its cards are not written down."""

    TRUMP = "trump"
    PLAIN = "plain"


TRUMP_COURTS = len(COURTS)
"""A pack holds three trump courts (the King, Queen and Jack of trumps): the most cards of a
trick that can count both as a trump and as a court card."""
OTHER_COURTS = len(COURTS) * (len(PLAIN_SUITS) - 1)
"""The court cards outside the trump suit: the pack's 4 × 3 = 12 less the 3 trump courts, 9.
A trick's court cards beyond its trump courts (at most one per trump, at most 3) are these."""
QUICK = t("Without the cards")
"""The folded heading of the quicker entry: who won, with a trump or not, trumps and courts."""


@dataclass(frozen=True)
class Options:
    """The house rules: the trump suit turned up before the first deal, and the board."""

    trump: Suit = Suit.SPADES
    board: Board = Board.FULL


@dataclass(frozen=True)
class Trick:
    """One trick as the pegs see it: its winner, whether a trump won it, its trumps and courts.

    `cards` (in play order from `leader`) are there when the players wrote them down; the
    counts are then the cards' own.
    """

    winner: int
    trump_win: bool
    trumps: int
    courts: int
    leader: int | None = None
    cards: tuple[Card, ...] = ()
    verdict: str = ""  # the referee's words on who won, when the cards are known

    @property
    def pegs(self) -> int:
        """The holes this trick is worth to its winner, before the board's end caps them."""
        return pegs_for(self.trump_win, self.trumps, self.courts)


# ---------------------------------------------------------------- reading a trick


def settings(setup: Setup) -> Options:
    """This session's trump suit and board."""
    return read_options(Options, setup.options)


def written_cards(entry: Entry) -> str:
    """The card codes typed for the trick ("" when the trick was entered by its counts)."""
    return entry.get("cards") or ""


def next_leader(state: State) -> int:
    """Who leads the next trick: the winner of the last one (the text: "Play continues with the
    person who won the last trick"); the first player listed leads the first."""
    if not state.hands:
        return state.setup.first_dealer
    winner: int = state.hands[-1].result.facts["winner"]
    return winner


def read_trick(state: State, entry: Entry) -> tuple[Trick | None, list[Problem]]:
    """The trick an entry describes, from its cards when given, else from its counts; with what
    the referee finds wrong, each problem on its field."""
    if written_cards(entry):
        return trick_from_cards(state, entry)
    return trick_from_counts(state.setup, entry)


def trick_from_cards(state: State, entry: Entry) -> tuple[Trick | None, list[Problem]]:
    """The trick its cards make: the referee finds the winner, the pad counts trumps and courts;
    whatever was also stated must agree with the cards."""
    setup = state.setup
    trump = settings(setup).trump
    cards, problems = read_trick_cards(
        REFEREE, setup.player_count, {"trump": trump.value}, written_cards(entry)
    )
    if problems:
        return None, problems
    leader = entry.get("leader")
    if leader is None:
        leader = next_leader(state)
    verdict = REFEREE.judge(cards, {"trump": trump.value})
    if verdict.winner is None:  # a led card can always win in Marmalade; kept for the type
        return None, [Problem("cards", verdict.rule)]
    winner = seat_of(leader, verdict.winner, setup.player_count)
    trick = Trick(
        winner,
        cards[verdict.winner].suit is trump,
        count_trumps(cards, trump),
        count_courts(cards),
        leader,
        tuple(cards),
        verdict.words(setup.players, leader),
    )
    return trick, disagreements(setup, trick, entry)


def trick_from_counts(setup: Setup, entry: Entry) -> tuple[Trick | None, list[Problem]]:
    """The trick as its counts say (the quicker entry): every count must be there and possible."""
    problems = missing_counts(entry)
    if problems:
        return None, problems
    trick = Trick(
        entry["winner"],
        entry["won_with"] == WonWith.TRUMP,
        entry["trumps"],
        entry["courts"],
        entry.get("leader"),
    )
    problems = impossible_counts(setup, trick)
    return (None, problems) if problems else (trick, [])


# ---------------------------------------------------------------- the pure score


@dataclass(frozen=True)
class Pegging:
    """Where the trick moves its winner's peg: from, the holes it is worth, to (capped)."""

    seat: int
    start: int
    worth: int
    last_hole: int

    @property
    def end(self) -> int:
        """The hole the peg stops in: the last hole at most, where the game ends."""
        return min(self.start + self.worth, self.last_hole)

    @property
    def moved(self) -> int:
        """The holes actually pegged (what the trick adds to the winner's total)."""
        return self.end - self.start

    @property
    def capped(self) -> bool:
        """The trick was worth more holes than were left: the peg stops on the last hole."""
        return self.start + self.worth > self.last_hole

    @property
    def wins(self) -> bool:
        """The peg reaches the last hole: the game is won, whatever is left of the deal."""
        return self.end == self.last_hole


def peg(state: State, trick: Trick) -> Pegging:
    """The winner's peg moved by the trick's worth, stopped at the board's last hole."""
    return Pegging(
        trick.winner, state.totals[trick.winner], trick.pegs, settings(state.setup).board.holes
    )


def finisher(state: State) -> int | None:
    """The seat whose peg stands in the last hole (the game is over), if any."""
    last = settings(state.setup).board.holes
    return next((seat for seat, hole in enumerate(state.totals) if hole >= last), None)


# ---------------------------------------------------------------- the referee


def disagreements(setup: Setup, trick: Trick, entry: Entry) -> list[Problem]:
    """What was stated beside the cards and contradicts them: the winner, how it was won, the
    trumps, the courts."""
    names = setup.players
    problems = []
    stated = entry.get("winner")
    if stated is not None and stated != trick.winner:
        problems.append(
            Problem(
                "winner",
                t(
                    "The cards give the trick to {winner}, not {stated}: {verdict}.",
                    winner=names[trick.winner],
                    stated=names[stated],
                    verdict=trick.verdict,
                ),
            )
        )
    won_with = entry.get("won_with")
    if won_with is not None and (won_with == WonWith.TRUMP) != trick.trump_win:
        message = (
            t("The cards say the trick was won with a trump: {verdict}.", verdict=trick.verdict)
            if trick.trump_win
            else t(
                "The cards say the trick was won without a trump: {verdict}.", verdict=trick.verdict
            )
        )
        problems.append(Problem("won_with", message))
    if entry.get("trumps") is not None and entry["trumps"] != trick.trumps:
        problems.append(
            Problem(
                "trumps",
                tn(
                    "The cards hold {count} trump, not {stated}.",
                    "The cards hold {count} trumps, not {stated}.",
                    trick.trumps,
                    stated=entry["trumps"],
                ),
            )
        )
    if entry.get("courts") is not None and entry["courts"] != trick.courts:
        problems.append(
            Problem(
                "courts",
                tn(
                    "The cards hold {count} court card, not {stated}.",
                    "The cards hold {count} court cards, not {stated}.",
                    trick.courts,
                    stated=entry["courts"],
                ),
            )
        )
    return problems


MISSING_WORDS = {
    "winner": t("Choose who won the trick, or type its cards."),
    "won_with": t("Say whether the trick was won with a trump, or type its cards."),
    "trumps": t("Enter the trumps in the trick (0 for none), or type its cards."),
    "courts": t("Enter the court cards in the trick (0 for none), or type its cards."),
}
"""What a trick entered without its cards must say, and how the pad asks for it."""


def missing_counts(entry: Entry) -> list[Problem]:
    """The counts a trick without its cards leaves blank, each asked for on its field."""
    return [
        Problem(name, words) for name, words in MISSING_WORDS.items() if entry.get(name) is None
    ]


def impossible_counts(setup: Setup, trick: Trick) -> list[Problem]:
    """Counts no trick can hold: a trump win without a trump, a trump that did not win, more
    trump courts than the pack has, more court cards outside the trump suit than it has."""
    problems = []
    if trick.trump_win and trick.trumps == 0:
        problems.append(
            Problem(
                "trumps", t("A trick won with a trump holds at least 1 trump: the winning card.")
            )
        )
    if not trick.trump_win and trick.trumps > 0:
        problems.append(
            Problem(
                "won_with",
                tn(
                    "With {count} trump in it the trick was won with "
                    "a trump: the highest trump always wins.",
                    "With {count} trumps in it the trick was won "
                    "with a trump: the highest trump always wins.",
                    trick.trumps,
                ),
            )
        )
    both = trick.trumps + trick.courts - setup.player_count
    others = trick.courts - min(trick.trumps, TRUMP_COURTS)
    if others > OTHER_COURTS:
        problems.append(
            Problem(
                "courts",
                t(
                    "{courts} and {trumps} would need at least {others} "
                    "court cards outside the trump suit; the pack has "
                    "{pack} (the King, Queen and Jack of the other three "
                    "suits).",
                    courts=courts_words(trick.courts),
                    trumps=trumps_words(trick.trumps),
                    others=others,
                    pack=OTHER_COURTS,
                ),
            )
        )
    elif both > TRUMP_COURTS:
        problems.append(
            Problem(
                "courts",
                t(
                    "{trumps} and {courts} in {cards} cards would need "
                    "{both} trump courts; the pack has {pack} (the "
                    "King, Queen and Jack of trumps).",
                    trumps=trumps_words(trick.trumps),
                    courts=courts_words(trick.courts),
                    cards=setup.player_count,
                    both=both,
                    pack=TRUMP_COURTS,
                ),
            )
        )
    return problems


def trumps_words(count: int) -> Text:
    """A count of trumps: "1 trump", "3 trumps"."""
    return tn("{count} trump", "{count} trumps", count)


def courts_words(count: int) -> Text:
    """A count of court cards: "1 court card", "2 court cards"."""
    return tn("{count} court card", "{count} court cards", count)


def game_over_problem(state: State) -> Problem | None:
    """No trick after the game is won: the first peg in the last hole ends it, mid-deal too."""
    seat = finisher(state)
    if seat is None:
        return None
    return Problem(
        None,
        t(
            "{name} reached the last hole ({holes}) and won: no trick is "
            "pegged after the game is won.",
            name=state.setup.players[seat],
            holes=settings(state.setup).board.holes,
        ),
    )


# ---------------------------------------------------------------- the words


def trick_lines(trick: Trick) -> list[str]:
    """The arithmetic of the trick's worth: the win, the trumps, the courts, the sum."""
    win = (
        t("Won with a trump: {points}", points=WON_WITH_TRUMP)
        if trick.trump_win
        else t("Won without a trump: {points}", points=WON_WITHOUT_TRUMP)
    )
    won = WON_WITH_TRUMP if trick.trump_win else WON_WITHOUT_TRUMP
    trumps = PER_TRUMP * trick.trumps
    courts = PER_COURT * trick.courts
    return [
        win,
        tn(
            "{count} trump × {each} = {points}",
            "{count} trumps × {each} = {points}",
            trick.trumps,
            each=PER_TRUMP,
            points=trumps,
        ),
        tn(
            "{count} court card × {each} = {points}",
            "{count} court cards × {each} = {points}",
            trick.courts,
            each=PER_COURT,
            points=courts,
        ),
        tn(
            "{won} + {trumps} + {courts} = {count} hole",
            "{won} + {trumps} + {courts} = {count} holes",
            trick.pegs,
            won=won,
            trumps=trumps,
            courts=courts,
        ),
    ]


def peg_line(name: str, move: Pegging) -> str:
    """The peg's move: "Ann: hole 40 + 10 = hole 50", capped at the last hole when it runs over."""
    if not move.capped:
        return t(
            "{name}: hole {start} + {worth} = hole {end}",
            name=name,
            start=move.start,
            worth=move.worth,
            end=move.end,
        )
    return tn(
        "{name}: hole {start} + {worth} = {sum}, past the last hole: the peg stops in "
        "hole {end} ({count} hole)",
        "{name}: hole {start} + {worth} = {sum}, past the last hole: the peg stops in "
        "hole {end} ({count} holes)",
        move.moved,
        name=name,
        start=move.start,
        worth=move.worth,
        sum=move.start + move.worth,
        end=move.end,
    )


def headline(name: str, move: Pegging) -> str:
    """One line for the trick: who pegs how many, and the win when the peg reaches the end."""
    if move.wins:
        return t(
            "{name} pegs {moved} to hole {end}, the last hole, and wins",
            name=name,
            moved=move.moved,
            end=move.end,
        )
    return t("{name} pegs {worth} to hole {end}", name=name, worth=move.worth, end=move.end)


def describe_entry(setup: Setup, entry: Entry) -> str:
    """The trick in one line for the table of hands: its cards as typed (who led, when said),
    or who won it and its counts."""
    names = setup.players
    if written_cards(entry):
        cards = written_cards(entry).upper()
        if entry.get("leader") is not None:
            return t("Cards {cards} · {name} led", cards=cards, name=names[entry["leader"]])
        return t("Cards {cards}", cards=cards)
    winner = entry.get("winner")
    counts = {
        "who": names[winner] if winner is not None else t("Nobody"),
        "trumps": trumps_words(entry.get("trumps") or 0),
        "courts": courts_words(entry.get("courts") or 0),
    }
    if entry.get("won_with") == WonWith.TRUMP:
        return t("{who} won with a trump · {trumps}, {courts}", **counts)
    return t("{who} won without a trump · {trumps}, {courts}", **counts)


# ---------------------------------------------------------------- the board picture

BOARD_WIDTH = 360
"""The picture's width in its own units; it scales to the phone's width."""
TRACK_LEFT, TRACK_RIGHT, NUMBER_RIGHT = 14, 322, 354
"""Where the row of holes starts (the pegs' start, before hole 1) and ends (the last hole), and
where each lane's hole number ends, right of the board's end."""
LANE_HEIGHT, LANE_TRACK, SCALE_HEIGHT = 40, 28, 16
"""A lane's height, its row of holes' height within it, and the numbered scale under the lanes."""
STREET = 30
"""A cribbage board's street: thirty holes between the long ticks (121 = 4 streets + 1)."""
PEG_COLOURS = (
    "#c0392b",
    "#1f5fa8",
    "#1e8449",
    "#b9770e",
    "#7d3c98",
    "#117a65",
    "#a04000",
    "#2e4053",
    "#c2185b",
    "#6e5a1e",
)
"""One peg colour per seat, told apart on a white card."""


@dataclass(frozen=True)
class Lane:
    """One player's row of the board: their name, the hole their peg stands in, where it is."""

    seat: int
    name: str
    hole: int
    top: int
    peg_x: float
    colour: str
    leads: bool
    won: bool

    @property
    def track_y(self) -> int:
        """The height of the lane's row of holes (and of its peg)."""
        return self.top + LANE_TRACK


@dataclass(frozen=True)
class Tick:
    """A mark across the lanes: every fifth hole, longer at the end of a street (with its
    number) and at the last hole."""

    x: float
    street: bool
    label: str = ""
    finish: bool = False  # the last hole


@dataclass(frozen=True)
class BoardPicture:
    """The board as the pad draws it (inline SVG, no script): a lane per player, each peg in its
    hole, a tick every five holes and a numbered one at every street of thirty."""

    holes: int
    lanes: tuple[Lane, ...]
    ticks: tuple[Tick, ...]
    width: int = BOARD_WIDTH
    left: int = TRACK_LEFT
    right: int = TRACK_RIGHT
    number_right: int = NUMBER_RIGHT

    @property
    def lanes_height(self) -> int:
        """The lanes together, above the numbered scale."""
        return len(self.lanes) * LANE_HEIGHT

    @property
    def height(self) -> int:
        """Every lane and the scale under them."""
        return self.lanes_height + SCALE_HEIGHT

    @property
    def spacing(self) -> float:
        """The distance between two holes (the dotted row's period)."""
        return round((self.right - self.left) / self.holes, 3)

    @property
    def words(self) -> Text:
        """The picture in words, for a screen reader."""
        pegs_at = i18n.join(
            [t("{name} at hole {hole}", name=lane.name, hole=lane.hole) for lane in self.lanes]
        )
        return t("The board of {holes} holes: {pegs}.", holes=self.holes, pegs=pegs_at)


def hole_x(hole: int, holes: int) -> float:
    """Where hole `hole` is drawn: 0 (the start) at the left end, the last hole at the right."""
    return round(TRACK_LEFT + (TRACK_RIGHT - TRACK_LEFT) * hole / holes, 1)


def ticks(holes: int) -> tuple[Tick, ...]:
    """A tick every five holes; the streets' ends numbered, and the last hole, which takes the
    place of a street's end that would stand too close to it (60 beside 61)."""
    marks = []
    for hole in range(5, holes, 5):
        street = hole % STREET == 0 and holes - hole > 5
        marks.append(Tick(hole_x(hole, holes), street, str(hole) if street else ""))
    return (*marks, Tick(hole_x(holes, holes), True, str(holes), finish=True))


def board_picture(state: State) -> BoardPicture:
    """Each player's peg on the board after the tricks so far, for the pad's picture."""
    holes = settings(state.setup).board.holes
    totals = state.totals
    best = max(totals)
    done = finisher(state)
    lanes = tuple(
        Lane(
            seat,
            name,
            totals[seat],
            seat * LANE_HEIGHT,
            hole_x(totals[seat], holes),
            PEG_COLOURS[seat % len(PEG_COLOURS)],
            bool(state.hands) and totals[seat] == best,
            done == seat,
        )
        for seat, name in enumerate(state.setup.players)
    )
    return BoardPicture(holes, lanes, ticks(holes))


# ---------------------------------------------------------------- the Game


class Marmalade(Game):
    """Marmalade's score pad: each entry is one trick, its winner pegs what docs/rulings.md gives it,
    and the first peg in the board's last hole wins."""

    slug = "marmalade"
    name = t("Marmalade")
    player_counts = tuple(range(2, MAX_SEATS + 1))
    zero_sum = False
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = Scale(t("hole"), t("holes"))
    summary = t(
        "A trick game pegged on a cribbage board: each trick's winner pegs 5 (won with "
        "a trump) or 2, plus 2 a trump and 1 a court card in it; the first to the last "
        "hole wins, even mid-deal. One entry is one trick; the pad draws the board."
    )
    turn_word = t("leads")
    turn_heading = t("Leads")
    options_type = Options

    def options(self, player_count: int) -> tuple[Field, ...]:
        """The trump suit turned up before the first deal, and the board's length."""
        return (
            Field(
                "trump",
                t("Trump suit (the card turned up before the deal)"),
                FieldKind.CHOICE,
                choices=suit_choices(PLAIN_SUITS),
                default=Suit.SPADES.value,
                help=t("The text: the suit of the card turned up is trumps for the whole game"),
            ),
            Field(
                "board",
                t("Board"),
                FieldKind.CHOICE,
                choices=(
                    Choice(Board.FULL.value, t("121 holes")),
                    Choice(Board.SHORT.value, t("61 holes (a short game)")),
                ),
                default=Board.FULL.value,
                help=t("The pad's rulings: 121 holes, 61 as an option"),
            ),
        )

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """The cards of the trick (the pad works the rest out), or, quicker, its counts."""
        most = setup.player_count
        return (
            Field(
                "leader",
                t("Led the trick"),
                FieldKind.SEAT,
                required=False,
                help=t(
                    "Only with the cards. Blank: whoever won the last trick leads, as the "
                    "pad shows above."
                ),
            ),
            Field(
                "cards",
                t("Cards of the trick, in order from the leader"),
                FieldKind.TEXT,
                required=False,
                max_length=60,
                help=t(
                    "Card codes like KH 10S 2C. The pad finds the winner, the trumps and "
                    "the court cards."
                ),
            ),
            Field(
                "winner",
                t("Won the trick"),
                FieldKind.SEAT,
                required=False,
                help=t("With the cards typed, the pad finds the winner and checks this."),
            ),
            Field(
                "won_with",
                t("Won with"),
                FieldKind.CHOICE,
                required=False,
                section=QUICK,
                choices=(
                    Choice(WonWith.TRUMP.value, t("A trump")),
                    Choice(WonWith.PLAIN.value, t("No trump")),
                ),
            ),
            Field(
                "trumps",
                t("Trumps in the trick"),
                FieldKind.INTEGER,
                minimum=0,
                maximum=most,
                required=False,
                section=QUICK,
                help=t("The winning trump included"),
            ),
            Field(
                "courts",
                t("Court cards in the trick (J, Q, K)"),
                FieldKind.INTEGER,
                minimum=0,
                maximum=most,
                required=False,
                section=QUICK,
            ),
        )

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """No trick after the game is won; the trick's cards or counts, each on its field."""
        over = game_over_problem(state)
        if over is not None:
            return [over]
        return read_trick(state, entry)[1]

    def score(self, state: State, entry: Entry) -> HandResult:
        """The trick's worth, pegged by its winner and stopped at the last hole."""
        trick, _ = read_trick(state, entry)
        assert trick is not None, "score is only called with an entry validate accepted"
        move = peg(state, trick)
        name = state.setup.players[trick.winner]
        points = tuple(
            move.moved if seat == trick.winner else 0 for seat in range(state.setup.player_count)
        )
        lines = [
            *([trick.verdict] if trick.verdict else []),
            *trick_lines(trick),
            peg_line(name, move),
        ]
        return HandResult(
            points,
            tuple(lines),
            headline(name, move),
            facts={
                "winner": trick.winner,
                "leader": trick.leader,
                "trump_win": trick.trump_win,
                "trumps": trick.trumps,
                "courts": trick.courts,
                "worth": trick.pegs,
                "pegged": move.moved,
                "hole": move.end,
                "wins": move.wins,
            },
        )

    def outcome(self, state: State) -> Outcome:
        """Over as soon as a peg stands in the last hole; until then the furthest peg leads."""
        seat = finisher(state)
        if seat is None:
            return super().outcome(state)
        holes = settings(state.setup).board.holes
        return Outcome(
            True,
            (seat,),
            t(
                "{name} reached hole {holes}, the last hole, and wins.",
                name=state.setup.players[seat],
                holes=holes,
            ),
        )

    def dealer(self, state: State) -> int:
        """Who leads the next trick: the winner of the last one."""
        return next_leader(state)

    def table_notes(self, state: State) -> tuple[str, ...]:
        """The trump suit and the board, beside who leads."""
        options = settings(state.setup)
        return (
            t(
                "{suit} {symbol} are trumps",
                suit=SUIT_NAMES[options.trump],
                symbol=options.trump.symbol,
            ),
            t("{holes} holes", holes=options.board.holes),
        )

    def board_picture(self, state: State) -> BoardPicture:
        """The board with each player's peg, for the pad's standings (its own partial)."""
        return board_picture(state)

    def describe(self, setup: Setup, entry: Entry) -> str:
        """One line: the trick's cards, or who won it and its counts (who pegged what is in the
        row's numbers)."""
        return describe_entry(setup, entry)


register(Marmalade())
