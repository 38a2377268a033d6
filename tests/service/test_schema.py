"""The session format's JSON Schema: generated from the games' declarations, kept in docs/, and
true to what the engine accepts and refuses."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from companion.contract.game import Game, default_options
from companion.contract.registry import all_games
from companion.contract.values import Setup, entry_as_data
from companion.service.exchange import FORMAT, score_document
from companion.service.schema import session_schema
from tests.contract.test_contract import accepted_entries

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "session.schema.json"
VALIDATOR = jsonschema.Draft202012Validator(session_schema())


def document(game: Game, count: int, hands: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """An exchange document of `game` at `count` seats holding these entries as hands."""
    names = [f"P{i + 1}" for i in range(count)]
    return {
        "format": FORMAT,
        "game": game.slug,
        "players": names,
        "first_dealer": 0,
        "options": default_options(game.options(count)),
        "hands": [{"number": n, "entry": e} for n, e in enumerate(hands, start=1)],
    } | extra


def test_the_documented_schema_is_the_generated_one() -> None:
    # Regenerate with: python -c "import json; from companion.service.schema import session_schema;
    # print(json.dumps(session_schema(), indent=2, ensure_ascii=False))" > docs/session.schema.json
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == session_schema()


def test_the_schema_is_a_valid_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(session_schema())


def variants() -> list[Any]:
    return [
        pytest.param(game, count, id=f"{game.slug}-{count}p")
        for game in all_games()
        for count in game.player_counts
    ]


@pytest.mark.parametrize(("game", "count"), variants())
def test_accepted_hands_fit_the_schema(game: Game, count: int) -> None:
    setup = Setup(
        game.slug, tuple(f"P{i + 1}" for i in range(count)), default_options(game.options(count))
    )
    entries = [entry_as_data(entry) for entry in accepted_entries(game, setup)[:40]]
    assert entries
    errors = list(VALIDATOR.iter_errors(document(game, count, entries)))
    assert errors == []


@pytest.mark.parametrize(("game", "count"), variants())
def test_unknown_keys_are_refused_by_schema_and_reader_alike(game: Game, count: int) -> None:
    setup = Setup(
        game.slug, tuple(f"P{i + 1}" for i in range(count)), default_options(game.options(count))
    )
    entry = entry_as_data(accepted_entries(game, setup)[0])
    cases = [
        document(game, count, [entry | {"petit_au_bout_typo": "taker"}]),
        document(game, count, [entry], options={"no_such_rule": 1}),
        document(game, count, [entry], extra_key=True),
    ]
    for case in cases:
        assert not VALIDATOR.is_valid(case)
        _, problems = score_document(case)
        assert problems, case


def test_a_random_document_is_judged_alike() -> None:
    """Where the schema refuses a document's shape, the reader refuses it too."""
    rng = random.Random(3)
    game = next(g for g in all_games() if g.slug == "french-tarot")
    for _ in range(200):
        hand = {
            "contract": rng.choice(["garde", "petite", "x", 3, None]),
            "taker": rng.choice([0, 3, 4, "0", -1, None]),
            "points": rng.choice([47, 40.5, 91.5, "47", -1, None]),
        }
        case = document(game, 4, [hand])
        if not VALIDATOR.is_valid(case):
            _, problems = score_document(case)
            assert problems, hand
