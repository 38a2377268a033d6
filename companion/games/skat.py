"""Skat for 3 players (4 with the dealer sitting out): the score pad and its referee.

The rules text (seed 002) says only that the soloist wins with 61 card points. As docs/rulings.md
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

from companion.contract.choices import choices
from companion.contract.figures import contracts_made
from companion.contract.game import Game, leaders, typed_options
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
    by_value,
)
from companion.kit.cards import ACE, JACK, KING, QUEEN, Card, Suit, pack_32_seven_to_ace
from companion.kit.counting import PointTable, achievable_totals, by_rank, side_points
from companion.kit.formatting import signed
from companion.kit.i18n import Text, capital, join, pt, t
from companion.kit.scoring import declarer_only
from companion.kit.settlement import Settlement, settle_list
from companion.kit.tricks import RankOrder, TrickRanking, WinBy


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

SUITS: tuple[GameType, ...] = (GameType.DIAMONDS, GameType.HEARTS, GameType.SPADES, GameType.CLUBS)
TRUMP_GAMES: tuple[GameType, ...] = (*SUITS, GameType.GRAND)
"""Games won on card points, with trumps and matadors (everything but Null)."""

PLAYED: tuple[GameType, ...] = (*TRUMP_GAMES, GameType.NULL)
"""Every game but a pass."""

PLAYED_SET: frozenset[GameType] = frozenset(PLAYED)
"""`PLAYED` as a set: what a game entered is looked up in."""

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
    GameType.DIAMONDS: t("Diamonds"),
    GameType.HEARTS: t("Hearts"),
    GameType.SPADES: t("Spades"),
    GameType.CLUBS: t("Clubs"),
    GameType.GRAND: t("Grand"),
    GameType.NULL: t("Null"),
    GameType.PASSED: t("Everyone passed"),
}

LEVEL_WORDS: dict[Level, str] = {Level.SCHNEIDER: t("schneider"), Level.SCHWARZ: t("schwarz")}
"""A level as the lines say it (lower case in English, as a Skat player writes it)."""

SUIT_SYMBOLS: dict[GameType, str] = {
    GameType.DIAMONDS: "♦",
    GameType.HEARTS: "♥",
    GameType.SPADES: "♠",
    GameType.CLUBS: "♣",
}

# Skat (ISkO): Ace 11, Ten 10, King 4, Queen 3, Jack 2; Nine, Eight, Seven nothing. 120 in all.
SKAT_POINTS: PointTable = by_rank({ACE: 11, 10: 10, KING: 4, QUEEN: 3, JACK: 2})

TOTAL_POINTS = 120
WIN_POINTS = 61  # "61 wins, 60–60 loses" (docs/rulings.md)
SCHNEIDER_POINTS = 30  # a side with 30 card points or fewer is schneider (ISkO 5.2.3)
ANNOUNCED_SCHNEIDER_POINTS = TOTAL_POINTS - SCHNEIDER_POINTS  # 90: the defenders at 30

POSSIBLE_POINTS: frozenset[int] = achievable_totals(pack_32_seven_to_ace(), SKAT_POINTS)
"""Every total a side can hold: all of 0–120 but 1 and 119 (the smallest counting card is 2)."""

SKAT_MOST: int = sum(
    sorted((SKAT_POINTS(card) for card in pack_32_seven_to_ace()), reverse=True)[:2]
)
"""The most the two cards of the skat can count (two Aces, 22): all a schwarz declarer keeps."""

LEVELS_BEYOND_MATADORS: tuple[str, ...] = (
    "game",
    "hand",
    "schneider",
    "schneider announced",
    "schwarz",
    "schwarz announced",
    "ouvert",
)
"""The levels a suit or Grand game can add to its matadors (ISkO 5.2)."""

LOWEST_BID = 18
HIGHEST_BID = 264  # Grand ouvert with 4: 11 × 24

SEEGER_FABIAN_BONUS = 50
SEEGER_FABIAN_OPPONENTS: dict[int, int] = {3: 40, 4: 30}
"""Seeger-Fabian: what each other player receives when the declarer loses, by table size."""

LIST_LENGTHS: tuple[int, ...] = (0, 36, 48)
"""A fixed list: 36 games (three players deal 12 times each) or 48 (four players); 0 = none."""

RULING = t("The pad's rulings, Skat")


def _game_values() -> frozenset[int]:
    """Every value a game can have: the numbers a player may bid."""
    values = set(NULL_VALUES.values())
    for game, base in BASE_VALUES.items():
        most = MOST_MATADORS[game] + len(LEVELS_BEYOND_MATADORS)
        values.update(base * factor for factor in range(2, most + 1))
    return frozenset(values)


BIDS: tuple[int, ...] = tuple(sorted(_game_values()))
"""The bids, lowest first: 18, 20, 22, 23, 24, 27, 30, … 264 (ISkO: one bids game values)."""

BID_VALUES: frozenset[int] = frozenset(BIDS)
"""The bids as a set: what a bid is checked against."""


# ---------------------------------------------------------------- a game as the rules see it

# Enum members read for every game replayed, as module globals: `Level.NONE` is looked up
# through the enum's metaclass, about ten times a global's cost (measured), many times a game.
NO_LEVEL, SCHNEIDER, SCHWARZ = Level.NONE, Level.SCHNEIDER, Level.SCHWARZ
WON, DECLARER, WITH_MATADORS, NULL = Result.WON, Side.DECLARER, Matadors.WITH, GameType.NULL
AS_WRITTEN, ISKO = Scoring.AS_WRITTEN, Scoring.ISKO


@dataclass(slots=True)
class Play:
    """One game as entered, seen from the declarer's side whichever side was counted; never
    changed once `read_play` made it.

    Only ever internal, and its fields are read some thirty times for every game replayed (by
    the referee, then by the score): a class with slots, whose fields Python reads about eight
    times faster than a NamedTuple's (measured, 3.11), not frozen (a frozen dataclass is made
    field by field through `object.__setattr__`, several times slower)."""

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
    is_null: bool  # a Null game: fixed value, decided by tricks, no card points
    points: int  # the declarer's card points, the skat included (0 for Null, which counts none)
    # What was announced: an ouvert suit or Grand game counts as schwarz announced (a field,
    # not a property: read three times for every game replayed).
    effective_announcement: Level

    @property
    def defenders_schwarz(self) -> bool:
        """The declarer took every trick (the defenders hold no card point)."""
        return self.reached is SCHWARZ and self.points == TOTAL_POINTS


GAME_TYPES = by_value(GameType)
LEVELS = by_value(Level)
SIDES = by_value(Side)
RESULTS = by_value(Result)


def read_play(entry: Entry) -> Play:
    """The game described by a parsed entry of a played game (not a pass)."""
    game = GAME_TYPES[entry["game"]]
    counted_side = SIDES[entry.get("counted_side") or DECLARER]
    counted = entry.get("card_points")
    ouvert = bool(entry.get("ouvert"))
    announced = LEVELS[entry.get("announced") or NO_LEVEL]
    is_null = game is NULL
    # Positional (one per game replayed): in the order of `Play`'s fields.
    return Play(
        game,  # game
        entry["declarer"],  # declarer
        entry.get("bid") or LOWEST_BID,  # bid
        entry.get("matadors") or 0,  # matadors
        (entry.get("with_matadors") or WITH_MATADORS) == WITH_MATADORS,  # with_matadors
        bool(entry.get("hand")),  # hand
        ouvert,  # ouvert
        announced,  # announced
        counted_side,  # counted_side
        counted,  # counted_points
        LEVELS[entry.get("schneider") or NO_LEVEL],  # reached
        RESULTS[entry["result"]],  # result
        is_null,  # is_null
        0 if counted is None else int(side_points(counted, counted_side is DECLARER, TOTAL_POINTS)),
        SCHWARZ if ouvert and not is_null else announced,  # effective_announcement
    )


@dataclass(frozen=True)
class Step:
    """One level of the multiplier as a player counts it: "with 2", "game", "hand"…"""

    words: str
    count: int = 1


@dataclass(frozen=True)
class Valuation:
    """A game judged: its value before any overbid, the value scored, won or lost, the
    multiplier's levels (none for Null) and why the game is lost (none: won, and for Null)."""

    computed: int
    value: int
    won: bool
    steps: tuple[Step, ...]
    reasons: tuple[str, ...]

    @property
    def overbid(self) -> bool:
        """The game value fell short of the bid, so it was raised to reach it."""
        return self.value != self.computed


# ---------------------------------------------------------------- the game value (ISkO)


def level_steps(play: Play) -> tuple[Step, ...]:
    """The levels of a suit or Grand game, in the order a Skat player counts them."""
    steps = [Step(matadors_words(play), play.matadors), GAME_STEP]
    if play.hand:
        steps.append(HAND_STEP)
    announced = play.effective_announcement
    # A level counts when one side reached it or when it was announced (ISkO 5.2.5), once only.
    if announced is not Level.NONE or play.reached is not Level.NONE:
        steps.append(SCHNEIDER_STEP)
    if announced is not Level.NONE:
        steps.append(SCHNEIDER_ANNOUNCED_STEP)
    if announced is Level.SCHWARZ or play.reached is Level.SCHWARZ:
        steps.append(SCHWARZ_STEP)
    if announced is Level.SCHWARZ:
        steps.append(SCHWARZ_ANNOUNCED_STEP)
    if play.ouvert:
        steps.append(OUVERT_STEP)
    return tuple(steps)


GAME_STEP, HAND_STEP, OUVERT_STEP = Step(t("game")), Step(t("hand")), Step(t("ouvert"))
SCHNEIDER_STEP, SCHNEIDER_ANNOUNCED_STEP = Step(t("schneider")), Step(t("schneider announced"))
SCHWARZ_STEP, SCHWARZ_ANNOUNCED_STEP = Step(t("schwarz")), Step(t("schwarz announced"))
"""The levels after the matadors: the same words in every game that counts them."""


def matadors_words(play: Play) -> str:
    """The matadors as a Skat player says them: "with 2", "without 3"."""
    if play.with_matadors:
        return t("with {matadors}", matadors=play.matadors)
    return t("without {matadors}", matadors=play.matadors)


def multiplier(steps: tuple[Step, ...]) -> int:
    """The sum of the levels."""
    return sum(step.count for step in steps)


def null_value(play: Play) -> int:
    """Null 23, hand 35, ouvert 46, ouvert hand 59."""
    return NULL_VALUES[(play.hand, play.ouvert)]


def overbid_value(base: int, bid: int) -> int:
    """An overbid game's value: the lowest multiple of its base value that reaches the bid."""
    return -(-bid // base) * base  # ceiling division, in whole numbers


def loss_reasons(play: Play, computed: int, steps: tuple[Step, ...]) -> list[str]:
    """Why a suit or Grand game is lost under the rules (none: it is won)."""
    reasons: list[str] = []
    points = play.points
    if points < WIN_POINTS:
        reasons.append(
            t(
                "the declarer has {points} card points, {needed} are needed",
                points=points,
                needed=WIN_POINTS,
            )
        )
    announced = play.effective_announcement
    if announced is Level.SCHNEIDER and points < ANNOUNCED_SCHNEIDER_POINTS:
        reasons.append(
            t(
                "schneider was announced but the declarer has {points} card points, "
                "{needed} are needed",
                points=points,
                needed=ANNOUNCED_SCHNEIDER_POINTS,
            )
        )
    if announced is Level.SCHWARZ and not play.defenders_schwarz:
        reasons.append(
            t("the game is ouvert, so schwarz was announced but the defenders took a trick")
            if play.ouvert
            else t("schwarz was announced but the defenders took a trick")
        )
    if computed < play.bid:
        reasons.append(
            t(
                "the game value is {value} ({steps} → {factor} × {base}) but the bid "
                "was {bid}: an overbid game is lost",
                value=computed,
                steps=steps_text(steps),
                factor=multiplier(steps),
                base=BASE_VALUES[play.game],
                bid=play.bid,
            )
        )
    return reasons


def valuation(play: Play) -> Valuation:
    """Judge a played game: its ISkO value, overbidding included, and whether it is won."""
    if play.is_null:
        value = null_value(play)
        return Valuation(value, value, play.result is WON, (), ())
    base = BASE_VALUES[play.game]
    steps = level_steps(play)
    computed = multiplier(steps) * base
    value = overbid_value(base, play.bid) if computed < play.bid else computed
    reasons = tuple(loss_reasons(play, computed, steps))
    return Valuation(computed, value, not reasons, steps, reasons)


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
    game = GAME_NAMES[play.game]
    text: str
    if play.ouvert and play.hand:
        text = t("{game} ouvert hand", game=game)
    elif play.ouvert:
        text = t("{game} ouvert", game=game)
    elif play.hand:
        text = t("{game} hand", game=game)
    else:
        text = game
    if not play.is_null and not play.ouvert and play.announced is not Level.NONE:
        return t("{game}, {level} announced", game=text, level=LEVEL_WORDS[play.announced])
    return text


def steps_text(steps: tuple[Step, ...]) -> str:
    """The levels counted up as players say them: "with 2, game 3, hand 4, schneider 5"."""
    running = 0
    parts: list[str] = []
    for step in steps:
        running += step.count
        # The first step already says its count ("with 2"); the others say the running total.
        parts.append(
            Text("{step} {total}", {"step": step.words, "total": running}) if parts else step.words
        )
    return join(parts)


def value_line(play: Play, judged: Valuation) -> str:
    """ "Spades: with 2, game 3, schneider 4 → 4 × 11 = 44", or "Null ouvert hand: 59"."""
    if play.is_null:
        return Text("{game}: {value}", {"game": title(play), "value": judged.computed})
    base = BASE_VALUES[play.game]
    factor = multiplier(judged.steps)
    return Text(
        "{game}: {steps} → {factor} × {base} = {value}",
        {
            "game": title(play),
            "steps": steps_text(judged.steps),
            "factor": factor,
            "base": base,
            "value": judged.computed,
        },
    )


def points_lines(setup: Setup, play: Play) -> list[str]:
    """The declarer's card points, derived from the defenders' when those were counted."""
    name = setup.players[play.declarer]
    if play.is_null:
        return []
    if play.counted_side is Side.DEFENDERS:
        return [
            t(
                "Counted for the defenders: {counted}; so {name} has {total} − {counted} = "
                "{points} card points",
                counted=play.counted_points,
                name=name,
                total=TOTAL_POINTS,
                points=play.points,
            )
        ]
    return [t("{name} has {points} card points", name=name, points=play.points)]


def overbid_line(play: Play, judged: Valuation) -> str:
    """How an overbid game is valued."""
    base = BASE_VALUES[play.game]
    return t(
        "Overbid: {computed} is below the bid of {bid}; the game counts the lowest "
        "multiple of {base} reaching {bid}: {factor} × {base} = {value}",
        computed=judged.computed,
        bid=play.bid,
        base=base,
        factor=judged.value // base,
        value=judged.value,
    )


def verdict_line(play: Play, judged: Valuation) -> str:
    """Won, or lost and why."""
    if play.is_null:
        return (
            t("Won: the declarer took no trick")
            if judged.won
            else t("Lost: the declarer took a trick")
        )
    if judged.won:
        return t(
            "Won: {points} card points ({needed} needed)", points=play.points, needed=WIN_POINTS
        )
    return t("Lost: {reasons}", reasons=join(judged.reasons, "; "))


# ---------------------------------------------------------------- the referee


def play_problems(setup: Setup, play: Play, dealer: int) -> list[Problem]:
    """Everything wrong with a played game (`Skat.validate`): declarer, bid, matadors,
    announcements, card points, schneider, then the result."""
    problems = [*declarer_problems(setup, play, dealer), *bid_problems(play)]
    if play.is_null:
        problems += null_problems(play)
    else:
        problems += trump_game_problems(setup, play)
    if problems:
        return problems  # the result can only be judged on a consistent entry
    return result_problems(setup, play)


def declarer_problems(setup: Setup, play: Play, dealer: int) -> list[Problem]:
    """At four players the dealer sits out and cannot be the declarer."""
    if sitting_out(setup, dealer) != play.declarer:
        return []
    name = setup.players[dealer]
    return [
        Problem(
            "declarer",
            t(
                "{name} deals this game and sits it out: the declarer is "
                "one of the three other players.",
                name=name,
            ),
        )
    ]


def bid_problems(play: Play) -> list[Problem]:
    """A bid that is no game value, or a Null game declared below the bid."""
    if play.bid not in BIDS:
        lower = max(bid for bid in BIDS if bid < play.bid)
        higher = min(bid for bid in BIDS if bid > play.bid)
        return [
            Problem(
                "bid",
                t(
                    "{bid} is not a bid: one bids game values (18, 20, 22, 23, "
                    "24, 27, 30, …); the nearest are {lower} and {higher}.",
                    bid=play.bid,
                    lower=lower,
                    higher=higher,
                ),
            )
        ]
    if play.is_null and null_value(play) < play.bid:
        reaching = [
            Text("{game} {value}", {"game": name, "value": value})
            for name, value in _null_names()
            if value >= play.bid
        ]
        if reaching:
            return [
                Problem(
                    "bid",
                    t(
                        "{game} is worth {value}, less than the bid of {bid}: a "
                        "Null game is only declared when its value reaches the bid "
                        "({games}). Check the bid or the game.",
                        game=title(play),
                        value=null_value(play),
                        bid=play.bid,
                        games=join(reaching),
                    ),
                )
            ]
        return [
            Problem(
                "bid",
                t(
                    "{game} is worth {value}, less than the bid of {bid}: a Null "
                    "game is only declared when its value reaches the bid. Check "
                    "the bid or the game.",
                    game=title(play),
                    value=null_value(play),
                    bid=play.bid,
                ),
            )
        ]
    return []


def _null_names() -> list[tuple[str, int]]:
    """The four Null games by name and value."""
    null = GAME_NAMES[GameType.NULL]
    names = {
        (False, False): null,
        (True, False): t("{game} hand", game=null),
        (False, True): t("{game} ouvert", game=null),
        (True, True): t("{game} ouvert hand", game=null),
    }
    return [(names[form], value) for form, value in NULL_VALUES.items()]


def null_problems(play: Play) -> list[Problem]:
    """A Null game is decided by tricks alone: no card points."""
    if play.counted_points is None:
        return []
    return [
        Problem(
            "card_points",
            t("A Null game is won or lost on tricks alone: leave the card points blank."),
        )
    ]


def matador_problems(play: Play) -> list[Problem]:
    """More matadors than the game has trumps."""
    most = MOST_MATADORS[play.game]
    if play.matadors <= most:
        return []
    if play.game is GameType.GRAND:
        return [
            Problem(
                "matadors",
                t(
                    "{game} has only the four Jacks: with or without 1 to {most}, not {matadors}.",
                    game=GAME_NAMES[play.game],
                    most=most,
                    matadors=play.matadors,
                ),
            )
        ]
    return [
        Problem(
            "matadors",
            t(
                "{game} has only eleven trumps: with or without 1 to {most}, not {matadors}.",
                game=GAME_NAMES[play.game],
                most=most,
                matadors=play.matadors,
            ),
        )
    ]


def announcement_problems(play: Play) -> list[Problem]:
    """Announcements and ouvert outside a hand game, or an ouvert game announced short."""
    problems = []
    if play.ouvert and not play.hand:
        problems.append(
            Problem(
                "ouvert",
                t(
                    "An open suit or Grand game is always a hand game: "
                    "tick Hand (only Null may be played ouvert after "
                    "taking the skat)."
                ),
            )
        )
    if play.ouvert and play.announced is Level.SCHNEIDER:
        problems.append(
            Problem(
                "announced",
                t("An open game is announced schwarz: choose Schwarz (or leave it at Nothing)."),
            )
        )
    elif play.announced is not Level.NONE and not play.hand:
        problems.append(
            Problem(
                "announced",
                t(
                    "{level} can only be announced in a hand game: tick Hand, or choose Nothing.",
                    level=capital(LEVEL_WORDS[play.announced]),
                ),
            )
        )
    return problems


def card_point_problems(play: Play) -> list[Problem]:
    """Card points missing, or a total no side can hold (1 and 119)."""
    counted = play.counted_points
    if counted is None:
        return [
            Problem(
                "card_points", t("Enter the card points (of the declarer or of the defenders).")
            )
        ]
    if counted in POSSIBLE_POINTS:
        return []
    if counted == 1:
        return [
            Problem(
                "card_points",
                t(
                    "No side can take exactly 1 card point: the smallest "
                    "counting card is a Jack (2)."
                ),
            )
        ]
    return [
        Problem(
            "card_points",
            t(
                "{counted} card points would leave the other side {rest}, "
                "and no side can take exactly that: the smallest counting "
                "card is a Jack (2).",
                counted=counted,
                rest=TOTAL_POINTS - counted,
            ),
        )
    ]


def schneider_problems(setup: Setup, play: Play) -> list[Problem]:
    """Schneider or schwarz marked against what the card points say."""
    name = setup.players[play.declarer]
    points, others = play.points, TOTAL_POINTS - play.points
    message = None
    if play.reached is Level.SCHWARZ:
        if points != TOTAL_POINTS and points > SKAT_MOST:
            message = t(
                "Schwarz means a side took no trick: then the defenders have no card "
                "point ({name} {total}), or {name} has only the skat's (at most {most}) "
                "— not {points}.",
                name=name,
                total=TOTAL_POINTS,
                most=SKAT_MOST,
                points=points,
            )
    elif points >= ANNOUNCED_SCHNEIDER_POINTS and play.reached is Level.NONE:
        message = t(
            "The defenders have {total} − {points} = {others} card points, {limit} or "
            "fewer: they are schneider. Choose Schneider (or Schwarz if they took no "
            "trick).",
            total=TOTAL_POINTS,
            points=points,
            others=others,
            limit=SCHNEIDER_POINTS,
        )
    elif points <= SCHNEIDER_POINTS and play.reached is Level.NONE:
        message = t(
            "{name} has {points} card points, {limit} or fewer: {name} is schneider. "
            "Choose Schneider (or Schwarz if {name} took no trick).",
            name=name,
            points=points,
            limit=SCHNEIDER_POINTS,
        )
    elif SCHNEIDER_POINTS < points < ANNOUNCED_SCHNEIDER_POINTS and play.reached is Level.SCHNEIDER:
        message = t(
            "{name} has {points} card points and the defenders {others}: neither side "
            "has {limit} or fewer, so nobody is schneider.",
            name=name,
            points=points,
            others=others,
            limit=SCHNEIDER_POINTS,
        )
    return [Problem("schneider", message)] if message else []


def result_problems(setup: Setup, play: Play) -> list[Problem]:
    """A result marked against what the points, the announcements and the bid decide."""
    if play.is_null:
        return []
    judged = valuation(play)
    if play.result is Result.WON and not judged.won:
        return [
            Problem(
                "result",
                t(
                    "This game is lost: {reasons}. Mark it lost, or check the entries above.",
                    reasons=join(judged.reasons, "; "),
                ),
            )
        ]
    if play.result is Result.LOST and judged.won:
        name = setup.players[play.declarer]
        if play.effective_announcement is not Level.NONE:
            return [
                Problem(
                    "result",
                    t(
                        "This game is won: {name} has {points} card points "
                        "({needed} needed), made the announced {level}, and "
                        "the game value {value} reaches the bid of {bid}. Mark "
                        "it won, or check the card points, the bid and the "
                        "matadors.",
                        name=name,
                        points=play.points,
                        needed=WIN_POINTS,
                        level=LEVEL_WORDS[play.effective_announcement],
                        value=judged.value,
                        bid=play.bid,
                    ),
                )
            ]
        return [
            Problem(
                "result",
                t(
                    "This game is won: {name} has {points} card points "
                    "({needed} needed), and the game value {value} reaches the "
                    "bid of {bid}. Mark it won, or check the card points, the "
                    "bid and the matadors.",
                    name=name,
                    points=play.points,
                    needed=WIN_POINTS,
                    value=judged.value,
                    bid=play.bid,
                ),
            )
        ]
    return []


def trump_game_problems(setup: Setup, play: Play) -> list[Problem]:
    """Everything about a suit or Grand game that the result check relies on."""
    problems = [*matador_problems(play), *announcement_problems(play)]
    points = card_point_problems(play)
    if not points:
        points = schneider_problems(setup, play)
    return [*problems, *points]


# ---------------------------------------------------------------- the arithmetic lines


def score_row(
    setup: Setup, how: Scoring, play: Play, judged: Valuation, dealer: int
) -> tuple[int, ...]:
    """The points each seat gets on the list for this game under the table's scoring `how`."""
    count = setup.player_count
    if how is AS_WRITTEN:
        if judged.won:
            return declarer_only(count, play.declarer, 1)
        row = [0] * count
        for seat in defenders(setup, play.declarer, dealer):
            row[seat] = 1
        return tuple(row)
    if how is ISKO:
        return declarer_only(count, play.declarer, list_score(judged))
    if judged.won:
        return declarer_only(count, play.declarer, judged.value + SEEGER_FABIAN_BONUS)
    row = [SEEGER_FABIAN_OPPONENTS[count]] * count
    row[play.declarer] = -2 * judged.value - SEEGER_FABIAN_BONUS
    return tuple(row)


def score_line(setup: Setup, how: Scoring, play: Play, judged: Valuation, dealer: int) -> str:
    """The last line: what goes on the list under the table's scoring `how`, with its arithmetic."""
    name = setup.players[play.declarer]
    if how is Scoring.AS_WRITTEN:
        if judged.won:
            return t("As written, a point for each game won: {name} 1", name=name)
        others = setup.names_of(defenders(setup, play.declarer, dealer))
        return t("As written, otherwise the other players win: {names} 1 each", names=others)
    if how is Scoring.ISKO:
        if judged.won:
            return t("On the list: {name} {score}", name=name, score=signed(judged.value))
        return t(
            "On the list: {name} −2 × {value} = {score}",
            name=name,
            value=judged.value,
            score=signed(list_score(judged)),
        )
    if judged.won:
        total = judged.value + SEEGER_FABIAN_BONUS
        bonus = SEEGER_FABIAN_BONUS
        return Text(
            "Seeger-Fabian: {name} {value} + {bonus} = {score}",
            {"name": name, "value": judged.value, "bonus": bonus, "score": signed(total)},
        )
    opponents = [seat for seat in range(setup.player_count) if seat != play.declarer]
    total = -2 * judged.value - SEEGER_FABIAN_BONUS
    return t(
        "Seeger-Fabian: {name} −2 × {value} − {bonus} = {score}; {names} +{each} each",
        name=name,
        value=judged.value,
        bonus=SEEGER_FABIAN_BONUS,
        score=signed(total),
        names=setup.names_of(opponents),
        each=SEEGER_FABIAN_OPPONENTS[setup.player_count],
    )


def score_lines(
    setup: Setup, how: Scoring, play: Play, judged: Valuation, dealer: int
) -> list[str]:
    """The arithmetic of a played game, one checkable step per line."""
    lines = [*points_lines(setup, play), value_line(play, judged), verdict_line(play, judged)]
    if judged.overbid:
        lines.append(overbid_line(play, judged))
    lines.append(score_line(setup, how, play, judged, dealer))
    return lines


# ---------------------------------------------------------------- the facts


FACT_KEYS: tuple[str, ...] = (
    "game",
    "declarer",
    "sitting_out",
    "bid",
    "hand",
    "ouvert",
    "announced",
    "matadors",
    "base_value",
    "multiplier",
    "card_points",
    "schneider",
    "schwarz",
    "won",
    "game_value",
    "computed_value",
    "overbid",
    "list_score",
)
"""The keys of every game's facts, a passed game included (its keys but the game are None)."""


def game_facts(
    setup: Setup, play: Play, judged: Valuation, row: tuple[int, ...], dealer: int
) -> dict[str, Any]:
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
    return {
        **dict.fromkeys(FACT_KEYS),
        "game": GameType.PASSED.value,
        "sitting_out": sitting_out(setup, dealer),
    }


# ---------------------------------------------------------------- the game


class Skat(Game):
    """Skat kept on a list with the ISkO game values (options: Seeger-Fabian, as written)."""

    slug = "skat"
    name = t("Skat")
    player_counts = (3, 4)
    zero_sum = False  # only the declarer's score is written; the list balances by differences
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = POINTS
    figures = contracts_made(
        t("Games won of those declared"),
        "declarer",
        "game",
        "won",
        lambda: tuple((game.value, _choice_label(game)) for game in GameType),
        GameType.PASSED.value,
    )
    options_type = Options
    event_decides = frozenset({"list_games", "stake"})  # a club night: its round, its money
    lost_game_fee = True  # a tournament charges a fee per game lost (DSkV, ISkO)
    summary = t(
        "Germany's national card game: the declarer bids, names trumps, Grand or Null, "
        "and needs 61 of the 120 card points. Kept on a list with ISkO game values."
    )

    def options(self, player_count: int) -> tuple[Field, ...]:
        """The scoring, a fixed list of 36 or 48 games, and a stake per point."""
        return (
            Field(
                "scoring",
                t("Scoring"),
                FieldKind.CHOICE,
                choices=(
                    Choice(Scoring.ISKO.value, t("ISkO game values")),
                    Choice(
                        Scoring.SEEGER_FABIAN.value,
                        t("Seeger-Fabian list (+50 won, opponents +40 / +30)"),
                    ),
                    Choice(Scoring.AS_WRITTEN.value, t("As written: a point per game won")),
                ),
                default=Scoring.ISKO.value,
                help=t(
                    "{ruling}: ISkO game values; options Seeger-Fabian and as written",
                    ruling=RULING,
                ),
            ),
            Field(
                "list_games",
                t("Fixed list"),
                FieldKind.CHOICE,
                choices=(
                    Choice("0", t("No fixed list")),
                    Choice("36", t("36 games")),
                    Choice("48", t("48 games")),
                ),
                default="0",
                help=t(
                    "36 games: three players deal 12 times each; 48: four players. "
                    "Passed games count."
                ),
            ),
            Field(
                "stake",
                t("Stake (cents a point)"),
                FieldKind.INTEGER,
                minimum=0,
                maximum=100,
                default=0,
                help=t("0 = not played for money; the list is settled by differences"),
            ),
        )

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """Game, declarer, bid, matadors, hand/ouvert/announcements, card points, result."""
        played = ("game", PLAYED)
        trump = ("game", TRUMP_GAMES)
        announcements = t("Ouvert and announcements")
        return (
            Field(
                "game",
                t("Game"),
                FieldKind.CHOICE,
                choices=tuple(Choice(game.value, _choice_label(game)) for game in GameType),
            ),
            Field("declarer", t("Declarer"), FieldKind.SEAT, shown_when=played),
            Field(
                "bid",
                t("Bid"),
                FieldKind.INTEGER,
                minimum=LOWEST_BID,
                maximum=HIGHEST_BID,
                default=LOWEST_BID,
                shown_when=played,
                help=t("The highest bid the declarer held; leave 18 if nobody bid higher"),
            ),
            Field(
                "matadors",
                t("Matadors"),
                FieldKind.INTEGER,
                minimum=1,
                maximum=max(MOST_MATADORS.values()),
                shown_when=trump,
                help=t(
                    "Top trumps in unbroken order from the ♣ Jack, skat included: "
                    "1–11, 1–4 in a Grand"
                ),
            ),
            Field(
                "with_matadors",
                t("With or without"),
                FieldKind.CHOICE,
                choices=(
                    Choice(Matadors.WITH.value, t("With")),
                    Choice(Matadors.WITHOUT.value, t("Without")),
                ),
                default=Matadors.WITH.value,
                shown_when=trump,
            ),
            Field("hand", t("Hand (skat not taken)"), FieldKind.BOOLEAN, shown_when=played),
            Field(
                "ouvert",
                t("Ouvert (cards open)"),
                FieldKind.BOOLEAN,
                shown_when=played,
                section=announcements,
            ),
            Field(
                "announced",
                t("Announced"),
                FieldKind.CHOICE,
                choices=(
                    Choice(Level.NONE.value, t("Nothing")),
                    Choice(Level.SCHNEIDER.value, t("Schneider")),
                    Choice(Level.SCHWARZ.value, t("Schwarz")),
                ),
                default=Level.NONE.value,
                shown_when=trump,
                section=announcements,
                help=t("Hand games only; an ouvert game is announced schwarz"),
            ),
            Field(
                "counted_side",
                t("Card points counted for"),
                FieldKind.CHOICE,
                choices=(
                    Choice(Side.DECLARER.value, t("The declarer (skat included)")),
                    Choice(Side.DEFENDERS.value, t("The defenders")),
                ),
                default=Side.DECLARER.value,
                shown_when=trump,
            ),
            Field(
                "card_points",
                pt("skat", "Card points"),
                FieldKind.INTEGER,
                minimum=0,
                maximum=TOTAL_POINTS,
                required=False,
                shown_when=played,
                help=t(
                    "Of the side chosen above; the other side has 120 minus this. "
                    "Blank in a Null game"
                ),
            ),
            Field(
                "schneider",
                t("Schneider or schwarz"),
                FieldKind.CHOICE,
                choices=(
                    Choice(Level.NONE.value, t("Neither")),
                    Choice(Level.SCHNEIDER.value, t("Schneider: a side has 30 or fewer")),
                    Choice(Level.SCHWARZ.value, t("Schwarz: a side took no trick")),
                ),
                default=Level.NONE.value,
                shown_when=trump,
            ),
            Field(
                "result",
                t("Result"),
                FieldKind.CHOICE,
                choices=(Choice(Result.WON.value, t("Won")), Choice(Result.LOST.value, t("Lost"))),
                shown_when=played,
                help=t("Null: won if the declarer took no trick"),
            ),
        )

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """Declarer, bid, matadors, announcements, card points, schneider, then the result."""
        if entry.get("game") not in PLAYED_SET:
            return []
        return play_problems(state.setup, read_play(entry), self.dealer(state))

    def score(self, state: State, entry: Entry) -> HandResult:
        """The list entry for one game, under the table's scoring."""
        if entry.get("game") not in PLAYED_SET:
            return self._passed(state)
        play = read_play(entry)
        return played_result(state.setup, play, valuation(play), self.dealer(state))

    def _passed(self, state: State) -> HandResult:
        """Everyone passed: written on the list as a game, nobody scores, the deal moves on."""
        setup = state.setup
        dealer = self.dealer(state)
        return HandResult(
            (0,) * setup.player_count,
            passed_lines(setup, dealer),
            GAME_NAMES[GameType.PASSED],
            facts=passed_facts(setup, dealer),
        )

    def ends_by_itself(self, setup: Setup) -> bool:
        """Only when a fixed list was agreed."""
        return list_length(setup) > 0

    def outcome(self, state: State) -> Outcome:
        """Finished once a fixed list is complete; the highest total leads."""
        winners = leaders(state.totals)
        length = list_length(state.setup)
        if length <= 0 or games_counted(state) < length or not winners:
            return Outcome(finished=False, winners=winners, text="")
        best = state.totals[winners[0]]
        names = state.setup.names_of(list(winners))
        text = (
            t(
                "The list of {length} games is complete: {names} leads with {best}",
                length=length,
                names=names,
                best=best,
            )
            if len(winners) == 1
            else t(
                "The list of {length} games is complete: {names} share the lead with {best}",
                length=length,
                names=names,
                best=best,
            )
        )
        return Outcome(finished=True, winners=winners, text=text)

    def table_notes(self, state: State) -> tuple[str, ...]:
        """How much of a fixed list is left, and at 4 players who sits out."""
        notes = []
        left = games_left(state)
        if left is not None:
            notes.append(
                t("{left} of {length} games left", left=left, length=list_length(state.setup))
            )
        if state.setup.player_count == 4:
            notes.append(t("{name} sits out", name=state.setup.players[self.dealer(state)]))
        return tuple(notes)

    def took_part(self, setup: Setup, hand: ScoredHand, seat: int) -> bool:
        """A passed game is on the list but nobody played it; at four players the dealer sat
        the game out (the hand's facts say who)."""
        if hand.entry.get("game") not in PLAYED_SET:
            return False
        return setup.player_count != 4 or hand.result.facts["sitting_out"] != seat

    def settlement(self, state: State) -> Settlement | None:
        """The list balanced by differences, in cents at the stake or else in points."""
        return settle_list(state.totals, stake(state.setup))

    def describe(self, setup: Setup, entry: Entry) -> str:
        """One line for the table of hands: "Ann · ♠ hand, schneider · with 2 · 95 pts · won"."""
        if entry.get("game") not in PLAYED_SET:
            return GAME_NAMES[GameType.PASSED]
        play = read_play(entry)
        parts = [setup.players[play.declarer], _short_title(play)]
        if not play.is_null:
            parts += [matadors_words(play), t("{points} pts", points=play.points)]
        if play.bid > LOWEST_BID:
            parts.append(t("bid {bid}", bid=play.bid))
        parts.append(t("won") if play.result is Result.WON else t("lost"))
        return join(parts, " · ")


def played_result(setup: Setup, play: Play, judged: Valuation, dealer: int) -> HandResult:
    """A played game's result: its row on the list, the arithmetic, the headline and the facts."""
    how = scoring(setup)
    points = score_row(setup, how, play, judged, dealer)
    return HandResult(
        points,
        tuple(score_lines(setup, how, play, judged, dealer)),
        headline(setup, how, play, judged, points),
        facts=game_facts(setup, play, judged, points, dealer),
    )


def headline(
    setup: Setup, how: Scoring, play: Play, judged: Valuation, points: tuple[int, ...]
) -> str:
    """The game in the list's words: "Ann · ♠ hand · won · +44"."""
    verdict = t("won") if judged.won else t("lost")
    parts = [setup.players[play.declarer], title(play), verdict]
    if how is not Scoring.AS_WRITTEN:
        parts.append(signed(points[play.declarer]))
    return join(parts, " · ")


def passed_lines(setup: Setup, dealer: int) -> tuple[str, ...]:
    """Everyone passed: the game counts on the list, nobody scores, the deal moves on."""
    following = (dealer + 1) % setup.player_count
    return (
        t("Everyone passed: no game is played and nobody scores"),
        t("The passed game counts on the list"),
        t(
            "The deal moves on from {dealer} to {next}",
            dealer=setup.players[dealer],
            next=setup.players[following],
        ),
    )


def _choice_label(game: GameType) -> str:
    """The words on a game's button: "♠ Spades (11)", "Grand (24)", "Null"."""
    if game in BASE_VALUES:
        symbol = SUIT_SYMBOLS.get(game)
        name = (
            Text("{symbol} {game}", {"symbol": symbol, "game": GAME_NAMES[game]})
            if symbol
            else GAME_NAMES[game]
        )
        return Text("{game} ({value})", {"game": name, "value": BASE_VALUES[game]})
    return GAME_NAMES[game]


def _short_title(play: Play) -> str:
    """The game in the table of hands: the suit symbol, hand, ouvert and what was reached."""
    words = [SUIT_SYMBOLS.get(play.game, GAME_NAMES[play.game])]
    if play.ouvert:
        words.append(t("ouvert"))
    if play.hand:
        words.append(t("hand"))
    text = join(words, " ")
    extras: list[str] = []
    if not play.is_null and not play.ouvert and play.announced is not Level.NONE:
        extras.append(t("{level} announced", level=LEVEL_WORDS[play.announced]))
    if not play.is_null and play.reached is not Level.NONE:
        extras.append(LEVEL_WORDS[play.reached])
    return join([text, *extras])


# ---------------------------------------------------------------- the trick referee

JACKS = tuple(Card(suit, JACK) for suit in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS))
"""The four Jacks, highest first: in every game but Null they are the top trumps."""
SUIT_GAME_ORDER = RankOrder((7, 8, 9, JACK, QUEEN, KING, 10, ACE))
"""A suit's order in a suit game or Grand (ISkO): Ace, Ten, King, Queen, Nine, Eight, Seven
(its Jack is a trump)."""
NULL_ORDER = RankOrder((7, 8, 9, 10, JACK, QUEEN, KING, ACE))
"""Every suit's order in Null (ISkO): Ace, King, Queen, Jack, Ten, Nine, Eight, Seven."""
GAME_SUITS: dict[str, Suit] = {  # by a context's game, its value (a `GameType` is that str)
    GameType.DIAMONDS: Suit.DIAMONDS,
    GameType.HEARTS: Suit.HEARTS,
    GameType.SPADES: Suit.SPADES,
    GameType.CLUBS: Suit.CLUBS,
}


class SkatReferee(RankingReferee):
    """Skat's tricks (ISkO): the Jacks top every trump, Clubs, Spades, Hearts, Diamonds; in a
    suit game that suit follows them; in Grand only the Jacks are trumps; Null has none, and
    its suits rank Ace, King, Queen, Jack, Ten down to Seven."""

    slug = "skat"
    name = t("Skat")
    player_counts = (3, 4)

    def context_fields(self, player_count: int) -> tuple[Field, ...]:
        return (
            Field(
                "game",
                t("The game declared"),
                FieldKind.CHOICE,
                choices=choices(PLAYED, GAME_NAMES),
            ),
        )

    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        return pack_32_seven_to_ace()

    def dealer_sits_out(self, player_count: int) -> bool:
        """At four players the dealer deals and sits the game out (`sitting_out`)."""
        return player_count == 4

    def ranking(self, cards: Sequence[Card], context: Mapping[str, Any]) -> TrickRanking:
        game: str | None = context.get("game")
        if game == GameType.NULL:
            return TrickRanking(order=NULL_ORDER)
        # Grand: the Jacks alone are trumps; a suit no card has stands for them.
        trump = GAME_SUITS.get(game or "", Suit.TRUMP)
        return TrickRanking(order=SUIT_GAME_ORDER, trump=trump, top_trumps=JACKS)

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card], context: Mapping[str, Any]) -> str:
        game = GAME_NAMES[GameType(context["game"])]
        if by is WinBy.TOP_TRUMP:
            return t(
                "in Skat the four Jacks are the highest trumps, Clubs, Spades, Hearts, Diamonds"
            )
        if by is WinBy.TRUMP:
            return t(
                "in a {game} game the Jacks and then {game} are trumps, and the highest "
                "trump played wins",
                game=game,
            )
        if context.get("game") == GameType.NULL:
            return t(
                "Null has no trumps: the highest card of the suit led wins, Ace, King, "
                "Queen, Jack, Ten down to Seven"
            )
        return t(
            "nobody played a trump, so the highest card of the suit led wins: Ace, Ten, "
            "King, Queen, Nine, Eight, Seven"
        )


REFEREE = register_referee(SkatReferee())

register(Skat())
