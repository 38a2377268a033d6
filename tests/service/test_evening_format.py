"""The evening format's JSON Schema (docs/evening-format.md): the documented one is the
generated one, and evenings played through the service are valid by it: a Skat night of two
tables, closed (its games won and lost counted), and a French Tarot night with a late entrant
and a withdrawal; another version, or a key the format does not have, is not."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest

from companion.service.event_export import FORMAT, evening_schema, event_document, ranking_rows
from companion.service.service import Service
from companion.store import Store
from tests.service.test_event_service import plan, play, seat_round
from tests.service.test_money_service import skat_evening
from tests.service.test_seasons import ORDERED

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "evening.schema.json"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(tmp_path / "pad.sqlite3", migrate=True) as opened:
        yield opened


def test_the_documented_schema_is_the_generated_one() -> None:
    # Regenerate with: python -c "import json; from companion.service.event_export import
    # evening_schema; print(json.dumps(evening_schema(), indent=2, ensure_ascii=False))"
    # > docs/evening.schema.json
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == evening_schema()


def test_a_closed_skat_evening_is_valid_by_its_schema(store: Store) -> None:
    event = skat_evening(store)
    service = Service(store)
    service.director.close_evening(event)
    closed = service.events.get(event.key)
    assert closed is not None
    room = service.events.room(closed)
    document = event_document(room, service.movements.lineup(event.key))
    validator = jsonschema.Draft202012Validator(evening_schema())
    validator.validate(document)
    assert document["format"] == FORMAT == "table-companion/evening@1"
    assert (document["draw_order"], document["seeding"], document["fill"]) == (
        "mixed", "random", "mixed",
    )  # fmt: skip
    assert document["closed_at"] is not None and document["other_size"] == 3
    names = store.events.entrants(event.key)
    # E 188 first (won the grand, no game lost); F −158 last (two games lost).
    first, last = document["ranking"][0], document["ranking"][-1]
    assert (names[first["number"]], first["total"], first["won"], first["lost"]) == ("E", 188, 1, 0)
    assert (names[last["number"]], last["place"], last["total"], last["lost"]) == ("F", 8, -158, 2)
    assert [(t["round"], t["table"], t["deals"]) for t in document["tables"]] == [
        (1, 1, 4),
        (1, 2, 4),
    ]
    rows = ranking_rows(room)
    assert rows[0] == ["place", "number", "name", "round 1", "total", "won", "lost"]
    # F's row: 8th, −158 in round 1 and in all (the minus sign U+2212), no game won, 2 lost.
    assert rows[-1] == ["8", str(last["number"]), "F", "\u2212158", "\u2212158", "0", "2"]
    for bad in (
        {**document, "format": "table-companion/evening@2"},
        {**document, "venue": "The Crown"},
        {**document, "ranking": [{**first, "place": 0}]},
    ):
        assert not validator.is_valid(bad)


def test_a_tarot_evening_with_a_late_entrant_and_a_withdrawal_is_valid(store: Store) -> None:
    service = Service(store)
    key, problems = service.events.create(plan("french-tarot", 4, 2, 1), list("ABCDEFGH"))
    assert key is not None, problems
    seat_round(store, key, 1, [(1, 2, 3, 4), (5, 6, 7, 8)])
    play(store, key, 1, 1, ORDERED)  # table 1: A 382, B 134, C −114, D −402; table 2 unplayed
    event = service.events.get(key)
    assert event is not None
    assert service.entrants.add_late(event, "Ivy") == 9  # seated from round 2
    service.entrants.withdraw(event, 8)  # H plays no round after round 1
    document = event_document(service.events.room(event), service.movements.lineup(key))
    jsonschema.Draft202012Validator(evening_schema()).validate(document)
    assert document["closed_at"] is None and "won" in document["ranking"][0]
    assert document["entrants"][8] == {
        "number": 9, "name": "Ivy", "joined_round": 2, "left_after": None,
        "substitute": None, "substitute_from": None, "credited": False,
    }  # fmt: skip
    assert document["entrants"][7]["left_after"] == 1
    assert [line["total"] for line in document["ranking"][:2]] == [382, 134]
