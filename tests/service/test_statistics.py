"""The statistics read from the stored results (`companion.service.statistics`: SQL over the
seat rows each write keeps) equal the replaying statistics (`companion.engine.stats`, whose
worked examples are in tests/engine/test_stats.py) over sessions of random valid French Tarot
and Skat hands saved, corrected and undone through the pad, some by players seated twice or
in no hand at all."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bench.bench_stats import skat_entry, tarot_entry
from companion.contract.registry import versions
from companion.engine import stats
from companion.service import pad as service
from companion.service import statistics
from companion.store import Store

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def saved(store: Store, rng: random.Random, slug: str, names: list[str]) -> None:
    """A session of up to eight accepted hands (a refused draw is skipped), with now and
    then a correction of an earlier hand or an undo of the last."""
    token, problems = service.start_session(store, slug, names, {})
    assert token is not None, problems
    draw = tarot_entry if slug == "french-tarot" else skat_entry
    for _ in range(rng.randrange(9)):
        pad = service.load(store, token)
        assert pad is not None
        roll = rng.random()
        if roll < 0.1 and pad.state.hands:
            service.undo_last(store, pad)
        elif roll < 0.25 and pad.state.hands:
            number = rng.choice(pad.state.hands).number
            service.correct_hand(store, pad, number, draw(rng))  # a refusal saves nothing
        else:
            service.add_hand(store, pad, draw(rng))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_stored_statistics_are_the_replayed_ones(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    with Store(str(tmp_path / "club.sqlite3"), migrate=True) as store:
        store.keep_results_of(versions())
        for _ in range(10):
            slug = rng.choice(["french-tarot", "skat"])
            names = rng.sample(NAMES, 4 if slug == "french-tarot" else 3)
            if rng.random() < 0.2:
                names[-1] = names[0]  # one player in two seats: counted in the first
            saved(store, rng, slug, names)
        plays = statistics.replayed(store, None, None)
        assert sum(len(play.state.hands) for play in plays) > 20  # hands enough to compare
        for slug in ("french-tarot", "skat"):
            assert statistics.game_stats(store, slug, None, None) == stats.game_stats(slug, plays)
        for player in store.players():
            mine = statistics.player_stats(store, player.id, None, None)
            assert mine == stats.player_stats(player.id, plays)
        counted = statistics.overview(store, None, None)
        assert dict(counted.games) == dict(stats.games_played(plays))
        assert {p.id for p in counted.players} == {p for play in plays for p in play.players()}
