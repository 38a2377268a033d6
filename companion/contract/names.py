"""The one reader of a typed name: every door a name comes in by (a seat, the roster, an
entrant, an import, the command line) reads it here, so a name is compared and stored in one
form and look-alikes ("Ann", "Ａｎｎ", "A\u200bnn") are one name. Pure Python, no Flask, no SQL.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

NAME_READ_LIMIT = 200
"""Characters of a typed name read at all; names are checked against their own limit after."""


INVISIBLE_IN_NAMES = frozenset("\u00ad\u200b\u200c\u200d\u2060\ufeff")
"""Characters that show nothing (soft hyphen, zero-width space, joiners, word joiner, byte-order
mark): removed from a name, so "A\u200bnn" is Ann."""


def read_name(value: Any) -> str:
    """A typed name made the one form it is compared and stored in ("" for anything that is
    not text): invisible and format characters (Unicode Cf) removed, control characters
    (Cc) removed but for the spacing ones (tab, line breaks), which count as spaces; then
    NFKC, so a fullwidth "Ａｎｎ" is "Ann"; then spaces at the ends dropped and runs of spaces
    made one. The caller checks that it is not blank and not too long."""
    if not isinstance(value, str):
        return ""
    kept = "".join(char for char in value[:NAME_READ_LIMIT] if _kept_in_name(char))
    return " ".join(unicodedata.normalize("NFKC", kept).split())


def _kept_in_name(char: str) -> bool:
    """Whether a character of a typed name stays: not invisible, not a format character, and
    not a control character unless it is a space of some kind."""
    if char in INVISIBLE_IN_NAMES:
        return False
    category = unicodedata.category(char)
    return category != "Cf" and (category != "Cc" or char.isspace())


def name_key(value: Any) -> str:
    """What matches one person's spellings: the name read as every name is (`read_name`),
    then case does not count ("ａｎｎ  lee" is "Ann Lee")."""
    return read_name(value).casefold()


def repeats(names: Sequence[Any]) -> dict[int, int]:
    """The names that repeat an earlier one (the same `name_key`): the place of each repeat,
    and the place of the name it repeats (its first)."""
    first: dict[str, int] = {}
    found: dict[int, int] = {}
    for place, name in enumerate(names):
        found_first = first.setdefault(name_key(name), place)
        if found_first != place:
            found[place] = found_first
    return found


def repeated_name(names: Sequence[Any]) -> str | None:
    """The first name entered again, as it was entered first (read as every name is); None
    when every name is its own."""
    found = repeats(names)
    return read_name(names[found[min(found)]]) if found else None
