"""Skat for 3 players (4 with the dealer sitting out): the score pad and its referee.

The rules text (`seeds/002`) says only that the soloist wins with 61 card points. As RULINGS.md
("Skat") decides, the list is kept with the International Skat Order (ISkO) game values:

    suit and Grand games:  value = base value × (matadors + game + hand + schneider + schneider
                                   announced + schwarz + schwarz announced + ouvert)
    Null games:            23, hand 35, ouvert 46, ouvert hand 59
    a lost game counts double, negative; an overbid game is lost, valued at the lowest multiple
    of its base value that reaches the bid.

Only the declarer's score is written (a list, not payments); the list is balanced by
differences at the end. Options: the Seeger-Fabian list, and "as written" (a point a game).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.cards import ACE, JACK, KING, QUEEN, Card, Suit, pack_32_seven_to_ace
from companion.counting import PointTable, achievable_totals, by_rank, side_points
from companion.formatting import signed
from companion.rules import register
from companion.rules.base import Game, leaders, typed_options
from companion.rules.referee import RankingReferee, register_referee
from companion.rules.values import (
    POINTS,
    Choice,
    Entry,
    Field,
    FieldKind,
    HandResult,
    Later,
    Outcome,
    Problem,
    Setup,
    State,
    by_value,
)
from companion.scoring import declarer_only
from companion.settlement import Settlement, settle_list
from companion.tricks import RankOrder, TrickRanking, WinBy


class GameType(StrEnum):
    """What the declarer announced, or that everyone passed."""

    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    CLUBS = "clubs"
    GRAND = "grand"
    NULL = "null"
    PASSED = "passed"


class Level(StrEnum):
    """A winning level beyond the plain game: announced, or reached by one side."""

    NONE = "none"
    SCHNEIDER = "schneider"
    SCHWARZ = "schwarz"


class Side(StrEnum):
    """Whose card points were counted: the other side has 120 minus them."""

    DECLARER = "declarer"
    DEFENDERS = "defenders"


class Result(StrEnum):
    """Won or lost, as the score keeper marks it (checked against the points and the bid)."""

    WON = "won"
    LOST = "lost"


class Matadors(StrEnum):
    """Whether the declarer plays with or without the top trumps."""

    WITH = "with"
    WITHOUT = "without"


class Scoring(StrEnum):
    """What goes on the list: ISkO game values, the Seeger-Fabian list, or the text's point."""

    ISKO = "isko"
    SEEGER_FABIAN = "seeger_fabian"
    AS_WRITTEN = "as_written"


# ---------------------------------------------------------------- the rules as data

SUITS: tuple[GameType, ...] = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES,
                               GameType.CLUBS)
TRUMP_GAMES: tuple[str, ...] = (*SUITS, GameType.GRAND)
"""Games won on card points, with trumps and matadors (everything but Null)."""

PLAYED: tuple[str, ...] = (*TRUMP_GAMES, GameType.NULL)
"""Every game but a pass."""

BASE_VALUES: dict[GameType, int] = {
    GameType.DIAMONDS: 9,
    GameType.HEARTS: 10,
    GameType.SPADES: 11,
    GameType.CLUBS: 12,
    GameType.GRAND: 24,
}
"""ISkO base values, multiplied by the levels."""

NULL_VALUES: dict[tuple[bool, bool], int] = {
    (False, False): 23,
    (True, False): 35,
    (False, True): 46,
    (True, True): 59,
}
"""ISkO Null values by (hand, ouvert): Null, Null hand, Null ouvert, Null ouvert hand."""

MOST_MATADORS: dict[GameType, int] = {
    **{suit: 11 for suit in SUITS},  # the four Jacks and the seven other trumps
    GameType.GRAND: 4,  # only the four Jacks are trumps
}

GAME_NAMES: dict[GameType, str] = {
    GameType.DIAMONDS: "Diamonds",
    GameType.HEARTS: "Hearts",
    GameType.SPADES: "Spades",
    GameType.CLUBS: "Clubs",
    GameType.GRAND: "Grand",
    GameType.NULL: "Null",
    GameType.PASSED: "Everyone passed",
}

SUIT_SYMBOLS: dict[GameType, str] = {
    GameType.DIAMONDS: "♦",
    GameType.HEARTS: "♥",
    GameType.SPADES: "♠",
    GameType.CLUBS: "♣",
}

# Skat (ISkO): Ace 11, Ten 10, King 4, Queen 3, Jack 2; Nine, Eight, Seven nothing. 120 in all.
SKAT_POINTS: PointTable = by_rank({ACE: 11, 10: 10, KING: 4, QUEEN: 3, JACK: 2})

TOTAL_POINTS = 120
WIN_POINTS = 61  # "61 wins, 60–60 loses" (RULINGS.md)
SCHNEIDER_POINTS = 30  # a side with 30 card points or fewer is schneider (ISkO 5.2.3)
ANNOUNCED_SCHNEIDER_POINTS = TOTAL_POINTS - SCHNEIDER_POINTS  # 90: the defenders at 30

POSSIBLE_POINTS: frozenset[int] = achievable_totals(pack_32_seven_to_ace(), SKAT_POINTS)
"""Every total a side can hold: all of 0–120 but 1 and 119 (the smallest counting card is 2)."""

SKAT_MOST: int = sum(sorted((SKAT_POINTS(card) for card in pack_32_seven_to_ace()),
                            reverse=True)[:2])
"""The most the two cards of the skat can count (two Aces, 22): all a schwarz declarer keeps."""

LEVELS_BEYOND_MATADORS: tuple[str, ...] = (
    "game", "hand", "schneider", "schneider announced", "schwarz", "schwarz announced", "ouvert")
"""The levels a suit or Grand game can add to its matadors (ISkO 5.2)."""

LOWEST_BID = 18
HIGHEST_BID = 264  # Grand ouvert with 4: 11 × 24

SEEGER_FABIAN_BONUS = 50
SEEGER_FABIAN_OPPONENTS: dict[int, int] = {3: 40, 4: 30}
"""Seeger-Fabian: what each other player receives when the declarer loses, by table size."""

LIST_LENGTHS: tuple[int, ...] = (0, 36, 48)
"""A fixed list: 36 games (three players deal 12 times each) or 48 (four players); 0 = none."""

RULING = "RULINGS.md, Skat"


def _game_values() -> frozenset[int]:
    """Every value a game can have: the numbers a player may bid."""
    values = set(NULL_VALUES.values())
    for game, base in BASE_VALUES.items():
        most = MOST_MATADORS[game] + len(LEVELS_BEYOND_MATADORS)
        values.update(base * factor for factor in range(2, most + 1))
    return frozenset(values)


BIDS: tuple[int, ...] = tuple(sorted(_game_values()))
"""The bids, lowest first: 18, 20, 22, 23, 24, 27, 30, … 264 (ISkO: one bids game values)."""


# ---------------------------------------------------------------- a game as the rules see it


@dataclass(frozen=True)
class Play:
    """One game as entered, seen from the declarer's side whichever side was counted."""

    game: GameType
    declarer: int
    bid: int
    matadors: int
    with_matadors: bool
    hand: bool
    ouvert: bool
    announced: Level
    counted_side: Side
    counted_points: int | None
    reached: Level  # schneider / schwarz reached by one side (the `schneider` field)
    result: Result

    @property
    def is_null(self) -> bool:
        """A Null game: fixed value, decided by tricks, no card points."""
        return self.game is GameType.NULL

    @property
    def points(self) -> int:
        """The declarer's card points, the skat included (0 for Null, which counts none)."""
        if self.counted_points is None:
            return 0
        return int(side_points(self.counted_points, self.counted_side is Side.DECLARER,
                               TOTAL_POINTS))

    @property
    def effective_announcement(self) -> Level:
        """What was announced: an ouvert suit or Grand game counts as schwarz announced."""
        if self.ouvert and not self.is_null:
            return Level.SCHWARZ
        return self.announced

    @property
    def defenders_schwarz(self) -> bool:
        """The declarer took every trick (the defenders hold no card point)."""
        return self.reached is Level.SCHWARZ and self.points == TOTAL_POINTS


GAME_TYPES = by_value(GameType)
LEVELS = by_value(Level)
SIDES = by_value(Side)
RESULTS = by_value(Result)


def read_play(entry: Entry) -> Play:
    """The game described by a parsed entry of a played game (not a pass)."""
    return Play(
        game=GAME_TYPES[entry["game"]],
        declarer=entry["declarer"],
        bid=entry.get("bid") or LOWEST_BID,
        matadors=entry.get("matadors") or 0,
        with_matadors=(entry.get("with_matadors") or Matadors.WITH) == Matadors.WITH,
        hand=bool(entry.get("hand")),
        ouvert=bool(entry.get("ouvert")),
        announced=LEVELS[entry.get("announced") or Level.NONE],
        counted_side=SIDES[entry.get("counted_side") or Side.DECLARER],
        counted_points=entry.get("card_points"),
        reached=LEVELS[entry.get("schneider") or Level.NONE],
        result=RESULTS[entry["result"]],
    )


@dataclass(frozen=True)
class Step:
    """One level of the multiplier as a player counts it: "with 2", "game", "hand"…"""

    words: str
    count: int = 1


@dataclass(frozen=True)
class Valuation:
    """A game judged: its value before any overbid, the value scored, and won or lost."""

    computed: int
    value: int
    won: bool
    reasons: tuple[str, ...]  # why the game is lost, when the rules decide it (empty: won)
    steps: tuple[Step, ...]  # the multiplier's levels (empty for Null)

    @property
    def overbid(self) -> bool:
        """The game value fell short of the bid, so it was raised to reach it."""
        return self.value != self.computed


# ---------------------------------------------------------------- the game value (ISkO)


def level_steps(play: Play) -> tuple[Step, ...]:
    """The levels of a suit or Grand game, in the order a Skat player counts them."""
    matadors = "with" if play.with_matadors else "without"
    steps = [Step(f"{matadors} {play.matadors}", play.matadors), Step("game")]
    if play.hand:
        steps.append(Step("hand"))
    announced = play.effective_announcement
    # A level counts when one side reached it or when it was announced (ISkO 5.2.5), once only.
    if announced is not Level.NONE or play.reached is not Level.NONE:
        steps.append(Step("schneider"))
    if announced is not Level.NONE:
        steps.append(Step("schneider announced"))
    if announced is Level.SCHWARZ or play.reached is Level.SCHWARZ:
        steps.append(Step("schwarz"))
    if announced is Level.SCHWARZ:
        steps.append(Step("schwarz announced"))
    if play.ouvert:
        steps.append(Step("ouvert"))
    return tuple(steps)


def multiplier(steps: tuple[Step, ...]) -> int:
    """The sum of the levels."""
    return sum(step.count for step in steps)


def null_value(play: Play) -> int:
    """Null 23, hand 35, ouvert 46, ouvert hand 59."""
    return NULL_VALUES[(play.hand, play.ouvert)]


def overbid_value(base: int, bid: int) -> int:
    """An overbid game's value: the lowest multiple of its base value that reaches the bid."""
    return -(-bid // base) * base  # ceiling division, in whole numbers


def loss_reasons(play: Play, computed: int) -> list[str]:
    """Why a suit or Grand game is lost under the rules (none: it is won)."""
    reasons = []
    points = play.points
    if points < WIN_POINTS:
        reasons.append(f"the declarer has {points} card points, {WIN_POINTS} are needed")
    announced = play.effective_announcement
    if announced is Level.SCHNEIDER and points < ANNOUNCED_SCHNEIDER_POINTS:
        reasons.append(f"schneider was announced but the declarer has {points} card points, "
                       f"{ANNOUNCED_SCHNEIDER_POINTS} are needed")
    if announced is Level.SCHWARZ and not play.defenders_schwarz:
        what = "the game is ouvert, so schwarz" if play.ouvert else "schwarz"
        reasons.append(f"{what} was announced but the defenders took a trick")
    if computed < play.bid:
        steps = level_steps(play)
        reasons.append(f"the game value is {computed} ({steps_text(steps)} → "
                       f"{multiplier(steps)} × {BASE_VALUES[play.game]}) but the bid was "
                       f"{play.bid}: an overbid game is lost")
    return reasons


def valuation(play: Play) -> Valuation:
    """Judge a played game: its ISkO value, overbidding included, and whether it is won."""
    if play.is_null:
        value = null_value(play)
        return Valuation(value, value, play.result is Result.WON, (), ())
    steps = level_steps(play)
    base = BASE_VALUES[play.game]
    computed = multiplier(steps) * base
    reasons = loss_reasons(play, computed)
    value = overbid_value(base, play.bid) if computed < play.bid else computed
    return Valuation(computed, value, not reasons, tuple(reasons), steps)


def list_score(valuation: Valuation) -> int:
    """ISkO: a won game scores its value, a lost one twice its value, negative."""
    return valuation.value if valuation.won else -2 * valuation.value


# ---------------------------------------------------------------- options and seats


@dataclass(frozen=True)
class Options:
    """Skat's house rules, typed (defaults: ISkO values, no fixed list, not for money)."""

    scoring: Scoring = Scoring.ISKO
    list_games: str = "0"  # "36" or "48" games on a fixed list; "0": none
    stake: int = 0  # cents a point of the balanced list; 0: not played for money


def house_rules(setup: Setup) -> Options:
    """This session's house rules."""
    return typed_options(setup, Options)


def scoring(setup: Setup) -> Scoring:
    """How the list is kept at this table."""
    return house_rules(setup).scoring


def list_length(setup: Setup) -> int:
    """The games of a fixed list (0: no fixed list)."""
    return int(house_rules(setup).list_games)


def stake(setup: Setup) -> int:
    """Cents per point of the balanced list (0: not played for money)."""
    return house_rules(setup).stake


def sitting_out(setup: Setup, dealer: int) -> int | None:
    """At four players the dealer deals and sits the game out; at three nobody does."""
    return dealer if setup.player_count == 4 else None


def defenders(setup: Setup, declarer: int, dealer: int) -> list[int]:
    """The two players against the declarer (at four, not the dealer sitting out)."""
    out = sitting_out(setup, dealer)
    return [seat for seat in range(setup.player_count) if seat not in (declarer, out)]


def games_counted(state: State) -> int:
    """Games on the list so far: every deal, a passed one included (it is written "passed")."""
    return state.hands_played


def games_left(state: State) -> int | None:
    """How many games of a fixed list are left to play (None: no fixed list)."""
    length = list_length(state.setup)
    if length <= 0:
        return None
    return max(0, length - games_counted(state))


# ---------------------------------------------------------------- words






def title(play: Play) -> str:
    """The game as announced: "Spades hand", "Null ouvert hand", "Grand hand, schneider
    announced"."""
    words = [GAME_NAMES[play.game]]
    if play.ouvert:
        words.append("ouvert")
    if play.hand:
        words.append("hand")
    text = " ".join(words)
    if not play.is_null and not play.ouvert and play.announced is not Level.NONE:
        text += f", {play.announced} announced"
    return text


def steps_text(steps: tuple[Step, ...]) -> str:
    """The levels counted up as players say them: "with 2, game 3, hand 4, schneider 5"."""
    running = 0
    parts = []
    for step in steps:
        running += step.count
        # The first step already says its count ("with 2"); the others say the running total.
        parts.append(f"{step.words} {running}" if parts else step.words)
    return ", ".join(parts)


def value_line(play: Play, judged: Valuation) -> str:
    """ "Spades: with 2, game 3, schneider 4 → 4 × 11 = 44", or "Null ouvert hand: 59"."""
    if play.is_null:
        return f"{title(play)}: {judged.computed}"
    base = BASE_VALUES[play.game]
    factor = multiplier(judged.steps)
    return (f"{title(play)}: {steps_text(judged.steps)} → {factor} × {base} = "
            f"{judged.computed}")


def points_lines(setup: Setup, play: Play) -> list[str]:
    """The declarer's card points, derived from the defenders' when those were counted."""
    name = setup.players[play.declarer]
    if play.is_null:
        return []
    if play.counted_side is Side.DEFENDERS:
        return [f"Counted for the defenders: {play.counted_points}; so {name} has "
                f"{TOTAL_POINTS} − {play.counted_points} = {play.points} card points"]
    return [f"{name} has {play.points} card points"]


def overbid_line(play: Play, judged: Valuation) -> str:
    """How an overbid game is valued."""
    base = BASE_VALUES[play.game]
    return (f"Overbid: {judged.computed} is below the bid of {play.bid}; the game counts the "
            f"lowest multiple of {base} reaching {play.bid}: {judged.value // base} × {base} = "
            f"{judged.value}")


def verdict_line(play: Play, judged: Valuation) -> str:
    """Won, or lost and why."""
    if play.is_null:
        return "Won: the declarer took no trick" if judged.won else \
            "Lost: the declarer took a trick"
    if judged.won:
        return f"Won: {play.points} card points ({WIN_POINTS} needed)"
    return f"Lost: {'; '.join(judged.reasons)}"


# ---------------------------------------------------------------- the referee


def declarer_problems(setup: Setup, play: Play, dealer: int) -> list[Problem]:
    """At four players the dealer sits out and cannot be the declarer."""
    if sitting_out(setup, dealer) != play.declarer:
        return []
    name = setup.players[dealer]
    return [Problem("declarer", f"{name} deals this game and sits it out: the declarer is one "
                                "of the three other players.")]


def bid_problems(play: Play) -> list[Problem]:
    """A bid that is no game value, or a Null game declared below the bid."""
    if play.bid not in BIDS:
        lower = max(bid for bid in BIDS if bid < play.bid)
        higher = min(bid for bid in BIDS if bid > play.bid)
        return [Problem("bid", f"{play.bid} is not a bid: one bids game values (18, 20, 22, 23, "
                               f"24, 27, 30, …); the nearest are {lower} and {higher}.")]
    if play.is_null and null_value(play) < play.bid:
        higher = [f"{name} {value}" for name, value in _null_names() if value >= play.bid]
        instead = f" ({', '.join(higher)})" if higher else ""
        return [Problem("bid", f"{title(play)} is worth {null_value(play)}, less than the bid of "
                               f"{play.bid}: a Null game is only declared when its value reaches "
                               f"the bid{instead}. Check the bid or the game.")]
    return []


def _null_names() -> list[tuple[str, int]]:
    """The four Null games by name and value."""
    names = {(False, False): "Null", (True, False): "Null hand", (False, True): "Null ouvert",
             (True, True): "Null ouvert hand"}
    return [(names[form], value) for form, value in NULL_VALUES.items()]


def null_problems(play: Play) -> list[Problem]:
    """A Null game is decided by tricks alone: no card points."""
    if play.counted_points is None:
        return []
    return [Problem("card_points", "A Null game is won or lost on tricks alone: leave the card "
                                   "points blank.")]


def matador_problems(play: Play) -> list[Problem]:
    """More matadors than the game has trumps."""
    most = MOST_MATADORS[play.game]
    if play.matadors <= most:
        return []
    trumps = "the four Jacks" if play.game is GameType.GRAND else "eleven trumps"
    return [Problem("matadors", f"{GAME_NAMES[play.game]} has only {trumps}: with or without "
                                f"1 to {most}, not {play.matadors}.")]


def announcement_problems(play: Play) -> list[Problem]:
    """Announcements and ouvert outside a hand game, or an ouvert game announced short."""
    problems = []
    if play.ouvert and not play.hand:
        problems.append(Problem("ouvert", "An open suit or Grand game is always a hand game: "
                                          "tick Hand (only Null may be played ouvert after "
                                          "taking the skat)."))
    if play.ouvert and play.announced is Level.SCHNEIDER:
        problems.append(Problem("announced", "An open game is announced schwarz: choose Schwarz "
                                             "(or leave it at Nothing)."))
    elif play.announced is not Level.NONE and not play.hand:
        problems.append(Problem("announced", f"{play.announced.capitalize()} can only be "
                                             "announced in a hand game: tick Hand, or choose "
                                             "Nothing."))
    return problems


def card_point_problems(play: Play) -> list[Problem]:
    """Card points missing, or a total no side can hold (1 and 119)."""
    counted = play.counted_points
    if counted is None:
        return [Problem("card_points", "Enter the card points (of the declarer or of the "
                                       "defenders).")]
    if counted in POSSIBLE_POINTS:
        return []
    if counted == 1:
        return [Problem("card_points", "No side can take exactly 1 card point: the smallest "
                                       "counting card is a Jack (2).")]
    return [Problem("card_points", f"{counted} card points would leave the other side "
                                   f"{TOTAL_POINTS - counted}, and no side can take exactly that: "
                                   "the smallest counting card is a Jack (2).")]


def schneider_problems(setup: Setup, play: Play) -> list[Problem]:
    """Schneider or schwarz marked against what the card points say."""
    name = setup.players[play.declarer]
    points, others = play.points, TOTAL_POINTS - play.points
    message = None
    if play.reached is Level.SCHWARZ:
        if points != TOTAL_POINTS and points > SKAT_MOST:
            message = (f"Schwarz means a side took no trick: then the defenders have no card "
                       f"point ({name} {TOTAL_POINTS}), or {name} has only the skat's (at most "
                       f"{SKAT_MOST}) — not {points}.")
    elif points >= ANNOUNCED_SCHNEIDER_POINTS and play.reached is Level.NONE:
        message = (f"The defenders have {TOTAL_POINTS} − {points} = {others} card points, "
                   f"{SCHNEIDER_POINTS} or fewer: they are schneider. Choose Schneider (or "
                   "Schwarz if they took no trick).")
    elif points <= SCHNEIDER_POINTS and play.reached is Level.NONE:
        message = (f"{name} has {points} card points, {SCHNEIDER_POINTS} or fewer: {name} is "
                   f"schneider. Choose Schneider (or Schwarz if {name} took no trick).")
    elif SCHNEIDER_POINTS < points < ANNOUNCED_SCHNEIDER_POINTS and \
            play.reached is Level.SCHNEIDER:
        message = (f"{name} has {points} card points and the defenders {others}: neither side "
                   f"has {SCHNEIDER_POINTS} or fewer, so nobody is schneider.")
    return [Problem("schneider", message)] if message else []


def result_problems(setup: Setup, play: Play) -> list[Problem]:
    """A result marked against what the points, the announcements and the bid decide."""
    if play.is_null:
        return []
    judged = valuation(play)
    if play.result is Result.WON and not judged.won:
        return [Problem("result", f"This game is lost: {'; '.join(judged.reasons)}. Mark it "
                                  "lost, or check the entries above.")]
    if play.result is Result.LOST and judged.won:
        name = setup.players[play.declarer]
        made = ""
        if play.effective_announcement is not Level.NONE:
            made = f", made the announced {play.effective_announcement}"
        return [Problem("result", f"This game is won: {name} has {play.points} card points "
                                  f"({WIN_POINTS} needed){made}, and the game value "
                                  f"{judged.value} reaches the bid of {play.bid}. Mark it won, "
                                  "or check the card points, the bid and the matadors.")]
    return []


def trump_game_problems(setup: Setup, play: Play) -> list[Problem]:
    """Everything about a suit or Grand game that the result check relies on."""
    problems = [*matador_problems(play), *announcement_problems(play)]
    points = card_point_problems(play)
    if not points:
        points = schneider_problems(setup, play)
    return [*problems, *points]


# ---------------------------------------------------------------- the arithmetic lines


def score_row(setup: Setup, play: Play, judged: Valuation, dealer: int) -> tuple[int, ...]:
    """The points each seat gets on the list for this game under the table's scoring."""
    count = setup.player_count
    how = scoring(setup)
    if how is Scoring.AS_WRITTEN:
        if judged.won:
            return declarer_only(count, play.declarer, 1)
        row = [0] * count
        for seat in defenders(setup, play.declarer, dealer):
            row[seat] = 1
        return tuple(row)
    if how is Scoring.ISKO:
        return declarer_only(count, play.declarer, list_score(judged))
    if judged.won:
        return declarer_only(count, play.declarer, judged.value + SEEGER_FABIAN_BONUS)
    row = [SEEGER_FABIAN_OPPONENTS[count]] * count
    row[play.declarer] = -2 * judged.value - SEEGER_FABIAN_BONUS
    return tuple(row)


def score_line(setup: Setup, play: Play, judged: Valuation, dealer: int) -> str:
    """The last line: what goes on the list, with its arithmetic."""
    name = setup.players[play.declarer]
    how = scoring(setup)
    if how is Scoring.AS_WRITTEN:
        if judged.won:
            return f"As written, a point for each game won: {name} 1"
        others = setup.names_of(defenders(setup, play.declarer, dealer))
        return f"As written, otherwise the other players win: {others} 1 each"
    if how is Scoring.ISKO:
        if judged.won:
            return f"On the list: {name} {signed(judged.value)}"
        return f"On the list: {name} −2 × {judged.value} = {signed(list_score(judged))}"
    if judged.won:
        total = judged.value + SEEGER_FABIAN_BONUS
        bonus = SEEGER_FABIAN_BONUS
        return f"Seeger-Fabian: {name} {judged.value} + {bonus} = {signed(total)}"
    others = [seat for seat in range(setup.player_count) if seat != play.declarer]
    total = -2 * judged.value - SEEGER_FABIAN_BONUS
    return (f"Seeger-Fabian: {name} −2 × {judged.value} − {SEEGER_FABIAN_BONUS} = "
            f"{signed(total)}; {setup.names_of(others)} "
            f"+{SEEGER_FABIAN_OPPONENTS[setup.player_count]} each")


def score_lines(setup: Setup, play: Play, judged: Valuation, dealer: int) -> list[str]:
    """The arithmetic of a played game, one checkable step per line."""
    lines = [*points_lines(setup, play), value_line(play, judged), verdict_line(play, judged)]
    if judged.overbid:
        lines.append(overbid_line(play, judged))
    lines.append(score_line(setup, play, judged, dealer))
    return lines


# ---------------------------------------------------------------- the facts


FACT_KEYS: tuple[str, ...] = (
    "game", "declarer", "sitting_out", "bid", "hand", "ouvert", "announced", "matadors",
    "base_value", "multiplier", "card_points", "schneider", "schwarz", "won", "game_value",
    "computed_value", "overbid", "list_score")
"""The keys of every game's facts, a passed game included (its keys but the game are None)."""


def game_facts(setup: Setup, play: Play, judged: Valuation, row: tuple[int, ...],
               dealer: int) -> dict[str, Any]:
    """A played game's results as plain data.

    `game_value` is the value scored (an overbid game raised to reach the bid), `computed_value`
    the value before that; `card_points` are the declarer's (None in a Null game), `schneider`
    and `schwarz` whether one side reached them; `list_score` is what the declarer's column
    receives under the table's scoring.
    """
    facts: dict[str, Any] = {
        **dict.fromkeys(FACT_KEYS),
        "game": play.game.value,
        "declarer": play.declarer,
        "sitting_out": sitting_out(setup, dealer),
        "bid": play.bid,
        "hand": play.hand,
        "ouvert": play.ouvert,
        "won": judged.won,
        "game_value": judged.value,
        "computed_value": judged.computed,
        "overbid": judged.overbid,
        "list_score": row[play.declarer],
    }
    if play.is_null:
        return facts
    announced = play.effective_announcement
    return {
        **facts,
        "announced": None if announced is Level.NONE else announced.value,
        "matadors": {"with": play.with_matadors, "count": play.matadors},
        "base_value": BASE_VALUES[play.game],
        "multiplier": multiplier(judged.steps),
        "card_points": play.points,
        "schneider": play.reached is not Level.NONE,
        "schwarz": play.reached is Level.SCHWARZ,
    }


def passed_facts(setup: Setup, dealer: int) -> dict[str, Any]:
    """Everyone passed: the same keys, only the game (and who sat out) known."""
    return {**dict.fromkeys(FACT_KEYS), "game": GameType.PASSED.value,
            "sitting_out": sitting_out(setup, dealer)}


# ---------------------------------------------------------------- the game


class Skat(Game):
    """Skat kept on a list with the ISkO game values (options: Seeger-Fabian, as written)."""

    slug = "skat"
    name = "Skat"
    player_counts = (3, 4)
    zero_sum = False  # only the declarer's score is written; the list balances by differences
    scale = POINTS
    options_type = Options
    summary = ("Germany's national card game: the declarer bids, names trumps, Grand or Null, "
               "and needs 61 of the 120 card points. Kept on a list with ISkO game values.")

    def options(self, player_count: int) -> tuple[Field, ...]:
        """The scoring, a fixed list of 36 or 48 games, and a stake per point."""
        return (
            Field("scoring", "Scoring", FieldKind.CHOICE,
                  choices=(Choice(Scoring.ISKO.value, "ISkO game values"),
                           Choice(Scoring.SEEGER_FABIAN.value,
                                  "Seeger-Fabian list (+50 won, opponents +40 / +30)"),
                           Choice(Scoring.AS_WRITTEN.value, "As written: a point per game won")),
                  default=Scoring.ISKO.value,
                  help=f"{RULING}: ISkO game values; options Seeger-Fabian and as written"),
            Field("list_games", "Fixed list", FieldKind.CHOICE,
                  choices=(Choice("0", "No fixed list"),
                           Choice("36", "36 games"),
                           Choice("48", "48 games")),
                  default="0",
                  help="36 games: three players deal 12 times each; 48: four players. "
                       "Passed games count."),
            Field("stake", "Stake (cents a point)", FieldKind.INTEGER, minimum=0, maximum=100,
                  default=0, help="0 = not played for money; the list is settled by differences"),
        )

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """Game, declarer, bid, matadors, hand/ouvert/announcements, card points, result."""
        played = ("game", PLAYED)
        trump = ("game", TRUMP_GAMES)
        announcements = "Ouvert and announcements"
        return (
            Field("game", "Game", FieldKind.CHOICE, choices=tuple(
                Choice(game.value, _choice_label(game)) for game in GameType)),
            Field("declarer", "Declarer", FieldKind.SEAT, shown_when=played),
            Field("bid", "Bid", FieldKind.INTEGER, minimum=LOWEST_BID, maximum=HIGHEST_BID,
                  default=LOWEST_BID, shown_when=played,
                  help="The highest bid the declarer held; leave 18 if nobody bid higher"),
            Field("matadors", "Matadors", FieldKind.INTEGER, minimum=1,
                  maximum=max(MOST_MATADORS.values()), shown_when=trump,
                  help="Top trumps in unbroken order from the ♣ Jack, skat included: "
                       "1–11, 1–4 in a Grand"),
            Field("with_matadors", "With or without", FieldKind.CHOICE,
                  choices=(Choice(Matadors.WITH.value, "With"),
                           Choice(Matadors.WITHOUT.value, "Without")),
                  default=Matadors.WITH.value, shown_when=trump),
            Field("hand", "Hand (skat not taken)", FieldKind.BOOLEAN, shown_when=played),
            Field("ouvert", "Ouvert (cards open)", FieldKind.BOOLEAN, shown_when=played,
                  section=announcements),
            Field("announced", "Announced", FieldKind.CHOICE,
                  choices=(Choice(Level.NONE.value, "Nothing"),
                           Choice(Level.SCHNEIDER.value, "Schneider"),
                           Choice(Level.SCHWARZ.value, "Schwarz")),
                  default=Level.NONE.value, shown_when=trump, section=announcements,
                  help="Hand games only; an ouvert game is announced schwarz"),
            Field("counted_side", "Card points counted for", FieldKind.CHOICE,
                  choices=(Choice(Side.DECLARER.value, "The declarer (skat included)"),
                           Choice(Side.DEFENDERS.value, "The defenders")),
                  default=Side.DECLARER.value, shown_when=trump),
            Field("card_points", "Card points", FieldKind.INTEGER, minimum=0,
                  maximum=TOTAL_POINTS, required=False, shown_when=played,
                  help="Of the side chosen above; the other side has 120 minus this. "
                       "Blank in a Null game"),
            Field("schneider", "Schneider or schwarz", FieldKind.CHOICE,
                  choices=(Choice(Level.NONE.value, "Neither"),
                           Choice(Level.SCHNEIDER.value, "Schneider: a side has 30 or fewer"),
                           Choice(Level.SCHWARZ.value, "Schwarz: a side took no trick")),
                  default=Level.NONE.value, shown_when=trump),
            Field("result", "Result", FieldKind.CHOICE,
                  choices=(Choice(Result.WON.value, "Won"), Choice(Result.LOST.value, "Lost")),
                  shown_when=played,
                  help="Null: won if the declarer took no trick"),
        )

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """Declarer, bid, matadors, announcements, card points, schneider, then the result."""
        if entry.get("game") not in PLAYED:
            return []
        setup = state.setup
        play = read_play(entry)
        problems = [*declarer_problems(setup, play, self.dealer(state)), *bid_problems(play)]
        if play.is_null:
            problems += null_problems(play)
        else:
            problems += trump_game_problems(setup, play)
        if problems:
            return problems  # the result can only be judged on a consistent entry
        return result_problems(setup, play)

    def score(self, state: State, entry: Entry) -> HandResult:
        """The list entry for one game, under the table's scoring."""
        setup = state.setup
        dealer = self.dealer(state)
        if entry.get("game") not in PLAYED:
            return self._passed(state)
        play = read_play(entry)
        judged = valuation(play)
        points = score_row(setup, play, judged, dealer)
        verdict = "won" if judged.won else "lost"
        headline = f"{setup.players[play.declarer]} · {title(play)} · {verdict}"
        if scoring(setup) is not Scoring.AS_WRITTEN:
            headline += f" · {signed(points[play.declarer])}"
        return HandResult(points, Later(score_lines, setup, play, judged, dealer), headline,
                          facts=Later(game_facts, setup, play, judged, points, dealer))

    def _passed(self, state: State) -> HandResult:
        """Everyone passed: written on the list as a game, nobody scores, the deal moves on."""
        setup = state.setup
        dealer = self.dealer(state)
        following = (dealer + 1) % setup.player_count
        lines = ("Everyone passed: no game is played and nobody scores",
                 "The passed game counts on the list",
                 f"The deal moves on from {setup.players[dealer]} to "
                 f"{setup.players[following]}")
        return HandResult((0,) * setup.player_count, lines, "Everyone passed",
                          facts=passed_facts(setup, dealer))

    def outcome(self, state: State) -> Outcome:
        """Finished once a fixed list is complete; the highest total leads."""
        winners = leaders(state.totals)
        length = list_length(state.setup)
        if length <= 0 or games_counted(state) < length or not winners:
            return Outcome(finished=False, winners=winners, text="")
        best = state.totals[winners[0]]
        names = state.setup.names_of(list(winners))
        verb = "leads" if len(winners) == 1 else "share the lead"
        return Outcome(finished=True, winners=winners,
                       text=f"The list of {length} games is complete: {names} {verb} with {best}")

    def table_notes(self, state: State) -> tuple[str, ...]:
        """How much of a fixed list is left, and at 4 players who sits out."""
        notes = []
        left = games_left(state)
        if left is not None:
            notes.append(f"{left} of {list_length(state.setup)} games left")
        if state.setup.player_count == 4:
            notes.append(f"{state.setup.players[self.dealer(state)]} sits out")
        return tuple(notes)

    def settlement(self, state: State) -> Settlement | None:
        """The list balanced by differences, in cents at the stake or else in points."""
        return settle_list(state.totals, stake(state.setup))

    def describe(self, setup: Setup, entry: Entry) -> str:
        """One line for the table of hands: "Ann · ♠ hand, schneider · with 2 · 95 pts · won"."""
        if entry.get("game") not in PLAYED:
            return "Everyone passed"
        play = read_play(entry)
        parts = [setup.players[play.declarer], _short_title(play)]
        if not play.is_null:
            matadors = "with" if play.with_matadors else "without"
            parts += [f"{matadors} {play.matadors}", f"{play.points} pts"]
        if play.bid > LOWEST_BID:
            parts.append(f"bid {play.bid}")
        parts.append(play.result.value)
        return " · ".join(parts)


def _choice_label(game: GameType) -> str:
    """The words on a game's button: "♠ Spades (11)", "Grand (24)", "Null"."""
    if game in BASE_VALUES:
        symbol = SUIT_SYMBOLS.get(game)
        name = f"{symbol} {GAME_NAMES[game]}" if symbol else GAME_NAMES[game]
        return f"{name} ({BASE_VALUES[game]})"
    return GAME_NAMES[game]


def _short_title(play: Play) -> str:
    """The game in the table of hands: the suit symbol, hand, ouvert and what was reached."""
    words = [SUIT_SYMBOLS.get(play.game, GAME_NAMES[play.game])]
    if play.ouvert:
        words.append("ouvert")
    if play.hand:
        words.append("hand")
    text = " ".join(words)
    extras = []
    if not play.is_null and not play.ouvert and play.announced is not Level.NONE:
        extras.append(f"{play.announced} announced")
    if not play.is_null and play.reached is not Level.NONE:
        extras.append(play.reached.value)
    return ", ".join([text, *extras])



# ---------------------------------------------------------------- the trick referee

JACKS = tuple(Card(suit, JACK) for suit in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS))
"""The four Jacks, highest first: in every game but Null they are the top trumps."""
SUIT_GAME_ORDER = RankOrder((7, 8, 9, JACK, QUEEN, KING, 10, ACE))
"""A suit's order in a suit game or Grand (ISkO): Ace, Ten, King, Queen, Nine, Eight, Seven
(its Jack is a trump)."""
NULL_ORDER = RankOrder((7, 8, 9, 10, JACK, QUEEN, KING, ACE))
"""Every suit's order in Null (ISkO): Ace, King, Queen, Jack, Ten, Nine, Eight, Seven."""
GAME_SUITS = {GameType.DIAMONDS: Suit.DIAMONDS, GameType.HEARTS: Suit.HEARTS,
              GameType.SPADES: Suit.SPADES, GameType.CLUBS: Suit.CLUBS}


class SkatReferee(RankingReferee):
    """Skat's tricks (ISkO): the Jacks top every trump, Clubs, Spades, Hearts, Diamonds; in a
    suit game that suit follows them; in Grand only the Jacks are trumps; Null has none, and
    its suits rank Ace, King, Queen, Jack, Ten down to Seven."""

    slug = "skat"
    name = "Skat"
    player_counts = (3, 4)

    def context_fields(self, player_count: int) -> tuple[Field, ...]:
        return (Field("game", "The game declared", FieldKind.CHOICE,
                      choices=tuple(Choice(game.value, GAME_NAMES[game]) for game in PLAYED)),)

    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        return pack_32_seven_to_ace()

    def cards_in_trick(self, player_count: int, context: Mapping[str, Any]) -> int:
        return 3  # at four the dealer sits the game out

    def ranking(self, cards: Sequence[Card], context: Mapping[str, Any]) -> TrickRanking:
        game = context.get("game")
        if game == GameType.NULL:
            return TrickRanking(order=NULL_ORDER)
        # Grand: the Jacks alone are trumps; a suit no card has stands for them.
        trump = GAME_SUITS.get(game, Suit.TRUMP)
        return TrickRanking(order=SUIT_GAME_ORDER, trump=trump, top_trumps=JACKS)

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card],
             context: Mapping[str, Any]) -> str:
        game = GAME_NAMES[GameType(context.get("game"))]
        if by is WinBy.TOP_TRUMP:
            return ("in Skat the four Jacks are the highest trumps, Clubs, Spades, Hearts, "
                    "Diamonds")
        if by is WinBy.TRUMP:
            return (f"in a {game} game the Jacks and then {game} are trumps, and the highest "
                    "trump played wins")
        if context.get("game") == GameType.NULL:
            return ("Null has no trumps: the highest card of the suit led wins, Ace, King, "
                    "Queen, Jack, Ten down to Seven")
        return ("nobody played a trump, so the highest card of the suit led wins: Ace, Ten, "
                "King, Queen, Nine, Eight, Seven")


REFEREE = register_referee(SkatReferee())

register(Skat())
