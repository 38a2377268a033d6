"""Imports as large as documented, and no larger: a 2 MB export goes through the web's upload
with the CSRF check on (which reads the form before the route does); a session of the format's
most hands (1,000) serves its pad, chart, summary and export; one hand more, a number past
Python's digit guard or a hand number of 10²⁰ is refused beside the file field, nothing
imported."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from companion import create_app
from companion.contract.registry import get
from companion.contract.values import State, entry_as_data
from companion.engine.replay import check_entry, make_setup
from companion.service.envelope import MAX_HANDS
from companion.store import Store
from tests.web.test_transfer import GARDE_47, session_count, upload

PLAYERS = ("Ann", "Bob", "Cid", "Dee")


def stored_session(path: Path, hands: int) -> str:
    """A French Tarot session of `hands` of Ann's gardes (47 with 2 bouts: +186, −62 each),
    stored whole as an import stores it; returns its token."""
    setup, problems = make_setup("french-tarot", list(PLAYERS))
    assert not problems
    checked = check_entry(get("french-tarot"), State(setup), GARDE_47)
    assert checked.ok
    entry = entry_as_data(checked.entry)
    rows = [(number, entry, (186, -62, -62, -62)) for number in range(1, hands + 1)]
    with Store(path, migrate=True) as store:
        return store.sessions.create_imported(setup, rows)


def exported(path: Path, hands: int) -> bytes:
    """The pad's own JSON export of a stored session of `hands` gardes."""
    token = stored_session(path, hands)
    app = create_app({"DATABASE": str(path), "TESTING": True})
    answer = app.test_client().get(f"/s/{token}/export.json")
    assert answer.status_code == 200
    return answer.get_data()


def corrected_thrice(raw: bytes) -> bytes:
    """An export whose every hand was entered, then corrected three times (the same garde): the
    history the pad writes then, four rows a hand, as it exports them."""
    data = json.loads(raw)
    entry, at = data["hands"][0]["entry"], data["history"][0]["at"]
    history = []
    for number in range(1, len(data["hands"]) + 1):
        first = len(history) + 1
        for row in range(4):
            history.append(
                {
                    "id": first + row,
                    "action": "correct" if row else "enter",
                    "number": number,
                    "entry": entry,
                    "supersedes": first + row - 1 if row else None,
                    "at": at,
                }
            )
    data["history"] = history
    return json.dumps(data, ensure_ascii=False, indent=2).encode()


def test_a_2_mb_export_imports_through_the_web_with_the_csrf_check_on(tmp_path: Path) -> None:
    raw = corrected_thrice(exported(tmp_path / "old.sqlite3", MAX_HANDS))
    assert 2 * 1024 * 1024 < len(raw) < 3 * 1024 * 1024
    app = create_app({"DATABASE": str(tmp_path / "new.sqlite3"), "TESTING": True})
    client = app.test_client()
    page = client.get("/import").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token is not None
    boundary, body = encode_multipart(
        {"csrf_token": token.group(1), "file": FileStorage(io.BytesIO(raw), "session.json")}
    )
    answer = client.post(
        "/import", data=body, content_type=f"multipart/form-data; boundary={boundary}"
    )
    assert answer.status_code == 303, answer.get_data(as_text=True)[:2000]
    pad = client.get(answer.headers["Location"]).get_data(as_text=True)
    # 1,000 gardes: Ann 1,000 × 186 = 186,000; each defender 1,000 × −62 = −62,000.
    assert shown_totals(pad) == ["186000", "−62000", "−62000", "−62000"]


def shown_totals(page: str) -> list[str]:
    """The totals the pad's standings show, in seat order."""
    block = page.split('id="standings"', 1)[1].split("</section>", 1)[0]
    return re.findall(r'class="total[^"]*">([^<]+)<', block)[-4:]


def test_a_session_of_the_most_hands_serves_every_page(tmp_path: Path) -> None:
    path = tmp_path / "pad.sqlite3"
    token = stored_session(path, MAX_HANDS)
    client = create_app({"DATABASE": str(path), "TESTING": True}).test_client()
    sizes = {}
    for page in ("", "/chart", "/summary", "/history", "/export.json", "/export.csv"):
        answer = client.get(f"/s/{token}{page}")
        assert answer.status_code == 200, page
        sizes[page] = len(answer.get_data())
    assert shown_totals(client.get(f"/s/{token}").get_data(as_text=True)) == [
        "186000",
        "−62000",
        "−62000",
        "−62000",
    ]
    # The largest page, the printed summary, is about 1 MB at the cap (docs/design.md).
    assert max(sizes.values()) < 2 * 1024 * 1024, sizes


def document_of(raw: bytes) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(raw)
    return data


def test_one_hand_past_the_most_is_refused_beside_the_file(app: Flask, tmp_path: Path) -> None:
    data = document_of(exported(tmp_path / "old.sqlite3", 3))
    data["hands"] = [{"number": n, "entry": data["hands"][0]["entry"]} for n in range(1, 1_002)]
    data["history"] = []
    answer = upload(app.test_client(), data)
    assert answer.status_code == 422
    assert "A session holds at most 1000 hands; this one has 1001." in answer.get_data(as_text=True)
    assert session_count(app) == 0


def test_numbers_past_the_digit_guard_or_sqlite_are_refused_not_500(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    data = document_of(exported(tmp_path / "old.sqlite3", 1))
    huge = json.dumps(data).replace('"points": 47.0', '"points": ' + "9" * 5_000).encode()
    answer = upload(client, huge)
    assert answer.status_code == 422
    assert "a number of 5,000 digits" in answer.get_data(as_text=True)
    data["hands"][0]["number"] = 10**20
    answer = upload(client, data)
    assert answer.status_code == 422
    assert "needs a whole number from 1 to 1000" in answer.get_data(as_text=True)
    assert session_count(app) == 0


def test_loose_envelope_fields_are_refused_by_name(
    app: Flask, client: FlaskClient, tmp_path: Path
) -> None:
    good = document_of(exported(tmp_path / "old.sqlite3", 2))
    cases = {
        "ended_at": ({"a": 1}, "ended_at must be a moment like"),
        "created_at": ("yesterday", "created_at must be a moment like"),
        "history": ("x", "The history must be a list of rows."),
    }
    for key, (value, words) in cases.items():
        answer = upload(client, good | {key: value})
        assert answer.status_code == 422, key
        assert words in answer.get_data(as_text=True), key
    row = good["history"][0]
    for broken, words in (
        (row | {"action": "delete"}, "History row 1: its action must be enter, correct or undo."),
        (row | {"at": "2026-11-23T20:15:00"}, "History row 1: its moment must be like"),
        (row | {"id": True}, "History row 1: its id and number must be whole numbers from 1."),
        ({k: v for k, v in row.items() if k != "supersedes"}, "History row 1: a row has"),
    ):
        answer = upload(client, good | {"history": [broken]})
        assert answer.status_code == 422
        assert words in answer.get_data(as_text=True)
    assert session_count(app) == 0
    assert upload(client, good).status_code == 303
