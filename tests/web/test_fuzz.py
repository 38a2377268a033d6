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


# ---------------------------------------------------------------- the surfaces of issue 26

DAY = st.one_of(
    VALUE,
    st.dates().map(lambda day: day.isoformat()),
    st.sampled_from(["9999-12-31", "0001-01-01", "1969-12-31", "9998-12-31", "1970-01-01"]),
)
STATS_PAGES = ("/stats", f"/stats/game/{sorted(URLS)[0]}", "/stats/player/1", "/stats/player/x")


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(start=DAY, end=DAY, page=st.sampled_from(STATS_PAGES))
def test_no_statistics_range_answers_500(start: str, end: str, page: str) -> None:
    response = APP.test_client().get(page, query_string={"from": start, "to": end})
    assert response.status_code in (200, 404, 422), (page, start, end)


@pytest.mark.parametrize("slug", sorted(URLS))
def test_no_settlement_fold_answers_500(slug: str) -> None:
    """Every game's session, with no hand yet: the fold as htmx fetches it, and as a link."""
    client = APP.test_client()
    folded = client.get(f"{URLS[slug]}/settlement", headers={"HX-Request": "true"})
    assert folded.status_code == 200
    assert client.get(f"{URLS[slug]}/settlement").status_code == 303


def upload_body(raw: bytes) -> tuple[bytes, str]:
    """A multipart body carrying `raw` as the import's file, and its content type."""
    from io import BytesIO

    from werkzeug.datastructures import FileStorage
    from werkzeug.test import encode_multipart

    boundary, body = encode_multipart({"file": FileStorage(BytesIO(raw), "session.json")})
    return body, f"multipart/form-data; boundary={boundary}"


ENVELOPE = st.fixed_dictionaries(
    {"format": st.just(FORMAT), "game": st.sampled_from(sorted(URLS))},
    optional={
        "players": JSON,
        "options": JSON,
        "created_at": JSON,
        "ended_at": JSON,
        "history": JSON,
        "first_dealer": JSON,
        "hands": st.lists(
            st.fixed_dictionaries(
                {"number": st.one_of(st.integers(-5, 10**20), JSON), "entry": JSON}
            ),
            max_size=3,
        ),
    },
)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    document=st.one_of(ENVELOPE, JSON),
    raw=st.one_of(
        st.none(),
        st.binary(max_size=200),
        st.sampled_from(
            [b"[" * 5000, b"9" * 5000, b'{"hands": [{"number": 1' + b"0" * 30 + b"}]}"]
        ),
    ),
)
def test_no_import_upload_answers_500(document: Any, raw: bytes | None) -> None:
    data = raw if raw is not None else json.dumps(document, default=str).encode()
    body, content_type = upload_body(data)
    response = APP.test_client().post("/import", data=body, content_type=content_type)
    assert response.status_code in (303, 413, 422), (data[:200], response.status_code)


ROSTER_FORM = st.dictionaries(st.sampled_from(["name", "into", "version"]), VALUE, max_size=3)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    player=st.one_of(st.integers(1, 40).map(str), VALUE),
    action=st.sampled_from(["rename", "merge"]),
    form=ROSTER_FORM,
)
def test_no_roster_post_answers_500(player: str, action: str, form: dict[str, str]) -> None:
    path = f"/players/{player.replace('/', '')}/{action}"
    answer("POST", path, form)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(code=st.sampled_from(["en", "fr", "de", "it", "xx"]), target=st.one_of(VALUE, DAY))
def test_no_language_return_path_answers_500(code: str, target: str) -> None:
    for back in (target, f"/{target}", f"/stats?x={target}", f"/\r\n{target}"):
        response = APP.test_client().get(f"/language/{code}", query_string={"next": back})
        assert response.status_code == 303
        assert "\n" not in response.headers["Location"]


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    slug=st.sampled_from(sorted(URLS)),
    query=st.dictionaries(st.sampled_from(["seen", "form", "typing"]), VALUE, max_size=3),
)
def test_no_live_view_answers_500(slug: str, query: dict[str, str]) -> None:
    response = APP.test_client().get(f"{URLS[slug]}/live", query_string=query)
    assert response.status_code != 500, (slug, query)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    slug=st.sampled_from(sorted(URLS)),
    number=st.integers(0, 10**12),
    form=st.dictionaries(st.sampled_from(["verdict", "based_on", "name"]), VALUE, max_size=3),
)
def test_no_sign_off_or_naming_answers_500(slug: str, number: int, form: dict[str, str]) -> None:
    answer("POST", f"{URLS[slug]}/hands/{number}/sign-off", form)
    answer("POST", f"{URLS[slug]}/name", form)
