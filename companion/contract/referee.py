"""The trick referee: the cards of one trick in play order, the winner, the card and the rule.

Arguments at a card table are about one trick. Every trick game gives a `TrickReferee`: the
pack it is played with, what a trick's context holds (the trump, the anti-trump, the kind of
game), and how to judge the cards — most by building a `TrickRanking` for the trick (the
shared machinery in `companion.kit.tricks` resolves it) and saying the rule in the game's words.
The pad's referee panel and `companion referee` both go through `judge_request`, so they
cannot disagree. Pure Python.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.contract.game import Game
from companion.contract.names import read_name
from companion.contract.parsing import is_blank, parse_values, read_card_token, read_count
from companion.contract.values import MAX_SEATS, Choice, Field, FieldKind, Problem
from companion.kit.cards import ACE, SUIT_NAMES, Card, CardError, Suit, card_name, parse
from companion.kit.i18n import capital, t, tn
from companion.kit.tricks import (
    TAROT_ACE_HIGH,
    TAROT_TEN_HIGH,
    TAROT_TRUMPS,
    RankOrder,
    TrickRanking,
    WinBy,
    resolve,
    seat_of,
    tarot_ranking,
)

REFEREE_FORMAT = "table-companion/referee@1"
MAX_TRICKS = 40  # one request judges at most this many tricks


@dataclass(frozen=True)
class CardJudgement:
    """Whether one card of the trick may be played, as far as the trick alone can show."""

    index: int
    allowed: bool
    why: str = ""


@dataclass(frozen=True)
class Verdict:
    """Who won a trick (a play-order index: 0 is the card led) and why, in the game's words.

    `tied` lists the cards that tie when the game has ties (a war, a private trick) and then
    `winner` is None; `notes` say what else the trick settles (the Excuse's owner owes half a
    point); `judged` holds the legality of each card where the trick alone can show it.
    `answer` is the verdict's sentence when the request asked something other than who won
    (whether a slough was allowed): it leads, and who won follows among the notes.
    """

    winner: int | None
    card: Card | None
    rule: str
    tied: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()
    judged: tuple[CardJudgement, ...] = ()
    answer: str = ""

    def words(
        self, names: Sequence[str] | None = None, leader: int = 0, sitting_out: int | None = None
    ) -> str:
        """The verdict as a sentence: the answer asked for, else "Bob wins with the Jack of
        Clubs: …" (the seats in play pass over `sitting_out`, the dealer who holds no cards)."""
        return self.answer or self.win_words(names, leader, sitting_out)

    def win_words(
        self, names: Sequence[str] | None = None, leader: int = 0, sitting_out: int | None = None
    ) -> str:
        """Who won the trick, and why, as a sentence (the rule alone when nobody won)."""
        if self.winner is None or self.card is None:
            return self.rule
        who = (
            names[seat_of(leader, self.winner, len(names), sitting_out)]
            if names
            else t("Card {number}", number=self.winner + 1)
        )
        return t(
            "{who} wins with {card}: {rule}", who=who, card=card_name(self.card), rule=self.rule
        )

    def as_data(
        self,
        cards: Sequence[Card],
        player_count: int,
        names: Sequence[str] | None = None,
        leader: int = 0,
        sitting_out: int | None = None,
    ) -> dict[str, Any]:
        """The verdict as JSON data beside its words (seats counted round a table of
        `player_count`, passing over the seat `sitting_out`)."""
        winner_seat = (
            None if self.winner is None else seat_of(leader, self.winner, player_count, sitting_out)
        )
        return {
            "winner": self.winner,
            "winner_seat": winner_seat,
            "card": self.card.code if self.card else None,
            "card_name": card_name(self.card) if self.card else None,
            "rule": self.rule,
            "words": self.words(names, leader, sitting_out),
            "tied": list(self.tied),
            "notes": [
                *((self.win_words(names, leader, sitting_out),) if self.answer else ()),
                *self.notes,
            ],
            "cards": [
                {"index": j.index, "card": cards[j.index].code, "allowed": j.allowed, "why": j.why}
                for j in self.judged
            ],
        }


class TrickReferee(ABC):
    """One game's referee. Subclasses are stateless: the trick and its context come in."""

    slug: str
    name: str
    player_counts: tuple[int, ...]

    def context_fields(self, player_count: int) -> tuple[Field, ...]:
        """What a trick's context holds besides its cards (the trump, the kind of game)."""
        return ()

    def options(self, player_count: int) -> tuple[Field, ...]:
        """The house rules that change who wins a trick (a suit order, a first-phase rule)."""
        return ()

    @abstractmethod
    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        """The cards this game is played with, in the order the pad's grid shows them."""

    def dealer_sits_out(self, player_count: int) -> bool:
        """Whether the dealer holds no cards at this table size (Skat and Calabrasella at four):
        a request then says who deals, and its tricks pass over the dealer's seat."""
        return False

    def cards_in_trick(self, player_count: int, context: Mapping[str, Any]) -> int:
        """How many cards a trick holds: one per player holding cards by default."""
        return player_count - 1 if self.dealer_sits_out(player_count) else player_count

    def does_not_apply(self, spec: Field) -> str:
        """Why a value given for `spec` is refused when the trick's other values rule it out."""
        return t("{field} does not apply to this trick.", field=capital(spec.label))

    def card_counts(self, player_count: int, context: Mapping[str, Any]) -> range:
        """How many cards a trick may hold: exactly `cards_in_trick` unless the game lets any
        number be laid (Skitgubbe's second phase)."""
        wanted = self.cards_in_trick(player_count, context)
        return range(wanted, wanted + 1)

    def context_problems(self, context: Mapping[str, Any]) -> list[Problem]:
        """What the trick's house rules and context, each valid alone, cannot be together
        (nothing by default)."""
        return []

    def read(self, token: str, context: Mapping[str, Any]) -> Card:
        """A card code read the way this game (and session) writes its cards."""
        return parse(token)

    @abstractmethod
    def judge(self, cards: Sequence[Card], context: Mapping[str, Any]) -> Verdict:
        """The verdict on a trick whose cards are listed in play order from the leader."""


class RankingReferee(TrickReferee):
    """A referee whose game ranks cards by data: a `TrickRanking` built for each trick."""

    @abstractmethod
    def ranking(self, cards: Sequence[Card], context: Mapping[str, Any]) -> TrickRanking:
        """How the cards rank in this trick (it may depend on the trick: an anti-trump led)."""

    @abstractmethod
    def rule(self, by: WinBy, card: Card, cards: Sequence[Card], context: Mapping[str, Any]) -> str:
        """Why `card` won, in the game's words."""

    def notes(
        self, cards: Sequence[Card], winner: int | None, context: Mapping[str, Any]
    ) -> tuple[str, ...]:
        """What else the trick settles (nothing by default)."""
        return ()

    def judge(self, cards: Sequence[Card], context: Mapping[str, Any]) -> Verdict:
        """Resolve the trick under the game's ranking and say why the winner won."""
        ranking = self.ranking(cards, context)
        verdict = resolve(cards, ranking)
        notes = self.notes(cards, verdict.winner, context)
        if verdict.winner is None or verdict.by is None:
            return Verdict(None, None, t("no card can win this trick"), verdict.tied, notes)
        card = cards[verdict.winner]
        return Verdict(verdict.winner, card, self.rule(verdict.by, card, cards, context), (), notes)


# ---------------------------------------------------------------- the registry

_REFEREES: dict[str, TrickReferee] = {}


def register_referee(referee: TrickReferee) -> TrickReferee:
    """Add a game's referee (a second one for the same game is a programming error)."""
    if referee.slug in _REFEREES:
        raise ValueError(f"a referee is already registered for {referee.slug!r}")
    _REFEREES[referee.slug] = referee
    return referee


def referee_for(slug: str) -> TrickReferee | None:
    """The referee of game `slug`, if it has one."""
    from companion.contract.registry import load_games

    load_games()
    return _REFEREES.get(slug)


def all_referees() -> list[TrickReferee]:
    """Every game's referee, by name."""
    from companion.contract.registry import load_games

    load_games()
    return sorted(_REFEREES.values(), key=lambda referee: referee.name)


# ---------------------------------------------------------------- words and fields shared


def suit_choices(suits: Sequence[Suit]) -> tuple[Choice, ...]:
    """Suits as choices of a context field, by their letter ("H": Hearts ♥)."""
    return tuple(
        Choice(suit.value, t("{suit} {symbol}", suit=SUIT_NAMES[suit], symbol=suit.symbol))
        for suit in suits
    )


def trump_field(
    suits: Sequence[Suit],
    *,
    none_label: str | None = None,
    name: str = "trump",
    label: str = t("Trump suit"),
) -> Field:
    """The context field of a hand's trump suit (or anti-trump), optionally "none"."""
    choices = suit_choices(suits)
    if none_label is not None:
        choices = (*choices, Choice("none", none_label))
    return Field(name, label, FieldKind.CHOICE, choices=choices)


def suit_of_choice(value: str | None) -> Suit | None:
    """The suit a suit choice names (None for "none" or nothing)."""
    return Suit(value) if value and value != "none" else None


def describe_referee(referee: TrickReferee) -> dict[str, Any]:
    """What a referee request of this game holds, per player count (for `games --json`)."""
    return {
        "slug": referee.slug,
        "name": referee.name,
        "players": list(referee.player_counts),
        "variants": [
            {
                "players": count,
                "dealer_sits_out": referee.dealer_sits_out(count),
                "options": [o.describe() for o in referee.options(count)],
                "context": [f.describe() for f in referee.context_fields(count)],
                "cards_in_trick": referee.cards_in_trick(count, {}),
            }
            for count in referee.player_counts
        ],
    }


def game_with_referee(game: Game) -> dict[str, Any]:
    """A game as plain data (`Game.describe_game`) with, after its player counts, what a
    request to its trick referee holds (`referee`: None when it has none), for `games --json`.
    Here, not in `Game`: finding a referee loads the games, and the games' registry is built
    on `Game`, so `Game` asking for its referee made a cycle (tests/test_layers.py)."""
    data = game.describe_game()
    referee = referee_for(game.slug)
    first = {key: data[key] for key in ("slug", "name", "players")}
    return first | {"referee": describe_referee(referee) if referee else None} | data


# ---------------------------------------------------------------- one request, judged


def judge_request(referee: TrickReferee, data: Any) -> tuple[dict[str, Any], list[Problem]]:
    """Judge the trick (or tricks) of a JSON request; the answer as data, or the problems.

    The request: {"players": 4, "options": {...}, "context": {...}, "names": [...],
    "leader": 0, "cards": ["5H", "JH", ...]} or, for several tricks, "tricks": [{"cards": [...],
    "context": {...}, "leader": 0}, ...] (each trick's context over the request's); "dealer"
    (a seat) where the game's dealer sits out at this table size. Every value goes through the
    strict parser before anything is built from it.
    """
    if not isinstance(data, Mapping):
        return {}, [Problem(None, t("The request must be a JSON object."))]
    unknown = [key for key in data if key not in REQUEST_KEYS]
    if unknown:
        return {}, [
            Problem(
                str(unknown[0])[:40],
                t("{key} is not part of a referee request.", key=repr(str(unknown[0])[:40])),
            )
        ]
    count = read_count(data.get("players", ""), digits=2)
    if count is None or count not in referee.player_counts or count > MAX_SEATS:
        counts = ", ".join(str(c) for c in referee.player_counts)
        return {}, [
            Problem(
                "players",
                t("{game} is played by {counts} players.", game=referee.name, counts=counts),
            )
        ]
    names, problems = _names(data.get("names"), count)
    sitting_out, dealer_problems = _sitting_out(referee, count, data.get("dealer"))
    problems += dealer_problems
    tricks = data.get("tricks")
    if tricks is None:
        tricks = [{"cards": data.get("cards"), "leader": data.get("leader", 0)}]
    if not isinstance(tricks, list) or not 1 <= len(tricks) <= MAX_TRICKS:
        return {}, [
            *problems,
            Problem("tricks", t("Give between 1 and {most} tricks.", most=MAX_TRICKS)),
        ]
    verdicts = []
    for index, trick in enumerate(tricks):
        verdict, trick_problems = _judge_one(referee, count, data, trick, names, sitting_out)
        problems += [Problem(p.field, p.message, p.part, index) for p in trick_problems]
        verdicts.append(verdict)
    if problems:
        return {}, problems
    return {
        "format": REFEREE_FORMAT,
        "game": referee.slug,
        "players": count,
        "verdicts": verdicts,
    }, []


REQUEST_KEYS = ("players", "options", "context", "names", "leader", "dealer", "cards", "tricks")
TRICK_KEYS = ("cards", "context", "leader")


def _names(value: Any, count: int) -> tuple[list[str] | None, list[Problem]]:
    if value is None:
        return None, []
    names = [read_name(name) for name in value[: count + 1]] if isinstance(value, list) else []
    if len(names) != count or not all(0 < len(name) <= 40 for name in names):
        return None, [
            Problem("names", t("Give {count} names, one per seat in play order.", count=count))
        ]
    return names, []


def _sitting_out(referee: TrickReferee, count: int, value: Any) -> tuple[int | None, list[Problem]]:
    """The seat that sits the hand out: the dealer, where the game's dealer holds no cards at
    this table size (then the request must say who deals); None otherwise."""
    sits_out = referee.dealer_sits_out(count)
    if value is None:
        if not sits_out:
            return None, []
        return None, [
            Problem(
                "dealer",
                t(
                    "Say who deals: at {players} players of {game} the dealer sits out.",
                    players=count,
                    game=referee.name,
                ),
            )
        ]
    dealer = read_count(value, digits=2)
    if dealer is None or dealer >= count:
        return None, [Problem("dealer", t("The dealer is a seat at this table."))]
    return (dealer if sits_out else None), []


def _judge_one(
    referee: TrickReferee,
    count: int,
    data: Mapping[str, Any],
    trick: Any,
    names: list[str] | None,
    sitting_out: int | None = None,
) -> tuple[dict[str, Any], list[Problem]]:
    """One trick of a request: its context read and checked, its cards read, the verdict."""
    if not isinstance(trick, Mapping) or any(key not in TRICK_KEYS for key in trick):
        return {}, [
            Problem("tricks", t("A trick holds its cards, and may hold its context and leader."))
        ]
    context, problems = read_context(
        referee,
        count,
        data.get("options"),
        {**_mapping(data.get("context")), **_mapping(trick.get("context"))},
    )
    leader = read_count(trick.get("leader", 0), digits=2)
    if leader is None or leader >= count:
        problems.append(Problem("leader", t("The leader is a seat at this table.")))
    elif leader == sitting_out:
        problems.append(Problem("leader", t("The dealer sits this hand out, so cannot lead.")))
    if problems:
        return {}, problems
    cards, problems = read_trick_cards(referee, count, context, trick.get("cards"))
    if problems:
        return {}, problems
    verdict = referee.judge(cards, context)
    return verdict.as_data(cards, count, names, leader or 0, sitting_out), []


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def read_context(
    referee: TrickReferee, count: int, options: Any, context: Mapping[str, Any]
) -> tuple[dict[str, Any], list[Problem]]:
    """A trick's context and the session's options, typed and checked against the fields."""
    problems: list[Problem] = []
    option_fields = referee.options(count)
    context_fields = referee.context_fields(count)
    if options is not None and not isinstance(options, Mapping):
        return {}, [Problem("options", t("Options must be an object of house rules."))]
    for name in options or {}:
        if name not in {spec.name for spec in option_fields}:
            problems.append(
                Problem("options", t("{name} is not a house rule here.", name=repr(str(name)[:40])))
            )
    for name in context:
        if name not in {spec.name for spec in context_fields}:
            problems.append(
                Problem(
                    "context",
                    t(
                        "{name} is not part of the context of a trick of {game}.",
                        name=repr(str(name)[:40]),
                        game=referee.name,
                    ),
                )
            )
    # Read together, so a context field may apply only under a house rule (`shown_when`: the
    # trump turned up of a 52-card Whist pack).
    values, value_problems = parse_values(
        (*option_fields, *context_fields), {**context, **(options or {})}, count
    )
    problems += value_problems + not_applying(referee, context_fields, context, values)
    if not problems:
        problems = referee.context_problems(values)
    return values, problems


def not_applying(
    referee: TrickReferee,
    fields: Sequence[Field],
    given: Mapping[str, Any],
    values: Mapping[str, Any],
) -> list[Problem]:
    """A value given for a context field that does not apply to this trick is refused, not
    dropped in silence (a trump suit with a tarot-pack Whist)."""
    return [
        Problem(spec.name, referee.does_not_apply(spec))
        for spec in fields
        if not spec.applies(values) and not is_blank(given.get(spec.name))
    ]


def read_trick_cards(
    referee: TrickReferee, count: int, context: Mapping[str, Any], value: Any
) -> tuple[list[Card], list[Problem]]:
    """The cards of a trick: card codes of this game's pack, each once, as many as the trick
    holds (one per player, or any number where the game lets any number be laid)."""
    counts = referee.card_counts(count, context)
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list) or len(value) > counts[-1] + 4:
        return [], [Problem("cards", cards_wanted(counts))]
    pack = set(referee.pack(count, context))
    cards: list[Card] = []
    for token in value:
        code = read_card_token(token)
        card = _read(referee, code, context) if code else None
        if card is None:
            return [], [Problem("cards", t("{token} is not a card.", token=repr(str(token)[:12])))]
        if card not in pack:
            return [], [
                Problem(
                    "cards",
                    t(
                        "{card} is not in the pack {game} is played with.",
                        card=capital(card_name(card)),
                        game=referee.name,
                    ),
                )
            ]
        if card in cards:
            return [], [
                Problem("cards", t("{card} is played twice.", card=capital(card_name(card))))
            ]
        cards.append(card)
    if len(cards) not in counts:
        return [], [cards_problem(referee, count, len(cards), counts)]
    return cards, []


def cards_wanted(counts: range) -> str:
    """What a trick's cards should be: exactly so many, or between two counts."""
    if len(counts) == 1:
        return t(
            "Give the {count} cards of the trick, in play order from the leader.", count=counts[0]
        )
    return t(
        "Give between {least} and {most} cards, in the order they were laid.",
        least=counts[0],
        most=counts[-1],
    )


def cards_problem(referee: TrickReferee, count: int, given: int, counts: range) -> Problem:
    """A trick with too few or too many cards, saying how many it holds."""
    if len(counts) > 1:
        return Problem("cards", cards_wanted(counts))
    wanted = counts[0]
    return Problem(
        "cards",
        tn(
            "{count} card was given; a trick of {game} at {players} players has {wanted}.",
            "{count} cards were given; a trick of {game} at {players} players has {wanted}.",
            given,
            game=referee.name,
            players=count,
            wanted=wanted,
        ),
    )


def _read(referee: TrickReferee, code: str, context: Mapping[str, Any]) -> Card | None:
    try:
        return referee.read(code, context)
    except CardError:
        return None


# ---------------------------------------------------------------- the tarot family

EXCUSE = Card(Suit.EXCUSE, 0, tarot=True)
SUIT_WORDS = {
    Suit.SPADES: t("spade"),
    Suit.HEARTS: t("heart"),
    Suit.DIAMONDS: t("diamond"),
    Suit.CLUBS: t("club"),
    Suit.TRUMP: t("atout"),
}


LAST_TRICK = Field(
    "last_trick",
    t("The last trick of the hand"),
    FieldKind.BOOLEAN,
    default=False,
    required=False,
    help=t("On the last trick the Excuse goes to the winner"),
)


def tarot_suit_rule(
    game: str, card: Card, cards: Sequence[Card], red: RankOrder, black: RankOrder
) -> str:
    """Why `card` won a tarot trick nobody trumped: the highest of the suit led, its suit's
    order worded from the order in use (`red` or `black`: Ace or Ten the highest pip), and the
    Excuse led."""
    led_note = (
        t(" (the Excuse was led, so the next card set the suit)") if cards[0] == EXCUSE else ""
    )
    order = red if card.suit.is_red else black
    ace_high = order.strength(ACE) > order.strength(10)
    if card.suit.is_red:
        suits = (
            t(
                "in {game} the red suits rank King, Queen, Knight, Jack, then the Ace "
                "highest of the pips",
                game=game,
            )
            if ace_high
            else t(
                "in {game} the red suits rank King, Queen, Knight, Jack, then the Ten highest "
                "of the pips",
                game=game,
            )
        )
    else:
        suits = (
            t(
                "in {game} the black suits rank King, Queen, Knight, Jack, then the Ace "
                "highest of the pips",
                game=game,
            )
            if ace_high
            else t(
                "in {game} the black suits rank King, Queen, Knight, Jack, then the Ten "
                "highest of the pips",
                game=game,
            )
        )
    return t(
        "nobody played an atout, so the highest {suit} wins{led}; {suits}",
        suit=SUIT_WORDS[card.suit],
        led=led_note,
        suits=suits,
    )


class TarotReferee(RankingReferee):
    """A tarot game's trick: the atouts are trumps, red and black suits rank as the game says,
    and the Excuse never wins. What its owner gives for it and whether it goes to the winner of
    the last trick are the game's data (French Tarot's by default)."""

    cards: tuple[Card, ...] = ()  # the game's pack
    excuse_name: str = t("the Excuse")
    exchange: str = t("a card worth half a point")  # what the Excuse's owner gives the winner
    to_last_winner: bool = True  # on the last trick the Excuse goes to the trick's winner

    def pack(self, player_count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
        return self.cards

    def context_fields(self, player_count: int) -> tuple[Field, ...]:
        """The last trick, where the Excuse then goes to the winner."""
        return (LAST_TRICK,) if self.to_last_winner else ()

    def read(self, token: str, context: Mapping[str, Any]) -> Card:
        return parse(token, tarot=True)

    def suit_orders(self, context: Mapping[str, Any]) -> tuple[RankOrder, RankOrder]:
        """The red and the black suits' orders in this game (and session): French Tarot's as
        written by default, red pips Ace high, black pips Ten high."""
        return TAROT_ACE_HIGH, TAROT_TEN_HIGH

    def ranking(self, cards: Sequence[Card], context: Mapping[str, Any]) -> TrickRanking:
        red, black = self.suit_orders(context)
        return tarot_ranking(red, black, frozenset({EXCUSE}), self.trump_order(cards))

    def trump_order(self, cards: Sequence[Card]) -> RankOrder:
        """The atouts' order in this trick: 1 to 21 (a game with equal trumps says otherwise)."""
        return TAROT_TRUMPS

    def rule(self, by: WinBy, card: Card, cards: Sequence[Card], context: Mapping[str, Any]) -> str:
        """The atout rule, or the suit led with its order, and the Excuse led."""
        if by is WinBy.TRUMP:
            return t(
                "in {game} any atout beats every suit card, and the highest atout wins",
                game=self.name,
            )
        return tarot_suit_rule(self.name, card, cards, *self.suit_orders(context))

    def notes(
        self, cards: Sequence[Card], winner: int | None, context: Mapping[str, Any]
    ) -> tuple[str, ...]:
        """What happens to the Excuse: kept by its owner, who owes the winner half a point,
        except on the last trick, where it goes to the winner."""
        if EXCUSE not in cards:
            return ()
        name = capital(self.excuse_name)
        if self.to_last_winner and context.get("last_trick"):
            return (
                t(
                    "{excuse} was played on the last trick: it goes to the trick's winner.",
                    excuse=name,
                ),
            )
        if self.to_last_winner:
            return (
                t(
                    "{excuse} never wins: its owner keeps it among their own tricks and gives "
                    "the winner {exchange} in exchange (when they have one).",
                    excuse=name,
                    exchange=self.exchange,
                ),
            )
        return (
            t(
                "{excuse} never wins: its owner keeps it among their own tricks, on the last "
                "trick too, and gives the winner {exchange} in exchange (when they have one).",
                excuse=name,
                exchange=self.exchange,
            ),
        )
