"""Sessions started, exported, imported and ended (`service.sessions`) over a real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.engine.replay import Checked
from companion.service.service import Service
from tests.service.test_hands import FAILED, GARDE_FAILED, GARDE_MADE, MADE, PLAYERS


@pytest.fixture
def service(tmp_path: Path) -> Iterator[Service]:
    with Service.open(tmp_path / "pad.sqlite3", migrate=True) as opened:
        yield opened


def saved(service: Service, token: str, raw: dict[str, str]) -> None:
    pad = service.sessions.load(token)
    assert pad is not None
    assert not isinstance(service.hands.add(pad, raw), Checked)


def test_a_session_starts_with_its_players_or_says_what_is_wrong(service: Service) -> None:
    token, problems = service.sessions.start("french-tarot", PLAYERS, {})
    assert token is not None and problems == []
    record = service.sessions.get(token)
    assert record is not None and record.setup.game == "french-tarot"
    assert [seat.name for seat in record.seats] == PLAYERS
    # French Tarot is played by two to five: six names start nothing.
    six = [*PLAYERS, "Eve", "Fay"]
    refused, problems = service.sessions.start("french-tarot", six, {})
    assert refused is None and problems


def test_an_export_imported_again_is_the_same_session_under_a_new_link(service: Service) -> None:
    token, _ = service.sessions.start("french-tarot", PLAYERS, {})
    assert token is not None
    saved(service, token, GARDE_MADE)
    saved(service, token, GARDE_FAILED)
    document = service.sessions.export_document(token)
    assert document is not None
    copy, problems = service.sessions.import_document(document)
    assert copy is not None and copy != token and problems == []
    pad = service.sessions.load(copy)
    assert pad is not None
    # (186, -62, -62, -62) + (-216, 72, 72, 72), the two hands' points
    assert (
        pad.state.totals
        == (-30, 10, 10, 10)
        == tuple(made + failed for made, failed in zip(MADE, FAILED, strict=True))
    )
    assert service.sessions.export_document("no-such-token") is None


def test_ending_a_session_changes_what_a_watching_phone_compares(service: Service) -> None:
    token, _ = service.sessions.start("french-tarot", PLAYERS, {})
    assert token is not None
    before = service.sessions.live_version(token)
    service.sessions.end(token)
    record = service.sessions.get(token)
    assert record is not None and record.ended_at is not None
    assert service.sessions.live_version(token) != before
    with pytest.raises(LookupError):
        service.sessions.end("no-such-token")
