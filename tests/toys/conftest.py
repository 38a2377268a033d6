"""Fixtures for the toy games: the web app and client of the web tests, and a session start.

Each toy is registered only while its own tests run (`registry.registered`), so the pad,
the README check and the contract test over the real games never see it.
"""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.web.conftest import app, client, db_path  # noqa: F401  (fixtures, by name)


def start_toy(client: FlaskClient, slug: str, names: list[str]) -> str:  # noqa: F811
    """Start a session of a toy through the new-session form; returns the pad's URL."""
    data = {"game": slug, "players": str(len(names))}
    data |= {f"name-{seat}": name for seat, name in enumerate(names)}
    response = client.post("/new", data=data)
    assert response.status_code == 303, response.data
    return response.headers["Location"]


def page_text(client: FlaskClient, url: str) -> str:  # noqa: F811
    """A page's HTML as text, after asserting it answered 200."""
    response = client.get(url)
    assert response.status_code == 200, response.data
    return response.get_data(as_text=True)
