"""The session exchange format, shared by the web export and the command line.

A document (`FORMAT`) holds a session's setup, its effective hands as entered and, for the
audit, every row of its history. Scoring a document replays the hands through the same engine
the pad uses, each judged as the pad judges an entry (`check_entry`: every problem at once), so
`companion score`, the imports and the web pad always agree.

Problems are plain dicts here, `{"hand": number or None, "field": name or None, "message": ...}`,
because they leave the program as JSON.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from companion.contract.game import settlement_of
from companion.contract.names import read_name, repeated_name
from companion.contract.parsing import is_blank, parse_values, trick_keys
from companion.contract.registry import UnknownGame, get
from companion.contract.values import FieldKind, Problem, Setup, State, json_ready
from companion.engine.replay import (
    Replay,
    entry_fields,
    make_setup,
    replay,
)
from companion.kit.i18n import t
from companion.kit.settlement import Settlement
from companion.service.envelope import MAX_HANDS, envelope_problems, is_count
from companion.service.envelope import problem as problem  # re-exported: the CLI's and web's
from companion.service.spreadsheet import to_csv as to_csv  # re-exported: the exports live here
from companion.store import HandRow, SessionRecord

FORMAT = "table-companion/session@1"

ProblemDict = dict[str, Any]


# ---------------------------------------------------------------- export


def export_session(
    record: SessionRecord, hands: Sequence[HandRow], history: Sequence[HandRow]
) -> dict[str, Any]:
    """A stored session as an exchange document: `hands` are the effective ones, in order."""
    setup = record.setup
    return {
        "format": FORMAT,
        "game": setup.game,
        "players": list(setup.players),
        "first_dealer": setup.first_dealer,
        "options": dict(setup.options),
        "created_at": record.created_at,
        "ended_at": record.ended_at,
        "hands": [
            {"number": hand.number, "entry": applicable_entry(setup, hand.entry)} for hand in hands
        ],
        "history": [
            {
                "id": row.id,
                "action": row.action,
                "number": row.number,
                "entry": row.entry,
                "supersedes": row.supersedes,
                "at": row.created_at,
            }
            for row in history
        ],
    }


def to_json(data: Any) -> str:
    """A document as readable JSON text (UTF-8 names kept as they are)."""
    return json.dumps(json_ready(data), ensure_ascii=False, indent=2) + "\n"


# ---------------------------------------------------------------- import and scoring


DOCUMENT_KEYS = (
    "format",
    "game",
    "players",
    "first_dealer",
    "options",
    "created_at",
    "ended_at",
    "hands",
    "history",
)
HAND_KEYS = ("number", "entry")


def load_session(
    data: Mapping[str, Any],
) -> tuple[Setup | None, list[tuple[int, dict[str, Any]]], list[ProblemDict]]:
    """Read a document: its setup (None when it cannot be built), its hands, and the problems.

    The format is strict: a key it does not define (in the document, a hand, an entry, a trick
    or the options) is refused by name, so a typo can never silently drop a bonus.
    """
    if not isinstance(data, Mapping):
        return None, [], [problem(t("The document must be a JSON object."), field="format")]
    if data.get("format") != FORMAT:
        return (
            None,
            [],
            [
                problem(
                    t("The document's format must be {format}.", format=repr(FORMAT)),
                    field="format",
                )
            ],
        )
    unknown = [
        problem(t("{key} is not part of the format.", key=repr(key)), field=str(key)[:40])
        for key in data
        if key not in DOCUMENT_KEYS
    ]
    if unknown:
        return None, [], unknown
    envelope = envelope_problems(data)
    if envelope:
        return None, [], envelope
    setup, problems = _load_setup(data)
    hands, hand_problems = _load_hands(data.get("hands", []))
    if setup is not None:
        hand_problems += [
            p
            for number, entry in hands
            for p in [
                *unknown_entry_keys(setup, number, entry),
                *inapplicable_values(setup, number, entry),
            ]
        ]
    return setup, hands, problems + hand_problems


def inapplicable_values(setup: Setup, number: int, entry: Mapping[str, Any]) -> list[ProblemDict]:
    """Values given for fields that do not apply to the hand (`Field.applies`: cards left of
    a Wish Solitaire deal won), refused by name: the format is strict, so a value is never
    dropped in silence. Null or "" says the field holds nothing, which is allowed."""
    fields = entry_fields(get(setup.game), setup)
    values, _ = parse_values(fields, entry, setup.player_count)
    return [
        problem(
            t(
                "{key} does not apply to this hand ({other} is {value}): leave it out.",
                key=repr(spec.name),
                other=repr(spec.shown_when[0]),
                value=repr(str(entry.get(spec.shown_when[0]))[:40]),
            ),
            hand=number,
            field=spec.name,
        )
        for spec in fields
        if spec.shown_when is not None
        and values.get(spec.shown_when[0]) is not None  # its choice made, and read
        and not is_blank(entry.get(spec.name))
        and not spec.applies(values)
    ]


def applicable_entry(setup: Setup, entry: Mapping[str, Any]) -> dict[str, Any]:
    """A stored entry without the values of fields that do not apply to it (the pad's form
    may post a box its choice hid; such a value never counted), as the format writes it; a
    null or "" stays, as stored."""
    fields = entry_fields(get(setup.game), setup)
    values, _ = parse_values(fields, entry, setup.player_count)
    dropped = {spec.name for spec in fields if not spec.applies(values)}
    return {key: value for key, value in entry.items() if key not in dropped or is_blank(value)}


def unknown_entry_keys(setup: Setup, number: int, entry: Mapping[str, Any]) -> list[ProblemDict]:
    """The keys of a hand's entry (and of its tricks) that the game does not declare."""
    fields = {spec.name: spec for spec in get(setup.game).fields(setup)}
    problems = [
        problem(
            t("{key} is not a field of this game.", key=repr(str(key)[:40])),
            hand=number,
            field=str(key)[:40],
        )
        for key in entry
        if key not in fields
    ]
    for name, spec in fields.items():
        tricks = entry.get(name)
        if spec.kind is not FieldKind.TRICKS or not isinstance(tricks, list):
            continue
        allowed = trick_keys(spec)
        problems += [
            problem(
                t(
                    "Trick {number}: {key} is not part of a trick.",
                    number=index + 1,
                    key=repr(str(key)[:40]),
                ),
                hand=number,
                field=name,
            )
            for index, trick in enumerate(tricks[: int(spec.maximum or 0) + 1])
            if isinstance(trick, Mapping)
            for key in trick
            if key not in allowed
        ]
    return problems


def _load_setup(data: Mapping[str, Any]) -> tuple[Setup | None, list[ProblemDict]]:
    slug = data.get("game")
    if not isinstance(slug, str):
        return None, [problem(t("Name the game (its slug, like 'french-tarot')."), field="game")]
    try:
        get(slug)
    except UnknownGame:
        return None, [problem(t("There is no game {slug}.", slug=repr(slug)), field="game")]
    raw_players: Any = data.get("players")  # a list of names once `_player_problems` passes
    player_problems = _player_problems(raw_players)
    if player_problems:
        return None, player_problems
    players = [read_name(name) for name in raw_players]
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        return None, [problem(t("Options must be an object of house rules."), field="options")]
    if len(players) in get(slug).player_counts:
        known = {option.name for option in get(slug).options(len(players))}
        unknown = [
            problem(
                t("{name} is not a house rule of this game.", name=repr(str(name)[:40])),
                field=f"options.{str(name)[:40]}",
            )
            for name in options
            if name not in known
        ]
        if unknown:
            return None, unknown
    first_dealer = data.get("first_dealer", 0)
    if isinstance(first_dealer, bool) or not isinstance(first_dealer, int):
        return None, [problem(t("The first dealer must be a seat number."), field="first_dealer")]
    setup, setup_problems = make_setup(slug, players, options, first_dealer)
    if setup_problems:
        return None, [_setup_problem(p) for p in setup_problems]
    return setup, []


def _player_problems(players: Any) -> list[ProblemDict]:
    """A document's players not names, one blank, or a name twice ("Ａｎｎ", "A\u200bnn", "ann")."""
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        return [problem(t("Players must be a list of names."), field="players")]
    if not all(read_name(name) for name in players):
        return [problem(t("Every seat needs a name."), field="players")]
    twice = repeated_name(players)
    if twice is None:
        return []
    said = t("Two seats are named {name}: give each seat its own name.", name=twice)
    return [problem(said, field="players")]


def _setup_problem(found: Problem) -> ProblemDict:
    """A setup problem from the engine; option problems are named `options.<name>`."""
    if found.field in (None, "players", "first_dealer"):
        return problem(found.message, field=found.field)
    return problem(found.message, field=f"options.{found.field}")


def _load_hands(raw_hands: Any) -> tuple[list[tuple[int, dict[str, Any]]], list[ProblemDict]]:
    """The (number, entry) pairs of a document, numbered strictly upwards."""
    if not isinstance(raw_hands, list):
        return [], [problem(t("Hands must be a list."), field="hands")]
    hands: list[tuple[int, dict[str, Any]]] = []
    problems: list[ProblemDict] = []
    previous = 0
    for position, item in enumerate(raw_hands, start=1):
        number = item.get("number") if isinstance(item, Mapping) else None
        extra = [key for key in item if key not in HAND_KEYS] if isinstance(item, Mapping) else []
        if extra:
            problems.append(
                problem(
                    t(
                        "Hand #{position} in the list: {key} is not part of a hand.",
                        position=position,
                        key=repr(str(extra[0])[:40]),
                    ),
                    field=str(extra[0])[:40],
                )
            )
            continue
        if not is_count(number, MAX_HANDS):
            problems.append(
                problem(
                    t(
                        "Hand #{position} in the list needs a whole number from 1 to {limit}.",
                        position=position,
                        limit=MAX_HANDS,
                    ),
                    field="number",
                )
            )
            continue
        entry = item.get("entry")
        if not isinstance(entry, Mapping):
            problems.append(
                problem(t("The hand's entry must be an object."), hand=number, field="entry")
            )
            continue
        if number <= previous:
            problems.append(
                problem(
                    t(
                        "Hand {number} comes after hand {previous}: hands must "
                        "be numbered upwards.",
                        number=number,
                        previous=previous,
                    ),
                    hand=number,
                    field="number",
                )
            )
            continue
        previous = number
        hands.append((number, dict(entry)))
    return hands, problems


def replay_document(data: Mapping[str, Any]) -> tuple[Replay | None, list[ProblemDict]]:
    """Read a document and replay its hands through the engine: the replay (None when the
    setup itself cannot be read) and every problem, the document's and each refused hand's
    (with its hand and field), in hand order. What `score` prints and `import` stores."""
    setup, hands, problems = load_session(data)
    if setup is None:
        return None, problems
    replayed = replay(setup, hands, all_problems=True)
    for number, refused in replayed.problems.items():
        problems.extend(problem(p.message, hand=number, field=p.field) for p in refused)
    problems.sort(key=lambda p: (p["hand"] is not None, p["hand"] or 0))
    return replayed, problems


def score_document(data: Mapping[str, Any]) -> tuple[dict[str, Any], list[ProblemDict]]:
    """Replay a document's hands: the scored result and every problem (refused hands included).

    The result is empty when the setup itself cannot be read.
    """
    replayed, problems = replay_document(data)
    return (scored_result(replayed.state) if replayed else {}), problems


RESULT_FORMAT = "table-companion/score@2"
"""The version of `companion score`'s answer: 2 added the facts, the settlement and this key."""


def scored_result(state: State) -> dict[str, Any]:
    """A replayed session as JSON-able data: hands with points by name and their facts as data,
    totals, the outcome, and the settlement where the game has one."""
    setup = state.setup
    game = get(setup.game)
    names = setup.players
    outcome = game.outcome(state)
    return {
        "format": RESULT_FORMAT,
        "game": setup.game,
        "players": list(names),
        "hands": [
            {
                "number": hand.number,
                "points": dict(zip(names, hand.result.points, strict=True)),
                "headline": hand.result.headline,
                "lines": list(hand.result.lines),
                "facts": json_ready(dict(hand.result.facts)),
                "carry": json_ready(hand.result.carry),
            }
            for hand in state.hands
        ],
        "totals": dict(zip(names, state.totals, strict=True)),
        "outcome": {
            "finished": outcome.finished,
            "winners": [names[seat] for seat in outcome.winners],
            "text": outcome.text,
        },
        "settlement": settlement_data(settlement_of(game, state) if state.hands else None, names),
    }


def settlement_data(settlement: Settlement | None, names: Sequence[str]) -> dict[str, Any] | None:
    """A settlement as data: each player's net and the payments, in the settlement's unit."""
    if settlement is None:
        return None
    return {
        "unit": settlement.unit,
        "per_point": settlement.per_point,
        "method": settlement.method,
        "nets": dict(zip(names, settlement.nets, strict=True)),
        "payments": [
            {"payer": names[p.payer], "payee": names[p.payee], "amount": p.amount}
            for p in settlement.payments
        ],
    }
