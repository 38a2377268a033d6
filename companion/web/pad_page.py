"""What the pad page and its fragments draw from: the phase being entered, the next hand's form,
the standings, the table of hands, and the words a save's answer says (the hidden fields a form
carries back are in hidden_fields.py).

Shared by every module that answers with the pad or a part of it (`sessions`, `save_answer`,
`corrections`, `phases`, `trick_entry`, `live`); it has no routes of its own.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import get_template_attribute, url_for
from flask_wtf import FlaskForm
from markupsafe import Markup

from companion.contract.game import entry_order, settlement_of
from companion.contract.parsing import parse_values, read_count
from companion.contract.referee import referee_for
from companion.contract.values import Field, FieldKind, Phase, Problem, ScoredHand, State
from companion.engine.standing import won_and_lost
from companion.kit import formatting
from companion.kit.i18n import Text, t
from companion.service import SignOff, Verdict
from companion.service.drafts import current_phase, ended_phases
from companion.service.event_tables import TableSeat
from companion.service.loading import Pad
from companion.web.forms import FormField, build_form, defaults_as_form_data
from companion.web.game_pages import page_of
from companion.web.hidden_fields import shown_draft_version
from companion.web.language import catalogue, current_language
from companion.web.panels import TrickPanel, draft_panel
from companion.web.service_door import get_service
from companion.web.who import lost_name, phone_name

# The pad's table shows these; earlier hands fold behind a link (the summary and history show
# every hand). About a phone screen's worth: a long evening's pad then opens, cold, as a
# short one does (bench/README.md).
LATEST_HANDS = 10


def phase_now(pad: Pad) -> tuple[Phase, tuple[Phase, ...], dict[str, Any]]:
    """The phase the next hand is in, the phases already ended, and the draft behind them
    (worked out once per request: the pad's `known` keeps it beside the draft it follows)."""
    drafted = get_service().drafts.get(pad)
    read = pad.known.get("draft")  # the draft as read: the phase follows from it alone
    kept = pad.known.get("phase_now")
    if kept is not None and kept[0] is read:
        known: tuple[Phase, tuple[Phase, ...], dict[str, Any]] = kept[1]
        return known
    found = current_phase(pad, drafted), ended_phases(pad, drafted), drafted
    pad.known["phase_now"] = (read, found)
    return found


def entry_specs(pad: Pad, whole: bool = False) -> tuple[Field, ...]:
    """The fields of the phase being entered, in the game's order (`whole`: every field)."""
    if whole:
        return pad.specs
    names = set(phase_now(pad)[0].fields)
    by_name = {spec.name: spec for spec in pad.specs if spec.name in names}
    return tuple(by_name[name] for name in entry_order(pad.game, pad.state, tuple(by_name)))


def entry_form(
    pad: Pad,
    *,
    formdata: Any = None,
    data: Mapping[str, Any] | None = None,
    whole: bool = False,
) -> tuple[FlaskForm, list[FormField]]:
    """The entry form: the fields of the phase being entered (`whole`: every field, to fix a
    saved hand)."""
    return build_form(entry_specs(pad, whole), pad.setup.players, formdata=formdata, data=data)


@dataclass(frozen=True)
class EmptyEntry:
    """The next hand's form at its declared defaults: its fields, or, when the shared macro
    draws it, its HTML and the digest naming that HTML (which the hidden field `blank_form`
    carries back: hidden_fields.py)."""

    fields: Sequence[FormField]
    html: Markup | None = None
    digest: str | None = None


def empty_entry(pad: Pad) -> EmptyEntry:
    """The next hand's form at its declared defaults: its fields, or, when the shared macro
    draws it (the game has no entry partial of its own), its HTML (`drawn_blank_entry`)."""
    specs = entry_specs(pad)
    if page_of(pad.game).entry:
        return EmptyEntry(blank_fields(specs, pad.setup.players))
    language = (current_language(), id(catalogue()))
    return drawn_blank_entry(specs, tuple(pad.setup.players), language)


def blank_fields(specs: Sequence[Field], players: Sequence[str]) -> list[FormField]:
    """These fields at their declared defaults, as the form draws them."""
    return build_form(specs, players, data=defaults_as_form_data(specs))[1]


@functools.lru_cache(maxsize=256)
def drawn_blank_entry(
    specs: tuple[Field, ...], players: tuple[str, ...], language: object
) -> EmptyEntry:
    """The blank form's HTML and digest: it depends only on the fields, the table and the
    `language`, so it is rendered once and reused by every save and page view."""
    html = get_template_attribute("_macros.html", "entry_fields")(blank_fields(specs, players))
    digest = hashlib.blake2b(str(html).encode(), digest_size=8).hexdigest()
    return EmptyEntry([], html, digest)


def ended_phase_lines(
    pad: Pad, ended: Sequence[Phase], drafted: Mapping[str, Any]
) -> list[tuple[Phase, list[Text]]]:
    """Each phase already ended, with what it holds in words ("Ann bids: 2")."""
    specs = {spec.name: spec for spec in pad.specs}
    lines = []
    for phase in ended:
        entry, _ = parse_values(
            [specs[name] for name in phase.fields], drafted, pad.setup.player_count
        )
        lines.append(
            (
                phase,
                [
                    t(
                        "{field}: {value}",
                        field=specs[name].label,
                        value=shown_value(specs[name], entry[name], pad),
                    )
                    for name in entry_order(pad.game, pad.state, phase.fields)
                ],
            )
        )
    return lines


def shown_value(spec: Field, value: Any, pad: Pad) -> str:
    """A typed value in words: a seat's name, a choice's label, a number as written."""
    if value is None:
        return "—"
    if spec.kind is FieldKind.SEAT:
        return str(pad.setup.players[value])
    if spec.kind is FieldKind.CHOICE:
        return spec.choice_label(value)
    if spec.kind is FieldKind.BOOLEAN:
        return t("yes") if value else t("no")
    if isinstance(value, int | float):
        return formatting.number(value)
    return str(value)


def table_context(pad: Pad, settled: bool = True) -> dict[str, Any]:
    """What the status, standings and settlement draw from (cheap: no table of hands;
    `settled`: with the settlement, which an answer that leaves its fold alone does not draw)."""
    seat = club_seat(pad)
    return {
        "pad": pad,
        # A club table's place in its round; the entry form shows while hands are taken.
        "seat": seat,
        "taking_hands": taking_hands(pad, seat),
        "setup": pad.setup,
        "players": pad.setup.players,
        "totals": pad.state.totals,
        "outcome": pad.outcome,
        # A club table's money and ranking are its event's: no settlement between its players.
        "settlement": (
            settlement_of(pad.game, pad.state)
            if settled and pad.state.hands and seat is None
            else None
        ),
        "groups": pad.game.groups(pad.setup),
        "group_totals": [
            (group, pad.game.group_total(pad.state, group)) for group in pad.game.groups(pad.setup)
        ],
        "notes": pad.game.table_notes(pad.state),
        "records": won_and_lost(pad.game, pad.state) if pad.state.hands else None,
        "leading": leading_words(pad),
    }


def club_seat(pad: Pad) -> TableSeat | None:
    """Where a club table's pad plays in its event, and how far (None: a plain session)."""
    return get_service().events.seat_of(pad.token, pad.next_number - 1)


def taking_hands(pad: Pad, seat: TableSeat | None) -> bool:
    """Whether the pad takes a new hand: not ended, and not a club table past its round."""
    return not pad.ended and not (seat and seat.over)


@dataclass(frozen=True)
class HandStatus:
    """A saved hand under the sign-off option: its row (the version a phone answers to) and
    the latest word on it, if any."""

    row_id: int
    word: SignOff | None

    @property
    def waiting(self) -> bool:
        return self.word is None

    @property
    def words(self) -> str:
        """The status as the pad and the summary print it."""
        if self.word is None:
            return t("waiting for another player to agree")
        agreed = self.word.verdict is Verdict.AGREED
        if self.word.by:
            return (
                t("agreed by {name}", name=self.word.by)
                if agreed
                else t("disputed by {name}", name=self.word.by)
            )
        return t("agreed") if agreed else t("disputed")


def sign_off_status(pad: Pad) -> dict[int, HandStatus]:
    """Each saved hand's sign-off status, by hand number."""

    return {
        number: HandStatus(row, word)
        for number, (row, word) in get_service().hands.with_sign_offs(pad).items()
    }


def leading_words(pad: Pad) -> str:
    """Who leads and with what the game ranks them (`Game.ranked_totals`): the side's total when
    the leaders form a fixed partnership."""
    winners = pad.outcome.winners
    if not winners:
        return ""
    totals = pad.game.ranked_totals(pad.state)
    for group in pad.game.groups(pad.setup):
        if set(winners) <= set(group.seats):
            return t(
                "{who} with {total}",
                who=group.name,
                total=formatting.number(pad.game.group_total(pad.state, group)),
            )
    names = pad.setup.names_of(winners)
    # As the standings write a total: −4 with a true minus sign, not "-4".
    return t("{who} with {total}", who=names, total=formatting.number(totals[winners[0]]))


def latest_rows(
    pad: Pad, every_hand: bool, shown: int = LATEST_HANDS
) -> tuple[Sequence[tuple[ScoredHand, tuple[int, ...]]], int]:
    """The hands the pad's table shows, each with its running totals, and how many earlier
    hands are folded away: the latest `shown` (`LATEST_HANDS`) unless every hand was asked
    for, so a long evening's pad weighs what a short one does (the summary and history show
    them all)."""
    folded = 0 if every_hand else folded_count(pad, shown)
    return pad.rows_from(folded), folded


def folded_count(pad: Pad, shown: int = LATEST_HANDS) -> int:
    """How many hands a table showing the latest `shown` folds away."""
    return max(0, len(pad.state.hands) - shown)


def hand_rows_context(pad: Pad) -> dict[str, Any]:
    """What a row of the table of hands draws beside its hand: the entry in words, and each
    hand's sign-off status under that option."""
    return {
        "describe": lambda entry: pad.game.describe(pad.setup, entry),
        "sign_offs": sign_off_status(pad) if pad.record.sign_off else {},
    }


def pad_context(
    pad: Pad,
    *,
    fields: Sequence[FormField] | None = None,
    general: Sequence[str | Text] = (),
    result: Any = None,
    panel: TrickPanel | None = None,
    every_hand: bool = False,
    shown: int = LATEST_HANDS,
) -> dict[str, Any]:
    """Everything the pad page and its fragments draw from (`shown`: the latest hands the
    table of hands draws; a fragment that draws only the last asks for 1)."""
    blank = EmptyEntry(fields) if fields is not None else empty_entry(pad)
    if panel is None and not pad.ended:
        panel = draft_panel(pad, problems=general)
    rows, folded = latest_rows(pad, every_hand, shown)
    phase, ended, drafted = phase_now(pad)
    phases = pad.phases
    return (
        table_context(pad)
        | {
            "panel": panel,
            "phase": phase,
            "phase_ends_hand": phase.name == phases[-1].name,
            "ended_phases": ended_phase_lines(pad, ended, drafted),
            "has_hands": bool(pad.state.hands),
            "rows": rows,
            "folded_hands": folded,
            "every_hand": every_hand,
            "latest_hands": LATEST_HANDS,
            "fields": blank.fields,
            "entry_html": blank.html,
            "blank_form": blank.digest,
            "general_errors": general,
            "result": result,
            "dealer_of": lambda index: pad.game.dealer(State(pad.setup, pad.state.hands[:index])),
            "rules_page": url_for("home.rules", slug=pad.setup.game),
            "has_referee": referee_for(pad.setup.game) is not None,
            # The undo takes back the highest-numbered hand, counted or not (`pads.undo_last`).
            "undo_number": pad.next_number - 1,
            "last_row": (
                get_service().hands.row_of(pad, pad.next_number - 1)
                if pad.next_number > 1
                else None
            ),
            "phone_name": phone_name(pad.token),
            "lost_name": lost_name(pad.token),
            "draft_version": shown_draft_version(pad),
            # A hand's number is at least its position + 1: only the shown ones are looked up.
            "corrected": (
                get_service().hands.corrected_numbers(pad.token, folded + 1)
                if pad.state.hands
                else ()
            ),
        }
        | hand_rows_context(pad)
    )


HANDS_CHANGED = "hands-changed"
"""The event an answer that changed the hands sends: each open fold that follows the hands (the
chart of the running totals, the settlement) is fetched again (static/app.js). A save's answer
sends it after swap; a live update, which redraws the folds, after settle (web/live.py)."""


def stale_form_problem(pad: Pad, expected: str) -> Problem | None:
    """A form opened for hand N while another device saved hand N meanwhile: don't save it twice
    (`expected`: what its `expected_number` says, `hidden_fields.posted_number`)."""
    number = read_count(expected)
    if number is None:
        return Problem(
            None,
            t(
                "This form does not say which hand it is for, so it was not "
                "saved. The next hand is {next}: check the table of hands, then "
                "save again.",
                next=pad.next_number,
            ),
        )
    if number == pad.next_number:
        return None
    return Problem(
        None,
        t(
            "Hand {number} has already been saved from another device; the next "
            "hand is {next}. Check the table of hands below, then save again if "
            "this is a new hand.",
            number=number,
            next=pad.next_number,
        ),
    )


def hand_scores(pad: Pad, hand: ScoredHand) -> str:
    """A hand's points by player, as the pad writes them ("Ann +31, Bob −31"): names and
    numbers only, the same in every language."""
    return ", ".join(
        f"{name} {pad.game.scale.show(points)}"
        for name, points in zip(pad.setup.players, hand.result.points, strict=True)
    )


def saved_message(pad: Pad, hand: ScoredHand) -> Text:
    """What the pad says after a save: the hand's number and its points."""
    return t("Hand {number} saved: {scores}.", number=hand.number, scores=hand_scores(pad, hand))


MISSING_VERSION = -1
"""The version of a form that did not say which it was based on: matches no row."""
