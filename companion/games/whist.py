"""Whist, seed 002: four players in two partnerships, a trump turned up by the dealer, thirteen
tricks; every trick over six scores one, and a game is 5 points (option 7).

The score pad (the tricks each side took, honours as an option, a game or a rubber of three) and
the trick referee. The text is followed where it speaks, docs/rulings.md ("Noddy, Marmalade, War,
Whist, Wish Solitaire") settles the game's length, and the published Laws of Whist (Cavendish's
laws of Short Whist) fill the rest: honours, the score of four, treble, double and single games,
the rubber points. Every decision is on docs/rules/whist.md; the referee's on docs/referee.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from companion.contract.choices import choices
from companion.contract.game import Game, read_options
from companion.contract.referee import (
    EXCUSE,
    RankingReferee,
    register_referee,
    suit_choices,
    suit_of_choice,
    tarot_suit_rule,
)
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
    SeatGroup,
    Setup,
    State,
)
from companion.kit import i18n
from companion.kit.cards import PLAIN_SUITS, SUIT_NAMES, Card, Suit, pack_52, parse, tarot_pack
from companion.kit.i18n import t, tn
from companion.kit.tricks import (
    ACE_HIGH,
    TAROT_ACE_HIGH,
    TAROT_TEN_HIGH,
    TrickRanking,
    WinBy,
    tarot_ranking,
)

# ---------------------------------------------------------------- the game's words


class Pack(StrEnum):
    """The two packs the text allows."""

    STANDARD = "52"
    TAROT = "tarot"


class Match(StrEnum):
    """What a session plays: one game, or a rubber (the best of three games), with or without
    the rubber's value in points."""

    GAME = "game"
    RUBBER = "rubber"
    RUBBER_POINTS = "rubber-points"


MATCH_LABELS: dict[Match, str] = {
    Match.GAME: t("One game"),
    Match.RUBBER: t("A rubber: the best of three games"),
    Match.RUBBER_POINTS: t(
        "A rubber scored in points (treble, double or single; 2 for the rubber)"
    ),
}


class Honours(StrEnum):
    """What a side claims of the four honours (Ace, King, Queen, Jack of trumps)."""

    NONE = "none"
    THREE = "three"
    FOUR = "four"


HONOURS_LABELS: dict[Honours, str] = {
    Honours.NONE: t("None (two at most)"),
    Honours.THREE: t("Three honours: 2 points"),
    Honours.FOUR: t("Four honours: 4 points"),
}

# ---------------------------------------------------------------- the tables


@dataclass(frozen=True)
class Deal:
    """What a pack makes of a hand: the tricks in it and the book (the tricks that do not
    score); every trick over the book scores one."""

    tricks: int
    book: int
    words: str


STANDARD_DEAL = Deal(13, 6, "52 cards: 13 tricks")
"""The text: all the cards are dealt (13 tricks of four); "the first six tricks taken do not
count towards scoring. Starting with the seventh trick, every odd trick counts as one"."""

TAROT_DEAL = Deal(19, 9, "a tarot pack: 19 tricks, the last two cards set aside")
"""Our decision (the text is silent): 78 cards do not deal evenly to four, so each player gets
19 and the last two cards lie aside, out of play; 19 tricks, and as with 13 the book is the
larger half less one (9): every trick over nine scores one."""

GAME_TARGETS = (5, 7)
"""docs/rulings.md: "a game is played to 5 points (option 7)"."""

HONOURS_POINTS: dict[Honours, int] = {Honours.NONE: 0, Honours.THREE: 2, Honours.FOUR: 4}
"""Laws of Whist 3: the four honours held between partners score 4, any three score 2, only
two do not score."""

HONOURS_WORDS: dict[Honours, str] = {
    Honours.NONE: t("no honours"),
    Honours.THREE: t("three honours"),
    Honours.FOUR: t("four honours"),
}

RUBBER_WINS = 2
"""Laws of Whist 1: "the rubber is the best of three games"; two won end it."""

RUBBER_BONUS = 2
"""Laws of Whist 9: "the winners of the rubber gain two points (the rubber points)"."""

TREBLE, DOUBLE, SINGLE = 3, 2, 1
"""Laws of Whist 8: a treble (3) when the adversaries have not scored, a double (2) when they
have scored less than three, a single (1) when they have three or four."""

GAME_VALUE_WORDS = {TREBLE: t("a treble"), DOUBLE: t("a double"), SINGLE: t("a single")}

SIDE_SEATS: tuple[tuple[int, int], tuple[int, int]] = ((0, 2), (1, 3))
"""Partners sit opposite: the 1st and 3rd players against the 2nd and 4th."""

RULING = t("The pad's rulings, Whist")

# ---------------------------------------------------------------- the house rules


@dataclass(frozen=True)
class Options:
    """Whist's house rules, typed; the defaults are the text's game (docs/rulings.md)."""

    pack: Pack = Pack.STANDARD
    game_to: int = 5
    honours: bool = False
    match: Match = Match.GAME

    @property
    def deal(self) -> Deal:
        """The tricks and the book of this pack."""
        return TAROT_DEAL if self.pack is Pack.TAROT else STANDARD_DEAL

    @property
    def counts_honours(self) -> bool:
        """Honours score only when chosen, and only with the 52 cards (atouts have none)."""
        return self.honours and self.pack is Pack.STANDARD

    @property
    def rubber(self) -> bool:
        """A rubber of three games, with or without its points."""
        return self.match is not Match.GAME


PACK_OPTION = Field(
    "pack",
    t("The pack"),
    FieldKind.CHOICE,
    choices=(
        Choice(Pack.STANDARD.value, t("52 cards, a trump turned up")),
        Choice(Pack.TAROT.value, t("A tarot pack: the atouts are trumps")),
    ),
    default=Pack.STANDARD.value,
    help=t("The text: a tarot pack may be chosen; its atouts are the trumps"),
)


TRUMP_TURNED_UP = Field(
    "trump",
    t("Trump turned up"),
    FieldKind.CHOICE,
    choices=suit_choices(PLAIN_SUITS),
    help=t("The suit of the dealer's last card, turned face up"),
)
"""The trump, as the pad and the referee both ask it: one of the four suits, and only with a
52-card pack (with a tarot pack the atouts are the trumps, so nothing is turned up)."""


def settings_of(setup: Setup) -> Options:
    """This session's house rules."""
    return read_options(Options, setup.options)


def side_name(setup: Setup, side: int) -> str:
    """A partnership in words: "Ann & Cat"."""
    first, second = SIDE_SEATS[side]
    return f"{setup.players[first]} & {setup.players[second]}"


def sides(setup: Setup) -> tuple[SeatGroup, SeatGroup]:
    """The two fixed partnerships, named by their players."""
    return (
        SeatGroup(side_name(setup, 0), SIDE_SEATS[0]),
        SeatGroup(side_name(setup, 1), SIDE_SEATS[1]),
    )


def other(side: int) -> int:
    """The side that is not `side`."""
    return 1 - side


# ---------------------------------------------------------------- reading the entry


@dataclass(frozen=True)
class Hand:
    """One hand as the players wrote it: the trump turned up, each side's tricks and honours."""

    trump: Suit | None
    tricks: tuple[int, int]
    honours: tuple[Honours, Honours]


def read_hand(entry: Entry) -> Hand:
    """The entry in the game's terms (a missing honours claim is no claim)."""
    return Hand(
        trump=suit_of_choice(entry.get("trump")),
        tricks=(entry.get("tricks_1") or 0, entry.get("tricks_2") or 0),
        honours=(
            Honours(entry.get("honours_1") or Honours.NONE),
            Honours(entry.get("honours_2") or Honours.NONE),
        ),
    )


# ---------------------------------------------------------------- the standing, carried


@dataclass(frozen=True)
class GameWon:
    """A game of the rubber: its number, the side that won it, the final score and its value."""

    number: int
    side: int
    score: tuple[int, int]
    value: int
    hand: int


@dataclass(frozen=True)
class Standing:
    """Where the match stands after a hand (each hand's `carry`): each side's points toward the
    game being played, the games won so far, and the hand that ended the match, if any."""

    toward: tuple[int, int] = (0, 0)
    games: tuple[GameWon, ...] = ()
    over_after: int | None = None

    @property
    def game_number(self) -> int:
        """The number of the game being played (or of the last one, once the match is over)."""
        return len(self.games) + (0 if self.over else 1)

    @property
    def over(self) -> bool:
        """Whether the game or rubber the session plays is finished."""
        return self.over_after is not None

    def wins(self, side: int) -> int:
        """The games `side` has won."""
        return sum(1 for game in self.games if game.side == side)


def game_value(loser_score: int, target: int) -> int:
    """Laws of Whist 8: a treble when the losers have not scored, a double when they have less
    than three, else a single. Three is the half of 5 rounded up (Long Whist's game of 10 has
    the same line at 5), so a game to 7 draws it at 4: our decision."""
    if loser_score == 0:
        return TREBLE
    return DOUBLE if loser_score * 2 < target else SINGLE


def rubber_points(games: Sequence[GameWon], winner: int) -> int:
    """Laws of Whist 9 and 10: the winners' games' values plus 2, less the losers' game."""
    won = sum(game.value for game in games if game.side == winner)
    lost = sum(game.value for game in games if game.side != winner)
    return won + RUBBER_BONUS - lost


def match_over(settings: Options, games: Sequence[GameWon], side: int) -> bool:
    """One game ends a session of one game; two won by the same side end a rubber."""
    if not settings.rubber:
        return True
    return sum(1 for game in games if game.side == side) >= RUBBER_WINS


# ---------------------------------------------------------------- the pure score


@dataclass(frozen=True)
class OddTricks:
    """The side that took more than the book, and by how many."""

    side: int
    tricks: int
    count: int


def odd_tricks(hand: Hand, deal: Deal) -> OddTricks:
    """Text: every trick over six scores one. With 13 tricks one side always has seven."""
    side = 0 if hand.tricks[0] > hand.tricks[1] else 1
    return OddTricks(side, hand.tricks[side], max(hand.tricks[side] - deal.book, 0))


@dataclass(frozen=True)
class Scored:
    """A hand's score: the points that counted for each side, the words, the new standing,
    and the game it ended, if any."""

    counted: tuple[int, int]
    lines: tuple[str, ...]
    standing: Standing
    game: GameWon | None


def score_hand(setup: Setup, standing: Standing, hand: Hand, number: int) -> Scored:
    """Tricks first, then honours (Laws of Whist 5); a game ends at the target, the points over
    it are lost (Laws of Whist 11: a game is five points), and a new game starts at love."""
    settings = settings_of(setup)
    target, deal = settings.game_to, settings.deal
    start = standing.toward
    points = list(start)
    odd = odd_tricks(hand, deal)
    lines = [odd_trick_line(setup, odd, deal)]
    points[odd.side] += odd.count
    for side in (odd.side, other(odd.side)):
        claim = hand.honours[side]
        if claim is Honours.NONE:
            continue
        why_not = honours_refused(setup, side, start, points, odd.side, target)
        if why_not:
            lines.append(why_not)
            continue
        points[side] += HONOURS_POINTS[claim]
        lines.append(
            t(
                "{side}: {honours} = {points}",
                side=side_name(setup, side),
                honours=HONOURS_WORDS[claim],
                points=HONOURS_POINTS[claim],
            )
        )
    lines += [
        toward_line(setup, side, start[side], points[side], target)
        for side in (0, 1)
        if points[side] != start[side]
    ]
    counted = (min(points[0], target) - start[0], min(points[1], target) - start[1])
    winner = next((side for side in (odd.side, other(odd.side)) if points[side] >= target), None)
    if winner is None:
        return Scored(counted, tuple(lines), replace(standing, toward=(points[0], points[1])), None)
    return game_ended(setup, standing, winner, points, number, counted, lines)


def honours_refused(
    setup: Setup,
    side: int,
    start: tuple[int, int],
    points: Sequence[int],
    trick_side: int,
    target: int,
) -> str:
    """Why a side's honours do not score this deal ("" if they do): the score just below game
    when the deal began (Laws of Whist 4), or the other side's tricks already won the game
    (tricks score before honours, Laws of Whist 5)."""
    name = side_name(setup, side)
    if start[side] == target - 1:
        return t(
            "{side} were at {score} when the deal began: honours do not count at the "
            "score just below game",
            side=name,
            score=target - 1,
        )
    if side != trick_side and points[trick_side] >= target:
        return t(
            "{side}'s honours are not scored: tricks score before honours, and "
            "{winners}'s tricks won the game",
            side=name,
            winners=side_name(setup, trick_side),
        )
    return ""


def game_ended(
    setup: Setup,
    standing: Standing,
    winner: int,
    points: Sequence[int],
    number: int,
    counted: tuple[int, int],
    lines: list[str],
) -> Scored:
    """A side reached the target: the game is theirs, its value is set by the losers' score,
    and the match may be over; the next game starts at love."""
    settings = settings_of(setup)
    target = settings.game_to
    loser_score = points[other(winner)]
    final = (target, loser_score) if winner == 0 else (loser_score, target)
    game = GameWon(len(standing.games) + 1, winner, final, game_value(loser_score, target), number)
    games = (*standing.games, game)
    over = match_over(settings, games, winner)
    lines.append(game_line(setup, game, settings))
    if over and settings.rubber:
        lines.append(rubber_line(setup, games, winner, settings))
    after = Standing((0, 0), games, number if over else None)
    return Scored(counted, tuple(lines), after, game)


# ---------------------------------------------------------------- the referee


def tricks_problems(setup: Setup, entry: Entry) -> list[Problem]:
    """The two sides' tricks must add up to the hand's (13 with 52 cards)."""
    first, second = entry.get("tricks_1"), entry.get("tricks_2")
    if first is None or second is None:
        return []
    total = settings_of(setup).deal.tricks
    if first + second == total:
        return []
    return [
        Problem(
            "tricks_2",
            t(
                "{side_1} {first} + {side_2} {second} = {sum} tricks, but a "
                "hand has {total}: check both counts.",
                side_1=side_name(setup, 0),
                first=first,
                side_2=side_name(setup, 1),
                second=second,
                sum=first + second,
                total=total,
            ),
        )
    ]


def honours_problems(setup: Setup, entry: Entry) -> list[Problem]:
    """Only one side can claim honours: there are four, and a claim is of three or four."""
    hand = read_hand(entry)
    if Honours.NONE in hand.honours:
        return []
    trump = SUIT_NAMES[hand.trump] if hand.trump else t("trumps")
    return [
        Problem(
            "honours_2",
            t(
                "Both sides claim honours, but there are only four (Ace, "
                "King, Queen and Jack of {trump}): if {side_1} hold three or "
                "four, {side_2} hold one at most.",
                trump=trump,
                side_1=side_name(setup, 0),
                side_2=side_name(setup, 1),
            ),
        )
    ]


# ---------------------------------------------------------------- the words


def odd_trick_line(setup: Setup, odd: OddTricks, deal: Deal) -> str:
    """ "Ann & Cat: 8 tricks − 6 = 2 odd tricks"."""
    return tn(
        "{side}: {tricks} tricks − {book} = {count} odd trick",
        "{side}: {tricks} tricks − {book} = {count} odd tricks",
        odd.count,
        side=side_name(setup, odd.side),
        tricks=odd.tricks,
        book=deal.book,
    )


def toward_line(setup: Setup, side: int, before: int, after: int, target: int) -> str:
    """A side's score toward the game: "Ann & Cat 3 + 2 = 5", and the points over game lost."""
    fields = {
        "side": side_name(setup, side),
        "before": before,
        "gained": after - before,
        "after": after,
        "target": target,
    }
    if after > target:
        return tn(
            "{side}: {before} + {gained} = {after} toward {target}; the {count} point "
            "over {target} does not carry",
            "{side}: {before} + {gained} = {after} toward {target}; the {count} points "
            "over {target} do not carry",
            after - target,
            **fields,
        )
    return t("{side}: {before} + {gained} = {after} toward {target}", **fields)


def game_line(setup: Setup, game: GameWon, settings: Options) -> str:
    """ "Game 1 to Ann & Cat, 5 to 3", with its value when the rubber is scored in points."""
    fields = {
        "number": game.number,
        "side": side_name(setup, game.side),
        "won": game.score[game.side],
        "lost": game.score[other(game.side)],
    }
    if settings.match is Match.RUBBER_POINTS:
        return tn(
            "Game {number} to {side}, {won} to {lost}: {value} ({count} point)",
            "Game {number} to {side}, {won} to {lost}: {value} ({count} points)",
            game.value,
            value=GAME_VALUE_WORDS[game.value],
            **fields,
        )
    return t("Game {number} to {side}, {won} to {lost}", **fields)


def rubber_line(setup: Setup, games: Sequence[GameWon], winner: int, settings: Options) -> str:
    """ "Rubber to Ann & Cat, 2 games to 1", and its value when scored in points:
    "1 + 3 + 2 for the rubber − 2 = 4 points"."""
    won = sum(1 for game in games if game.side == winner)
    fields = {"side": side_name(setup, winner), "won": won, "lost": len(games) - won}
    if settings.match is not Match.RUBBER_POINTS:
        return t("Rubber to {side}, {won} games to {lost}", **fields)
    values = " + ".join(str(game.value) for game in games if game.side == winner)
    less = "".join(f" − {game.value}" for game in games if game.side != winner)
    return tn(
        "Rubber to {side}, {won} games to {lost}: {values} + {bonus} for the rubber"
        "{less} = {count} point",
        "Rubber to {side}, {won} games to {lost}: {values} + {bonus} for the rubber"
        "{less} = {count} points",
        rubber_points(games, winner),
        values=values,
        bonus=RUBBER_BONUS,
        less=less,
        **fields,
    )


def headline(setup: Setup, scored: Scored, odd: OddTricks) -> str:
    """The hand in a phrase: the odd tricks, or the game (and rubber) it won."""
    game = scored.game
    if game is None:
        return tn(
            "{side} {count} odd trick",
            "{side} {count} odd tricks",
            odd.count,
            side=side_name(setup, odd.side),
        )
    name = side_name(setup, game.side)
    if not settings_of(setup).rubber:
        return t("{side} win the game", side=name)
    if scored.standing.over:
        return t("{side} win the rubber", side=name)
    return t("{side} win game {number}", side=name, number=game.number)


def outcome_text(setup: Setup, standing: Standing) -> str:
    """The match's end in words: who won the game or the rubber, the scores and the points."""
    settings = settings_of(setup)
    last = standing.games[-1]
    name = side_name(setup, last.side)
    if not settings.rubber:
        return t(
            "{side} win the game, {won} to {lost}",
            side=name,
            won=last.score[last.side],
            lost=last.score[other(last.side)],
        )
    fields = {
        "side": name,
        "won": standing.wins(last.side),
        "lost": standing.wins(other(last.side)),
        "scores": ", ".join(f"{game.score[0]}–{game.score[1]}" for game in standing.games),
    }
    if settings.match is Match.RUBBER_POINTS:
        return tn(
            "{side} win the rubber, {won} games to {lost} ({scores}), worth {count} point",
            "{side} win the rubber, {won} games to {lost} ({scores}), worth {count} points",
            rubber_points(standing.games, last.side),
            **fields,
        )
    return t("{side} win the rubber, {won} games to {lost} ({scores})", **fields)


def standing_notes(setup: Setup, standing: Standing) -> tuple[str, ...]:
    """The score toward the game, the games won in the rubber, the last game's winner, and a
    side that may not count honours this deal."""
    settings = settings_of(setup)
    target = settings.game_to
    toward = standing.toward
    sides_named = {"side_1": side_name(setup, 0), "side_2": side_name(setup, 1)}
    notes = [
        t(
            "Game {number} to {target}: {side_1} {first} – {side_2} {second}",
            number=standing.game_number,
            target=target,
            first=toward[0],
            second=toward[1],
            **sides_named,
        )
    ]
    if settings.rubber:
        notes.append(
            t(
                "Games won: {side_1} {first} – {side_2} {second}",
                first=standing.wins(0),
                second=standing.wins(1),
                **sides_named,
            )
        )
    if standing.games and toward == (0, 0):
        last = standing.games[-1]
        notes.append(
            t(
                "{side} won game {number}, {won} to {lost}",
                side=side_name(setup, last.side),
                number=last.number,
                won=last.score[last.side],
                lost=last.score[other(last.side)],
            )
        )
    if settings.counts_honours:
        notes += [
            t(
                "{side} at {score}: no honours this deal",
                side=side_name(setup, side),
                score=target - 1,
            )
            for side in (0, 1)
            if toward[side] == target - 1
        ]
    return tuple(notes)


def describe_hand(setup: Setup, hand: Hand) -> str:
    """One line: the trump, each side's tricks, honours claimed."""
    words = []
    if hand.trump is not None:
        words.append(i18n.join([SUIT_NAMES[hand.trump], hand.trump.symbol], " "))
    words.append(
        t(
            "{side_1} {first} – {side_2} {second} tricks",
            side_1=side_name(setup, 0),
            first=hand.tricks[0],
            side_2=side_name(setup, 1),
            second=hand.tricks[1],
        )
    )
    words += [
        t("{honours} {side}", honours=HONOURS_WORDS[claim], side=side_name(setup, side))
        for side, claim in enumerate(hand.honours)
        if claim is not Honours.NONE
    ]
    return i18n.join(words, " · ")


def hand_facts(hand: Hand, odd: OddTricks, scored: Scored) -> dict[str, Any]:
    """A hand's results as data: trump, tricks, odd tricks, honours, points counted per side,
    the score toward the game after it, and the game it ended."""
    game = scored.game
    return {
        "trump": hand.trump.value if hand.trump else None,
        "tricks": list(hand.tricks),
        "odd_tricks": {"side": odd.side, "count": odd.count},
        "honours": [claim.value for claim in hand.honours],
        "counted": list(scored.counted),
        "toward": list(scored.standing.toward),
        "game": None
        if game is None
        else {
            "number": game.number,
            "side": game.side,
            "score": list(game.score),
            "value": game.value,
        },
        "match_over": scored.standing.over,
    }


# ---------------------------------------------------------------- the game


class Whist(Game):
    """Whist in two partnerships: each hand the tricks each side took (and honours, as an
    option); a game to 5 (or 7), one game or a rubber of three."""

    slug = "whist"
    name = t("Whist")
    player_counts = (4,)
    zero_sum = False
    version = 1  # bumped when its scoring changes: stored results derived again
    scale = POINTS
    options_type = Options
    summary = t(
        "Four players in two partnerships; the dealer turns up the trump. Every trick "
        "over six scores one; a game is 5 points (or 7), honours and rubbers of three "
        "games as options; a tarot pack may be used."
    )

    def options(self, player_count: int) -> tuple[Field, ...]:
        """The pack, the game's length, honours, and one game or a rubber."""
        return (
            PACK_OPTION,
            Field(
                "game_to",
                t("A game is"),
                FieldKind.CHOICE,
                choices=tuple(
                    Choice(str(target), t("{target} points", target=target))
                    for target in GAME_TARGETS
                ),
                default=str(GAME_TARGETS[0]),
                help=t("{source}: 5 points (option 7)", source=RULING),
            ),
            Field(
                "honours",
                t("Count honours"),
                FieldKind.BOOLEAN,
                default=False,
                required=False,
                help=t(
                    "Ace, King, Queen, Jack of trumps: four score 4, three score 2; not at "
                    "the score just below game; not with a tarot pack"
                ),
            ),
            Field(
                "match",
                t("Play"),
                FieldKind.CHOICE,
                choices=choices(Match, MATCH_LABELS),
                default=Match.GAME.value,
                help=t("The Laws of Whist: a rubber is the best of three games"),
            ),
        )

    def fields(self, setup: Setup) -> tuple[Field, ...]:
        """The trump turned up (52 cards), each side's tricks, and honours when they count."""
        settings = settings_of(setup)
        deal = settings.deal
        fields: list[Field] = []
        if settings.pack is Pack.STANDARD:
            fields.append(TRUMP_TURNED_UP)
        helps = (
            t("Each trick over {book} scores one", book=deal.book),
            t("The two counts add up to {tricks}", tricks=deal.tricks),
        )
        fields += [
            Field(
                f"tricks_{side + 1}",
                t("Tricks taken by {side}", side=side_name(setup, side)),
                FieldKind.INTEGER,
                minimum=0,
                maximum=deal.tricks,
                help=helps[side],
            )
            for side in (0, 1)
        ]
        if settings.counts_honours:
            fields += [
                Field(
                    f"honours_{side + 1}",
                    t("Honours held by {side}", side=side_name(setup, side)),
                    FieldKind.CHOICE,
                    choices=choices(Honours, HONOURS_LABELS),
                    default=Honours.NONE.value,
                    section=t("Honours"),
                    help=t("Ace, King, Queen and Jack of trumps, between the partners"),
                )
                for side in (0, 1)
            ]
        return tuple(fields)

    def validate(self, state: State, entry: Entry) -> list[Problem]:
        """Tricks that do not add up; honours claimed by both sides."""
        return [*tricks_problems(state.setup, entry), *honours_problems(state.setup, entry)]

    def initial_carry(self, setup: Setup) -> Standing:
        """Love all, no game won."""
        return Standing()

    def standing(self, state: State) -> Standing:
        """Where the match stands after the last hand."""
        carried = self.carried(state)
        return carried if isinstance(carried, Standing) else Standing()

    def score(self, state: State, entry: Entry) -> HandResult:
        """The odd tricks and honours counted toward the game, for both partners of a side."""
        setup, standing = state.setup, self.standing(state)
        hand = read_hand(entry)
        odd = odd_tricks(hand, settings_of(setup).deal)
        scored = score_hand(setup, standing, hand, len(state.hands) + 1)
        points = tuple(scored.counted[0 if seat in SIDE_SEATS[0] else 1] for seat in range(4))
        return HandResult(
            points,
            scored.lines,
            headline(setup, scored, odd),
            carry=scored.standing,
            facts=hand_facts(hand, odd, scored),
        )

    def outcome(self, state: State) -> Outcome:
        """Over when the game (or the rubber) is won; until then the side ahead in games, or
        in the game being played, leads."""
        setup, standing = state.setup, self.standing(state)
        if standing.over:
            winner = standing.games[-1].side
            return Outcome(True, SIDE_SEATS[winner], outcome_text(setup, standing))
        ahead = _side_ahead(standing)
        return Outcome(False, SIDE_SEATS[ahead] if ahead is not None else (0, 1, 2, 3))

    def table_notes(self, state: State) -> tuple[str, ...]:
        """The score toward the game and the games won, at all times."""
        return standing_notes(state.setup, self.standing(state))

    def groups(self, setup: Setup) -> tuple[SeatGroup, ...]:
        """The two partnerships."""
        return sides(setup)

    def group_total(self, state: State, group: SeatGroup) -> int:
        """Each partner holds the side's whole score, so the side's total is one partner's."""
        return state.totals[group.seats[0]]

    def describe(self, setup: Setup, entry: Entry) -> str:
        """The trump, the tricks, the honours claimed."""
        return describe_hand(setup, read_hand(entry))


def _side_ahead(standing: Standing) -> int | None:
    """The side ahead in games won, else in the game being played; None when level."""
    for first, second in ((standing.wins(0), standing.wins(1)), standing.toward):
        if first != second:
            return 0 if first > second else 1
    return None


# ---------------------------------------------------------------- the trick referee


TAROT_PACK_ORDERS = (TAROT_ACE_HIGH, TAROT_TEN_HIGH)
"""With a tarot pack the suits rank as French Tarot's as written (our decision: the text is
silent): red pips Ace high, black pips Ten high, the courts above them."""


class WhistReferee(RankingReferee):
    """Whist's tricks: the highest trump, else the highest card of the suit led, Ace high. With
    a tarot pack the atouts are the trumps (the text), the suits rank as French Tarot's as
    written, and the Excuse never wins (our decision: the text says nothing of it)."""

    slug = "whist"
    name = t("Whist")
    player_counts = (4,)

    def options(self, player_count: int) -> tuple[Field, ...]:
        return (PACK_OPTION,)

    def context_fields(self, player_count: int) -> tuple[Field, ...]:
        """The trump turned up, asked as the pad asks it: only with a 52-card pack."""
        return (replace(TRUMP_TURNED_UP, shown_when=(PACK_OPTION.name, (Pack.STANDARD.value,))),)

    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        return tarot_pack() if context.get("pack") == Pack.TAROT else pack_52()

    def read(self, token: str, context: Mapping[str, Any]) -> Card:
        return parse(token, tarot=context.get("pack") == Pack.TAROT)

    def does_not_apply(self, spec: Field) -> str:
        """Seed 002: "If this is the case [a tarot deck], the atouts are the trump suit": a
        trump suit given with a tarot pack is refused rather than silently ignored."""
        return t("With a tarot pack the atouts are the trumps: no trump suit is turned up.")

    def ranking(self, cards: Sequence[Card], context: Mapping[str, Any]) -> TrickRanking:
        if context.get("pack") == Pack.TAROT:
            return tarot_ranking(*TAROT_PACK_ORDERS, frozenset({EXCUSE}))
        return TrickRanking(order=ACE_HIGH, trump=suit_of_choice(context.get("trump")))

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card], context: Mapping[str, Any]) -> str:
        if by is WinBy.TRUMP and card.suit is Suit.TRUMP:
            return t("with a tarot pack the atouts are the trumps, and the highest atout wins")
        if by is WinBy.TRUMP:
            return t(
                "{suit} are trumps: any trump beats the suit led, and the highest trump wins",
                suit=SUIT_NAMES[card.suit],
            )
        if context.get("pack") == Pack.TAROT:
            return tarot_suit_rule(t("Whist with a tarot pack"), card, cards, *TAROT_PACK_ORDERS)
        return t("nobody played a trump, so the highest card of the suit led wins, Ace high")


REFEREE = register_referee(WhistReferee())


register(Whist())
