"""Fixtures for the web tests: an app on a fresh SQLite file, its client, a started session."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.store import Store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "pad.sqlite3"


VERSIONED = re.compile(r"^/s/[^/]+/(hands|whole|tricks|phase|undo|hands/\d+)$")


class PhoneClient(FlaskClient):
    """A test client that posts like a phone that has the page open: a write that does not say
    which version it is based on gets the version the page shows now (the hand number it
    expects, the row it corrects or undoes), read from the page as a browser would send it.
    Tests of stale writes say their version themselves."""

    def open(self, *args: Any, **kwargs: Any) -> Any:
        path = args[0] if args and isinstance(args[0], str) else kwargs.get("path", "")
        data = kwargs.get("data", {}) if "json" not in kwargs else None
        if (
            kwargs.get("method") == "POST"
            and isinstance(data, dict)
            and VERSIONED.match(path.split("?")[0])
        ):
            key = (
                "based_on"
                if path.endswith("/undo") or re.search(r"/hands/\d+$", path)
                else "expected_number"
            )
            # A hand's save also carries the draft its page showed (a trick game's tricks); a
            # page drawn with no draft has no such field, so none is read then.
            keys = [
                each
                for each in (key, *DRAFT_KEYS.get(path.rsplit("/", 1)[1], ()))
                if each not in data and (each == key or self._has_draft(path))
            ]
            if keys:
                page = path if re.search(r"/hands/\d+$", path) else path.rsplit("/", 1)[0]
                if path.endswith("/whole"):
                    page = path
                kwargs["data"] = {**data, **self._shown(page, keys)}
        return super().open(*args, **kwargs)

    def _has_draft(self, path: str) -> bool:
        """Whether the session posted to has a hand being entered on disk."""
        with Store(self.application.config["DATABASE"]) as store:
            return store.drafts.get(path.split("/")[2]) is not None

    def _shown(self, page: str, keys: list[str]) -> dict[str, str]:
        """The values of the hidden version fields `keys` on `page`, as the browser has them
        (a field the page does not draw is not sent)."""
        html = super().open(page, method="GET").get_data(as_text=True)
        shown = {key: re.search(rf'name="{key}" value="([^"]*)"', html) for key in keys}
        return {
            key: found.group(1) if found else ""
            for key, found in shown.items()
            if found or key != "draft_version"
        }


DRAFT_KEYS = {"hands": ("draft_version",), "whole": ("draft_version",), "phase": ("draft_version",)}
"""The routes whose posts also carry the version of the draft their page showed."""


def phone_app(config: dict[str, Any]) -> Flask:
    """The app with `config`, whose test clients post like phones (`PhoneClient`)."""
    app = create_app(config)
    app.test_client_class = PhoneClient
    return app


@pytest.fixture
def app(db_path: Path) -> Iterator[Flask]:
    yield phone_app({"DATABASE": str(db_path), "TESTING": True, "WTF_CSRF_ENABLED": False})


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
        return store.hands.effective(url.rsplit("/", 1)[1])


# Garde, taker Ann, 2 bouts, 47 points: target 41, made by 6, (25 + 6) × 2 = 62 per defender.
GARDE_47 = {
    "contract": "garde",
    "taker": "0",
    "counted_side": "taker",
    "points": "47",
    "bouts": "2",
    "petit_au_bout": "none",
    "chelem": "none",
}
