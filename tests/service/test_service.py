"""`Service`: one door, one member per aggregate, over one connection it opens and closes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.service import StoreFault
from companion.service.service import Service


def test_the_records_without_rules_are_the_stores_own_parts(tmp_path: Path) -> None:
    with Service.open(tmp_path / "pad.sqlite3", migrate=True) as service:
        store = service.sessions._store
        assert service.players is store.players
        assert service.devices is store.devices
        assert service.phone_names is store.phone_names
        assert service.sign_offs is store.sign_offs
        assert service.backups is store.backups
        assert service.path == str(tmp_path / "pad.sqlite3")
        assert not service.read_only


def test_a_service_closes_its_connection_when_its_block_ends(tmp_path: Path) -> None:
    with Service.open(tmp_path / "pad.sqlite3", migrate=True) as service:
        assert service.players.all() == []
    with pytest.raises(sqlite3.ProgrammingError):  # "Cannot operate on a closed database."
        service.players.all()


def test_a_file_that_is_gone_is_a_store_fault(tmp_path: Path) -> None:
    with Service.open(tmp_path / "pad.sqlite3", migrate=True) as service:
        opened_file = service.sessions._store.file
    (tmp_path / "pad.sqlite3").unlink()
    with pytest.raises(StoreFault):
        Service.open(tmp_path / "pad.sqlite3", expected_file=opened_file)
