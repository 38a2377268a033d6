"""The score pad's operations, in one place: the store and the engine together, with no web
framework (the command line and the tests call these; the web goes through `Service`).

By subject: loading.py (a session opened as a `Pad`, its stored results), hands.py (hands
saved, corrected, undone), drafts.py (the hand being entered, its phases). Each hand's scored
result is stored with it as it is saved, with the running totals after it, so a pad opens from
its last hand alone, cold or warm.
"""

from companion.engine.replay import Checked
from companion.service.drafts import (
    as_drafted,
    current_phase,
    draft,
    drop_draft,
    end_phase,
    ended_phases,
    keeps_draft,
    progress_of,
    reopen_phase,
    save_draft,
    shown_draft_version,
    values_out_of_phase,
    with_earlier_phases,
)
from companion.service.hands import (
    add_hand,
    correct_hand,
    hand_to_fix,
    import_document,
    preview,
    results_after_correction,
    row_of,
    start_session,
    undo_last,
)
from companion.service.loading import (
    Derived,
    Pad,
    ReplayCache,
    derive,
    known_hands,
    known_state,
    load,
    pad_of,
    result_rows,
)

__all__ = [
    "Checked",
    "Derived",
    "Pad",
    "ReplayCache",
    "add_hand",
    "as_drafted",
    "correct_hand",
    "current_phase",
    "derive",
    "draft",
    "drop_draft",
    "end_phase",
    "ended_phases",
    "hand_to_fix",
    "import_document",
    "keeps_draft",
    "known_hands",
    "known_state",
    "load",
    "pad_of",
    "preview",
    "progress_of",
    "reopen_phase",
    "result_rows",
    "results_after_correction",
    "row_of",
    "save_draft",
    "shown_draft_version",
    "start_session",
    "undo_last",
    "values_out_of_phase",
    "with_earlier_phases",
]
