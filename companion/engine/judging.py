"""Every problem of an entry at once: the rules judged even when some field is out of range.

The parser refuses a value out of its field's range (a bid of 6 where 5 is the most) before the
game's rules are asked, and the rules are written for entries the parser accepted. So, instead
of staying silent until the field is fixed, the rules are asked again with each faulty field
standing in for a few values its range allows (its lowest, a middle one, its highest; each
choice; each seat). A rule problem said the same way whatever the stand-in does not depend on
the faulty field: it is said now, beside its field. A problem that comes and goes with the
stand-in depends on it: its field says it can be checked once the faulty field is fixed,
rather than the rule vanishing. Pure: no Flask, no SQL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import product
from typing import Any

from companion.contract.values import Entry, Field, FieldKind, Problem
from companion.kit.i18n import in_sentence, join, t

Rules = Callable[[Entry], list[Problem]]
"""A game's rules over one typed entry (`validate`, `validate_phase`, `validate_progress`)."""

MOST_TRIALS = 27
"""Stand-in entries judged at most (three faulty numbers, three values each); past that, the
stand-ins are taken side by side rather than every combination."""

# A game's rules are written for entries the parser accepts; a stand-in combination may be one
# no accepted entry reaches (a field that applies only to another choice), and a rule may then
# stumble on it (an assertion about what the parser guarantees included). Such a trial tells
# nothing, so it is left out, never raised to the player.
STUMBLES = (
    TypeError,
    ValueError,
    KeyError,
    IndexError,
    AttributeError,
    ZeroDivisionError,
    AssertionError,
)


def every_problem(
    fields: Sequence[Field],
    player_count: int,
    entry: Entry,
    read_problems: Sequence[Problem],
    rules: Rules,
) -> list[Problem]:
    """The parser's problems (`read_problems`) and the rules' problems of `entry` together.

    With nothing refused by the parser, the rules judge the entry as it is. Otherwise the rules
    judge it with stand-ins for the refused fields (see the module's note).
    """
    if not read_problems:
        return rules(entry)
    faulty = {problem.field for problem in read_problems}
    specs = [spec for spec in fields if spec.name in faulty]
    values = [stand_ins(spec, player_count) for spec in specs]
    if None in faulty or len(specs) != len(faulty) or not all(values):
        return list(read_problems)  # a trick or a card refused: no stand-in is faithful
    names = [spec.name for spec in specs]
    verdicts = [
        verdict
        for combination in trials(values)
        if (verdict := judged(rules, with_stand_ins(entry, names, combination))) is not None
    ]
    return [*read_problems, *merged(verdicts, specs)]


def judged(rules: Rules, trial: Entry) -> list[Problem] | None:
    """The rules' problems with these stand-ins, or None when the rules stumbled on them."""
    try:
        return rules(trial)
    except STUMBLES:
        return None


def merged(verdicts: Sequence[list[Problem]], specs: Sequence[Field]) -> list[Problem]:
    """What the stand-in verdicts say for sure, and where they disagree, that the field can be
    checked once the faulty ones are fixed. A rule problem on a faulty field itself is left out:
    that field already says what is wrong with it."""
    faulty = {spec.name for spec in specs}
    if not verdicts:
        return [unchecked(None, specs)]
    sure = [
        problem
        for problem in verdicts[0]
        if problem.field not in faulty and all(problem in verdict for verdict in verdicts[1:])
    ]
    unsure_fields: list[str | None] = []
    for verdict in verdicts:
        for problem in verdict:
            if problem.field in faulty or problem in sure or problem.field in unsure_fields:
                continue
            if any(kept.field == problem.field for kept in sure):
                continue  # its field already says a problem for sure
            unsure_fields.append(problem.field)
    return [*sure, *(unchecked(field, specs) for field in unsure_fields)]


UNCHECKED = "This can only be checked once {fields} is fixed."


def unchecked(field: str | None, specs: Sequence[Field]) -> Problem:
    """A rule that cannot be judged until the faulty fields are fixed, said on its field."""
    fields = join([in_sentence(spec.label) for spec in specs])
    return Problem(field, t("This can only be checked once {fields} is fixed.", fields=fields))


def waits_for_a_fix(problem: Problem) -> bool:
    """Whether the problem is only that a rule waits for another field to be fixed."""
    return getattr(problem.message, "template", None) == UNCHECKED


def stand_ins(spec: Field, player_count: int) -> tuple[Any, ...]:
    """A few values the field's range allows, to judge the rules with in its place; () when no
    stand-in is faithful (tricks, cards, text)."""
    kind = spec.kind
    if kind is FieldKind.SEAT:
        nobody: tuple[Any, ...] = (None,) if spec.none_label is not None else ()
        return (*range(player_count), *nobody)
    if kind is FieldKind.INTEGER or kind is FieldKind.HALF:
        low = spec.minimum if spec.minimum is not None else 0
        high = spec.maximum if spec.maximum is not None else low + 100
        return tuple(sorted({int(low), int((low + high) // 2), int(high)}))
    if kind is FieldKind.CHOICE:
        return tuple(choice.value for choice in spec.choices)
    if kind is FieldKind.BOOLEAN:
        return (False, True)
    return ()


def trials(values: Sequence[tuple[Any, ...]]) -> Iterator[tuple[Any, ...]]:
    """The stand-in combinations to judge: every one when they are few (`MOST_TRIALS`), else
    the stand-ins side by side (the first of each, the second of each, …)."""
    count = 1
    for each in values:
        count *= len(each)
    if count <= MOST_TRIALS:
        yield from product(*values)
        return
    for index in range(max(len(each) for each in values)):
        yield tuple(each[index % len(each)] for each in values)


def with_stand_ins(entry: Mapping[str, Any], names: Sequence[str], values: Sequence[Any]) -> Entry:
    """The entry with each named field holding its stand-in."""
    return {**entry, **dict(zip(names, values, strict=True))}
