"""The season format's JSON Schema: the documented one is the generated one, and a season
exported (a dropped evening, a player listed apart, money kept) is valid by it."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from companion.service.season_format import FORMAT, season_document, season_rows, season_schema
from companion.service.service import Service
from companion.store import Store
from tests.service.test_money_service import MONEY
from tests.service.test_seasons import ORDERED, evening, season

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "season.schema.json"


def test_the_documented_schema_is_the_generated_one() -> None:
    # Regenerate with: python -c "import json; from companion.service.season_format import
    # season_schema; print(json.dumps(season_schema(), indent=2, ensure_ascii=False))"
    # > docs/season.schema.json
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == season_schema()


def test_a_season_exported_is_valid_by_its_schema(tmp_path: Path) -> None:
    with Store(tmp_path / "pad.sqlite3", migrate=True) as store:
        made = season(store, "french-tarot", counting="best", best="1", minimum_evenings="2")
        service = Service(store)
        for names in ("ABCD", "BACE"):
            assert service.seasons.add(made, evening(store, "french-tarot", names, ORDERED)) is None
        first = service.seasons.view(made).evenings[0].event
        service.money.set(first, {**MONEY, "prize_kind": "fixed", "prizes": "5 2"})
        view = service.seasons.view(made)
        document = season_document(view)
    jsonschema.Draft202012Validator(season_schema()).validate(document)
    assert document["format"] == FORMAT
    # Start fees 4 × 10.00 = 40.00; prizes 5.00 + 2.00: 33.00 kept.
    assert document["evenings"][0]["kept_cents"] == 3300 and document["pot_cents"] == 3300
    # A 382 and 134, B 134 and 382: the best one counts, 382 each; B's last evening (382) is
    # the better: B first, its evening 1 (134, 2nd of 4) dropped.
    assert [line["name"] for line in document["ranked"]] == ["B", "A", "C"]
    assert document["ranked"][0]["evenings"][0] == {
        "figure": 134, "place": 2, "ranked": 4, "score": 134, "dropped": True,
    }  # fmt: skip
    rows = season_rows(view)
    assert rows[0][-1] == "total" and len(rows) == 1 + 5
    bad = {**document, "format": "table-companion/season@2"}
    assert not jsonschema.Draft202012Validator(season_schema()).is_valid(bad)
