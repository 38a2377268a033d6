"""Each game's scoring version (`Game.version`) changes whenever its scores do: the stored
results of a game are derived again only when its version changes (docs/design.md, "Stored
results"), so a scoring change under an unchanged version would leave old numbers on every pad.

tests/games/score_versions.json keeps, per game: the version its examples were scored by, the
examples (a table per player count at the default house rules, a dozen hands entered in turn,
as the store keeps entries), and a digest of what those examples score (each hand's points,
whether it was a redeal, the hands refused). This test scores the examples again and fails
when the digest differs while the version is the recorded one.

When it fails for a game whose scoring you meant to change: raise that game's `version` by
one (companion/games/<game>.py) and record again:

    COMPANION_RECORD_SCORES=1 .venv/bin/pytest tests/games/test_score_versions.py

Recording writes only the games whose version differs from the file's (or that it lacks, a new
game: its examples drawn at random once, seed fixed); a game at the recorded version must
still score as recorded, recording or not. To draw a game's examples afresh (its entry fields
changed), delete its key from the file and record.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.contract.game import Game
from companion.contract.registry import all_games
from companion.contract.values import HandResult, ScoredHand, Setup, State, json_ready
from companion.engine.replay import check_entry, make_setup, replay
from tests.contract.test_contract import random_raw

GOLDEN = Path(__file__).with_name("score_versions.json")
RECORD = os.environ.get("COMPANION_RECORD_SCORES") == "1"
HANDS = 12
TRIES = 5000  # random entries tried per table for its dozen accepted hands


def recorded() -> dict[str, Any]:
    """The file's record per game (empty when there is none yet)."""
    return json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}


def setup_of(game: Game, count: int) -> Setup:
    """A table of `count` players at the game's default house rules."""
    setup, problems = make_setup(game.slug, [f"P{seat + 1}" for seat in range(count)], {}, 0)
    assert not problems, problems
    return setup


def drawn_examples(game: Game) -> list[dict[str, Any]]:
    """A table per player count with a dozen hands the engine accepts, each entered after
    the ones before it (drawn at random, seed fixed), as the store keeps entries."""
    rng = random.Random(f"{game.slug}-examples")
    tables = []
    for count in game.player_counts:
        setup, state, entries = setup_of(game, count), None, []
        state = State(setup)
        for _ in range(TRIES):
            if len(entries) == HANDS:
                break
            checked = check_entry(game, state, random_raw(game, setup, rng))
            if checked.ok:
                result = game.score(state, checked.entry)
                state = state.with_hand(ScoredHand(len(entries) + 1, checked.entry, result))
                entries.append(json_ready(checked.entry))
        tables.append({"players": count, "entries": entries})
    return tables


def scores_digest(game: Game, tables: list[dict[str, Any]]) -> str:
    """What the examples score now: each table replayed, its hands' points and redeals and
    the hands refused, as one digest."""
    scored = []
    for table in tables:
        setup = setup_of(game, table["players"])
        done = replay(setup, list(enumerate(table["entries"], start=1)))
        hands = [(hand.number, hand.result.points, hand.result.redeal) for hand in done.state.hands]
        scored.append([hands, sorted(done.problems)])
    text = json.dumps(scored, sort_keys=True, default=list)
    return hashlib.sha256(text.encode()).hexdigest()


def unrecorded(record: dict[str, Any]) -> list[str]:
    """The games whose version the record lacks, their entries put in `record` as they score
    now; AssertionError when a game at its recorded version scores its examples otherwise."""
    changed: list[str] = []
    for game in all_games():
        kept = record.get(game.slug)
        tables = kept["examples"] if kept else drawn_examples(game)
        assert all(table["entries"] for table in tables), f"{game.slug}: no example accepted"
        digest = scores_digest(game, tables)
        if kept and kept["version"] == game.version:
            assert kept["scores"] == digest, (
                f"{game.name} scores its examples differently at the same version "
                f"{game.version}: if its scoring changed on purpose, raise `version` to "
                f"{game.version + 1} in {type(game).__module__} and record again: "
                "COMPANION_RECORD_SCORES=1 pytest tests/games/test_score_versions.py"
            )
            continue
        record[game.slug] = {"version": game.version, "scores": digest, "examples": tables}
        changed.append(game.slug)
    return changed


def written(record: dict[str, Any]) -> str:
    """The file's text: a line per game (its examples are long), in slug order."""
    lines = [
        f"{json.dumps(slug)}: {json.dumps(record[slug], sort_keys=True, ensure_ascii=False)}"
        for slug in sorted(record)
    ]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def test_every_game_scores_its_examples_as_its_version_says() -> None:
    record = recorded()
    changed = unrecorded(record)
    if RECORD and changed:
        GOLDEN.write_text(written(record))
    assert RECORD or not changed, (
        f"not recorded at their version: {', '.join(changed)}; record them: "
        "COMPANION_RECORD_SCORES=1 pytest tests/games/test_score_versions.py"
    )


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_a_score_changed_under_the_same_version_fails(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One point more for the first seat in every hand of one game: the check above fails,
    naming the version to raise; with the version raised, the game is to be recorded."""
    scored = type(game).score

    def one_more(self: Game, state: State, entry: Any) -> HandResult:
        result = scored(self, state, entry)
        return replace(result, points=(result.points[0] + 1, *result.points[1:]))

    monkeypatch.setattr(type(game), "score", one_more)
    with pytest.raises(AssertionError, match=f"raise `version` to {game.version + 1}"):
        unrecorded(recorded())
    monkeypatch.setattr(type(game), "version", game.version + 1)
    assert unrecorded(recorded()) == [game.slug]
