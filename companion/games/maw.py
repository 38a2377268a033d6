"""Maw (Spoil Five), seed 002: two to ten players, five tricks a deal, a trump turned up; the
score pad (a pool of counters carried from deal to deal) and the trick referee.

Each player antes into a pool at every deal and the dealer adds the dealer's stake. Whoever wins
three tricks takes the pool; if nobody does, the deal is spoiled and the pool carries to the next
one. The winner of the first three tricks may claim the pool at once or jink: lead on for all
five, which wins the pool and one ante from every other player; failing, the pool carries.
A misdeal (the text's "Issues while Dealing") is entered as a deal of its own: the dealer's
stake stays in the pool, the deal passes to the left, and a house rule adds the text's optional
second dealer's stake.
The text is seed 002's "Maw"; docs/rulings.md ("Maw (Spoil Five)") settles the winner and jinking;
Peel's *Round Games with Cards* (Spoil-Five) fills the gaps. Rules page: docs/rules/maw.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from companion.contract.choices import choices
from companion.contract.game import Game, read_options
from companion.contract.referee import RankingReferee, register_referee, trump_field
from companion.contract.registry import register
from companion.contract.values import (
    Choice,
    Entry,
    Field,
    FieldKind,
    HandResult,
    Problem,
    Scale,
    Setup,
    State,
)
from companion.kit import i18n
from companion.kit.cards import ACE, JACK, KING, PLAIN_SUITS, QUEEN, Card, Suit, pack_52
from companion.kit.formatting import signed
from companion.kit.i18n import t, tn
from companion.kit.settlement import Settlement, settle
from companion.kit.tricks import RankOrder, TrickRanking, WinBy

# ---------------------------------------------------------------- the game's words


class Winning(StrEnum):
    """Who takes the pool at the end of a deal."""

    THREE_TRICKS = "three"  # docs/rulings.md: three tricks take the pool, else the deal is spoiled
    MOST_TRICKS = "most"  # as written: "the highest number of tricks ... wins the pool"


class SpoilAnte(StrEnum):
    """What each player adds to a pool carried over from a spoiled deal."""

    FULL = "full"  # docs/rulings.md: every player antes again
    ONE = "one"  # Peel: "the players contributing for the next round only one coin or counter"


class Jink(StrEnum):
    """What the winner of the first three tricks did: claimed the pool, or jinked."""

    NONE = "none"
    CLAIMED = "claimed"
    MADE = "made"
    FAILED = "failed"


JINK_LABELS: dict[Jink, str] = {
    Jink.NONE: t("Nobody won the first three"),
    Jink.CLAIMED: t("Claimed the pool after three tricks"),
    Jink.MADE: t("Jinked and won all five"),
    Jink.FAILED: t("Jinked and lost a trick"),
}


class DealKind(StrEnum):
    """How a deal is entered: played, or misdealt (the dealer loses the deal)."""

    PLAYED = "played"
    MISDEAL = "misdeal"


DEAL_LABELS: dict[DealKind, str] = {
    DealKind.PLAYED: t("Played"),
    DealKind.MISDEAL: t("Misdeal: the dealer loses the deal"),
}


class MisdealPenalty(StrEnum):
    """What a misdeal costs the dealer beyond the dealer's stake already in the pool."""

    NONE = "none"  # the text: the deal passes to the left
    STAKE = "stake"  # the text: "Optionally, if all players agree", another dealer's stake


class DealEnd(StrEnum):
    """How a deal ended for the pool."""

    TAKEN = "taken"  # won on tricks
    CLAIMED = "claimed"  # claimed after the first three tricks
    JINKED = "jinked"  # all five tricks after jinking: the pool and an ante from each
    JINK_FAILED = "jink_failed"  # the jink failed: the pool carries
    SPOILED = "spoiled"  # nobody won it: the pool carries


# ---------------------------------------------------------------- tables

TRICKS_PER_DEAL = 5
"""The text's "at the end of 5 rounds": five cards each, five tricks a deal."""

WINNING_TRICKS = 3
"""docs/rulings.md: "A player who wins three tricks takes the pool"; the first three, for a jink."""

ANTES = (2, 3)
"""The text: "Players pool 2-3 tokens that make up the pool"."""

DEFAULT_DEALER_STAKE = 2
"""The text: "The dealer adds another stake to the pool": another lot of the usual ante, 2."""

PEEL_SPOIL_ANTE = 1
"""Peel: after a spoil "the players contributing for the next round only one coin or counter"."""

UNIT = t("counters")
RULING = t("The pad's rulings, Maw (Spoil Five)")

RED_ORDER = RankOrder((ACE, 2, 3, 4, 5, 6, 7, 8, 9, 10, JACK, QUEEN, KING))
"""Red suits (the text): courts as usual, "the 10 is high and Ace is low for the pips"."""
BLACK_ORDER = RankOrder((10, 9, 8, 7, 6, 5, 4, 3, 2, ACE, JACK, QUEEN, KING))
"""Black suits (the text): courts as usual, "the Ace is high and 10 is low for the pips"."""
ACE_OF_HEARTS = Card(Suit.HEARTS, ACE)


def top_trumps(trump: Suit) -> tuple[Card, ...]:
    """The text's "always the highest of the trumps (in order)": the Five of trumps (the five
    fingers), the Jack of trumps, the Ace of Hearts, the Ace of trumps if trumps are not
    Hearts."""
    tops = [Card(trump, 5), Card(trump, JACK), ACE_OF_HEARTS]
    if trump is not Suit.HEARTS:
        tops.append(Card(trump, ACE))
    return tuple(tops)


TOP_WORDS = (
    t("in Maw the Five of trumps (the five fingers) is the highest card of all"),
    t("in Maw the Jack of trumps ranks second only to the Five"),
    t("in Maw the Ace of Hearts is always a trump, third after the Five and the Jack"),
    t("in Maw the Ace of trumps ranks fourth, after the Five, the Jack and the Ace of Hearts"),
)


# ---------------------------------------------------------------- typed options


@dataclass(frozen=True)
class Options:
    """Maw's house rules, typed: the stakes, what a carried pool asks for, who takes the pool."""

    ante: int = ANTES[0]
    dealer_stake: int = DEFAULT_DEALER_STAKE
    spoil_ante: SpoilAnte = SpoilAnte.FULL
    winning: Winning = Winning.THREE_TRICKS
    misdeal_penalty: MisdealPenalty = MisdealPenalty.NONE


def house_rules(setup: Setup) -> Options:
    """This session's house rules."""
    return read_options(Options, setup.options)


# ---------------------------------------------------------------- the deal as the rules see it


@dataclass(frozen=True)
class Pool:
    """The pool between two deals: what each seat has put into it since it was last won.

    Carried from deal to deal (`HandResult.carry`); its total is what lies in the middle, and
    the stakes say whose counters they are, for the settlement at the end of the evening.
    """

    stakes: tuple[int, ...]
    misdealt: int = 0  # what misdeals put in since the last deal played (stakes hold it too)

    @property
    def total(self) -> int:
        return sum(self.stakes)

    @property
    def carried_over(self) -> bool:
        """The pool holds counters from a spoiled deal (a won pool is emptied; a misdeal's
        stake alone is no spoil)."""
        return self.total > self.misdealt


def empty_pool(player_count: int) -> Pool:
    """The pool before the first deal, and after every deal whose pool was taken."""
    return Pool((0,) * player_count)


DEAL = "deal"
"""The field saying whether the deal was played or misdealt."""


def is_misdeal(entry: Entry) -> bool:
    """Whether a parsed entry is a misdeal (an entry from before misdeals were entered is a
    deal played: the field's default)."""
    return entry.get(DEAL) == DealKind.MISDEAL


def tricks_field(seat: int) -> str:
    """The name of the field holding the tricks won by `seat`."""
    return f"tricks_{seat}"


@dataclass(frozen=True)
class Hand:
    """A deal as entered: the trump, who robbed, the tricks per seat, who won the first three
    tricks and what they did (claimed the pool, or jinked)."""

    trump: Suit
    robbed: int | None
    tricks: tuple[int, ...]
    first_three: int | None
    jink: Jink

    @property
    def tricks_played(self) -> int:
        return sum(self.tricks)

    @property
    def claimed(self) -> bool:
        """The winner of the first three tricks took the pool at once: play stopped there."""
        return self.first_three is not None and self.jink is Jink.CLAIMED

    @property
    def tricks_expected(self) -> int:
        """Five tricks, or three when the winner of the first three claimed and play stopped."""
        return WINNING_TRICKS if self.claimed else TRICKS_PER_DEAL


def read_hand(setup: Setup, entry: Entry) -> Hand:
    """The deal described by a parsed entry."""
    return Hand(
        trump=Suit(entry["trump"]),
        robbed=entry.get("robbed"),
        tricks=tuple(entry.get(tricks_field(seat)) or 0 for seat in range(setup.player_count)),
        first_three=entry.get("first_three"),
        jink=Jink(entry.get("jink") or Jink.NONE),
    )


# ---------------------------------------------------------------- the pure score


@dataclass(frozen=True)
class Deal:
    """One deal's counters: what each seat put in, the pool in play, who won what."""

    before: Pool
    dealer: int
    ante: int  # each player's ante at this deal
    dealer_stake: int
    paid_in: tuple[int, ...]
    end: DealEnd
    winner: int | None  # the seat that takes the pool (None: it carries)
    jink_ante: int  # what each other player pays a made jink (0 otherwise)

    @property
    def in_play(self) -> int:
        """The pool this deal is played for: the carried pool and every stake of this deal."""
        return self.before.total + sum(self.paid_in)

    @property
    def taken(self) -> bool:
        return self.winner is not None

    @property
    def after(self) -> Pool:
        """The pool handed on: empty when taken, else the carried pool with this deal's stakes."""
        if self.taken:
            return empty_pool(len(self.paid_in))
        return Pool(tuple(a + b for a, b in zip(self.before.stakes, self.paid_in, strict=True)))

    def received(self, seat: int) -> int:
        """What `seat` receives: the pool (to its winner) and a made jink's antes."""
        if seat == self.winner:
            return self.in_play + self.jink_ante * (len(self.paid_in) - 1)
        return 0 if self.end is not DealEnd.JINKED else -self.jink_ante

    def points(self) -> tuple[int, ...]:
        """Each seat's counters won or lost at this deal (the pool holds the difference)."""
        return tuple(self.received(seat) - paid for seat, paid in enumerate(self.paid_in))


def ante_at(options: Options, before: Pool) -> int:
    """Each player's ante at a deal: the ante, or Peel's one counter when the pool carries."""
    if before.carried_over and options.spoil_ante is SpoilAnte.ONE:
        return PEEL_SPOIL_ANTE
    return options.ante


def stakes_paid(player_count: int, dealer: int, ante: int, dealer_stake: int) -> tuple[int, ...]:
    """Every player's ante, and the dealer's stake on top of the dealer's."""
    return tuple(ante + (dealer_stake if seat == dealer else 0) for seat in range(player_count))


def most_tricks(tricks: Sequence[int]) -> int | None:
    """The one seat with more tricks than every other, or None on a tie for the most."""
    best = max(tricks)
    leaders = [seat for seat, count in enumerate(tricks) if count == best]
    return leaders[0] if len(leaders) == 1 else None


def three_tricks(tricks: Sequence[int]) -> int | None:
    """The seat that won three tricks or more (at most one can, of five), or None."""
    return next((seat for seat, count in enumerate(tricks) if count >= WINNING_TRICKS), None)


def deal_end(options: Options, hand: Hand) -> tuple[DealEnd, int | None]:
    """How the deal ended and who takes the pool (None: it carries)."""
    if hand.first_three is not None and hand.jink is not Jink.NONE:
        return {
            Jink.CLAIMED: (DealEnd.CLAIMED, hand.first_three),
            Jink.MADE: (DealEnd.JINKED, hand.first_three),
            Jink.FAILED: (DealEnd.JINK_FAILED, None),
        }[hand.jink]
    by_rule = most_tricks if options.winning is Winning.MOST_TRICKS else three_tricks
    winner = by_rule(hand.tricks)
    return (DealEnd.SPOILED, None) if winner is None else (DealEnd.TAKEN, winner)


def play_deal(options: Options, before: Pool, dealer: int, hand: Hand) -> Deal:
    """The counters of one deal: the stakes in, the pool out (or carried), a jink's antes."""
    ante = ante_at(options, before)
    end, winner = deal_end(options, hand)
    return Deal(
        before=before,
        dealer=dealer,
        ante=ante,
        dealer_stake=options.dealer_stake,
        paid_in=stakes_paid(len(hand.tricks), dealer, ante, options.dealer_stake),
        end=end,
        winner=winner,
        jink_ante=options.ante if end is DealEnd.JINKED else 0,
    )


def deal_dealer(setup: Setup, hands_before: int) -> int:
    """The seat that deals after `hands_before` deals: the deal passes to the left each time."""
    return (setup.first_dealer + hands_before) % setup.player_count


@dataclass(frozen=True)
class Misdeal:
    """A misdeal's counters: the dealer's stake, paid before the cards were dealt, stays in the
    pool; with the house rule the dealer adds another; the deal passes to the left. The antes
    are paid once, at the deal then played (`play_deal`), so nobody antes twice for it."""

    before: Pool
    dealer: int
    dealer_stake: int
    penalty: int  # another dealer's stake under the house rule, else 0

    @property
    def forfeited(self) -> int:
        """What the dealer leaves in the pool: the dealer's stake, and the penalty if any."""
        return self.dealer_stake + self.penalty

    @property
    def after(self) -> Pool:
        """The pool handed on: the pool before, with what the dealer left in it."""
        stakes = tuple(
            stake + (self.forfeited if seat == self.dealer else 0)
            for seat, stake in enumerate(self.before.stakes)
        )
        return Pool(stakes, self.before.misdealt + self.forfeited)

    def points(self) -> tuple[int, ...]:
        """The dealer's loss; nobody else pays or receives anything."""
        return tuple(
            -self.forfeited if seat == self.dealer else 0 for seat in range(len(self.before.stakes))
        )


def misdeal(options: Options, before: Pool, dealer: int) -> Misdeal:
    """The counters of a misdeal by `dealer` under this session's house rules."""
    penalty = options.dealer_stake if options.misdeal_penalty is MisdealPenalty.STAKE else 0
    return Misdeal(before, dealer, options.dealer_stake, penalty)


# ---------------------------------------------------------------- the referee


def total_problems(setup: Setup, hand: Hand) -> list[Problem]:
    """Five tricks a deal, or three when the winner of the first three claimed at once."""
    if hand.tricks_played == hand.tricks_expected:
        return []
    counts = ", ".join(
        f"{name} {count}" for name, count in zip(setup.players, hand.tricks, strict=True)
    )
    if hand.claimed:
        why = t("a claim after the first three tricks ends the deal there")
    else:
        why = t("a deal has five tricks (five cards each)")
    return [
        Problem(
            tricks_field(0),
            t(
                "The tricks add up to {played} ({counts}): {why}, so "
                "they must add up to {expected}.",
                played=hand.tricks_played,
                counts=counts,
                why=why,
                expected=hand.tricks_expected,
            ),
        )
    ]


def first_three_problems(setup: Setup, hand: Hand) -> list[Problem]:
    """A claim or a jink with nobody (or somebody impossible) winning the first three tricks,
    and a jink whose result the tricks contradict."""
    if hand.first_three is None:
        return nobody_problems(setup, hand)
    name, won = setup.players[hand.first_three], hand.tricks[hand.first_three]
    if won < WINNING_TRICKS:
        return [
            Problem(
                "first_three",
                tn(
                    "{name} won {count} trick, so {name} did not win the "
                    "first three: only the player who won them may "
                    "claim the pool or jink.",
                    "{name} won {count} tricks, so {name} did not win the "
                    "first three: only the player who won them may "
                    "claim the pool or jink.",
                    won,
                    name=name,
                ),
            )
        ]
    if hand.jink is Jink.NONE:
        return [
            Problem(
                "jink",
                t(
                    "{name} won the first three tricks, and then either claimed "
                    "the pool or jinked (led on for all five): say which.",
                    name=name,
                ),
            )
        ]
    if hand.jink is Jink.MADE and won != TRICKS_PER_DEAL:
        return [
            Problem(
                "jink",
                t(
                    "A jink is made by winning all five tricks; {name} won "
                    "{won}, so the jink failed.",
                    name=name,
                    won=won,
                ),
            )
        ]
    if hand.jink is Jink.FAILED and won == TRICKS_PER_DEAL:
        return [
            Problem(
                "jink", t("{name} won all five tricks: the jink was made, not failed.", name=name)
            )
        ]
    return []


def nobody_problems(setup: Setup, hand: Hand) -> list[Problem]:
    """Nobody won the first three tricks: then nobody claimed or jinked, and nobody won all
    five (which takes the first three and a jink)."""
    if hand.jink is not Jink.NONE:
        return [
            Problem(
                "jink",
                t(
                    "Only the player who won the first three tricks may claim "
                    "the pool or jink, and nobody is entered as winning them: "
                    "choose who did, or 'Nobody won the first three'."
                ),
            )
        ]
    sweeper = next((seat for seat, won in enumerate(hand.tricks) if won == TRICKS_PER_DEAL), None)
    if sweeper is None:
        return []
    name = setup.players[sweeper]
    return [
        Problem(
            "first_three",
            t(
                "{name} won all five tricks, so {name} won the first "
                "three and jinked (a claim stops the deal after three): "
                "choose {name} here and 'Jinked and won all five'.",
                name=name,
            ),
        )
    ]


# ---------------------------------------------------------------- the words


def seat_payment(setup: Setup, deal: Deal, seat: int) -> str:
    """One seat's counters at this deal, each payment named: "Bob: −2 ante + 16 pool = +14"."""
    terms = [t("−{ante} ante", ante=deal.ante)]
    if seat == deal.dealer:
        terms.append(t("− {stake} dealer's stake", stake=deal.dealer_stake))
    if seat == deal.winner:
        terms.append(t("+ {pool} pool", pool=deal.in_play))
        if deal.jink_ante:
            terms.append(t("+ {jink} jink", jink=deal.jink_ante * (len(deal.paid_in) - 1)))
    elif deal.jink_ante:
        terms.append(t("− {jink} jink", jink=deal.jink_ante))
    return t(
        "{name}: {terms} = {result}",
        name=setup.players[seat],
        terms=i18n.join(terms, " "),
        result=signed(deal.points()[seat]),
    )


def carried_words(pool: Pool) -> str:
    """The pool a deal starts from: new, or carried from a spoiled deal, a misdeal, or both."""
    if pool.carried_over and pool.misdealt:
        return t("Pool carried from a spoiled deal and a misdeal: {pool}", pool=pool.total)
    if pool.carried_over:
        return t("Pool carried from a spoiled deal: {pool}", pool=pool.total)
    if pool.total:
        return t("Pool carried from a misdeal: {pool}", pool=pool.total)
    return t("A new pool: 0")


def stake_lines(setup: Setup, deal: Deal) -> list[str]:
    """The pool carried in, the antes, the dealer's stake and the pool in play."""
    count = setup.player_count
    before = deal.before.total
    carried = carried_words(deal.before)
    antes = {"count": count, "ante": deal.ante, "antes": count * deal.ante}
    reduced = deal.ante != house_rules(setup).ante
    return [
        carried,
        t(
            "{count} players, after a spoil each adds only {ante}: {count} × {ante} = {antes}",
            **antes,
        )
        if reduced
        else t("{count} players, each antes {ante}: {count} × {ante} = {antes}", **antes),
        t(
            "{dealer} deals and adds the dealer's stake: {stake}",
            dealer=setup.players[deal.dealer],
            stake=deal.dealer_stake,
        ),
        t(
            "Pool in play: {before} + {antes} + {stake} = {pool}",
            before=before,
            antes=count * deal.ante,
            stake=deal.dealer_stake,
            pool=deal.in_play,
        ),
    ]


def end_line(setup: Setup, hand: Hand, deal: Deal) -> str:
    """How the pool went: taken, claimed, jinked, or carried (spoiled, a jink failed)."""
    pool = deal.in_play
    most = house_rules(setup).winning is Winning.MOST_TRICKS
    if deal.end is DealEnd.SPOILED:
        if most:
            return t(
                "Spoiled: nobody won the most tricks alone; the pool of {pool} carries", pool=pool
            )
        return t("Spoiled: nobody won three tricks; the pool of {pool} carries", pool=pool)
    seat = deal.winner if deal.winner is not None else hand.first_three
    name = setup.players[seat or 0]  # every other end has its player (the referee saw to it)
    if deal.end is DealEnd.JINK_FAILED:
        return t(
            "{name} jinked and lost a trick: no claim to the pool, which carries: {pool}",
            name=name,
            pool=pool,
        )
    if deal.end is DealEnd.CLAIMED:
        return t(
            "{name} won the first three tricks and claims the pool: {pool}", name=name, pool=pool
        )
    if deal.end is DealEnd.JINKED:
        others = setup.player_count - 1
        return t(
            "{name} jinked and won all five: the pool of {pool}, and {jink} from each of "
            "the other {others}: {others} × {jink} = {total}",
            name=name,
            pool=pool,
            jink=deal.jink_ante,
            others=others,
            total=others * deal.jink_ante,
        )
    rule = t("the most tricks") if most else t("three tricks or more")
    return tn(
        "{name} won {count} trick ({rule}) and takes the pool: {pool}",
        "{name} won {count} tricks ({rule}) and takes the pool: {pool}",
        hand.tricks[seat or 0],
        name=name,
        rule=rule,
        pool=pool,
    )


def deal_lines(setup: Setup, hand: Hand, deal: Deal) -> tuple[str, ...]:
    """The whole arithmetic of a deal, payment by payment, with the pool before and after."""
    after = deal.after.total
    left = (
        t("Pool after the deal: {pool} (the pool is emptied)", pool=after)
        if deal.taken
        else t("Pool after the deal: {pool} (the pool carries)", pool=after)
    )
    return (
        *stake_lines(setup, deal),
        end_line(setup, hand, deal),
        *(seat_payment(setup, deal, seat) for seat in range(setup.player_count)),
        left,
    )


def misdeal_lines(setup: Setup, misdealt: Misdeal) -> tuple[str, ...]:
    """A misdeal's arithmetic, as a deal's: the pool before, the dealer's stake left in it,
    the penalty if the house rule asks one, the dealer's loss and the pool after."""
    names = {
        "dealer": setup.players[misdealt.dealer],
        "next": setup.players[next_seat(setup, misdealt.dealer)],
    }
    before, stake, penalty = misdealt.before.total, misdealt.dealer_stake, misdealt.penalty
    terms = [t("−{stake} dealer's stake", stake=stake)]
    lines = [
        carried_words(misdealt.before),
        t(
            "{dealer} deals and adds the dealer's stake: {stake}",
            dealer=names["dealer"],
            stake=stake,
        ),
        t(
            "{dealer} misdealt and loses the deal, which passes to {next}; the dealer's stake "
            "stays in the pool",
            **names,
        ),
        t("No antes for a misdeal: each player antes once, at {next}'s deal", next=names["next"]),
    ]
    if penalty:
        lines.append(
            t(
                "{dealer} adds another dealer's stake for the misdeal: {penalty}",
                dealer=names["dealer"],
                penalty=penalty,
            )
        )
        terms.append(t("− {penalty} misdeal", penalty=penalty))
    lines.append(
        t(
            "{name}: {terms} = {result}",
            name=names["dealer"],
            terms=i18n.join(terms, " "),
            result=signed(-misdealt.forfeited),
        )
    )
    after = misdealt.after.total
    lines.append(
        t(
            "Pool after the misdeal: {before} + {stake} + {penalty} = {pool} (the pool carries)",
            before=before,
            stake=stake,
            penalty=penalty,
            pool=after,
        )
        if penalty
        else t(
            "Pool after the misdeal: {before} + {stake} = {pool} (the pool carries)",
            before=before,
            stake=stake,
            pool=after,
        )
    )
    return tuple(lines)


def misdeal_headline(setup: Setup, misdealt: Misdeal) -> str:
    """The one-line summary of a misdeal: "Cat misdealt · the deal passes to Dan"."""
    return t(
        "{dealer} misdealt · the deal passes to {next}",
        dealer=setup.players[misdealt.dealer],
        next=setup.players[next_seat(setup, misdealt.dealer)],
    )


def misdeal_facts(misdealt: Misdeal) -> dict[str, Any]:
    """A misdeal as data: who misdealt, what they left in the pool, the pool before and after."""
    return {
        "deal": DealKind.MISDEAL.value,
        "dealer": misdealt.dealer,
        "dealer_stake": misdealt.dealer_stake,
        "penalty": misdealt.penalty,
        "pool_before": misdealt.before.total,
        "pool_after": misdealt.after.total,
    }


def next_seat(setup: Setup, seat: int) -> int:
    """The seat to the left: the next in play order, who deals next."""
    return (seat + 1) % setup.player_count


def misdeal_result(setup: Setup, misdealt: Misdeal) -> HandResult:
    """A misdeal as a hand of the session: no deal played (`redeal`), the dealer's loss, the
    pool carried on."""
    return HandResult(
        misdealt.points(),
        misdeal_lines(setup, misdealt),
        misdeal_headline(setup, misdealt),
        redeal=True,
        carry=misdealt.after,
        facts=misdeal_facts(misdealt),
    )


def headline(setup: Setup, deal: Deal) -> str:
    """The one-line summary: "Bob takes the pool of 16" or "Spoiled · the pool of 16 carries"."""
    if deal.winner is None:
        if deal.end is DealEnd.JINK_FAILED:
            return t("Jink failed · the pool of {pool} carries", pool=deal.in_play)
        return t("Spoiled · the pool of {pool} carries", pool=deal.in_play)
    name = setup.players[deal.winner]
    if deal.end is DealEnd.JINKED:
        return t(
            "{name} jinks: the pool of {pool} and {jink} from each",
            name=name,
            pool=deal.in_play,
            jink=deal.jink_ante,
        )
    return t("{name} takes the pool of {pool}", name=name, pool=deal.in_play)


def describe_hand(setup: Setup, hand: Hand) -> str:
    """One line for the table of hands: "♥ trumps · Cat robbed · Bob 3 tricks", or "♥ trumps
    · Ann and Bob 2 tricks · spoiled" when nobody took the pool."""
    parts = [t("{symbol} trumps", symbol=hand.trump.symbol)]
    if hand.robbed is not None:
        parts.append(t("{name} robbed", name=setup.players[hand.robbed]))
    if hand.first_three is not None and hand.jink is not Jink.NONE:
        name = setup.players[hand.first_three]
        parts.append(
            {
                Jink.CLAIMED: t("{name} claimed after three", name=name),
                Jink.MADE: t("{name} jinked, all five", name=name),
                Jink.FAILED: t("{name} jinked and failed", name=name),
            }[hand.jink]
        )
    else:
        best = max(hand.tricks)
        leaders = [seat for seat, won in enumerate(hand.tricks) if won == best]
        parts.append(
            tn(
                "{names} {count} trick",
                "{names} {count} tricks",
                best,
                names=setup.names_of(leaders),
            )
        )
        if deal_end(house_rules(setup), hand)[0] is DealEnd.SPOILED:
            parts.append(t("spoiled"))
    return i18n.join(parts, " · ")


def hand_facts(hand: Hand, deal: Deal) -> dict[str, Any]:
    """A deal's results as data: the trump, robbing, tricks, the end, and every pool."""
    return {
        "trump": hand.trump.value,
        "robbed": hand.robbed,
        "tricks": list(hand.tricks),
        "first_three": hand.first_three,
        "jink": hand.jink.value,
        "end": deal.end.value,
        "winner": deal.winner,
        "dealer": deal.dealer,
        "ante": deal.ante,
        "dealer_stake": deal.dealer_stake,
        "paid_in": list(deal.paid_in),
        "pool_before": deal.before.total,
        "pool_in_play": deal.in_play,
        "jink_ante": deal.jink_ante,
        "pool_after": deal.after.total,
    }


def next_stakes_note(setup: Setup, pool: Pool, dealer: int) -> str:
    """What the next deal asks for: "Each antes 2, Ann adds 2 → pool 18"."""
    options = house_rules(setup)
    ante = ante_at(options, pool)
    in_play = pool.total + setup.player_count * ante + options.dealer_stake
    return t(
        "Each antes {ante}, {dealer} adds {stake} → {pool}",
        ante=ante,
        dealer=setup.players[dealer],
        stake=options.dealer_stake,
        pool=in_play,
    )


def pool_note(pool: Pool) -> str:
    """The pool as the pad shows it at all times."""
    if pool.carried_over:
        return t("Pool: {pool} (carried)", pool=pool.total)
    if pool.total:
        return t("Pool: {pool} (from a misdeal)", pool=pool.total)
    return t("Pool: {pool}", pool=pool.total)


def pool_given_back(totals: Sequence[int], pool: Pool) -> tuple[int, ...]:
    """Each player's counters once the pool left on the table goes back to those who put it in
    since it was last won: the settlement's nets, and what the leader is chosen on."""
    return tuple(total + stake for total, stake in zip(totals, pool.stakes, strict=True))


def settlement_words(setup: Setup, pool: Pool) -> str:
    """How the settlement treats the pool left on the table."""
    if not pool.total:
        return t("The last pool was won: each player's total is what they won or lost.")
    shares = ", ".join(
        f"{setup.players[seat]} {stake}" for seat, stake in enumerate(pool.stakes) if stake
    )
    return t(
        "The pool left on the table ({pool}) goes back to those who put it in since it "
        "was last won: {shares}.",
        pool=pool.total,
        shares=shares,
    )


# ---------------------------------------------------------------- the game


class Maw(Game):
    """Maw (Spoil Five) for 2 to 10 players: a pool of counters, carried after a spoiled deal."""

    slug = "maw"
    name = t("Maw (Spoil Five)")
    player_counts = tuple(range(2, 11))
    zero_sum = False  # the pool holds what the players are down between deals
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = Scale(t("counter"), t("counters"))
    options_type = Options
    summary = t(
        "The old Irish game of five tricks: three tricks take the pool, else the deal "
        "is spoiled and the pool carries; the winner of the first three may jink for "
        "all five."
    )

    def options(self, player_count: int) -> tuple[Field, ...]:
        """The ante, the dealer's stake, a carried pool's ante and who takes the pool."""
        return (
            Field(
                "ante",
                t("Ante per player (counters)"),
                FieldKind.CHOICE,
                choices=tuple(Choice(str(a), str(a)) for a in ANTES),
                default=str(ANTES[0]),
                help=t("The text: players pool 2 or 3 counters at each deal"),
            ),
            Field(
                "dealer_stake",
                t("Dealer's stake (counters)"),
                FieldKind.INTEGER,
                minimum=1,
                maximum=20,
                default=DEFAULT_DEALER_STAKE,
                help=t("The dealer adds it to the pool at every deal"),
            ),
            Field(
                "spoil_ante",
                t("After a spoiled deal each player adds"),
                FieldKind.CHOICE,
                choices=(
                    Choice(SpoilAnte.FULL.value, t("The full ante again (the pad's rulings)")),
                    Choice(SpoilAnte.ONE.value, t("One counter (Peel)")),
                ),
                default=SpoilAnte.FULL.value,
                help=t("{source}: every player antes again; Peel: one counter each", source=RULING),
            ),
            Field(
                "winning",
                t("The pool goes to"),
                FieldKind.CHOICE,
                choices=(
                    Choice(
                        Winning.THREE_TRICKS.value,
                        t("Three tricks, else spoiled (the pad's rulings)"),
                    ),
                    Choice(
                        Winning.MOST_TRICKS.value, t("As written: the most tricks (a tie spoils)")
                    ),
                ),
                default=Winning.THREE_TRICKS.value,
                help=t("{source}; the text gives the pool to the most tricks", source=RULING),
            ),
            Field(
                "misdeal_penalty",
                t("A misdeal costs the dealer"),
                FieldKind.CHOICE,
                choices=(
                    Choice(
                        MisdealPenalty.NONE.value, t("The deal: it passes to the left (the text)")
                    ),
                    Choice(
                        MisdealPenalty.STAKE.value,
                        t("The deal and another dealer's stake (the text, if all agree)"),
                    ),
                ),
                default=MisdealPenalty.NONE.value,
                help=t("The dealer's stake already paid stays in the pool either way"),
            ),
        )

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """Played or misdealt; for a deal played, the trump, the robbing, each player's tricks,
        the first three tricks and the jink."""
        played = (DEAL, (DealKind.PLAYED.value,))
        return (
            Field(
                DEAL,
                t("The deal"),
                FieldKind.CHOICE,
                choices=choices(DealKind, DEAL_LABELS),
                default=DealKind.PLAYED.value,
                help=t(
                    "A misdeal: too many or too few cards dealt, or a card exposed; the "
                    "deal passes to the left"
                ),
            ),
            replace(
                trump_field(PLAIN_SUITS, label=t("Trumps (the suit turned up)")), shown_when=played
            ),
            Field(
                "robbed",
                t("Robbed (took the turn-up)"),
                FieldKind.SEAT,
                none_label=t("Nobody robbed"),
                help=t("The holder of the Ace of trumps, or the dealer when an Ace is turned"),
                shown_when=played,
            ),
            *(
                Field(
                    tricks_field(seat),
                    t("{name}: tricks won", name=name),
                    FieldKind.INTEGER,
                    minimum=0,
                    maximum=TRICKS_PER_DEAL,
                    default=0,
                    shown_when=played,
                )
                for seat, name in enumerate(setup.players)
            ),
            Field(
                "first_three",
                t("Won the first three tricks"),
                FieldKind.SEAT,
                none_label=t("Nobody"),
                help=t("The same player took tricks 1, 2 and 3"),
                shown_when=played,
            ),
            Field(
                "jink",
                t("Then they"),
                FieldKind.CHOICE,
                choices=choices(Jink, JINK_LABELS),
                default=Jink.NONE.value,
                help=t(
                    "Claimed the pool at once (only three tricks played), or jinked: led "
                    "on for all five"
                ),
                shown_when=played,
            ),
        )

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """Tricks that do not add up, and a claim or jink the tricks contradict (a misdeal has
        nothing more to check: its dealer is the session's)."""
        if is_misdeal(entry):
            return []
        setup = state.setup
        hand = read_hand(setup, entry)
        return [*total_problems(setup, hand), *first_three_problems(setup, hand)]

    def initial_carry(self, setup: Setup) -> Pool:
        """The pool is empty before the first deal."""
        return empty_pool(setup.player_count)

    def score(self, state: State, entry: Entry) -> HandResult:
        """Everyone's stakes in; the pool to its winner, or carried; a made jink's antes."""
        setup = state.setup
        dealer = deal_dealer(setup, len(state.hands))
        if is_misdeal(entry):
            return misdeal_result(setup, misdeal(house_rules(setup), self.carried(state), dealer))
        hand = read_hand(setup, entry)
        deal = play_deal(house_rules(setup), self.carried(state), dealer, hand)
        return HandResult(
            deal.points(),
            deal_lines(setup, hand, deal),
            headline(setup, deal),
            carry=deal.after,
            facts=hand_facts(hand, deal),
        )

    def table_notes(self, state: State) -> tuple[str, ...]:
        """The pool, at all times, and what the next deal asks of each player."""
        pool = self.carried(state)
        return (pool_note(pool), next_stakes_note(state.setup, pool, self.dealer(state)))

    def ranked_totals(self, state: State) -> tuple[int, ...]:
        """The leader is the most counters once the pool left on the table is given back, as
        the settlement gives it back (`pool_given_back`): the winner named is the settlement's."""
        return pool_given_back(state.totals, self.carried(state))

    def settlement(self, state: State) -> Settlement:
        """Each player's counters won or lost, the pool left on the table given back to those
        who put it in since it was last won (so the nets add up to zero)."""
        return settle(
            self.ranked_totals(state),
            UNIT,
            method=settlement_words(state.setup, self.carried(state)),
        )

    def describe(self, setup: Setup, entry: Entry) -> str:
        """One line for the table of hands: "♥ trumps · Cat robbed · Bob 3 tricks"."""
        if is_misdeal(entry):
            return t("Misdeal: the deal passed to the left")
        return describe_hand(setup, read_hand(setup, entry))


# ---------------------------------------------------------------- the trick referee


class MawReferee(RankingReferee):
    """Maw's tricks: the four top trumps, then the trump suit, then the suit led; red pips
    rank Ten high, black pips Ace high."""

    slug = "maw"
    name = t("Maw")
    player_counts = tuple(range(2, 11))

    def context_fields(self, player_count: int) -> tuple[Field, ...]:
        return (trump_field(PLAIN_SUITS),)

    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        return pack_52()

    def ranking(self, cards: Sequence[Card], context: Mapping[str, Any]) -> TrickRanking:
        trump = Suit(context["trump"])
        orders = {suit: RED_ORDER if suit.is_red else BLACK_ORDER for suit in PLAIN_SUITS}
        return TrickRanking(
            order=BLACK_ORDER, suit_orders=orders, trump=trump, top_trumps=top_trumps(trump)
        )

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card], context: Mapping[str, Any]) -> str:
        trump = Suit(context["trump"])
        if by is WinBy.TOP_TRUMP:
            return TOP_WORDS[top_trumps(trump).index(card)]
        red = card.suit.is_red
        if by is WinBy.TRUMP:
            return (
                t(
                    "a trump beats every other suit, and below the top trumps the red trump "
                    "suit ranks King, Queen, Jack, then its pips with the Ten high and the "
                    "Ace low"
                )
                if red
                else t(
                    "a trump beats every other suit, and below the top trumps the black trump "
                    "suit ranks King, Queen, Jack, then its pips with the Ace high and the "
                    "Ten low"
                )
            )
        return (
            t(
                "nobody played a trump, so the highest card of the suit led wins; a red suit "
                "ranks King, Queen, Jack, then its pips with the Ten high and the Ace low"
            )
            if red
            else t(
                "nobody played a trump, so the highest card of the suit led wins; a black "
                "suit ranks King, Queen, Jack, then its pips with the Ace high and the Ten "
                "low"
            )
        )


REFEREE = register_referee(MawReferee())


register(Maw())
