"""Every command that reads a document (`score`, `import`, `referee`) exits 2 with the problem
named on any input at all: deep nesting, huge numbers, binary bytes, arbitrary JSON. Never a
traceback (CliRunner's `exception` is the SystemExit(2) of a refusal, nothing else)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import cli
from companion.service.envelope import MAX_DOCUMENT_BYTES, MAX_HANDS
from companion.service.exchange import FORMAT
from companion.store import Store
from tests.test_cli import GARDE, document

COMMANDS = (["score", "-"], ["import", "-"], ["referee", "whist", "-"], ["referee", "skat", "-"])


def run(tmp_path: Path, command: list[str], data: bytes) -> Result:
    """`companion COMMAND` with `data` on standard input, on a database in `tmp_path`."""
    extra = ["--db", str(tmp_path / "pad.sqlite3")] if command[0] == "import" else []
    return CliRunner().invoke(cli.main, [*command, *extra], input=data)


def assert_refused_or_answered(result: Result) -> None:
    """A clean answer (0), or a refusal (2) with its problems as JSON: never a traceback."""
    assert result.exit_code in (0, 2), (result.exit_code, result.output[-400:], result.exception)
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    if result.exit_code == 2:
        problems = json.loads(result.output)["problems"]
        assert problems and all(isinstance(p["message"], str) and p["message"] for p in problems)


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"[" * 100_000, "nested more than 32 deep"),
        (b"9" * 5_000, "a number of 5,000 digits"),
        (b'{"players": ' + b"1" * 4_301 + b"}", "a number of 4,301 digits"),
        (b"\xff\xfe\x00binary", "not UTF-8"),
        (b"", "Expecting value"),
    ],
)
def test_a_document_nobody_could_read_exits_2_naming_the_problem(
    tmp_path: Path, command: list[str], data: bytes, words: str
) -> None:
    result = run(tmp_path, command, data)
    assert result.exit_code == 2, result.output
    assert_refused_or_answered(result)
    assert words in result.output


def test_a_hand_number_of_ten_to_the_twentieth_is_refused_by_name(tmp_path: Path) -> None:
    data = document(GARDE)
    data["hands"][0]["number"] = 10**20
    for command in (["score", "-"], ["import", "-"]):
        result = run(tmp_path, command, json.dumps(data).encode())
        assert result.exit_code == 2
        assert "needs a whole number from 1 to 1000" in result.output
    assert not (tmp_path / "pad.sqlite3").exists() or sessions(tmp_path) == 0


def sessions(tmp_path: Path) -> int:
    with Store(tmp_path / "pad.sqlite3") as store:
        count: int = store.db.execute("SELECT count(*) FROM sessions").fetchone()[0]
    return count


def test_the_import_refuses_a_file_past_its_limit_unless_raised(tmp_path: Path) -> None:
    data = json.dumps(document(GARDE), indent=2).encode()
    padded = data[:-2] + b" " * (MAX_DOCUMENT_BYTES - len(data) + 1) + data[-2:]
    assert len(padded) == MAX_DOCUMENT_BYTES + 1
    refused = run(tmp_path, ["import", "-"], padded)
    assert refused.exit_code == 2 and "larger than 4,194,304 bytes" in refused.output
    raised = run(tmp_path, ["import", "-", "--max-bytes", str(5 * 1024 * 1024)], padded)
    assert raised.exit_code == 0, raised.output
    assert raised.output.startswith("/s/") and sessions(tmp_path) == 1


def test_a_session_past_the_cap_of_hands_is_refused_before_anything_is_replayed(
    tmp_path: Path,
) -> None:
    data = document(*[GARDE] * (MAX_HANDS + 1))
    result = run(tmp_path, ["score", "-"], json.dumps(data).encode())
    assert result.exit_code == 2
    assert "A session holds at most 1000 hands; this one has 1001." in result.output


JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**40), 10**40),
    st.floats(),
    st.text(max_size=8),
    st.sampled_from(["AH", "JC", "10S", "C", "french-tarot", "whist", FORMAT, "garde"]),
)
KEYS = st.sampled_from(
    [
        "format",
        "game",
        "players",
        "options",
        "hands",
        "history",
        "created_at",
        "ended_at",
        "number",
        "entry",
        "cards",
        "context",
        "trump",
        "tricks",
        "leader",
        "dealer",
        "names",
        "id",
        "action",
        "supersedes",
        "at",
        "contract",
        "taker",
        "points",
        "bouts",
    ]
)
JSON = st.recursive(
    JSON_LEAF,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(KEYS, inner, max_size=6)),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.binary(max_size=300), command=st.sampled_from(COMMANDS))
def test_arbitrary_bytes_exit_2_or_0_never_a_traceback(
    tmp_path: Path, data: bytes, command: list[str]
) -> None:
    assert_refused_or_answered(run(tmp_path, command, data))


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=JSON, command=st.sampled_from(COMMANDS), framed=st.booleans())
def test_arbitrary_json_exits_2_or_0_never_a_traceback(
    tmp_path: Path, data: Any, command: list[str], framed: bool
) -> None:
    if framed and isinstance(data, dict):  # the envelope right, the rest arbitrary
        data = {"format": FORMAT, "game": "french-tarot", "players": ["A", "B", "C"], **data}
    raw = json.dumps(data, default=str, allow_nan=True).encode()
    assert_refused_or_answered(run(tmp_path, command, raw))
