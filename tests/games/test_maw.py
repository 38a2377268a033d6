"""Maw (Spoil Five): pools worked out by hand over several deals, each house rule, every refusal.

Every expected number is worked out in the comment above it from the text, docs/rulings.md ("Maw
(Spoil Five)") and Peel (docs/rules/maw.md):
    at every deal each player antes (2 or 3) and the dealer adds the dealer's stake;
    three tricks take the pool; else the deal is spoiled and the pool carries;
    the winner of the first three tricks claims the pool at once (three tricks played), or jinks:
        all five win the pool and one ante from every other player; failing, the pool carries;
    Peel's option: after a spoil each player adds one counter (the dealer's stake as always);
    as written: the most tricks take the pool, a tie for the most spoils;
    the settlement gives the pool left on the table back to those who put it in.
A hand's points are each player's counters won or lost; the pool holds the rest.
Players: Ann, Bob, Cat, Dan in play order; Ann deals first, the deal passes to the left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from companion.contract.referee import judge_request, referee_for
from companion.contract.registry import get
from companion.contract.values import Setup, State
from companion.engine.replay import make_setup
from companion.games.maw import Pool
from tests.games.tables import after, assert_refused_on, score_one, table, verdict

GAME = get("maw")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")
ANN, BOB, CAT, DAN, EVE = range(5)
MINUS = "\u2212"


def make(count: int = 4, **options: Any) -> Setup:
    """A table of `count` players (Ann, Bob, …), Ann dealing first, these house rules."""
    return table("maw", NAMES[:count], **options)


def deal(
    tricks: Sequence[int],
    *,
    trump: str = "H",
    robbed: int | None = None,
    first_three: int | None = None,
    jink: str = "none",
) -> dict[str, Any]:
    """One deal as the pad takes it: the trump, who robbed, each seat's tricks, the first three."""
    return {
        "trump": trump,
        "robbed": robbed,
        "first_three": first_three,
        "jink": jink,
        **{f"tricks_{seat}": count for seat, count in enumerate(tricks)},
    }


SPOILED = deal([2, 2, 1, 0])
"""Ann 2, Bob 2, Cat 1, Dan 0: nobody won three tricks."""
CAT_JINK_FAILS = deal([1, 0, 4, 0], first_three=CAT, jink="failed")
"""Cat won the first three, jinked, and lost the fourth trick to Ann."""
DAN_JINK_MADE = deal([0, 0, 0, 5], trump="C", robbed=DAN, first_three=DAN, jink="made")
"""Dan robbed, won the first three, jinked and won all five."""
MISDEAL = {"deal": "misdeal"}
"""The dealer misdealt (the text's "Issues while Dealing"): the deal passes to the left."""


# ---------------------------------------------------------------- pools over several deals


def test_a_spoil_a_failed_jink_and_a_made_jink() -> None:
    setup = make()
    state = after(setup, [SPOILED, CAT_JINK_FAILS, DAN_JINK_MADE])
    first, second, third = (hand.result for hand in state.hands)
    # Deal 1, Ann deals: 4 × 2 antes + Ann's dealer's stake 2 = 10 in a new pool; nobody won
    # three tricks: spoiled, the pool of 10 carries. Ann −2 − 2 = −4, the others −2.
    assert first.points == (-4, -2, -2, -2)
    assert first.carry == Pool((4, 2, 2, 2))
    # Deal 2, Bob deals: 10 + 4 × 2 + 2 = 20; Cat's jink fails: the pool of 20 carries.
    assert second.points == (-2, -4, -2, -2)
    assert second.carry.total == 20
    # Deal 3, Cat deals: 20 + 4 × 2 + 2 = 30; Dan jinks and makes it: the pool of 30 and 2 from
    # each of the other 3: Dan −2 + 30 + 6 = +34; Ann −2 − 2 = −4, Bob −4, Cat −2 − 2 − 2 = −6.
    assert third.points == (-4, -4, -6, 34)
    assert third.carry.total == 0
    # Totals: Ann −4 − 2 − 4 = −10, Bob −2 − 4 − 4 = −10, Cat −2 − 2 − 6 = −10,
    # Dan −2 − 2 + 34 = +30: the pool is empty, so they add up to zero.
    assert state.totals == (-10, -10, -10, 30)


def test_a_deal_shows_every_payment_and_the_pool_before_and_after() -> None:
    state = after(make(), [SPOILED, CAT_JINK_FAILS, DAN_JINK_MADE])
    # Deal 3 as worked above: the pool carried (20), the antes, Cat's stake, Dan's jink.
    assert state.hands[2].result.lines == (
        "Pool carried from a spoiled deal: 20",
        "4 players, each antes 2: 4 × 2 = 8",
        "Cat deals and adds the dealer's stake: 2",
        "Pool in play: 20 + 8 + 2 = 30",
        "Dan jinked and won all five: the pool of 30, and 2 from each of the other 3: 3 × 2 = 6",
        f"Ann: {MINUS}2 ante {MINUS} 2 jink = {MINUS}4",
        f"Bob: {MINUS}2 ante {MINUS} 2 jink = {MINUS}4",
        f"Cat: {MINUS}2 ante {MINUS} 2 dealer's stake {MINUS} 2 jink = {MINUS}6",
        f"Dan: {MINUS}2 ante + 30 pool + 6 jink = +34",
        "Pool after the deal: 0 (the pool is emptied)",
    )
    assert state.hands[2].result.headline == "Dan jinks: the pool of 30 and 2 from each"
    assert state.hands[1].result.headline == "Jink failed · the pool of 20 carries"
    assert (
        GAME.describe(state.setup, state.hands[2].entry) == "♣ trumps · Dan robbed · "
        "Dan jinked, all five"
    )


def test_a_spoiled_deal_is_called_spoiled_where_the_hands_are_listed() -> None:
    # Ann 2, Bob 2, Cat 1, Dan 0: nobody won three tricks, so the deal is spoiled (the ruling),
    # and the line the pad and the summary show says so; a deal someone takes does not.
    state = after(make(), [SPOILED, CAT_JINK_FAILS])
    assert GAME.describe(state.setup, state.hands[0].entry) == (
        "♥ trumps · Ann and Bob 2 tricks · spoiled"
    )
    # Under the "as written" option the most tricks alone take the pool: a tie is still spoiled.
    most = make(winning="most")
    assert GAME.describe(most, SPOILED).endswith("Ann and Bob 2 tricks · spoiled")
    assert not GAME.describe(most, deal([1, 3, 1, 0])).endswith("spoiled")


def test_each_deal_adds_up_to_zero_with_the_pool() -> None:
    # Counters only move between the players and the pool: a deal's points plus the pool's
    # change is zero (deal 1: −10 + 10; deal 2: −10 + 10; deal 3: +20 − 20).
    # A misdeal too: −2 + 2 (Dan's, after the made jink, in deal 4).
    state = after(make(), [SPOILED, CAT_JINK_FAILS, DAN_JINK_MADE, MISDEAL])
    pool = 0
    for hand in state.hands:
        assert sum(hand.result.points) + hand.result.carry.total - pool == 0
        pool = hand.result.carry.total


def test_a_claim_after_the_first_three_tricks() -> None:
    # Ann deals; Bob won the first three and claims at once: only three tricks are played.
    # Pool 4 × 2 + 2 = 10 to Bob: Bob −2 + 10 = +8, Ann −4, Cat and Dan −2.
    result = score_one(make(), deal([0, 3, 0, 0], first_three=BOB, jink="claimed"))
    assert result.points == (-4, 8, -2, -2)
    assert "Bob won the first three tricks and claims the pool: 10" in result.lines
    assert result.facts["end"] == "claimed"


def test_three_tricks_take_the_pool_not_won_in_the_first_three() -> None:
    # Ann 1, Bob 3, Cat 1, Dan 0, Bob's three not the first three: Bob takes 10, +8.
    result = score_one(make(), deal([1, 3, 1, 0]))
    assert result.points == (-4, 8, -2, -2)
    assert result.headline == "Bob takes the pool of 10"


def test_the_pool_is_shown_at_all_times() -> None:
    setup = make()
    # Before the first deal: an empty pool; Ann deals: 4 × 2 + 2 = 10 will be in play.
    assert GAME.table_notes(State(setup)) == ("Pool: 0", "Each antes 2, Ann adds 2 → 10")
    # After the spoiled deal 1: 10 carried; Bob deals: 10 + 8 + 2 = 20 in play.
    state = after(setup, [SPOILED])
    assert GAME.table_notes(state) == ("Pool: 10 (carried)", "Each antes 2, Bob adds 2 → 20")


# ---------------------------------------------------------------- the settlement


def test_the_pool_left_at_the_end_goes_back_to_who_put_it_in() -> None:
    # After the three deals above (−10, −10, −10, +30, the pool empty), deal 4 (Dan deals) is
    # spoiled: Ann, Bob, Cat −2, Dan −2 − 2 = −4; the pool holds Ann 2, Bob 2, Cat 2, Dan 4 = 10.
    state = after(make(), [SPOILED, CAT_JINK_FAILS, DAN_JINK_MADE, SPOILED])
    assert state.totals == (-12, -12, -12, 26)
    settlement = GAME.settlement(state)
    # Each player's total plus their stakes in the pool: −10, −10, −10, +30; each pays Dan 10.
    assert settlement.nets == (-10, -10, -10, 30)
    assert [(p.payer, p.payee, p.amount) for p in settlement.payments] == [
        (ANN, DAN, 10),
        (BOB, DAN, 10),
        (CAT, DAN, 10),
    ]
    assert "Ann 2, Bob 2, Cat 2, Dan 4" in settlement.method
    assert settlement.unit == "counters"


def test_when_the_last_pool_was_won_the_totals_are_the_settlement() -> None:
    state = after(make(), [SPOILED, CAT_JINK_FAILS, DAN_JINK_MADE])
    # Worked above: −10, −10, −10, +30 with the pool empty.
    assert GAME.settlement(state).nets == (-10, -10, -10, 30)


def test_the_leader_is_chosen_once_the_pool_is_given_back() -> None:
    # Three players, the defaults (ante 2, dealer's stake 2), each pool 3 × 2 + 2 = 8.
    # Deal 1, Ann deals, Cat takes three tricks: Ann −2 − 2 = −4, Bob −2, Cat −2 + 8 = +6.
    # Deal 2, Bob deals, Ann takes three: Ann +6, Bob −4, Cat −2.
    # Deal 3, Cat deals, spoiled: Ann −2, Bob −2, Cat −4; the pool of 8 stays on the table.
    state = after(make(3), [deal([1, 1, 3]), deal([3, 1, 1]), deal([2, 2, 1])])
    assert state.totals == (0, -8, 0)  # Ann and Cat level on the totals
    # The pool goes back as Ann 2, Bob 2, Cat 4: Ann +2, Bob −6, Cat +4, and Cat alone leads.
    assert GAME.ranked_totals(state) == (2, -6, 4)
    assert GAME.settlement(state).nets == (2, -6, 4)
    assert GAME.outcome(state).winners == (CAT,)
    assert not GAME.outcome(state).finished  # the players end the evening, never the pad


# ---------------------------------------------------------------- the house rules


def test_peel_one_counter_after_a_spoil() -> None:
    # Three players, ante 3, dealer's stake 1, Peel's one counter after a spoil.
    setup = make(3, ante="3", dealer_stake="1", spoil_ante="one")
    state = after(setup, [deal([2, 2, 1]), deal([1, 1, 3]), deal([3, 1, 1])])
    first, second, third = (hand.result.points for hand in state.hands)
    # Deal 1, Ann deals: 3 × 3 + 1 = 10, spoiled: Ann −3 − 1 = −4, Bob −3, Cat −3.
    assert first == (-4, -3, -3)
    # Deal 2, Bob deals, the pool carried: each adds only 1: 10 + 3 × 1 + 1 = 14; Cat's three
    # tricks take it: Cat −1 + 14 = +13, Ann −1, Bob −1 − 1 = −2.
    assert second == (-1, -2, 13)
    assert "3 players, after a spoil each adds only 1: 3 × 1 = 3" in state.hands[1].result.lines
    # Deal 3, Cat deals, a new pool: the full ante again: 3 × 3 + 1 = 10 to Ann: +7, Bob −3,
    # Cat −3 − 1 = −4.
    assert third == (7, -3, -4)


def test_the_jink_is_paid_the_full_ante_under_peel() -> None:
    # Peel: the jinker "receives from each player his original stake": the ante (3), not the
    # one counter added after a spoil. Deal 1 spoiled (3 × 3 + 1 = 10, carried); deal 2, Bob
    # deals: 10 + 3 × 1 + 1 = 14; Ann jinks and makes it: 14 + 2 × 3 = 20, Ann −1 + 20 = +19;
    # Bob −1 − 1 − 3 = −5, Cat −1 − 3 = −4.
    setup = make(3, ante="3", dealer_stake="1", spoil_ante="one")
    state = after(setup, [deal([2, 2, 1]), deal([5, 0, 0], first_three=ANN, jink="made")])
    assert state.hands[1].result.points == (19, -5, -4)


def test_ante_three_and_a_larger_dealer_stake() -> None:
    # Ante 3, dealer's stake 5, five players: 5 × 3 + 5 = 20; Eve wins three: −3 + 20 = +17;
    # Ann (dealing) −3 − 5 = −8, the others −3.
    result = score_one(make(5, ante="3", dealer_stake="5"), deal([1, 0, 1, 0, 3]))
    assert result.points == (-8, -3, -3, -3, 17)


@pytest.mark.parametrize(
    ("tricks", "points"),
    [
        # 4 × 2 + 2 = 10 in play. Ann 2, Bob 1, Cat 1, Dan 1: Ann has the most alone and takes it:
        # −4 + 10 = +6; under the default rule this deal is spoiled.
        pytest.param([2, 1, 1, 1], (6, -2, -2, -2), id="as written: 2 tricks, the most, take 10"),
        # Ann 2, Bob 2, Cat 1: a tie for the most: nobody has "the highest number": spoiled.
        pytest.param([2, 2, 1, 0], (-4, -2, -2, -2), id="as written: a tie for the most spoils"),
        # Cat 3: the most (and three): takes 10: −2 + 10 = +8.
        pytest.param([1, 0, 3, 1], (-4, -2, 8, -2), id="as written: three tricks are the most"),
    ],
)
def test_as_written_the_most_tricks_take_the_pool(
    tricks: list[int], points: tuple[int, ...]
) -> None:
    assert score_one(make(winning="most"), deal(tricks)).points == points


def test_as_written_a_tie_among_five_single_tricks_spoils() -> None:
    # Five players with one trick each: a tie for the most; 5 × 2 + 2 = 12 carries.
    result = score_one(make(5, winning="most"), deal([1, 1, 1, 1, 1]))
    assert result.carry.total == 12
    assert "Spoiled: nobody won the most tricks alone; the pool of 12 carries" in result.lines


def test_as_written_a_failed_jink_carries_the_pool_even_with_the_most_tricks() -> None:
    # The text: failing the jink "you lose all claim to the pool": Cat's 4 tricks (the most)
    # do not take it; 10 carries.
    result = score_one(make(winning="most"), CAT_JINK_FAILS)
    assert result.carry.total == 10 and result.points == (-4, -2, -2, -2)


def test_the_default_rules() -> None:
    # docs/rulings.md and the text: ante 2 (of 2–3), three tricks, the full ante after a spoil; a
    # misdeal costs the deal only (the text's extra dealer's stake is "optionally, if all
    # players agree").
    setup, problems = make_setup("maw", list(NAMES[:4]))
    assert problems == []
    settings = GAME.settings(setup)
    assert (settings.ante, settings.dealer_stake) == (2, 2)
    assert settings.spoil_ante.value == "full" and settings.winning.value == "three"
    assert settings.misdeal_penalty.value == "none"


# ---------------------------------------------------------------- a misdeal
# The text: "If you deal too many or too few cards, accidentally or intentionally expose a card
# ..., you forfeit your turn as a dealer and dealing passes to the left. Optionally, if all
# players agree, you can add another dealer's stake to the pool." The dealer's stake paid before
# the deal stays in the pool ("another" stake is added on top of it); the antes are paid once,
# with the deal then played (docs/rules/maw.md).


def test_a_misdeal_leaves_the_dealers_stake_and_passes_the_deal() -> None:
    state = after(make(), [SPOILED, MISDEAL, deal([0, 3, 1, 1])])
    spoiled, misdealt, won = (hand.result for hand in state.hands)
    # Deal 1, Ann deals: spoiled, 10 carried (Ann −4, the others −2), as above.
    assert spoiled.carry.total == 10
    # Bob's deal: he misdeals; his dealer's stake 2 stays in the pool: 10 + 2 = 12. Bob −2,
    # nobody else pays.
    assert misdealt.points == (0, -2, 0, 0)
    assert misdealt.lines == (
        "Pool carried from a spoiled deal: 10",
        "Bob deals and adds the dealer's stake: 2",
        "Bob misdealt and loses the deal, which passes to Cat; the dealer's stake stays in "
        "the pool",
        "No antes for a misdeal: each player antes once, at Cat's deal",
        f"Bob: {MINUS}2 dealer's stake = {MINUS}2",
        "Pool after the misdeal: 10 + 2 = 12 (the pool carries)",
    )
    assert misdealt.headline == "Bob misdealt · the deal passes to Cat"
    assert misdealt.redeal  # no deal played
    # Cat deals (the deal passed to the left): 12 + 4 × 2 + 2 = 22; Bob's three tricks take it:
    # Bob −2 + 22 = +20, Ann −2, Cat −2 − 2 = −4, Dan −2.
    assert won.points == (-2, 20, -4, -2)
    assert won.lines[:4] == (
        "Pool carried from a spoiled deal and a misdeal: 12",
        "4 players, each antes 2: 4 × 2 = 8",
        "Cat deals and adds the dealer's stake: 2",
        "Pool in play: 12 + 8 + 2 = 22",
    )
    # Totals: Ann −4 − 2 = −6, Bob −2 − 2 + 20 = +16, Cat −2 − 4 = −6, Dan −2 − 2 = −4: the
    # pool is empty, so they add up to zero. Two deals played, one misdeal.
    assert state.totals == (-6, 16, -6, -4)
    assert state.hands_played == 2
    assert GAME.dealer(state) == DAN


def test_a_misdeal_with_the_extra_stake_and_peel_after_a_spoil() -> None:
    # The text's option: the misdealer adds another dealer's stake. With Peel's one counter.
    state = after(
        make(misdeal_penalty="stake", spoil_ante="one"), [SPOILED, MISDEAL, deal([0, 3, 1, 1])]
    )
    misdealt, won = state.hands[1].result, state.hands[2].result
    # Bob leaves his stake 2 and adds another 2: −4; the pool 10 + 2 + 2 = 14.
    assert misdealt.points == (0, -4, 0, 0)
    assert "Bob adds another dealer's stake for the misdeal: 2" in misdealt.lines
    assert f"Bob: {MINUS}2 dealer's stake {MINUS} 2 misdeal = {MINUS}4" in misdealt.lines
    assert misdealt.lines[-1] == "Pool after the misdeal: 10 + 2 + 2 = 14 (the pool carries)"
    # Cat deals; the pool came from a spoil, so each adds Peel's 1: 14 + 4 × 1 + 2 = 20 to
    # Bob: −1 + 20 = +19, Ann −1, Cat −1 − 2 = −3, Dan −1.
    assert won.points == (-1, 19, -3, -1)


def test_a_misdeal_is_no_spoil_for_peels_one_counter() -> None:
    # Peel's one counter is for a pool carried from a spoil. Ann misdeals the first deal: the
    # pool holds her stake 2 only. Bob deals with the full ante: 2 + 4 × 2 + 2 = 12; Ann's
    # three tricks take it: Ann −2 + 12 = +10, Bob −2 − 2 = −4, Cat −2, Dan −2.
    setup = make(spoil_ante="one")
    state = after(setup, [MISDEAL])
    assert GAME.table_notes(state) == ("Pool: 2 (from a misdeal)", "Each antes 2, Bob adds 2 → 12")
    state = after(setup, [MISDEAL, deal([3, 1, 1, 0])])
    assert state.hands[1].result.points == (10, -4, -2, -2)
    assert state.hands[1].result.lines[:2] == (
        "Pool carried from a misdeal: 2",
        "4 players, each antes 2: 4 × 2 = 8",
    )


def test_a_misdeal_last_gives_the_stake_back_at_the_settlement() -> None:
    # Ann misdeals and the evening ends: her −2 and the pool's 2 of hers net to zero.
    state = after(make(), [MISDEAL])
    assert state.totals == (-2, 0, 0, 0)
    settlement = GAME.settlement(state)
    assert settlement.nets == (0, 0, 0, 0)
    assert "Ann 2" in settlement.method


def test_a_misdeal_ignores_tricks_sent_with_it() -> None:
    # A misdeal has no tricks: values sent for the deal's other fields do not apply.
    result = score_one(make(), {**deal([3, 1, 1, 0]), "deal": "misdeal"})
    assert result.points == (-2, 0, 0, 0)
    assert result.facts == {
        "deal": "misdeal",
        "dealer": ANN,
        "dealer_stake": 2,
        "penalty": 0,
        "pool_before": 0,
        "pool_after": 2,
    }


# ---------------------------------------------------------------- the referee: every refusal


@pytest.mark.parametrize(
    ("raw", "field", "phrase"),
    [
        # 2 + 1 + 1 + 0 = 4 tricks: a deal has five.
        pytest.param(
            deal([2, 1, 1, 0]),
            "tricks_0",
            "The tricks add up to 4 (Ann 2, Bob 1, Cat 1, Dan 0)",
            id="4 tricks",
        ),
        # 3 + 2 + 1 + 0 = 6.
        pytest.param(deal([3, 2, 1, 0]), "tricks_0", "must add up to 5", id="6 tricks"),
        # A claim stops the deal after three tricks: 3 + 2 = 5 cannot have been played.
        pytest.param(
            deal([0, 3, 2, 0], first_three=BOB, jink="claimed"),
            "tricks_0",
            "The tricks add up to 5 (Ann 0, Bob 3, Cat 2, Dan 0): a claim after the first "
            "three tricks ends the deal there, so they must add up to 3.",
            id="claim, 5 tricks",
        ),
        # Bob won 2 tricks: he cannot have won the first three, so he cannot have jinked.
        pytest.param(
            deal([3, 2, 0, 0], first_three=BOB, jink="failed"),
            "first_three",
            "Bob won 2 tricks, so Bob did not win the first three",
            id="jink by Bob, 2",
        ),
        # A jink with nobody entered as winning the first three tricks.
        pytest.param(
            deal([1, 1, 3, 0], jink="made"),
            "jink",
            "Only the player who won the first three tricks may claim the pool or jink",
            id="jink without a winner of the first three",
        ),
        # A claim with nobody entered as winning the first three tricks.
        pytest.param(
            deal([1, 1, 3, 0], jink="claimed"),
            "jink",
            "nobody is entered",
            id="claim without a winner of the first three",
        ),
        # A made jink is all five tricks; Cat won 4.
        pytest.param(
            deal([1, 0, 4, 0], first_three=CAT, jink="made"),
            "jink",
            "Cat won 4, so the jink failed",
            id="jink made with 4 tricks",
        ),
        # A failed jink with all five tricks.
        pytest.param(
            deal([0, 0, 5, 0], first_three=CAT, jink="failed"),
            "jink",
            "the jink was made, not failed",
            id="jink failed with 5 tricks",
        ),
        # Cat won the first three but neither claimed nor jinked.
        pytest.param(
            deal([0, 1, 4, 0], first_three=CAT),
            "jink",
            "say which",
            id="first three won, no claim or jink",
        ),
        # All five tricks to Dan, but nobody won the first three.
        pytest.param(
            deal([0, 0, 0, 5]),
            "first_three",
            "Dan won all five tricks",
            id="all five without the first three",
        ),
    ],
)
def test_the_referee_refuses(raw: dict[str, Any], field: str, phrase: str) -> None:
    assert_refused_on(verdict(make(), raw), field, phrase)


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        pytest.param({**deal([2, 1, 1, 1]), "tricks_2": 6}, "tricks_2", id="6 tricks to one seat"),
        pytest.param(
            deal([2, 1, 1, 1], first_three=7, jink="claimed"),
            "first_three",
            id="first three to a seat not at the table",
        ),
        pytest.param(deal([2, 1, 1, 1], robbed=4), "robbed", id="a robber not at the table"),
        pytest.param({**deal([2, 1, 1, 1]), "trump": "T"}, "trump", id="no tarot trumps"),
        pytest.param({"deal": "redeal"}, "deal", id="a deal neither played nor misdealt"),
    ],
)
def test_the_parser_refuses(raw: dict[str, Any], field: str) -> None:
    assert field in {problem.field for problem in verdict(make(), raw).problems}


@pytest.mark.parametrize("count", [1, 11])
def test_two_to_ten_players(count: int) -> None:
    # The text: "up to 10 may play"; a trick game needs two.
    _, problems = make_setup("maw", [f"P{seat}" for seat in range(count)])
    assert [problem.field for problem in problems] == ["players"]
    assert f"not {count}" in problems[0].message


def test_ten_players_are_a_table() -> None:
    # Ten players, Ann deals: 10 × 2 + 2 = 22; seat 9 wins three tricks: −2 + 22 = +20.
    setup = table("maw", [f"P{seat}" for seat in range(10)])
    result = score_one(setup, deal([1, 0, 0, 0, 0, 0, 0, 0, 1, 3]))
    assert result.points == (-4, *([-2] * 8), 20)


def test_the_trick_referee_still_judges_maw() -> None:
    # Clubs trumps: the Jack of trumps ranks second only to the Five; Bob (seat 1) wins.
    answer, problems = judge_request(
        referee_for("maw"),
        {"players": 4, "context": {"trump": "C"}, "cards": ["AH", "JC", "KC", "5S"]},
    )
    assert problems == []
    assert answer["verdicts"][0]["winner_seat"] == BOB


def test_the_trick_referee_refuses_eleven_players() -> None:
    _, problems = judge_request(
        referee_for("maw"), {"players": 11, "context": {"trump": "C"}, "cards": ["AH", "JC"]}
    )
    assert [problem.field for problem in problems] == ["players"]
