"""The new-session page: only the chosen game's counts, seats and house rules, drawn by the shared
form builder; with htmx a fragment, without JavaScript a reload; the posted count read strictly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.contract.game import Game
from companion.contract.registry import all_games
from companion.contract.values import Field, FieldKind
from companion.store import Store
from companion.web.forms import build_form


def variants() -> list:
    return [
        pytest.param(game, count, id=f"{game.slug}-{count}")
        for game in all_games()
        for count in game.player_counts
    ]


@pytest.mark.parametrize(("game", "count"), variants())
def test_the_fragment_draws_the_games_seats_and_house_rules(
    client: FlaskClient, game: Game, count: int
) -> None:
    html = client.get(f"/new/fields?game={game.slug}&players={count}").get_data(as_text=True)
    assert "<html" not in html
    assert len(re.findall(r'name="name-\d+"', html)) == count
    counts = [int(n) for n in re.findall(r'name="players" value="(\d+)"', html)]
    assert counts == list(game.player_counts)
    for option in game.options(count):
        assert f'name="opt-{game.slug}-{option.name}"' in html, option.name


def test_a_yes_no_house_rule_is_a_checkbox(app: Flask) -> None:
    spec = Field("double_solo", "Double for a Solo", FieldKind.BOOLEAN, default=False)
    with app.test_request_context():
        _, fields = build_form([spec], ())
        html = str(fields[0].wtf())
    assert fields[0].widget == "checkbox"
    assert 'type="checkbox"' in html and "False" not in html


def test_without_javascript_the_page_reloads_for_the_chosen_game(client: FlaskClient) -> None:
    html = client.get("/new?game=troggu&players=6&name-0=Ann").get_data(as_text=True)
    assert len(re.findall(r'name="name-\d+"', html)) == 6
    assert re.search(r'id="name-0" name="name-0" value="Ann"', html)
    assert re.search(r'name="show" value="y">Show this game', html)


def test_without_javascript_show_posts_the_choice_and_starts_nothing(
    client: FlaskClient, db_path: Path
) -> None:
    response = client.post(
        "/new", data={"game": "troggu", "players": "5", "name-0": "Ann", "show": "y"}
    )
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert len(re.findall(r'name="name-\d+"', html)) == 5
    assert re.search(r'id="name-0" name="name-0" value="Ann"', html)
    with Store(db_path) as store:
        assert store.db.execute("SELECT count(*) FROM sessions").fetchone()[0] == 0


def test_the_forms_first_button_starts_the_session(client: FlaskClient) -> None:
    """Enter in a name box presses the form's first submit button (its default button)."""
    html = client.get("/new").get_data(as_text=True)
    form = html.split('class="new-session"', 1)[1]
    first = re.search(r"<button[^>]*>[^<]*</button>", form)
    assert first is not None
    assert "Start the session" in first.group(0) and 'name="show"' not in first.group(0)
    assert "formmethod" not in form  # no button sends the form (and its token) as a GET


def test_a_count_the_game_does_not_have_is_refused_beside_it(client: FlaskClient) -> None:
    response = client.post("/new", data={"game": "skat", "players": "5"})
    assert response.status_code == 422
    assert "Skat is for 3, 4 players." in response.get_data(as_text=True)


@pytest.mark.parametrize("players", ["1" * 30, "²", "③", "--1", "1e308", "-3", "0"])
def test_an_odd_count_builds_nothing_and_is_refused(client: FlaskClient, players: str) -> None:
    response = client.post(
        "/new",
        data={"game": "tantony", "players": players, "name-0": "A", "name-1": "B", "name-2": "C"},
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Tantony is for 3, 4 players." in html
    assert len(re.findall(r'name="name-\d+"', html)) == 3  # the game's first count, no more


def test_a_house_rule_chosen_is_kept_when_the_names_are_refused(client: FlaskClient) -> None:
    response = client.post(
        "/new",
        data={
            "game": "skat",
            "players": "3",
            "name-0": "Ann",
            "name-1": "Ann",
            "name-2": "Cat",
            "opt-skat-scoring": "seeger_fabian",
        },
    )
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Ann is the same name as player 1" in html
    assert re.search(r'value="seeger_fabian"\s+checked|value="seeger_fabian" checked', html)


def test_look_alike_seats_are_one_name_refused_beside_the_second(
    client: FlaskClient, db_path: Path
) -> None:
    response = client.post(
        "/new",
        data={"game": "skat", "players": "3", "name-0": "Ann", "name-1": "Ａｎｎ", "name-2": "Cat"},
    )
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    beside = html.split('id="err-name-1"', 1)[1][:200]
    assert "Ann is the same name as player 1: give each seat its own name." in beside
    assert 'id="err-name-0"' not in html and 'id="err-name-2"' not in html
    assert 'value="Ａｎｎ"' in html  # kept as typed
    with Store(db_path) as store:
        assert store.db.execute("SELECT count(*) FROM sessions").fetchone()[0] == 0
        assert store.players.all() == []


def test_a_seat_name_is_stored_as_read(client: FlaskClient, db_path: Path) -> None:
    response = client.post(
        "/new",
        data={"game": "skat", "players": "3", "name-0": "Ａｎｎ", "name-1": "B\u200bob\x07",
              "name-2": "Cat"},
    )  # fmt: skip
    assert response.status_code == 303
    with Store(db_path) as store:
        assert [player.name for player in store.players.all()] == ["Ann", "Bob", "Cat"]
