"""The one name reader: look-alikes read as one name, invisible and control characters gone."""

from __future__ import annotations

from typing import Any

import pytest

from companion.contract.names import (
    NAME_READ_LIMIT,
    name_key,
    read_name,
    repeated_name,
    repeats,
)


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        pytest.param("Ａｎｎ", "Ann", id="fullwidth letters are ASCII (NFKC)"),
        pytest.param("A\u200bnn", "Ann", id="a zero-width space is removed"),
        pytest.param("\ufeffA\u200cn\u200dn\u2060", "Ann", id="joiners and BOM are removed"),
        pytest.param("Jo\u00adhann", "Johann", id="a soft hyphen is removed"),
        pytest.param("Ann\u200e", "Ann", id="a format character (Cf) is removed"),
        pytest.param("A\x07nn\x00", "Ann", id="control characters are removed"),
        pytest.param(" Ann\t\n  Lee\r\n", "Ann Lee", id="spacing controls are spaces, collapsed"),
        pytest.param("Ann\u3000Lee", "Ann Lee", id="an ideographic space is a space"),
        pytest.param("e\u200b\u0301", "\u00e9", id="removed before NFKC composes"),
        pytest.param("\u200b\u00ad \x07", "", id="nothing but invisible characters is blank"),
        pytest.param(42, "", id="not text"),
    ],
)
def test_a_name_is_read_in_the_one_form_it_is_compared_in(typed: Any, read: str) -> None:
    assert read_name(typed) == read


def test_a_long_name_is_read_only_to_its_limit() -> None:
    assert read_name("x" * 10_000) == "x" * NAME_READ_LIMIT


def test_repeats_name_each_repeat_and_the_first_it_repeats() -> None:
    # Seats 0..4: "Ann", "Bob", fullwidth "Ａｎｎ" (Ann again), "bob" (Bob again), "A\u200bnn".
    names = ["Ann", "Bob", "Ａｎｎ", "bob", "A\u200bnn"]
    assert repeats(names) == {2: 0, 3: 1, 4: 0}
    assert repeats(["Ann", "Bob"]) == {}


def test_the_repeated_name_is_the_first_entered_again_as_entered_first() -> None:
    assert repeated_name(["Cid", "bob", "Ann", "BOB", "ann"]) == "bob"
    assert repeated_name([" Ann ", "A\u200bnn"]) == "Ann"
    assert repeated_name(["Ann", "Bob"]) is None


def test_a_name_key_ignores_case_width_and_invisible_characters() -> None:
    assert name_key("ａｎｎ  lee") == name_key("Ann\u200b Lee") == "ann lee"
