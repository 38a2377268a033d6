"""Calabrasella for three players (or four, the dealer sitting out): the score pad and referee.

A single player plays against the other two, "the adversaries". At the end each side counts its
counting cards and the last trick, 35 points in all (docs/rulings.md "Calabrasella"); the lower score
is taken from the higher and the difference is the value of the game, doubled to 70 when one side
won all 35. Only the single player's signed result is put down, as in Skat; the list is balanced
by differences at the end of the evening (`companion.kit.settlement`).

A revoke moves 9 points from the side in error to the other side before the difference is taken
(docs/rulings.md), so each revoke changes the result by 18:
    result = (player − 9 × own revokes + 9 × adversaries' revokes)
             − (adversaries + 9 × player's revokes − 9 × adversaries' revokes)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.contract.choices import choices
from companion.contract.game import Game, leaders, read_options
from companion.contract.referee import RankingReferee, register_referee
from companion.contract.registry import register
from companion.contract.values import (
    POINTS,
    Choice,
    Entry,
    Field,
    FieldKind,
    HandResult,
    Outcome,
    Problem,
    ScoredHand,
    Setup,
    State,
)
from companion.kit import i18n
from companion.kit.cards import ACE, JACK, KING, QUEEN, Card, pack_40_no_eight_to_ten
from companion.kit.counting import PointTable, by_rank, side_points, total_points
from companion.kit.formatting import number, signed
from companion.kit.i18n import Text, t
from companion.kit.scoring import declarer_only
from companion.kit.settlement import Settlement, balance_by_differences, settle_list
from companion.kit.tricks import RankOrder, TrickRanking, WinBy


class Event(StrEnum):
    """How a deal ended: played out, cut short by an irregularity, or passed by everyone."""

    PLAYED = "played"
    OUT_OF_TURN = "out_of_turn"
    STOCK_TURNED = "stock_turned"
    ALL_PASSED = "all_passed"


class Side(StrEnum):
    """The two sides of a hand: the single player and the two adversaries."""

    PLAYER = "player"
    ADVERSARIES = "adversaries"


EVENT_LABELS: dict[Event, str] = {
    Event.PLAYED: t("Played out"),
    Event.OUT_OF_TURN: t(
        "An adversary played out of turn: the player claimed the stock and last trick"
    ),
    Event.STOCK_TURNED: t(
        "The player turned the stock too early: 35 to each adversary, the deal is void"
    ),
    Event.ALL_PASSED: t("Everyone passed — the deal passes"),
}

COUNTED: tuple[str, ...] = (Event.PLAYED, Event.OUT_OF_TURN)
"""The events after which the sides count their points."""

WITH_PLAYER: tuple[str, ...] = (*COUNTED, Event.STOCK_TURNED)
"""The events that name a single player."""

# Calabrasella (Foster, docs/rulings.md): each Ace 3; each Three, Two, King, Queen and Jack 1;
# 32 in the cards, and the last trick is worth 3 more: 35 in all.
CALABRASELLA_POINTS: PointTable = by_rank({ACE: 3, 3: 1, 2: 1, KING: 1, QUEEN: 1, JACK: 1})
CALABRASELLA_LAST_TRICK = 3

TOTAL_POINTS = (
    total_points(pack_40_no_eight_to_ten(), CALABRASELLA_POINTS) + CALABRASELLA_LAST_TRICK
)
"""35: the counting cards (32) and the last trick (3)."""

DOUBLE = 2
"""The text: "If all 35 points are won by either side, they count double, 70"."""

REVOKE_PENALTY = 9
"""The text: "The penalty for a revoke is the loss of 9 points"."""

STOCK_PENALTY = 35
"""The text: turning the stock too early "loses 35 points to each adversary"."""

MAX_REVOKES = 4
"""A guard against typing slips: more revokes by one side in one hand are not plausible."""

SEATS_DEALT = 3
"""Three players hold cards; a fourth, the dealer, sits out."""

PENALTIES = t("Penalties")
FOSTER = "Foster's Hoyle, Calabrasella"


# ---------------------------------------------------------------- the hand as the rules see it


@dataclass(frozen=True)
class Hand:
    """A deal as entered, seen from the single player's side whichever side was counted."""

    event: Event
    player: int | None
    counted_side: Side
    counted_points: int
    revokes_by_player: int
    revokes_by_adversaries: int

    @property
    def player_points(self) -> int:
        """The single player's points in play (counting cards and the last trick)."""
        return int(side_points(self.counted_points, self.counted_side is Side.PLAYER, TOTAL_POINTS))

    @property
    def adversary_points(self) -> int:
        """The adversaries' points in play: 35 minus the single player's."""
        return TOTAL_POINTS - self.player_points


def read_hand(entry: Entry) -> Hand:
    """The deal described by a parsed entry (blank revokes count as none)."""
    return Hand(
        event=Event(entry.get("event") or Event.PLAYED),
        player=entry.get("player"),
        counted_side=Side(entry.get("counted_side") or Side.PLAYER),
        counted_points=entry.get("points") or 0,
        revokes_by_player=entry.get("revokes_by_player") or 0,
        revokes_by_adversaries=entry.get("revokes_by_adversaries") or 0,
    )


# ---------------------------------------------------------------- small rules


def is_double(hand: Hand) -> bool:
    """Whether one side won all 35 in play (a claim after an error or a penalty never doubles)."""
    return hand.event is Event.PLAYED and hand.player_points in (0, TOTAL_POINTS)


def counted_points(hand: Hand) -> tuple[int, int]:
    """The single player's and the adversaries' points before penalties (70–0 for all 35)."""
    factor = DOUBLE if is_double(hand) else 1
    return hand.player_points * factor, hand.adversary_points * factor


def revoke_shift(hand: Hand) -> int:
    """The points the revoke penalties move to the single player (negative: away from him)."""
    return REVOKE_PENALTY * (hand.revokes_by_adversaries - hand.revokes_by_player)


def final_points(hand: Hand) -> tuple[int, int]:
    """Both sides' points after the revoke penalties, from which the difference is taken."""
    player, adversaries = counted_points(hand)
    shift = revoke_shift(hand)
    return player + shift, adversaries - shift


def hand_result(hand: Hand) -> int:
    """The single player's signed result: what he wins from (or loses to) each other player."""
    if hand.event is Event.STOCK_TURNED:
        return -STOCK_PENALTY
    if hand.event is Event.ALL_PASSED:
        return 0
    player, adversaries = final_points(hand)
    return player - adversaries


def sits_out(player_count: int, dealer: int) -> int | None:
    """The seat that takes no cards this deal: the dealer at four players, nobody at three."""
    return dealer if player_count > SEATS_DEALT else None


# ---------------------------------------------------------------- words


def _times(count: int) -> Text:
    if count == 1:
        return t("once")
    if count == 2:  # "twice" is a word of its own
        return t("twice")
    return t("{count} times", count=count)


def player_name(setup: Setup, hand: Hand) -> str:
    """The single player's name ("" when everyone passed and there is none)."""
    return "" if hand.player is None else setup.players[hand.player]


def headline(setup: Setup, hand: Hand) -> str:
    """The one-line summary: "Annie: 23 – 12 → +11"."""
    if hand.event is Event.ALL_PASSED or hand.player is None:
        return t("All passed — the deal passes")
    name = player_name(setup, hand)
    if hand.event is Event.STOCK_TURNED:
        return t(
            "{name} turned the stock too early → {result}, deal void",
            name=name,
            result=signed(hand_result(hand)),
        )
    player, adversaries = final_points(hand)
    notes = []
    if hand.event is Event.OUT_OF_TURN:
        notes.append(t("claimed after an adversary's error"))
    if is_double(hand):
        notes.append(t("all 35, double"))
    if hand.revokes_by_player or hand.revokes_by_adversaries:
        notes.append(t("revoke penalty"))
    fields = {
        "name": name,
        "player": number(player),
        "adversaries": number(adversaries),
        "result": signed(hand_result(hand)),
    }
    if notes:
        return t(
            "{name}: {player} – {adversaries} ({notes}) → {result}",
            notes=i18n.join(notes),
            **fields,
        )
    return t("{name}: {player} – {adversaries} → {result}", **fields)


def score_lines(setup: Setup, hand: Hand, dealer: int) -> list[Text]:
    """The arithmetic of a counted deal, one checkable step per line."""
    name = player_name(setup, hand)
    lines = []
    if hand.counted_side is Side.ADVERSARIES:
        lines.append(
            t(
                "Counted for the adversaries: {counted}; so {name} has "
                "{total} − {counted} = {points}",
                counted=hand.counted_points,
                name=name,
                total=TOTAL_POINTS,
                points=hand.player_points,
            )
        )
    if hand.event is Event.OUT_OF_TURN:
        lines.append(
            t(
                "An adversary played out of turn: {name} claims the stock and last "
                "trick; the adversaries keep the {points} won before the error",
                name=name,
                points=hand.adversary_points,
            )
        )
    lines.append(
        t(
            "{name} {player} – {adversaries} the adversaries",
            name=name,
            player=hand.player_points,
            adversaries=hand.adversary_points,
        )
    )
    player, adversaries = counted_points(hand)
    if is_double(hand):
        doubled = {"player": player, "adversaries": adversaries}
        lines.append(
            t(
                "All 35 points to {name}: they count double, {player} – {adversaries}",
                name=name,
                **doubled,
            )
            if hand.player_points
            else t(
                "All 35 points to the adversaries: they count double, {player} – {adversaries}",
                **doubled,
            )
        )
    lines.extend(_revoke_lines(name, hand, player, adversaries))
    final_player, final_adversaries = final_points(hand)
    result = hand_result(hand)
    lines.append(
        t(
            "{player} − {adversaries} = {result}",
            player=number(final_player),
            adversaries=number(final_adversaries),
            result=signed(result),
        )
    )
    lines.extend(_list_lines(setup, hand, dealer, result))
    return lines


def _revoke_lines(name: str, hand: Hand, player: int, adversaries: int) -> list[Text]:
    """Each side's revokes, moving 9 points apiece from that side to the other."""
    lines = []
    if hand.revokes_by_adversaries:
        moved = REVOKE_PENALTY * hand.revokes_by_adversaries
        lines.append(
            t(
                "The adversaries revoked {times}: {moved} points to {name}: "
                "{player} + {moved} = {player_after}, "
                "{adversaries} − {moved} = {adversaries_after}",
                times=_times(hand.revokes_by_adversaries),
                moved=moved,
                name=name,
                player=number(player),
                player_after=number(player + moved),
                adversaries=number(adversaries),
                adversaries_after=number(adversaries - moved),
            )
        )
        player, adversaries = player + moved, adversaries - moved
    if hand.revokes_by_player:
        moved = REVOKE_PENALTY * hand.revokes_by_player
        lines.append(
            t(
                "{name} revoked {times}: {moved} points to the adversaries: "
                "{player} − {moved} = {player_after}, "
                "{adversaries} + {moved} = {adversaries_after}",
                name=name,
                times=_times(hand.revokes_by_player),
                moved=moved,
                player=number(player),
                player_after=number(player - moved),
                adversaries=number(adversaries),
                adversaries_after=number(adversaries + moved),
            )
        )
    return lines


def _list_lines(setup: Setup, hand: Hand, dealer: int, result: int) -> list[Text]:
    """Who sits out, and the one score the list receives."""
    name = player_name(setup, hand)
    lines = []
    out = sits_out(setup.player_count, dealer)
    if out is not None:
        lines.append(
            t(
                "{name} dealt and sits out, sharing the adversaries' fortunes",
                name=setup.players[out],
            )
        )
    lines.append(t("Only {name}'s score is put down: {result}", name=name, result=signed(result)))
    return lines


def _redeal_lines(setup: Setup, hand: Hand, dealer: int) -> tuple[str, ...]:
    """A void deal (the same dealer deals again) or a deal everyone passed (the deal moves on)."""
    count = setup.player_count
    if hand.event is Event.ALL_PASSED or hand.player is None:
        return (
            t("Everyone passed: no score, the hands are thrown in"),
            t(
                "The deal passes from {dealer} to {next}",
                dealer=setup.players[dealer],
                next=setup.players[(dealer + 1) % count],
            ),
        )
    name = player_name(setup, hand)
    return (
        t(
            "{name} turned the stock before standing and discarding: {name} loses "
            "{penalty} to each adversary",
            name=name,
            penalty=STOCK_PENALTY,
        ),
        t("The deal is void: {dealer} deals again", dealer=setup.players[dealer]),
        t("Only {name}'s score is put down: {result}", name=name, result=signed(-STOCK_PENALTY)),
    )


# ---------------------------------------------------------------- the referee


def dealer_problems(setup: Setup, hand: Hand, dealer: int) -> list[Problem]:
    """At four players the dealer takes no cards, so cannot be the single player."""
    if hand.player is None or sits_out(setup.player_count, dealer) != hand.player:
        return []
    name = setup.players[dealer]
    return [
        Problem(
            "player",
            t(
                "{name} dealt this hand: at four players the dealer takes no "
                "cards and shares the adversaries' fortunes, so {name} cannot "
                "be the single player.",
                name=name,
            ),
        )
    ]


def claim_problems(hand: Hand) -> list[Problem]:
    """After an adversary's error the player claims the last trick, worth 3: he has at least 3."""
    if hand.event is not Event.OUT_OF_TURN or hand.player_points >= CALABRASELLA_LAST_TRICK:
        return []
    most = TOTAL_POINTS - CALABRASELLA_LAST_TRICK
    if hand.counted_side is Side.ADVERSARIES:
        message = t(
            "The player claimed the last trick ({last} points), so the adversaries "
            "have at most {most}, not {counted}.",
            last=CALABRASELLA_LAST_TRICK,
            most=most,
            counted=hand.counted_points,
        )
    else:
        message = t(
            "The player claimed the last trick, worth {last}, so he has at least "
            "{last}, not {counted}.",
            last=CALABRASELLA_LAST_TRICK,
            counted=hand.counted_points,
        )
    return [Problem("points", message)]


# ---------------------------------------------------------------- the facts


FACT_KEYS: tuple[str, ...] = (
    "event",
    "player",
    "sitting_out",
    "void_deal",
    "counted_side",
    "player_points",
    "adversaries_points",
    "doubled",
    "revokes",
    "final_points",
    "difference",
    "result",
)
"""The keys of every deal's facts; those a deal does not reach are None."""


def hand_facts(setup: Setup, hand: Hand, dealer: int) -> dict[str, Any]:
    """A deal's results as plain data.

    `player_points` and `adversaries_points` are the points in play (35 in all);
    `final_points` both sides' after the double and the revoke penalties, and `difference` the
    one taken from the other; `result` is the single player's score put down (−35 for a void
    deal, 0 when everyone passed). `void_deal`: the player turned the stock too early.
    """
    facts: dict[str, Any] = {
        **dict.fromkeys(FACT_KEYS),
        "event": hand.event.value,
        "player": hand.player,
        "sitting_out": sits_out(setup.player_count, dealer),
        "void_deal": hand.event is Event.STOCK_TURNED,
        "result": 0 if hand.player is None else hand_result(hand),
    }
    if hand.event not in COUNTED:
        return facts
    player, adversaries = final_points(hand)
    return {
        **facts,
        "counted_side": hand.counted_side.value,
        "player_points": hand.player_points,
        "adversaries_points": hand.adversary_points,
        "doubled": is_double(hand),
        "revokes": {"player": hand.revokes_by_player, "adversaries": hand.revokes_by_adversaries},
        "final_points": {"player": player, "adversaries": adversaries},
        "difference": player - adversaries,
    }


# ---------------------------------------------------------------- the game


@dataclass(frozen=True)
class Options:
    """Calabrasella's house rules, typed."""

    stake: int = 0  # cents a point; 0: the evening is settled in points


class Calabrasella(Game):
    """Calabrasella as Foster gives it, for three players or four with the dealer sitting out."""

    slug = "calabrasella"
    name = t("Calabrasella")
    player_counts = (3, 4)
    zero_sum = False  # only the single player's score is put down; the list balances at the end
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = POINTS
    options_type = Options
    summary = t(
        "Forty cards, no trumps: a single player against two adversaries for the 35 "
        "points of the counting cards and the last trick; the list balances as in Skat."
    )

    def options(self, player_count: int) -> tuple[Field, ...]:
        """The stake per point for the settlement (0: settle in points)."""
        return (
            Field(
                "stake",
                t("Stake per point (cents)"),
                FieldKind.INTEGER,
                minimum=0,
                maximum=100,
                default=0,
                help=t("{source}: played for so much a point; 0 = settle in points", source=FOSTER),
            ),
        )

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """What happened, the single player, the points of one side, and revokes."""
        counted = ("event", COUNTED)
        player_help = (
            t("The player who stood alone against the other two; the dealer takes no cards")
            if setup.player_count > SEATS_DEALT
            else t("The player who stood alone against the other two")
        )
        return (
            Field(
                "event",
                t("The deal"),
                FieldKind.CHOICE,
                choices=choices(Event, EVENT_LABELS),
                default=Event.PLAYED.value,
            ),
            Field(
                "player",
                t("Single player"),
                FieldKind.SEAT,
                help=player_help,
                shown_when=("event", WITH_PLAYER),
            ),
            Field(
                "counted_side",
                t("Points counted for"),
                FieldKind.CHOICE,
                choices=(
                    Choice(Side.PLAYER.value, t("The single player")),
                    Choice(Side.ADVERSARIES.value, t("The adversaries")),
                ),
                default=Side.PLAYER.value,
                shown_when=counted,
            ),
            Field(
                "points",
                t("Points"),
                FieldKind.INTEGER,
                minimum=0,
                maximum=TOTAL_POINTS,
                help=t(
                    "Counting cards and the last trick of the side chosen above; the "
                    "other side has 35 minus this. After an adversary's error, the "
                    "adversaries count only what they had won before it."
                ),
                shown_when=counted,
            ),
            Field(
                "revokes_by_player",
                t("Revokes by the single player"),
                FieldKind.INTEGER,
                minimum=0,
                maximum=MAX_REVOKES,
                default=0,
                help=t("Each revoke moves 9 points to the other side"),
                shown_when=counted,
                section=PENALTIES,
            ),
            Field(
                "revokes_by_adversaries",
                t("Revokes by the adversaries"),
                FieldKind.INTEGER,
                minimum=0,
                maximum=MAX_REVOKES,
                default=0,
                help=t("Each revoke moves 9 points to the other side"),
                shown_when=counted,
                section=PENALTIES,
            ),
        )

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """The dealer cannot stand at four players; a claimed last trick is at least 3 points."""
        hand = read_hand(entry)
        if hand.event is Event.ALL_PASSED:
            return []
        return [*dealer_problems(state.setup, hand, self.dealer(state)), *claim_problems(hand)]

    def score(self, state: State, entry: Entry) -> HandResult:
        """The single player's signed result in his column, nothing for anyone else."""
        setup = state.setup
        hand = read_hand(entry)
        dealer = self.dealer(state)
        facts = hand_facts(setup, hand, dealer)
        if hand.event is Event.ALL_PASSED or hand.player is None:
            return HandResult(
                (0,) * setup.player_count,
                _redeal_lines(setup, hand, dealer),
                headline(setup, hand),
                redeal=True,
                facts=facts,
            )
        points = declarer_only(setup.player_count, hand.player, hand_result(hand))
        if hand.event is Event.STOCK_TURNED:
            return HandResult(
                points,
                _redeal_lines(setup, hand, dealer),
                headline(setup, hand),
                redeal=True,
                facts=facts,
            )
        return HandResult(
            points, tuple(score_lines(setup, hand, dealer)), headline(setup, hand), facts=facts
        )

    def dealer(self, state: State) -> int:
        """The deal passes to the next seat after every deal but a void one (the same redeals)."""
        void = sum(1 for hand in state.hands if hand.entry.get("event") == Event.STOCK_TURNED)
        return (state.setup.first_dealer + len(state.hands) - void) % state.setup.player_count

    def took_part(self, setup: Setup, hand: ScoredHand, seat: int) -> bool:
        """A deal thrown in or made void was not played; at four players the dealer took no
        cards (the deal's facts say who)."""
        return not hand.result.redeal and hand.result.facts["sitting_out"] != seat

    def table_notes(self, state: State) -> tuple[str, ...]:
        """At four players: the dealer of the next deal sits out."""
        out = sits_out(state.setup.player_count, self.dealer(state))
        if out is None:
            return ()
        return (
            t("{name} sits out, sharing the adversaries' fortunes", name=state.setup.players[out]),
        )

    def ends_by_itself(self, setup: Setup) -> bool:
        """Never: the evening ends when the players stop."""
        return False

    def outcome(self, state: State) -> Outcome:
        """Never over by itself; the leaders are those ahead once the list is balanced."""
        return Outcome(finished=False, winners=leaders(balance_by_differences(state.totals)))

    def settlement(self, state: State) -> Settlement:
        """The list balanced by differences, as in Skat, at the stake per point if one is set."""
        return settle_list(state.totals, _stake(state.setup))

    def describe(self, setup: Setup, entry: Entry) -> str:
        """One line for the table of hands: "Annie: 23 – 12 → +11"."""
        return headline(setup, read_hand(entry))


def _stake(setup: Setup) -> int:
    """Cents per point, 0 when the evening is settled in points."""
    return read_options(Options, setup.options).stake


# ---------------------------------------------------------------- the trick referee

TRICK_ORDER = RankOrder((4, 5, 6, 7, JACK, QUEEN, KING, ACE, 2, 3))
"""Calabrasella's order in every suit (Foster; the text leaves it out): Three, Two, Ace, King,
Queen, Jack, Seven, Six, Five, Four."""


class CalabrasellaReferee(RankingReferee):
    """Calabrasella's tricks: no trumps; the highest card of the suit led wins, the Three
    highest and the Four lowest."""

    slug = "calabrasella"
    name = t("Calabrasella")
    player_counts = (3, 4)

    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        return pack_40_no_eight_to_ten()

    def dealer_sits_out(self, player_count: int) -> bool:
        """At four players the dealer takes no cards (`sits_out`)."""
        return player_count > SEATS_DEALT

    def ranking(self, cards: Sequence[Card], context: Mapping[str, Any]) -> TrickRanking:
        return TrickRanking(order=TRICK_ORDER)

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card], context: Mapping[str, Any]) -> str:
        return t(
            "Calabrasella has no trumps: the highest card of the suit led wins, and the "
            "suits rank Three, Two, Ace, King, Queen, Jack, Seven, Six, Five, Four"
        )


REFEREE = register_referee(CalabrasellaReferee())

register(Calabrasella())
