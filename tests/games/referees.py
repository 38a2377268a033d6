"""Helpers shared by the referee tests: one trick judged through the request format, and the
messages of a refused request."""

from __future__ import annotations

from typing import Any

from companion.contract.referee import TrickReferee, judge_request


def judged(referee: TrickReferee, request: dict[str, Any]) -> dict[str, Any]:
    """The verdict on the request's one trick; fails the test if the request is refused."""
    answer, problems = judge_request(referee, request)
    assert problems == [], problems
    return answer["verdicts"][0]


def refusals(referee: TrickReferee, request: dict[str, Any]) -> list[str]:
    """The messages of a request the referee refuses (nothing is judged)."""
    answer, problems = judge_request(referee, request)
    assert answer == {}
    return [problem.message for problem in problems]
