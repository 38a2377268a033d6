"""The hidden fields of the pad's entry forms, in one place. Each carries back a version of
what the form was drawn from, so that the write it posts is checked against what is on disk
now (docs/design.md, "Every write from a phone carries the version it saw"):

- `expected_number`: the number of the hand the form is for (`Pad.next_number`). Drawn by
  every form that writes a hand or a part of one: the entry form and the trick panel
  (`next_parts.expected_number`, pad/_next.html, swapped out of band when a save leaves the
  form in place), the ended phases' "Change the bids" forms, the whole-hand page; the stale
  choice's "save it as hand N+1" button posts N+1 under it. Read by `stale_form_problem`
  (pad_page.py) in the save (sessions.py), a phase ended or taken back (phases.py), a trick
  and a whole hand (trick_entry.py); `static/app.js` reads it to tell the live poll which
  hand the form shows.
- `blank_form`: the digest of the blank form's HTML (`pad_page.EmptyEntry.digest`), drawn only
  by an entry form drawn blank whose phase ends the hand. Read by the save's answer
  (`save_answer.form_stays`): a save posted with the digest of the next hand's blank form
  is answered without a new form, and the browser clears the one it has.
- `draft_version`: the version of the draft (`store.draft_version`) the page showed, drawn
  only where a hand is entered through a draft (trick by trick, or after its bids): the
  entry form whose phase ends the hand, the trick panel, the ended phases' forms, the
  whole-hand page. Read by `posted_draft_version` in the save, a phase taken back, a trick
  and a whole hand: a stale one is refused (`StaleWrite`).

The templates name them through the Jinja global `hidden` (`HIDDEN`, set by `init_web`), the
views through the readers below: the names are written nowhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.contract.parsing import read_digest, read_word
from companion.service import ANY_VERSION
from companion.service.drafts import keeps_draft
from companion.service.loading import Pad
from companion.web.service_door import get_service


@dataclass(frozen=True)
class HiddenFields:
    """The names of the entry forms' hidden fields (what each carries: the module's words)."""

    expected_number: str = "expected_number"
    blank_form: str = "blank_form"
    draft_version: str = "draft_version"


HIDDEN = HiddenFields()


def posted_number(form: Mapping[str, Any]) -> str:
    """The hand number a form says it was drawn for, as posted ("" when it says none)."""
    value = form.get(HIDDEN.expected_number, "")
    return value if isinstance(value, str) else ""


def posted_blank_form(form: Mapping[str, Any], digest: str | None) -> bool:
    """Whether the form was drawn blank with the digest `digest` (None: no blank form has one)."""
    return digest is not None and read_word(form.get(HIDDEN.blank_form), (digest,)) is not None


def shown_draft_version(pad: Pad) -> str:
    """What a page's write carries as its draft version ("": no draft shown, no field)."""
    return get_service().drafts.shown_version(pad) if keeps_draft(pad) else ""


def posted_draft_version(pad: Pad, form: Mapping[str, Any]) -> Any:
    """The draft version a write was based on: any for a game without drafts (its one form, as
    always); otherwise the one posted, a page without it having shown no draft ("")."""
    if not keeps_draft(pad):
        return ANY_VERSION
    return read_digest(form.get(HIDDEN.draft_version)) or ""
