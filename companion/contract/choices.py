"""The choices of a CHOICE field made from an enum and its labels: one helper every game's
field declarations use, rather than each spelling out the same comprehension."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum
from typing import TypeVar

from companion.contract.values import Choice

E = TypeVar("E", bound=Enum)


def choices(members: Iterable[E], labels: Mapping[E, str]) -> tuple[Choice, ...]:
    """The choices of a CHOICE field for these enum members, in the order given: each stored as
    its value and shown with its label (a `Text` stays one, to be translated where shown).

    Pass the enum itself for all its members (`choices(Counting, COUNTING_LABELS)`), or a
    selection of them (`choices(PLAYED, GAME_NAMES)`); every member needs a label."""
    return tuple(Choice(member.value, labels[member]) for member in members)
