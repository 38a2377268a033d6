"""Fuzzing every form route and the exchange reader: whatever a client sends, the answer is a
clear refusal or an acceptance, never a 500 and never a traceback.

Values come from Hypothesis: digit look-alikes ("²", "③"), signs ("--1"), exponents ("1e308"),
30-digit numbers, blanks, markup, long strings, and the declared field names of every game, so
the parser's every branch is reached.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import create_app
from companion.contract.game import default_options
from companion.contract.parsing import trick_keys
from companion.contract.registry import all_games
from companion.contract.values import FieldKind, Setup
from companion.service.exchange import FORMAT, score_document

EXAMPLES = 300
NASTY = [
    "²",
    "③",
    "--1",
    "1e308",
    "-1e308",
    "nan",
    "inf",
    "1" * 30,
    "9" * 5000,
    "",
    " ",
    "<script>x</script>",
    "0x10",
    "1_000",
    "١٢",
    "-0",
    "+5",
    "5.",
    ".5",
    "40,5",
    "40.25",
    "none",
    "nobody",
    "true",
    "on",
    "EX",
    "21T",
    "10H",
    "ZZZZZ",
    "\x00",
    "\u202e",
]
VALUE = st.one_of(
    st.sampled_from(NASTY),
    st.text(max_size=40),
    st.integers(-(10**40), 10**40).map(str),
    st.floats().map(str),
)


def field_names() -> list[str]:
    """Every key a form of any game may post: fields, trick parts, taps and the pad's own."""
    names = {"game", "players", "expected_number", "action", "phase", "csrf_token"}
    names |= {f"name-{i}" for i in range(12)}
    for game in all_games():
        for count in game.player_counts:
            options = game.options(count)
            names |= {o.name for o in options} | {f"opt-{game.slug}-{o.name}" for o in options}
            setup = Setup(game.slug, tuple(f"P{i}" for i in range(count)), default_options(options))
            for spec in game.fields(setup):
                names.add(spec.name)
                if spec.kind is FieldKind.TRICKS:
                    parts = trick_keys(spec)
                    names |= {f"next-{part}" for part in parts}
                    names |= {f"{spec.name}-{i}-{p}" for i in (0, 1, 12, 13) for p in parts}
    return sorted(names)


FIELDS = field_names()
FORM = st.dictionaries(st.sampled_from(FIELDS), VALUE, max_size=14)


def make_app() -> tuple[Flask, dict[str, str]]:
    """An app on a fresh file with one session of every game at its smallest table."""
    folder = Path(tempfile.mkdtemp(prefix="fuzz-"))
    app = create_app(
        {"DATABASE": str(folder / "pad.sqlite3"), "TESTING": True, "WTF_CSRF_ENABLED": False}
    )
    client = app.test_client()
    urls = {}
    for game in all_games():
        count = min(game.player_counts)
        data = {"game": game.slug, "players": str(count)}
        data |= {f"name-{i}": f"P{i}" for i in range(count)}
        response = client.post("/new", data=data)
        assert response.status_code == 303, response.data
        urls[game.slug] = response.headers["Location"]
    return app, urls


APP, URLS = make_app()
ROUTES = ["/hands", "/preview", "/hands/1", "/undo", "/tricks", "/whole", "/phase"]


def answer(method: str, path: str, form: dict[str, Any]) -> int:
    client = APP.test_client()
    response = client.open(path, method=method, data=form)
    assert response.status_code != 500, (path, form, response.get_data(as_text=True)[:400])
    return response.status_code


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(form=FORM, slug=st.sampled_from(sorted(URLS)), route=st.sampled_from(ROUTES))
def test_no_form_post_to_a_session_answers_500(form: dict[str, Any], slug: str, route: str) -> None:
    answer("POST", URLS[slug] + route, form)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(form=FORM)
def test_no_new_session_post_answers_500(form: dict[str, Any]) -> None:
    assert answer("POST", "/new", form) in (303, 422)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(tail=VALUE, query=VALUE)
def test_no_odd_path_or_query_answers_500(tail: str, query: str) -> None:
    slug = sorted(URLS)[0]
    for path in (
        f"{URLS[slug]}/hands/{tail}",
        f"{URLS[slug]}/preview?hand={query}",
        f"/rules/{tail}",
        f"/s/{tail}",
    ):
        client = APP.test_client()
        method = "POST" if "preview" in path else "GET"
        response = client.open(path, method=method)
        assert response.status_code != 500, path


@pytest.mark.parametrize("players", ["1" * 30, "²", "③", "--1", "1e308", "99", "-3"])
def test_a_huge_or_odd_player_count_is_refused_quickly(players: str) -> None:
    client = APP.test_client()
    response = client.post(
        "/new",
        data={"game": "skat", "players": players, "name-0": "A", "name-1": "B", "name-2": "C"},
    )
    assert response.status_code == 422


JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(),
    st.sampled_from(NASTY),
    st.text(max_size=10),
)
JSON = st.recursive(
    JSON_LEAF,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(FIELDS), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=EXAMPLES * 2, deadline=None)
@given(
    slug=st.sampled_from(sorted(URLS)),
    players=st.one_of(st.lists(st.text(min_size=1, max_size=8), min_size=0, max_size=12), JSON),
    options=JSON,
    entries=st.lists(st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=6), max_size=4),
)
def test_the_exchange_reader_never_raises(
    slug: str, players: Any, options: Any, entries: list[Any]
) -> None:
    document = {
        "format": FORMAT,
        "game": slug,
        "players": players,
        "options": options,
        "hands": [{"number": n, "entry": e} for n, e in enumerate(entries, start=1)],
    }
    result, problems = score_document(json.loads(json.dumps(document, default=str)))
    assert isinstance(result, dict) and isinstance(problems, list)
    assert all(isinstance(p["message"], str) and p["message"] for p in problems)
