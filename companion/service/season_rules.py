"""A season's rule read from a form's values, every value through the strict parser, each
problem on its field; and the rule to and from the JSON the store keeps (`seasons.rule`).

The rule's meaning is `engine.season` (docs/rulings.md, "The club's season"); this module only
reads it. Field names are the form's: `minimum_evenings`, `counting`, `best`, `drop_past`,
`drop_every`, `drop_cap` (blank: no cap), `score`, `prize_scale` (points by place, separated
by spaces or commas), `total`, `tie_1` … `tie_3` (a tie-break step or blank), `guests`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from companion.contract.parsing import is_blank, read_count, read_word
from companion.contract.values import Problem
from companion.engine.season import (
    Counting,
    EveningScore,
    Guests,
    SeasonRule,
    TieBreak,
    Total,
)
from companion.kit.i18n import t

MOST_EVENINGS = 99
"""The largest count a rule may name (evenings, best N, drops)."""
MOST_PRIZE_PLACES = 50
MOST_PRIZE_POINTS = 9999
TIE_FIELDS = ("tie_1", "tie_2", "tie_3")
SEPARATORS = re.compile(r"[\s,;]+")


def read_rule(values: Mapping[str, Any]) -> tuple[SeasonRule | None, list[Problem]]:
    """The rule the form's values state, or None and every problem, each on its field."""
    problems: list[Problem] = []
    counts = {
        name: read_bounded(values, name, low, problems)
        for name, low in (("minimum_evenings", 0), ("best", 1), ("drop_past", 0), ("drop_every", 1))
    }
    cap = (
        None if is_blank(values.get("drop_cap")) else read_bounded(values, "drop_cap", 0, problems)
    )
    choices = {
        "counting": read_choice(values, "counting", Counting, problems),
        "score": read_choice(values, "score", EveningScore, problems),
        "total": read_choice(values, "total", Total, problems),
        "guests": read_choice(values, "guests", Guests, problems),
    }
    scale = read_scale(values.get("prize_scale"), problems)
    if choices["score"] is EveningScore.PRIZE and not scale and scale is not None:
        problems.append(Problem("prize_scale", t("Prize points need a scale: points by place.")))
    ties = read_ties(values, problems)
    if problems:
        return None, problems
    rule = SeasonRule(
        minimum_evenings=counts["minimum_evenings"] or 0,
        counting=Counting(choices["counting"]),
        best=counts["best"] or 1,
        drop_past=counts["drop_past"] or 0,
        drop_every=counts["drop_every"] or 1,
        drop_cap=cap,
        score=EveningScore(choices["score"]),
        total=Total(choices["total"]),
        prize_scale=scale or (),
        tie_breaks=ties,
        guests=Guests(choices["guests"]),
    )
    return rule, []


def read_bounded(
    values: Mapping[str, Any], name: str, low: int, problems: list[Problem]
) -> int | None:
    """A whole number from `low` to `MOST_EVENINGS`, else a problem on its field."""
    number = read_count(values.get(name, ""), digits=3)
    if number is None or not low <= number <= MOST_EVENINGS:
        problems.append(
            Problem(
                name,
                t("Enter a whole number from {low} to {high}.", low=low, high=MOST_EVENINGS),
            )
        )
        return None
    return number


def read_choice(
    values: Mapping[str, Any], name: str, kind: type[Any], problems: list[Problem]
) -> Any:
    """One of an enum's values, else a problem on its field."""
    chosen = read_word(values.get(name), [member.value for member in kind])
    if chosen is None:
        problems.append(Problem(name, t("Choose one.")))
        return None
    return kind(chosen)


def read_scale(value: Any, problems: list[Problem]) -> tuple[int, ...] | None:
    """A prize scale typed as points by place ("25 20 16 …"); () when blank; None with a
    problem when a part is not a whole number or the scale is too long."""
    if is_blank(value):
        return ()
    parts = [part for part in SEPARATORS.split(str(value)[:600]) if part]
    points = [read_count(part, digits=4) for part in parts]
    if len(points) > MOST_PRIZE_PLACES or any(p is None for p in points):
        problems.append(
            Problem(
                "prize_scale",
                t(
                    "Enter up to {count} whole numbers from 0 to {high}, place 1 first.",
                    count=MOST_PRIZE_PLACES,
                    high=MOST_PRIZE_POINTS,
                ),
            )
        )
        return None
    return tuple(p for p in points if p is not None)


def read_ties(values: Mapping[str, Any], problems: list[Problem]) -> tuple[TieBreak, ...]:
    """The tie-break steps chosen in order (a blank step ends them); a step named twice is a
    problem on its field."""
    steps: list[TieBreak] = []
    for name in TIE_FIELDS:
        if is_blank(values.get(name)):
            continue
        chosen = read_choice(values, name, TieBreak, problems)
        if chosen is None:
            continue
        if chosen in steps:
            problems.append(Problem(name, t("This tie-break is already chosen above.")))
            continue
        steps.append(chosen)
    return tuple(steps)


def rule_data(rule: SeasonRule) -> dict[str, Any]:
    """The rule as JSON data (enums as their values, tuples as lists)."""
    data = asdict(rule)
    data["prize_scale"] = list(rule.prize_scale)
    data["tie_breaks"] = [step.value for step in rule.tie_breaks]
    return {key: value.value if hasattr(value, "value") else value for key, value in data.items()}


def rule_of(data: Mapping[str, Any]) -> SeasonRule:
    """The rule from its JSON data (`rule_data`); a key it lacks keeps the rule's default."""
    defaults = SeasonRule()
    return SeasonRule(
        minimum_evenings=int(data.get("minimum_evenings", defaults.minimum_evenings)),
        counting=Counting(data.get("counting", defaults.counting)),
        best=int(data.get("best", defaults.best)),
        drop_past=int(data.get("drop_past", defaults.drop_past)),
        drop_every=int(data.get("drop_every", defaults.drop_every)),
        drop_cap=data.get("drop_cap"),
        score=EveningScore(data.get("score", defaults.score)),
        total=Total(data.get("total", defaults.total)),
        prize_scale=tuple(data.get("prize_scale", ())),
        tie_breaks=tuple(TieBreak(step) for step in data.get("tie_breaks", defaults.tie_breaks)),
        guests=Guests(data.get("guests", defaults.guests)),
    )


def form_values(rule: SeasonRule) -> dict[str, str]:
    """A rule as a form's values (what a new season's form starts from)."""
    data = rule_data(rule)
    values = {key: "" if value is None else str(value) for key, value in data.items()}
    values["prize_scale"] = " ".join(str(points) for points in rule.prize_scale)
    for name, step in zip(TIE_FIELDS, (*rule.tie_breaks, None, None, None), strict=False):
        values[name] = step.value if step else ""
    return values
