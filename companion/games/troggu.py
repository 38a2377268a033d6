"""Troggu, the Swiss tarot of Upper Valais, for 3 to 6 players: the score pad and its referee.

The bidding ends in one of three games: a Tappist (who takes the Tapp) against the others as a
team, a Soloist (who leaves the Tapp unseen) against the others, or a Misère when everyone says
"ich gehe". The cards count singly, 114 in all (docs/rulings.md "The tarot family"); the Tappist or
Soloist, whose side counts the Tapp, wins with 58 or more, and 57–57 is a tie with no payment.
Every hand is paid at once in Rappen (zero sum):
    Tappist or Soloist wins:  each other player pays the stake to them;
    Tappist or Soloist loses: they pay the stake to each other player;
    Misère: the player with the most points pays the stake to each other player.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.contract.choices import choices
from companion.contract.figures import Figure, OwnFigures
from companion.contract.game import Game, read_options
from companion.contract.referee import TarotReferee, register_referee
from companion.contract.registry import register
from companion.contract.values import (
    Choice,
    Entry,
    Field,
    FieldKind,
    HandResult,
    Problem,
    Scale,
    ScoredHand,
    Setup,
    State,
)
from companion.kit.cards import (
    PLAIN_SUITS,
    TAROT_JACK,
    TAROT_KING,
    TAROT_KNIGHT,
    TAROT_QUEEN,
    Card,
    Suit,
    tarot_pack,
)
from companion.kit.counting import PointTable, side_points, tarot_points, total_points
from companion.kit.i18n import Text, t
from companion.kit.scoring import add_points, each_pays_one, one_against_rest
from companion.kit.settlement import Settlement, settle


class Contract(StrEnum):
    """What the bidding ended in."""

    TAPPIST = "tappist"
    SOLOIST = "soloist"
    MISERE = "misere"


class Side(StrEnum):
    """The two sides of a Tappist or Solo game."""

    PLAYER = "player"
    OTHERS = "others"


class Verdict(StrEnum):
    """How a Tappist or Solo game ended for the Tappist or Soloist."""

    WON = "won"
    TIED = "tie"
    LOST = "lost"


class SoloStake(StrEnum):
    """What a Solo is paid: the stake, as written, or double it (a house rule)."""

    SINGLE = "single"
    DOUBLE = "double"


CONTRACT_LABELS: dict[Contract, str] = {
    Contract.TAPPIST: t("Tappist (ich nehm's): the others play as a team"),
    Contract.SOLOIST: t("Solo: alone, the Tapp left unseen"),
    Contract.MISERE: t("Misère: everyone said «ich gehe»"),
}

CONTRACT_WORDS: dict[Contract, str] = {
    Contract.TAPPIST: t("Tappist"),
    Contract.SOLOIST: t("Soloist"),
    Contract.MISERE: t("Misère"),
}

VERDICT_WORDS: dict[Verdict, str] = {
    Verdict.WON: t("won"),
    Verdict.TIED: t("tie"),
    Verdict.LOST: t("lost"),
}

PLAYED_ALONE: tuple[str, ...] = (Contract.TAPPIST, Contract.SOLOIST)
"""The games with a Tappist or Soloist against the rest."""

KEEP_PIPS: dict[Suit, tuple[int, ...]] = {
    suit: tuple(range(1, 7)) if suit.is_red else tuple(range(5, 11)) for suit in PLAIN_SUITS
}
"""The text: remove the red 7 to 10 and the black 4 to Ace; the courts all stay."""

PACK: tuple[Card, ...] = tarot_pack(keep_pip=KEEP_PIPS)
"""The 62 cards of the Troggu pack."""

# Troggu (seed 002, docs/rulings.md "The tarot family"), counted card by card: the bouts (trumps 1 and
# 21, the Excuse) 5 each; trumps 2–20 1 each; Kings 5, Queens 4, Knights 3, Jacks 2; pips 1.
# 114 in the 62-card pack (the tarot without the red 7–10 and the black Ace–4).
TROGGU_BOUT_POINTS = 5
TROGGU_POINTS: PointTable = tarot_points(
    TROGGU_BOUT_POINTS, {TAROT_KING: 5, TAROT_QUEEN: 4, TAROT_KNIGHT: 3, TAROT_JACK: 2}, 1
)

TOTAL_POINTS = total_points(PACK, TROGGU_POINTS)
"""114: every card counted singly."""

TIE_POINTS = TOTAL_POINTS // 2
"""57: half the points each, a tie (docs/rulings.md)."""

WINNING_POINTS = TIE_POINTS + 1
"""58: a strict majority of 114 wins (docs/rulings.md)."""

DEAL_PACKETS: dict[int, tuple[int, ...]] = {3: (6, 6, 6), 4: (4, 4, 5), 5: (4, 4, 3), 6: (4, 5)}
"""The text's deal: the packets each player receives, by the number of players."""

DEFAULT_STAKE = 10
"""The text: "The basic stake is 10 Rappen"."""

UNIT = t("Rappen")
TIE_SECTION = t("Misère: a tie for the most points")
RULING = t("The pad's rulings, the tarot family: Troggu")


def hand_size(player_count: int) -> int:
    """Cards dealt to each player: the sum of the text's packets (18, 13, 11, 9)."""
    return sum(DEAL_PACKETS[player_count])


@dataclass(frozen=True)
class Options:
    """Troggu's house rules, typed: the stake and what a Solo is paid."""

    stake: int = DEFAULT_STAKE
    solo_stake: SoloStake = SoloStake.SINGLE


def house_rules(setup: Setup) -> Options:
    """This session's house rules."""
    return read_options(Options, setup.options)


def tapp_size(player_count: int) -> int:
    """Cards left for the Tapp after the deal: 8 at 3 players, 10 at 4, 7 at 5, 8 at 6."""
    return len(PACK) - player_count * hand_size(player_count)


def tapp_words(player_count: int) -> Text:
    """The Tapp for this table in words: "The Tapp holds 8 cards (18 each at 3 players)"."""
    return t(
        "The Tapp holds {tapp} cards ({hand} each at {players} players)",
        tapp=tapp_size(player_count),
        hand=hand_size(player_count),
        players=player_count,
    )


# ---------------------------------------------------------------- the hand as the rules see it


@dataclass(frozen=True)
class Hand:
    """A hand as entered: the game, its player, the points of one side, and any Misère tie."""

    contract: Contract
    player: int
    counted_side: Side
    counted_points: int
    tied: tuple[int, ...]

    @property
    def points(self) -> int:
        """The Tappist's or Soloist's side's points, whichever side was counted."""
        return int(side_points(self.counted_points, self.counted_side is Side.PLAYER, TOTAL_POINTS))

    @property
    def losers(self) -> tuple[int, ...]:
        """Misère: the player with the most points and anyone tied with them."""
        return (self.player, *(seat for seat in self.tied if seat != self.player))


def tie_field(seat: int) -> str:
    """The name of the field that marks `seat` as tied for the most points in a Misère."""
    return f"tied_{seat}"


def read_hand(setup: Setup, entry: Entry) -> Hand:
    """The hand described by a parsed entry."""
    return Hand(
        contract=Contract(entry["contract"]),
        player=entry["player"],
        counted_side=Side(entry.get("counted_side") or Side.PLAYER),
        counted_points=entry.get("points") or 0,
        tied=tuple(seat for seat in range(setup.player_count) if entry.get(tie_field(seat))),
    )


# ---------------------------------------------------------------- small rules


def verdict(points: int) -> Verdict:
    """58 or more wins, 57 is a tie, less loses (docs/rulings.md)."""
    if points >= WINNING_POINTS:
        return Verdict.WON
    return Verdict.TIED if points == TIE_POINTS else Verdict.LOST


def stake(setup: Setup, contract: Contract) -> int:
    """Rappen per player for this game: the stake, doubled for a Solo under the house rule."""
    base = house_rules(setup).stake
    doubled = house_rules(setup).solo_stake is SoloStake.DOUBLE
    return base * 2 if contract is Contract.SOLOIST and doubled else base


def alone_points(setup: Setup, hand: Hand) -> tuple[int, ...]:
    """A Tappist or Solo game: the stake from each other player, or to each, or nothing."""
    amount = stake(setup, hand.contract)
    result = verdict(hand.points)
    if result is Verdict.TIED:
        return (0,) * setup.player_count
    sign = 1 if result is Verdict.WON else -1
    return one_against_rest(setup.player_count, hand.player, sign * amount)


def misere_points(setup: Setup, hand: Hand) -> tuple[int, ...]:
    """Each player with the most points pays the stake to each player with fewer."""
    count = setup.player_count
    losers = hand.losers
    others = [seat for seat in range(count) if seat not in losers]
    if not others:
        return (0,) * count
    amount = stake(setup, hand.contract)
    return add_points(*(each_pays_one(count, loser, amount, others) for loser in losers))


# ---------------------------------------------------------------- words


def headline(setup: Setup, hand: Hand) -> Text:
    """The one-line summary: "Annie Tappist · 62 pts · won" or "Misère · Benny most points"."""
    if hand.contract is Contract.MISERE:
        if hand.tied and hand.losers != (hand.player,):
            return t(
                "Misère · {names} tied for most points", names=setup.names_of(sorted(hand.losers))
            )
        return t("Misère · {name} most points", name=setup.players[hand.player])
    return t(
        "{name} {game} · {points} pts · {verdict}",
        name=setup.players[hand.player],
        game=CONTRACT_WORDS[hand.contract],
        points=hand.points,
        verdict=VERDICT_WORDS[verdict(hand.points)],
    )


def alone_lines(setup: Setup, hand: Hand) -> list[Text]:
    """The arithmetic of a Tappist or Solo game."""
    name = setup.players[hand.player]
    lines = [t("{tapp}; they count for {name}", tapp=tapp_words(setup.player_count), name=name)]
    if hand.counted_side is Side.OTHERS:
        lines.append(
            t(
                "Counted for the others: {counted}; so {name}'s side has {total} − "
                "{counted} = {points}",
                counted=hand.counted_points,
                name=name,
                total=TOTAL_POINTS,
                points=hand.points,
            )
        )
    result = verdict(hand.points)
    rule = {
        Verdict.WON: t("{winning} or more wins", winning=WINNING_POINTS),
        Verdict.TIED: t("{half}–{half} is a tie", half=TIE_POINTS),
        Verdict.LOST: t("less than {half} loses", half=TIE_POINTS),
    }[result]
    lines.append(
        t(
            "{name} ({game}) {points} points: {rule}",
            name=name,
            game=CONTRACT_WORDS[hand.contract],
            points=hand.points,
            rule=rule,
        )
    )
    if result is Verdict.TIED:
        lines.append(t("Nobody pays"))
        return lines
    lines.extend(_stake_lines(setup, hand))
    others = setup.player_count - 1
    amount = stake(setup, hand.contract)
    if result is Verdict.WON:
        lines.append(
            t(
                "Each of the other {others} pays {name} {amount} Rappen: {name} +{total}",
                others=others,
                name=name,
                amount=amount,
                total=others * amount,
            )
        )
    else:
        lines.append(
            t(
                "{name} pays {amount} Rappen to each of the other {others}: {name} −{total}",
                name=name,
                amount=amount,
                others=others,
                total=others * amount,
            )
        )
    return lines


def _stake_lines(setup: Setup, hand: Hand) -> list[Text]:
    """The doubled Solo stake, when the house rule applies."""
    base = house_rules(setup).stake
    amount = stake(setup, hand.contract)
    if amount == base:
        return []
    return [
        t(
            "A Solo is paid double (house rule): 2 × {base} = {amount} Rappen",
            base=base,
            amount=amount,
        )
    ]


def misere_lines(setup: Setup, hand: Hand) -> list[Text]:
    """The arithmetic of a Misère."""
    count = setup.player_count
    losers = sorted(hand.losers)
    others = [seat for seat in range(count) if seat not in losers]
    amount = stake(setup, hand.contract)
    lines = [t("Misère: nobody takes the Tapp, everyone plays alone")]
    if not others:
        lines.append(t("Everyone took as many points: nobody pays"))
        return lines
    if len(losers) == 1:
        name = setup.players[losers[0]]
        lines.append(
            t(
                "{name} took the most points and pays {amount} Rappen to each of the "
                "other {others}: {name} −{total}",
                name=name,
                amount=amount,
                others=len(others),
                total=len(others) * amount,
            )
        )
        return lines
    lines.append(
        t(
            "{names} tied for the most points: each pays {amount} Rappen to each of the "
            "{others} with fewer ({fewer}): −{paid} each, +{received} each to the others",
            names=setup.names_of(losers),
            amount=amount,
            others=len(others),
            fewer=setup.names_of(others),
            paid=len(others) * amount,
            received=len(losers) * amount,
        )
    )
    return lines


# ---------------------------------------------------------------- the referee


def points_problems(setup: Setup, hand: Hand) -> list[Problem]:
    """The Tapp counts for the Tappist or Soloist and every card is worth at least 1 point."""
    tapp = tapp_size(setup.player_count)
    if hand.points >= tapp:
        return []
    name = setup.players[hand.player]
    if hand.counted_side is Side.PLAYER:
        message = t(
            "The {tapp} cards of the Tapp count for {name}, and every card is worth at "
            "least 1 point, so {name}'s side has at least {tapp}, not {counted}.",
            tapp=tapp,
            name=name,
            counted=hand.counted_points,
        )
    else:
        message = t(
            "The {tapp} cards of the Tapp count for {name}, and every card is worth at "
            "least 1 point, so the others have at most {most}, not {counted}.",
            tapp=tapp,
            name=name,
            most=TOTAL_POINTS - tapp,
            counted=hand.counted_points,
        )
    return [Problem("points", message)]


def tie_problems(setup: Setup, hand: Hand) -> list[Problem]:
    """A tie marked outside a Misère, or the player with the most points marked again."""
    problems = []
    for seat in hand.tied:
        name = setup.players[seat]
        if hand.contract is not Contract.MISERE:
            problems.append(
                Problem(
                    tie_field(seat),
                    t("Only a Misère has a tie for the most points: untick {name}.", name=name),
                )
            )
        elif seat == hand.player:
            problems.append(
                Problem(
                    tie_field(seat),
                    t(
                        "{name} is already chosen as the player "
                        "with the most points: tick only the "
                        "others who took as many.",
                        name=name,
                    ),
                )
            )
    return problems


# ---------------------------------------------------------------- the facts


FACT_KEYS: tuple[str, ...] = (
    "contract",
    "player",
    "stake",
    "tapp",
    "counted_side",
    "points",
    "verdict",
    "made",
    "tie",
    "margin",
    "most_points",
    "payers",
    "payees",
)
"""The keys of every hand's facts; those a game does not have are None (points in a Misère)."""


def paying(points: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """The seats that pay and the seats that are paid, from a hand's Rappen per seat."""
    return (
        [seat for seat, amount in enumerate(points) if amount < 0],
        [seat for seat, amount in enumerate(points) if amount > 0],
    )


def hand_facts(setup: Setup, hand: Hand, points: tuple[int, ...]) -> dict[str, Any]:
    """A hand's results as plain data.

    `points` are the Tappist's or Soloist's side's, `margin` their points over the half (57):
    positive wins, 0 ties, negative loses; `stake` is the Rappen paid per player; `most_points`
    (a Misère) the seats that took the most; `payers` and `payees` the seats that pay and are paid.
    """
    payers, payees = paying(points)
    facts: dict[str, Any] = {
        **dict.fromkeys(FACT_KEYS),
        "contract": hand.contract.value,
        "player": hand.player,
        "stake": stake(setup, hand.contract),
        "payers": payers,
        "payees": payees,
    }
    if hand.contract is Contract.MISERE:
        return {**facts, "most_points": sorted(hand.losers)}
    result = verdict(hand.points)
    return {
        **facts,
        "tapp": tapp_size(setup.player_count),
        "counted_side": hand.counted_side.value,
        "points": hand.points,
        "verdict": result.value,
        "made": result is Verdict.WON,
        "tie": result is Verdict.TIED,
        "margin": hand.points - TIE_POINTS,
    }


# ---------------------------------------------------------------- the game


def rappen_counted(hand: ScoredHand, seat: int) -> Counter[str]:
    """The Rappen the seat was paid, or paid out, in a hand: the statistics' own count."""
    points = hand.result.points[seat]
    return Counter({"won": max(points, 0), "paid": max(-points, 0)})


def rappen_figures(counts: Mapping[str, int], _hands: int) -> tuple[Figure, ...]:
    """The Rappen a player won and paid, over their hands."""
    return (
        Figure(t("Rappen won"), counts.get("won", 0), signed=True),
        Figure(t("Rappen paid"), -counts.get("paid", 0), signed=True),
    )


RAPPEN_FIGURES = OwnFigures(t("Rappen"), rappen_counted, rappen_figures, lambda: ("won", "paid"))
"""Troggu's own figures on the statistics pages."""


class Troggu(Game):
    """Troggu for 3 to 6 players, paid hand by hand in Rappen as the text says."""

    slug = "troggu"
    name = t("Troggu")
    player_counts = (3, 4, 5, 6)
    zero_sum = True
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = Scale(t("Rappen"), t("Rappen"))
    figures = RAPPEN_FIGURES
    options_type = Options
    summary = t(
        "The Swiss tarot of 62 cards: a Tappist or Soloist against the rest for a "
        "majority of the 114 points, or a Misère when everyone passes; each hand is paid "
        "in Rappen."
    )

    def options(self, player_count: int) -> tuple[Field, ...]:
        """The stake in Rappen and what a Solo is paid."""
        return (
            Field(
                "stake",
                t("Stake (Rappen)"),
                FieldKind.INTEGER,
                minimum=1,
                maximum=1000,
                default=DEFAULT_STAKE,
                help=t(
                    "The text: 10 Rappen from or to each player; {ruling}: configurable",
                    ruling=RULING,
                ),
            ),
            Field(
                "solo_stake",
                t("A Solo is paid"),
                FieldKind.CHOICE,
                choices=(
                    Choice(SoloStake.SINGLE.value, t("As written: the stake, like a Tappist")),
                    Choice(SoloStake.DOUBLE.value, t("House rule: double the stake")),
                ),
                default=SoloStake.SINGLE.value,
                help=t("The text: the Tappist or Soloist receives the stake from each player"),
            ),
        )

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """The game, its player, one side's points, and the players tied in a Misère."""
        alone = ("contract", PLAYED_ALONE)
        return (
            Field(
                "contract",
                t("Game"),
                FieldKind.CHOICE,
                choices=choices(Contract, CONTRACT_LABELS),
                help=tapp_words(setup.player_count),
            ),
            Field(
                "player",
                t("Player"),
                FieldKind.SEAT,
                help=t("The Tappist or Soloist; in a Misère, who took the most points"),
            ),
            Field(
                "counted_side",
                t("Points counted for"),
                FieldKind.CHOICE,
                choices=(
                    Choice(Side.PLAYER.value, t("The Tappist's or Soloist's side")),
                    Choice(Side.OTHERS.value, t("The others")),
                ),
                default=Side.PLAYER.value,
                shown_when=alone,
            ),
            Field(
                "points",
                t("Card points"),
                FieldKind.INTEGER,
                minimum=0,
                maximum=TOTAL_POINTS,
                help=t(
                    "Of the side chosen above, the Tapp counting for the Tappist or "
                    "Soloist; the other side has 114 minus this"
                ),
                shown_when=alone,
            ),
            *(
                Field(
                    tie_field(seat),
                    t("{name} took as many points", name=name),
                    FieldKind.BOOLEAN,
                    default=False,
                    required=False,
                    section=TIE_SECTION,
                )
                for seat, name in enumerate(setup.players)
            ),
        )

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """Points the side cannot hold with the Tapp, and ties marked where none can be."""
        setup = state.setup
        hand = read_hand(setup, entry)
        problems = tie_problems(setup, hand)
        if hand.contract is not Contract.MISERE:
            problems = [*points_problems(setup, hand), *problems]
        return problems

    def score(self, state: State, entry: Entry) -> HandResult:
        """The stake paid between the seats, every hand zero-sum."""
        setup = state.setup
        hand = read_hand(setup, entry)
        if hand.contract is Contract.MISERE:
            points, lines = misere_points(setup, hand), misere_lines(setup, hand)
        else:
            points, lines = alone_points(setup, hand), alone_lines(setup, hand)
        return HandResult(
            points, tuple(lines), headline(setup, hand), facts=hand_facts(setup, hand, points)
        )

    def table_notes(self, state: State) -> tuple[str, ...]:
        """The Tapp's size at this table, shown beside whose deal it is."""
        return (t("Tapp: {cards} cards", cards=tapp_size(state.setup.player_count)),)

    def settlement(self, state: State) -> Settlement:
        """The totals already are each player's winnings, in Rappen."""
        return settle(state.totals, UNIT)

    def describe(self, setup: Setup, entry: Entry) -> str:
        """One line for the table of hands: "Annie Tappist · 62 pts · won"."""
        return headline(setup, read_hand(setup, entry))


# ---------------------------------------------------------------- the trick referee


class TrogguReferee(TarotReferee):
    """Troggu's tricks: "a trick is won just like in French tarot" (seed 002), in its 62-card
    pack; the suits rank as French Tarot's as written, and the Excuse (the Sküs) never wins."""

    slug = "troggu"
    name = t("Troggu")
    player_counts = (3, 4, 5, 6)
    cards = PACK
    # Seed 002: "Atouts 2-20 are worth 1 point each ... Pips are worth 1 point each": Troggu
    # has no half-point card, so the Excuse's owner gives a 1-point card.
    exchange = t("a card worth 1 point")


REFEREE = register_referee(TrogguReferee())


register(Troggu())
