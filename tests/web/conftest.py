"""Fixtures for the web tests: an app on a fresh SQLite file, its client, a started session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.store import Store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "pad.sqlite3"


@pytest.fixture
def app(db_path: Path) -> Iterator[Flask]:
    yield create_app({"DATABASE": str(db_path), "TESTING": True, "WTF_CSRF_ENABLED": False})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


FOUR = ["Ann", "Bob", "Cid", "Dee"]


def start(client: FlaskClient, names: list[str] = FOUR, **options: str) -> str:
    """Start a French Tarot session through the form; returns the pad's URL."""
    data = {"game": "french-tarot", "players": str(len(names))}
    data |= {f"name-{seat}": name for seat, name in enumerate(names)}
    data |= {f"opt-french-tarot-{key}": value for key, value in options.items()}
    response = client.post("/new", data=data)
    assert response.status_code == 303, response.data
    return response.headers["Location"]


@pytest.fixture
def pad_url(client: FlaskClient) -> str:
    return start(client)


def stored_hands(db_path: Path, url: str) -> list:
    """What is on disk for the session, read through a fresh connection."""
    with Store(db_path) as store:
        return store.effective_hands(url.rsplit("/", 1)[1])


# Garde, taker Ann, 2 bouts, 47 points: target 41, made by 6, (25 + 6) × 2 = 62 per defender.
GARDE_47 = {"contract": "garde", "taker": "0", "counted_side": "taker", "points": "47",
            "bouts": "2", "petit_au_bout": "none", "chelem": "none"}
