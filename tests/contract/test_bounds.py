"""Every game's bounds against its pack: what the fields declare and what the referee lets
through are exactly what the cards make possible.

For each of the five games and each player count, the possible points are derived here from the
game's own pack and point table (the module's constants, summed with
`companion.kit.counting.achievable_totals`), never copied from the module's bounds. Then:
    the points field's minimum and maximum are the least and the most a side can hold;
    the referee refuses the values just outside what is possible, and the gaps inside;
    the referee accepts the extremes that are possible.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.contract.registry import get
from companion.contract.values import Field, Setup, State
from companion.engine.judging import waits_for_a_fix
from companion.engine.replay import Checked, check_progress
from companion.games import calabrasella, french_tarot, skat, tantony, troggu
from companion.kit.cards import (
    Card,
    Suit,
    is_bout,
    pack_32_seven_to_ace,
    pack_40_no_eight_to_ten,
)
from companion.kit.counting import achievable_totals
from tests.games.tables import table, verdict

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def setup_for(slug: str, count: int) -> Setup:
    """A table of `count` players with every option at its default."""
    return table(slug, NAMES[:count])


def field_of(setup: Setup, name: str) -> Field:
    """The entry field `name` as the game declares it for this table."""
    return next(spec for spec in get(setup.game).fields(setup) if spec.name == name)


def refused_on(result: Checked) -> list[str]:
    """The fields the referee (or the parser) refused for a fault of their own (issue 27: a
    rule the fault keeps from being judged says so on its own field, which is not a refusal
    of that field)."""
    return [problem.field or "" for problem in result.problems if not waits_for_a_fix(problem)]


# ---------------------------------------------------------------- French Tarot

TAROT_COUNTS = get("french-tarot").player_counts
TAROT_TOTAL_HALVES = sum(french_tarot.HALF_POINTS(card) for card in french_tarot.PACK)
TAROT_BOUTS = sorted(french_tarot.HALF_POINTS(card) for card in french_tarot.PACK if is_bout(card))
TAROT_OTHERS = sorted(
    french_tarot.HALF_POINTS(card) for card in french_tarot.PACK if not is_bout(card)
)


def fewest_halves(bouts: int, pile: int) -> int:
    """The fewest half points a side with `bouts` bouts and a pile of `pile` cards it surely
    holds (the chien) can count: its bouts, lying in the pile where they can, and the pile's
    other cards the cheapest of the pack."""
    return sum(TAROT_BOUTS[:bouts]) + sum(TAROT_OTHERS[: max(0, pile - bouts)])


CHIEN_GOES_TO = {"garde_sans": "taker", "garde_contre": "defence"}
"""The text: "If petite, garde, or garde sans le chien bids were made, the chien cards are added
to the taker's trick pile. If the bid was garde contre le chien, these are added to the
opponent's" (the FFT likewise). Unseen, the chien may hold bouts. (In a petite or garde the
taker's écart of 6 cards, no bout, also counts for the taker: see the xfail below.)"""


def taker_range(count: int, contract: str, bouts: int) -> tuple[float, float]:
    """The least and the most the taker's side can count with `bouts` bouts, from the pack:
    the unseen chien of a garde sans is the taker's, of a garde contre the defence's; in a
    petite or a garde the taker's écart (as many cards as the chien, no bout) is the taker's."""
    chien = french_tarot.CHIEN_SIZES[count]
    holder = CHIEN_GOES_TO.get(contract)
    taker_pile = chien if holder == "taker" else 0
    defence_pile = chien if holder == "defence" else 0
    least = fewest_halves(bouts, taker_pile)
    if contract in ("petite", "garde"):
        least += chien  # the écart: as many cards as the chien, no bout, half a point each
    most = TAROT_TOTAL_HALVES - fewest_halves(len(TAROT_BOUTS) - bouts, defence_pile)
    return least / 2, most / 2


def tarot_entry(
    count: int, contract: str, taker_points: float, bouts: int, counted_side: str
) -> dict[str, Any]:
    """A played hand with the taker's side at `taker_points`, entered for either side, and the
    chelem that such points mean at the ends (91: the taker's; 0: the defence's)."""
    chelem = {91: "unannounced_made", 0: "defence_made"}.get(taker_points, "none")
    total = TAROT_TOTAL_HALVES / 2
    points, counted_bouts = (
        (taker_points, bouts)
        if counted_side == "taker"
        else (total - taker_points, len(TAROT_BOUTS) - bouts)
    )
    entry = {
        "contract": contract,
        "taker": 0,
        "counted_side": counted_side,
        "points": points,
        "bouts": counted_bouts,
        "chelem": chelem,
    }
    return {**entry, "partner": 1} if count == 5 else entry


def test_the_tarot_pack_counts_91_in_half_points_with_no_gap() -> None:
    # 78 cards; 3 bouts of 4.5; 59 cards of 0.5 (40 pips, trumps 2-20), so every half point
    # from 0 to 91 can be one side's total and the points field runs 0 to 91 in halves.
    assert len(french_tarot.PACK) == 78
    assert TAROT_BOUTS == [9, 9, 9]
    assert TAROT_OTHERS.count(1) == 40 + 19 == 59
    assert achievable_totals(french_tarot.PACK, french_tarot.HALF_POINTS) == frozenset(
        range(TAROT_TOTAL_HALVES + 1)
    )
    assert TAROT_TOTAL_HALVES / 2 == french_tarot.TOTAL_POINTS == 91


def test_every_bout_and_king_of_the_tarot_pack_counts_4_5() -> None:
    # The table the tarot bounds rest on: bouts and Kings 4.5, Queens 3.5, Knights 2.5,
    # Jacks 1.5, everything else 0.5 (FFT); a trump 14 is no King.
    excuse = Card(Suit.EXCUSE, 0, tarot=True)
    king = Card(Suit.SPADES, 14, tarot=True)
    queen, knight, jack = (Card(Suit.HEARTS, rank, tarot=True) for rank in (13, 12, 11))
    trump14 = Card(Suit.TRUMP, 14, tarot=True)
    assert [
        french_tarot.HALF_POINTS(card) / 2 for card in (excuse, king, queen, knight, jack, trump14)
    ] == [4.5, 4.5, 3.5, 2.5, 1.5, 0.5]


@pytest.mark.parametrize("count", TAROT_COUNTS)
def test_the_tarot_deal_and_fields(count: int) -> None:
    # Each player's hand and the chien make the pack: 2 × 36 + 6, 3 × 24 + 6, 4 × 18 + 6,
    # 5 × 15 + 3 (docs/rulings.md: the FFT at 5) = 78.
    hands = french_tarot.HAND_SIZES[count] * count
    assert hands + french_tarot.CHIEN_SIZES[count] == len(french_tarot.PACK)
    setup = setup_for("french-tarot", count)
    points, bouts = field_of(setup, "points"), field_of(setup, "bouts")
    assert (points.minimum, points.maximum) == (0, TAROT_TOTAL_HALVES / 2)
    assert (bouts.minimum, bouts.maximum) == (0, len(TAROT_BOUTS))


TAROT_CASES = [
    pytest.param(
        count,
        contract,
        bouts,
        side,
        id=f"{count} players {contract} {bouts} bouts counted for the {side}",
    )
    for count in TAROT_COUNTS
    for contract in french_tarot.PLAYED
    for bouts in range(4)
    for side in ("taker", "defence")
]


@pytest.mark.parametrize(("count", "contract", "bouts", "side"), TAROT_CASES)
def test_the_tarot_referee_keeps_to_what_the_pack_allows(
    count: int, contract: str, bouts: int, side: str
) -> None:
    # Garde sans: the taker holds the chien; garde contre: the defence (CHIEN_GOES_TO).
    # Petite and garde: the bouts alone bound the points here (the écart: the xfail below).
    least, most = taker_range(count, contract, bouts)
    setup = setup_for("french-tarot", count)
    for points in (least, most):
        result = verdict(setup, tarot_entry(count, contract, points, bouts, side))
        assert result.ok, (points, result.problems)
    for points in (least - 0.5, most + 0.5):
        result = verdict(setup, tarot_entry(count, contract, points, bouts, side))
        assert refused_on(result) == ["points"], (points, result.problems)


def test_the_tarot_bounds_of_a_garde_contre_at_four() -> None:
    # The numbers the sweep above derives, written out: the defence holds the chien of 6, at
    # least 0.5 each, and its bouts (4.5 each) may lie in it: with 3 bouts for the taker the
    # defence has at least 6 × 0.5 = 3, so 91 − 3 = 88; with 2, 4.5 + 5 × 0.5 = 7, so 84.
    assert taker_range(4, "garde_contre", 3) == (13.5, 88)
    assert taker_range(4, "garde_contre", 2) == (9, 84)
    # Garde sans: the taker holds it: 3 bouts 13.5 + 3 × 0.5 = 15; no bout 6 × 0.5 = 3.
    assert taker_range(4, "garde_sans", 3) == (15, 91)
    assert taker_range(4, "garde_sans", 0) == (3, 77.5)
    # 5 players, the chien of 3: 91 − 3 × 0.5 = 89.5.
    assert taker_range(5, "garde_contre", 3) == (13.5, 89.5)


def test_the_ecart_of_a_garde_counts_for_the_taker() -> None:
    # The écart (6 cards at 4 players, no bout) counts for the taker: 2 bouts 9 + 3 = 12.
    assert not verdict(setup_for("french-tarot", 4), tarot_entry(4, "garde", 11.5, 2, "taker")).ok
    assert verdict(setup_for("french-tarot", 4), tarot_entry(4, "garde", 12, 2, "taker")).ok
    # 5 players: an écart of 3 cards, 1.5 at least: no bout → 1.5; 0.5 is refused.
    assert not verdict(setup_for("french-tarot", 5), tarot_entry(5, "petite", 1, 0, "taker")).ok


# ---------------------------------------------------------------- Skat

SKAT_COUNTS = get("skat").player_counts
SKAT_PACK = pack_32_seven_to_ace()
SKAT_TOTALS = achievable_totals(SKAT_PACK, skat.SKAT_POINTS)
SKAT_TOTAL = max(SKAT_TOTALS)


def skat_entry(points: int, counted_side: str = "declarer", **rest: Any) -> dict[str, Any]:
    """Bob's Clubs game with 1 with these card points, marked as the points decide: won at 61,
    schneider when a side has 30 or fewer (Clubs with 1, game 2, schneider 3 = 36 ≥ 18)."""
    declarer = points if counted_side == "declarer" else SKAT_TOTAL - points
    level = "schneider" if min(declarer, SKAT_TOTAL - declarer) <= 30 else "none"
    return {
        "game": "clubs",
        "declarer": 1,
        "matadors": 1,
        "card_points": points,
        "counted_side": counted_side,
        "schneider": level,
        "result": "won" if declarer >= 61 else "lost",
        **rest,
    }


def test_the_skat_pack_makes_every_total_but_1_and_119() -> None:
    # Ace 11, Ten 10, King 4, Queen 3, Jack 2: 4 × 30 = 120; the smallest counting card is 2,
    # so 1 and its complement 119 cannot be a side's total.
    assert SKAT_TOTAL == skat.TOTAL_POINTS == 120
    assert set(range(SKAT_TOTAL + 1)) - SKAT_TOTALS == {1, 119}
    assert SKAT_TOTALS == skat.POSSIBLE_POINTS


@pytest.mark.parametrize("count", SKAT_COUNTS)
@pytest.mark.parametrize("side", ["declarer", "defenders"])
def test_the_skat_card_points_keep_to_the_pack(count: int, side: str) -> None:
    setup = setup_for("skat", count)
    spec = field_of(setup, "card_points")
    assert (spec.minimum, spec.maximum) == (min(SKAT_TOTALS), SKAT_TOTAL)
    gaps = set(range(SKAT_TOTAL + 1)) - SKAT_TOTALS
    for points in sorted({min(SKAT_TOTALS) - 1, SKAT_TOTAL + 1, *gaps}):
        assert refused_on(verdict(setup, skat_entry(points, side))) == ["card_points"], points
    # 0 and 120 (a side with only blank tricks), 2 and 118 (a Jack) can happen.
    for points in (min(SKAT_TOTALS), min(SKAT_TOTALS - {0}), SKAT_TOTAL - 2, SKAT_TOTAL):
        result = verdict(setup, skat_entry(points, side))
        assert result.ok, (points, result.problems)


@pytest.mark.parametrize("count", SKAT_COUNTS)
def test_the_skat_matadors_keep_to_the_trumps(count: int) -> None:
    # A suit game's trumps: the four Jacks and the suit's other 7 cards, 11; a Grand's: the
    # four Jacks.
    jacks = [card for card in SKAT_PACK if card.rank == 11]
    clubs = [card for card in SKAT_PACK if card.suit is Suit.CLUBS and card.rank != 11]
    setup = setup_for("skat", count)
    assert field_of(setup, "matadors").maximum == len(jacks) + len(clubs) == 11
    assert skat.MOST_MATADORS[skat.GameType.GRAND] == len(jacks)
    assert verdict(setup, skat_entry(70, matadors=11)).ok
    assert refused_on(verdict(setup, skat_entry(70, matadors=12))) == ["matadors"]
    assert verdict(setup, skat_entry(70, game="grand", matadors=4)).ok
    assert refused_on(verdict(setup, skat_entry(70, game="grand", matadors=5))) == ["matadors"]


@pytest.mark.parametrize("count", SKAT_COUNTS)
def test_a_schwarz_declarer_keeps_at_most_the_skat(count: int) -> None:
    # A declarer who took no trick has only the skat: its 2 cards, at most two Aces, 22.
    most = sum(sorted((skat.SKAT_POINTS(card) for card in SKAT_PACK), reverse=True)[:2])
    setup = setup_for("skat", count)
    assert verdict(setup, skat_entry(most, schneider="schwarz")).ok
    assert refused_on(verdict(setup, skat_entry(most + 1, schneider="schwarz"))) == ["schneider"]


# ---------------------------------------------------------------- Calabrasella

CALABRASELLA_COUNTS = get("calabrasella").player_counts
CALABRASELLA_CARDS = achievable_totals(pack_40_no_eight_to_ten(), calabrasella.CALABRASELLA_POINTS)
CALABRASELLA_TOTALS = CALABRASELLA_CARDS | {
    points + calabrasella.CALABRASELLA_LAST_TRICK for points in CALABRASELLA_CARDS
}


def played(points: int, **rest: Any) -> dict[str, Any]:
    """Bob's deal as the single player (Ann deals, so Bob plays at three and four)."""
    return {"event": "played", "player": 1, "points": points, **rest}


@pytest.mark.parametrize("count", CALABRASELLA_COUNTS)
@pytest.mark.parametrize("side", ["player", "adversaries"])
def test_the_calabrasella_points_keep_to_the_pack(count: int, side: str) -> None:
    # The cards count 32 and make every total to 32; the last trick adds 3: 0 to 35, no gap.
    assert set(range(calabrasella.TOTAL_POINTS + 1)) == CALABRASELLA_TOTALS
    setup = setup_for("calabrasella", count)
    spec = field_of(setup, "points")
    assert (spec.minimum, spec.maximum) == (min(CALABRASELLA_TOTALS), max(CALABRASELLA_TOTALS))
    for points in (min(CALABRASELLA_TOTALS) - 1, max(CALABRASELLA_TOTALS) + 1):
        assert refused_on(verdict(setup, played(points, counted_side=side))) == ["points"]
    for points in (min(CALABRASELLA_TOTALS), max(CALABRASELLA_TOTALS)):
        assert verdict(setup, played(points, counted_side=side)).ok


@pytest.mark.parametrize("count", CALABRASELLA_COUNTS)
def test_a_claim_keeps_the_last_trick_for_the_player(count: int) -> None:
    # After an adversary's error the player claims the last trick (3): the adversaries can
    # only have counting cards, at most 32.
    last = calabrasella.CALABRASELLA_LAST_TRICK
    setup = setup_for("calabrasella", count)
    claim = {"event": "out_of_turn"}
    assert verdict(setup, played(last, **claim)).ok
    assert refused_on(verdict(setup, played(last - 1, **claim))) == ["points"]
    most = max(CALABRASELLA_CARDS)
    assert verdict(setup, played(most, counted_side="adversaries", **claim)).ok
    assert refused_on(verdict(setup, played(most + 1, counted_side="adversaries", **claim))) == [
        "points"
    ]


# ---------------------------------------------------------------- Troggu

TROGGU_COUNTS = get("troggu").player_counts
TROGGU_TOTALS = achievable_totals(troggu.PACK, troggu.TROGGU_POINTS)
TROGGU_TOTAL = max(TROGGU_TOTALS)


def tapp_fewest(count: int) -> int:
    """The fewest points the Tapp can hold: its cards (the pack less the hands) at the
    cheapest."""
    tapp = len(troggu.PACK) - count * troggu.hand_size(count)
    return sum(sorted(troggu.TROGGU_POINTS(card) for card in troggu.PACK)[:tapp])


@pytest.mark.parametrize("count", TROGGU_COUNTS)
@pytest.mark.parametrize("contract", ["tappist", "soloist"])
def test_the_troggu_points_keep_to_the_pack_and_the_tapp(count: int, contract: str) -> None:
    # 114 in all, every total possible; the Tapp counts for the Tappist or Soloist, at least
    # 1 a card: 8 at 3 players, 10 at 4, 7 at 5, 8 at 6.
    assert frozenset(range(TROGGU_TOTAL + 1)) == TROGGU_TOTALS
    setup = setup_for("troggu", count)
    spec = field_of(setup, "points")
    assert (spec.minimum, spec.maximum) == (min(TROGGU_TOTALS), TROGGU_TOTAL)
    least = tapp_fewest(count)
    assert least == troggu.tapp_size(count)

    def entry(points: int, side: str) -> dict[str, Any]:
        return {"contract": contract, "player": 0, "points": points, "counted_side": side}

    for points, side in (
        (least, "player"),
        (TROGGU_TOTAL, "player"),
        (TROGGU_TOTAL - least, "others"),
        (0, "others"),
    ):
        assert verdict(setup, entry(points, side)).ok, (points, side)
    for points, side in (
        (least - 1, "player"),
        (TROGGU_TOTAL + 1, "player"),
        (TROGGU_TOTAL - least + 1, "others"),
        (-1, "others"),
    ):
        assert refused_on(verdict(setup, entry(points, side))) == ["points"], (points, side)


# ---------------------------------------------------------------- Tantony

TANTONY_COUNTS = get("tantony").player_counts


def runt_problems(count: int, runt: str) -> list[str]:
    """What the referee says of a first trick whose runt is written as `runt`."""
    state = State(setup_for("tantony", count))
    result = check_progress(get("tantony"), state, {"tricks": [{"runt": runt, "to": 0}]})
    return [problem.message for problem in result.problems]


@pytest.mark.parametrize("count", TANTONY_COUNTS)
def test_the_tantony_tricks_use_the_whole_pack(count: int) -> None:
    # 52 cards / 4 = 13 tricks (4 × 3 placed and the Tantony card's); 36 / 3 = 12 (3 × 4).
    setup = setup_for("tantony", count)
    table_ = tantony.table_for(setup)
    pack = table_.pack
    assert len(pack) % count == 0
    spec = field_of(setup, "tricks")
    assert spec.minimum == spec.maximum == len(pack) // count
    assert table_.quota * count + (1 if table_.tantony_card else 0) == len(pack) // count
    assert {choice.value for choice in spec.choices} == {card.code for card in pack}


@pytest.mark.parametrize("count", TANTONY_COUNTS)
def test_the_tantony_runts_keep_to_the_packs_values(count: int) -> None:
    # Four players: 2–10, 15, 20, 25, 30; three players: 2–6, 10, 15, 20, 25. Every value a card
    # has is a runt; the values just outside and the gaps inside are not.
    table_ = tantony.table_for(setup_for("tantony", count))
    values = {table_.value(card) for card in table_.pack}
    gaps = set(range(min(values), max(values))) - values
    outside = {min(values) - 1, max(values) + 1} | gaps
    for value in sorted(values):
        assert runt_problems(count, str(value)) == [], value
    for value in sorted(outside):
        assert "no card is worth" in " ".join(runt_problems(count, str(value))), value


def test_a_card_outside_the_three_player_pack_is_no_runt() -> None:
    # The 36-card pack has no Sevens to Tens: 7♠ and 10♥ are refused, 6♠ and J♥ are runts.
    pack = {card.code for card in tantony.THREE_PLAYERS.pack}
    assert not {"7S", "10H"} & pack
    assert runt_problems(3, "6S") == []
    assert runt_problems(3, "JH") == []
    assert runt_problems(3, "7S") == [
        "Trick 1: 7♠ is not in the 36-card pack, which has no Sevens, Eights, Nines or Tens."
    ]
