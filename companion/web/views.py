"""The pad's pages. One URL serves a full page, or just its fragment when htmx asks.

Decided once for every form: a refused entry answers 422 with the form re-rendered, as typed,
errors beside their fields (htmx is configured in base.html to swap 422 responses); an accepted
one answers the updated fragments to htmx, or a 303 redirect to the page without JavaScript.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    g,
    get_template_attribute,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from markupsafe import Markup

from companion.contract.parsing import parse_values, read_count, read_digest, read_word
from companion.contract.referee import all_referees, referee_for
from companion.contract.registry import all_games, get
from companion.contract.values import Field, FieldKind, Phase, Problem, ScoredHand, State
from companion.engine.replay import Checked
from companion.kit import formatting
from companion.kit.i18n import Text, in_sentence, t
from companion.kit.resources import rules_page_text
from companion.service import ANY_VERSION, SignOff, StaleWrite, Verdict, exchange
from companion.service import pad as pads
from companion.web import get_service
from companion.web.forms import (
    FormField,
    attach_problems,
    build_form,
    defaults_as_form_data,
    entry_to_form_data,
    form_values,
    trick_as_strings,
    trick_field,
)
from companion.web.language import catalogue, current_language, flash_said, lowered, said
from companion.web.memo import Kept
from companion.web.panels import (
    TrickPanel,
    build_panel,
    draft_panel,
    posted_tricks,
    problems_by_row,
    whole_hand_rows,
)
from companion.web.who import author, device_id, phone_name

bp = Blueprint("pad", __name__)

RECENT_LIMIT = 12
# The pad's table shows these; earlier hands fold behind a link (the summary and history show
# every hand). About a phone screen's worth: a long evening's pad then opens, cold, as a
# short one does (bench/README.md).
LATEST_HANDS = 10
ZERO_MEANS = "0 = "  # an option whose help starts so says what its 0 means


def is_htmx() -> bool:
    """Whether htmx made this request (it then wants a fragment, not a page)."""
    return request.headers.get("HX-Request") == "true"


def _remember(token: str) -> None:
    """Keep the session on this device's list of recent sessions (on the server's disk)."""
    get_service().remember(device_id(), token, RECENT_LIMIT)


def load_or_404(token: str) -> pads.Pad:
    if len(token) > 64:
        abort(404)
    pad = get_service().load(token)
    if pad is None:
        abort(404)
    return pad


# ------------------------------------------------------------------ home and new session


@bp.get("/")
def home() -> str:
    """Recent sessions opened on this device, and the way to start a new one."""
    device = session.get("device")
    records = get_service().sessions_of_device(device) if isinstance(device, str) else []
    return render_template(
        "home.html",
        records=records,
        games={g.slug: g for g in all_games()},
        referees=all_referees(),
    )


@bp.get("/healthz")
def healthz() -> Response:
    """A trivial route: the benchmark's baseline for the cost of a request."""
    return Response("ok", mimetype="text/plain")


# ------------------------------------------------------------------ the pad


def phase_now(pad: pads.Pad) -> tuple[Phase, tuple[Phase, ...], dict[str, Any]]:
    """The phase the next hand is in, the phases already ended, and the draft behind them
    (worked out once per request: the pad's `known` keeps it beside the draft it follows)."""
    drafted = get_service().draft(pad)
    read = pad.known.get("draft")  # the draft as read: the phase follows from it alone
    kept = pad.known.get("phase_now")
    if kept is not None and kept[0] is read:
        return kept[1]
    found = pads.current_phase(pad, drafted), pads.ended_phases(pad, drafted), drafted
    pad.known["phase_now"] = (read, found)
    return found


def _entry_specs(pad: pads.Pad, whole: bool = False) -> tuple[Field, ...]:
    """The fields of the phase being entered, in the game's order (`whole`: every field)."""
    if whole:
        return pad.specs
    names = set(phase_now(pad)[0].fields)
    by_name = {spec.name: spec for spec in pad.specs if spec.name in names}
    return tuple(by_name[name] for name in pad.game.entry_order(pad.state, tuple(by_name)))


def _entry_form(
    pad: pads.Pad,
    *,
    formdata: Any = None,
    data: Mapping[str, Any] | None = None,
    whole: bool = False,
):
    """The entry form: the fields of the phase being entered (`whole`: every field, to fix a
    saved hand)."""
    return build_form(_entry_specs(pad, whole), pad.setup.players, formdata=formdata, data=data)


@dataclass(frozen=True)
class EmptyEntry:
    """The next hand's form at its declared defaults: its fields, or, when the shared macro
    draws it, its HTML and the digest naming that HTML (`BLANK_FORM_FIELD` carries it back)."""

    fields: list[FormField]
    html: Markup | None = None
    digest: str | None = None


BLANK_FORM_FIELD = "blank_form"
"""The hidden field a form drawn blank carries: the digest of its fields' HTML. A save posted
with the digest of the next hand's blank form is answered without a new form: the browser
clears the one it has (static/app.js), which is that form (`form_stays`)."""

_EMPTY_ENTRIES: Kept[tuple[Any, ...], tuple[tuple[Field, ...], EmptyEntry]] = Kept()


def empty_entry(pad: pads.Pad) -> EmptyEntry:
    """The next hand's form at its declared defaults: its fields, or, when the shared macro
    draws it (no game partial), its HTML. That HTML depends only on the fields and the table,
    so it is rendered once per language and reused by every save and page view."""
    specs = _entry_specs(pad)

    def fields() -> list[FormField]:
        return build_form(specs, pad.setup.players, data=defaults_as_form_data(pad.specs))[1]

    def drawn() -> tuple[tuple[Field, ...], EmptyEntry]:
        html = get_template_attribute("_macros.html", "entry_fields")(fields())
        digest = hashlib.blake2b(str(html).encode(), digest_size=8).hexdigest()
        return pad.specs, EmptyEntry([], html, digest)

    if pad.game.entry_partial:
        return EmptyEntry(fields())
    # Keyed by the setup's fields by identity and the names shown, not by every field's value:
    # hashing their labels and choices cost more than the rendering it saves. `declared` keeps
    # one tuple per setup and so does the value here, so an id is not reused while its entry
    # lives; `is` checks it anyway.
    key = (
        id(pad.specs),
        tuple(spec.name for spec in specs),
        pad.setup.players,
        current_language(),
        id(catalogue()),
    )
    kept_specs, entry = _EMPTY_ENTRIES.get(key, drawn)
    return entry if kept_specs is pad.specs else drawn()[1]


def ended_phase_lines(
    pad: pads.Pad, ended: Sequence[Phase], drafted: Mapping[str, Any]
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
                        value=_shown(specs[name], entry[name], pad),
                    )
                    for name in pad.game.entry_order(pad.state, phase.fields)
                ],
            )
        )
    return lines


def _shown(spec: Field, value: Any, pad: pads.Pad) -> str:
    """A typed value in words: a seat's name, a choice's label, a number as written."""
    if value is None:
        return "—"
    if spec.kind is FieldKind.SEAT:
        return pad.setup.players[value]
    if spec.kind is FieldKind.CHOICE:
        return spec.choice_label(value)
    if spec.kind is FieldKind.BOOLEAN:
        return t("yes") if value else t("no")
    if isinstance(value, int | float):
        return formatting.number(value)
    return str(value)


def _table_context(pad: pads.Pad, settled: bool = True) -> dict[str, Any]:
    """What the status, standings and settlement draw from (cheap: no table of hands;
    `settled`: with the settlement, which an answer that leaves its fold alone does not draw)."""
    return {
        "pad": pad,
        "setup": pad.setup,
        "players": pad.setup.players,
        "totals": pad.state.totals,
        "outcome": pad.outcome,
        "settlement": (pad.game.settlement(pad.state) if settled and pad.state.hands else None),
        "groups": pad.game.groups(pad.setup),
        "group_totals": [
            (group, pad.game.group_total(pad.state, group)) for group in pad.game.groups(pad.setup)
        ],
        "notes": pad.game.table_notes(pad.state),
        "leading": leading_words(pad),
    }


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


def sign_off_status(pad: pads.Pad) -> dict[int, HandStatus]:
    """Each saved hand's sign-off status, by hand number."""
    return {
        number: HandStatus(row, word)
        for number, (row, word) in get_service().sign_offs(pad).items()
    }


def leading_words(pad: pads.Pad) -> str:
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
    pad: pads.Pad, every_hand: bool, shown: int = LATEST_HANDS
) -> tuple[list[tuple[ScoredHand, Any]], int]:
    """The hands the pad's table shows, each with its running totals, and how many earlier
    hands are folded away: the latest `shown` (`LATEST_HANDS`) unless every hand was asked
    for, so a long evening's pad weighs what a short one does (the summary and history show
    them all)."""
    folded = 0 if every_hand else folded_count(pad, shown)
    return pad.rows_from(folded), folded


def folded_count(pad: pads.Pad, shown: int = LATEST_HANDS) -> int:
    """How many hands a table showing the latest `shown` folds away."""
    return max(0, len(pad.state.hands) - shown)


def hand_rows_context(pad: pads.Pad) -> dict[str, Any]:
    """What a row of the table of hands draws beside its hand: the entry in words, and each
    hand's sign-off status under that option."""
    return {
        "describe": lambda entry: pad.game.describe(pad.setup, entry),
        "sign_offs": sign_off_status(pad) if pad.record.sign_off else {},
    }


def pad_context(
    pad: pads.Pad,
    *,
    fields=None,
    general=(),
    result=None,
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
        _table_context(pad)
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
            "rules_page": url_for("pad.rules", slug=pad.setup.game),
            "has_referee": referee_for(pad.setup.game) is not None,
            # The undo takes back the highest-numbered hand, counted or not (`pads.undo_last`).
            "undo_number": pad.next_number - 1,
            "last_row": (
                get_service().row_of(pad, pad.next_number - 1) if pad.next_number > 1 else None
            ),
            "phone_name": phone_name(),
            "draft_version": shown_draft_version(pad),
            # A hand's number is at least its position + 1: only the shown ones are looked up.
            "corrected": (
                get_service().corrected_numbers(pad.token, folded + 1) if pad.state.hands else ()
            ),
        }
        | hand_rows_context(pad)
    )


@bp.get("/s/<token>")
def show(token: str) -> str:
    """The score pad: standings, the entry form with its live preview, every hand so far."""
    pad = load_or_404(token)
    _remember(token)
    every_hand = read_word(request.args.get("hands"), ("all",)) is not None
    return render_template(
        "pad.html",
        **pad_context(pad, every_hand=every_hand),
        live_version=get_service().live_version(token),
    )


def _refused(pad: pads.Pad, checked: Checked, template: str, status: int = 422, **extra: Any):
    """The form as typed with each problem beside its field (422), as a page or a fragment."""
    _, fields = _entry_form(pad, formdata=request.form)
    general = attach_problems(fields, checked.problems)
    spec = trick_field(pad.specs)
    panel = None
    if spec is not None:
        panel = build_panel(pad, {spec.name: posted_tricks(spec, request.form)}, problems=general)
        general = []
    context = pad_context(pad, fields=fields, general=general, panel=panel) | extra
    if is_htmx():
        return render_template("pad/_refused.html", **context), status
    return render_template(template, **context), status


@bp.post("/s/<token>/hands")
def add_hand(token: str):
    """Save the next hand if the referee accepts it; otherwise return the form with the reasons."""
    pad = load_or_404(token)
    if pad.ended:
        flash_said(t("This session has ended: no more hands can be added."))
        return redirect(url_for("pad.show", token=token), code=303)
    specs = pad.specs
    stale = stale_form_problem(pad, request.form.get("expected_number", ""))
    if stale:
        expected = read_count(request.form.get("expected_number", ""))
        choice = (
            stale_choice(pad, expected, form_values(request.form, specs))
            if expected is not None
            else None
        )  # a form without its number: refused
        return _refused(pad, Checked({}, (stale,)), "pad.html", refresh=True, stale=choice)
    try:
        result = get_service().add_hand(
            pad,
            form_values(request.form, specs),
            by=author(),
            drafted=posted_draft_version(pad, request.form),
        )
    except StaleWrite:
        return draft_changed(pad)
    if isinstance(result, Checked):
        return _refused(pad, result, "pad.html")
    hand, after = result
    if not is_htmx():
        flash_said(saved_message(after, hand))
        return redirect(url_for("pad.show", token=token, _anchor=f"hand-{hand.number}"), code=303)
    # A pad that had hands already shows an undo: only it changes among the actions. The
    # answer draws one row of the table (the new hand) and its own poller.
    first_hand = not pad.state.hands
    undo_only = not first_hand and not after.ended
    if form_stays(after):
        return saved_in_place(after, hand, undo_only, first_hand)
    # The entry form for the next hand comes from the server (its target), the rest out of band.
    context = pad_context(after, shown=1) | fold_after_save(after)
    response = make_response(
        render_template(
            "pad/_saved.html",
            **context,
            saved=hand,
            message=saved_message(after, hand),
            undo_row=get_service().row_of(after, hand.number),
            undo_only=undo_only,
            first_hand=first_hand,
            live_version=carried_live_version(token),
        )
    )
    response.headers["HX-Trigger-After-Swap"] = HANDS_CHANGED
    return response


DRAFT_VERSION_FIELD = "draft_version"
"""The hidden field of a hand entered through a draft (trick by trick, or after its bids): the
version of the draft its page showed (`store.draft_version`), so that its save is refused when
another phone changed the hand since."""


def shown_draft_version(pad: pads.Pad) -> str:
    """What a page's save carries in `DRAFT_VERSION_FIELD` ("": no draft shown, no field)."""
    return get_service().shown_draft_version(pad) if pads.keeps_draft(pad) else ""


def posted_draft_version(pad: pads.Pad, form: Mapping[str, Any]) -> Any:
    """The draft version a save was based on: any for a game without drafts (its one form, as
    always); otherwise the one posted, a page without it having shown no draft ("")."""
    if not pads.keeps_draft(pad):
        return ANY_VERSION
    return read_digest(form.get(DRAFT_VERSION_FIELD)) or ""


def draft_changed(pad: pads.Pad):
    """A save whose page showed the hand being entered otherwise than it now stands on disk
    (another phone took back a trick or changed the bids): nothing saved (409); the hand as it
    now stands is shown with why, and what this phone typed in the last phase's form is kept."""
    panel = draft_panel(pad, problems=[DRAFT_TRICKS_CHANGED])
    if panel is None:  # the last phase's form (the tricks taken, after the bids)
        phase = in_sentence(pad.phases[0].label)
        problem = Problem(
            None,
            t(
                "Another phone changed this hand's {phase} after yours last "
                "showed them, so the hand was not saved. The hand as it now "
                "stands is shown: check it, then save again.",
                phase=phase,
            ),
        )
        return _refused(pad, Checked({}, (problem,)), "pad.html", status=409)
    context = pad_context(pad, panel=panel)
    return render_template("pad/_refused.html" if is_htmx() else "pad.html", **context), 409


DRAFT_TRICKS_CHANGED = t(
    "Another phone changed this hand's tricks after yours last showed them, "
    "so the hand was not saved. The hand as it now stands is shown: check "
    "its tricks, then save again."
)


HANDS_CHANGED = "hands-changed"
"""The event an answer that changed the hands sends: each open fold that follows the hands (the
chart of the running totals, the settlement) is fetched again (static/app.js). A save's answer
sends it after swap; a live update, which redraws the folds, after settle (web/live.py)."""


def fold_after_save(pad: pads.Pad) -> dict[str, int]:
    """What the fold note over a pad folded to its latest hands says once a hand is saved: the
    hands it shows and the hands folded away (the browser drops the rows beyond the latest)."""
    return {"fold_count": folded_count(pad), "fold_shown": LATEST_HANDS}


def form_stays(after: pads.Pad) -> bool:
    """Whether the form just posted, cleared in the browser, is the next hand's form: it was
    drawn blank (it carried that blank form's digest back), the next hand's blank form has the
    same digest (the same fields, order, names and language), and the next hand starts with no
    phase behind it. The answer then leaves the form in place instead of drawing it again."""
    if after.ended:
        return False
    digest = empty_entry(after).digest
    if digest is None or read_word(request.form.get(BLANK_FORM_FIELD), (digest,)) is None:
        return False
    phase, ended, _ = phase_now(after)
    return not ended and phase.name == after.phases[-1].name


def saved_in_place(pad: pads.Pad, hand: ScoredHand, undo_only: bool, first_hand: bool) -> Response:
    """The answer to a save whose form stays (`form_stays`): nothing takes the form's place
    (`HX-Reswap: none`); the browser clears it in the same task as it swaps the answer in (the
    `entry-saved` event, static/app.js: nothing typed after the swap is lost), and what changed
    comes out of band: the next hand's heading, number and Save label, the status, standings
    (and the settlement's fold after the first hand), the undo of the last hand (all the
    actions when it is the first), the saved message, the fold note, this phone's poller and
    the new row."""
    row = get_service().row_of(pad, hand.number)
    context = (
        _table_context(pad, settled=first_hand)
        | fold_after_save(pad)
        | {
            "has_hands": True,
            "rows": [(hand, pad.state.totals)],
            "last_row": row,
            "undo_row": row,
            "undo_number": hand.number,
            "saved": hand,
            "message": saved_message(pad, hand),
            "undo_only": undo_only,
            "first_hand": first_hand,
            "corrected": frozenset(),  # the hand was just entered: its row is no correction
            "live_version": carried_live_version(pad.token),
        }
        | hand_rows_context(pad)
    )
    if not undo_only:
        context |= {
            "rules_page": url_for("pad.rules", slug=pad.setup.game),
            "has_referee": referee_for(pad.setup.game) is not None,
        }
    response = make_response(render_template("pad/_saved_in_place.html", **context))
    response.headers["HX-Reswap"] = "none"
    response.headers["HX-Trigger-After-Swap"] = f"entry-saved, {HANDS_CHANGED}"
    return response


def carried_live_version(token: str) -> str | None:
    """The session's live version for an answer that draws this phone's poller itself; the
    answer hook of `live.py` then adds no second one."""
    g.live_version_carried = True
    return get_service().live_version(token)


def stale_form_problem(pad: pads.Pad, expected: str) -> Problem | None:
    """A form opened for hand N while another device saved hand N meanwhile: don't save it twice."""
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


@dataclass(frozen=True)
class StaleChoice:
    """A form for a hand another phone saved meanwhile: the hand as saved there, what this
    phone typed (scored, when the referee accepts it as the next hand), and the next number.
    The phone chooses: the same hand (discard what it typed) or the next hand (save it as
    that); the Save button is not simply offered again."""

    number: int
    saved: ScoredHand | None
    typed: ScoredHand | Checked
    next_number: int

    @property
    def typed_hand(self) -> ScoredHand | None:
        """What this phone typed, scored as the next hand (None: the referee refuses it)."""
        return self.typed if isinstance(self.typed, ScoredHand) else None


def stale_choice(pad: pads.Pad, number: int, typed: Mapping[str, Any]) -> StaleChoice:
    """What a form for hand `number`, taken meanwhile by another phone, is shown beside the
    two choices."""
    return StaleChoice(number, pad.hand(number), pads.preview(pad, typed), pad.next_number)


def hand_scores(pad: pads.Pad, hand: ScoredHand) -> str:
    """A hand's points by player, as the pad writes them ("Ann +31, Bob −31"): names and
    numbers only, the same in every language."""
    return ", ".join(
        f"{name} {pad.game.scale.show(points)}"
        for name, points in zip(pad.setup.players, hand.result.points, strict=True)
    )


def saved_message(pad: pads.Pad, hand: ScoredHand) -> Text:
    """What the pad says after a save: the hand's number and its points."""
    return t("Hand {number} saved: {scores}.", number=hand.number, scores=hand_scores(pad, hand))


@bp.post("/s/<token>/preview")
def preview(token: str) -> str:
    """The live preview: what the hand on the form would score, or what is still wrong with it."""
    pad = load_or_404(token)
    specs = pad.specs
    number = request.args.get("hand", type=int)
    if number is not None and pad.hand(number) is None and number not in pad.refused:
        abort(404)
    _, fields = _entry_form(pad, formdata=request.form, whole=number is not None)
    if not any(field.changed for field in fields) and trick_field(specs) is None:
        return render_template("pad/_preview.html", result=None)
    raw = form_values(request.form, specs)
    if number is None:
        raw = get_service().with_earlier_phases(pad, raw)
    result = pads.preview(pad, raw, number)
    return render_template(
        "pad/_preview.html",
        result=result,
        players=pad.setup.players,
        labels={s.name: s.label for s in specs},
        scale=pad.game.scale,
    )


@bp.route("/s/<token>/hands/<int:number>", methods=["GET", "POST"])
def edit_hand(token: str, number: int):
    """Correct a hand entered wrongly: the old entry is kept in the history, superseded."""
    pad = load_or_404(token)
    hand = get_service().hand_to_fix(pad, number)
    if hand is None:
        abort(404)
    specs = pad.specs
    spec = trick_field(specs)
    based_on = get_service().row_of(pad, number)
    if request.method == "GET":
        _, fields = _entry_form(pad, data=entry_to_form_data(specs, hand.entry), whole=True)
        rows = [trick_as_strings(spec, t) for t in hand.entry.get(spec.name) or ()] if spec else []
        return render_template(
            "edit.html",
            **pad_context(pad, fields=fields),
            hand=hand,
            trick_spec=spec,
            trick_rows=rows,
            based_on=based_on,
        )
    _, fields = _entry_form(pad, formdata=request.form, whole=True)
    seen = read_count(request.form.get("based_on", ""), digits=12)
    try:
        result = get_service().correct_hand(
            pad,
            number,
            form_values(request.form, specs),
            seen if seen is not None else MISSING_VERSION,
            by=author(),
        )
    except StaleWrite:
        return _edit_again(pad, hand, number, fields, based_on, stale_edit_words(number, seen))
    if isinstance(result, Checked):
        row_errors, _ = problems_by_row(result.problems)
        general = attach_problems(fields, [p for p in result.problems if p.item is None])
        context = pad_context(pad, fields=fields, general=general)
        rows = whole_hand_rows(pad, spec, request.form) if spec else []
        return render_template(
            "edit.html",
            **context,
            hand=hand,
            trick_spec=spec,
            trick_rows=rows,
            row_errors=row_errors,
            based_on=based_on,
        ), 422
    flash_said(
        t("Hand {number} corrected. {scores}.", number=number, scores=hand_scores(pad, result))
    )
    return redirect(url_for("pad.show", token=token, _anchor=f"hand-{number}"), code=303)


MISSING_VERSION = -1
"""The version of a form that did not say which it was based on: matches no row."""


def stale_edit_words(number: int, seen: int | None) -> Text:
    """Why a correction was not saved: the hand changed since the form was opened."""
    if seen is None:
        return t(
            "This form does not say which version of hand {number} it corrects, so it "
            "was not saved. The hand as it stands now is above; your correction is below "
            "as you typed it: save it again to apply it.",
            number=number,
        )
    return t(
        "Hand {number} was changed from another phone after you opened this form, so your "
        "correction was not saved. The hand as it stands now is above; your correction is "
        "below as you typed it: save it again to replace it, or cancel.",
        number=number,
    )


def _edit_again(
    pad: pads.Pad,
    hand: ScoredHand,
    number: int,
    fields: Sequence[FormField],
    based_on: int | None,
    message: str,
):
    """A refused correction (409): the hand as it is now beside the form as typed, whose next
    save is based on the current version."""
    spec = trick_field(pad.specs)
    rows = whole_hand_rows(pad, spec, request.form) if spec else []
    context = pad_context(pad, fields=fields, general=[message])
    return render_template(
        "edit.html", **context, hand=hand, trick_spec=spec, trick_rows=rows, based_on=based_on
    ), 409


@bp.post("/s/<token>/undo")
def undo(token: str) -> Response:
    """Take back the last hand. The history keeps it, with the undo."""
    pad = load_or_404(token)
    if pad.ended:  # another phone ended it after this page was drawn: its hands stay as ended
        flash_said(t("This session has ended: its hands can no longer be undone."))
        return redirect(url_for("pad.show", token=token), code=303)
    seen = read_count(request.form.get("based_on", ""), digits=12)
    try:
        number = get_service().undo_last(
            pad, seen if seen is not None else MISSING_VERSION, by=author()
        )
    except StaleWrite:
        flash_said(
            t(
                "The hands changed from another phone after you opened this page, so "
                "nothing was undone. Check the table of hands, then undo again if you still "
                "mean it."
            )
        )
        return redirect(url_for("pad.show", token=token), code=303)
    flash_said(
        t("Hand {number} undone (it stays in the history).", number=number)
        if number
        else t("No hand to undo.")
    )
    return redirect(url_for("pad.show", token=token), code=303)


@bp.post("/s/<token>/end")
def end(token: str) -> Response:
    """End the session: no more hands; the summary shows the final standing."""
    load_or_404(token)
    get_service().end_session(token)
    return redirect(url_for("pad.summary", token=token), code=303)


@bp.get("/s/<token>/settlement")
def settlement(token: str) -> Any:
    """The settlement's nets and payments, for the pad's fold (htmx) when it is opened; a
    browser without JavaScript is sent to the summary, which shows them."""
    pad = load_or_404(token)
    if not is_htmx():
        return redirect(url_for("pad.summary", token=token, _anchor="settlement"), code=303)
    return render_template("pad/_settlement_body.html", **_table_context(pad))


@bp.get("/s/<token>/summary")
def summary(token: str) -> str:
    """The printable one-page score sheet."""
    pad = load_or_404(token)
    return render_template(
        "summary.html", **pad_context(pad, every_hand=True), option_lines=_option_lines(pad)
    )


def option_value_words(option: Field, value: Any) -> Any:
    """A house rule's value as the summary writes it: a choice by its label, yes or no, a
    number the pad's way."""
    if option.kind is FieldKind.CHOICE:
        return option.choice_label(value)
    if isinstance(value, bool):
        return t("yes") if value else t("no")
    if isinstance(value, int | float):
        return formatting.number(value)
    return str(value)


def _option_lines(pad: pads.Pad) -> list[tuple[str, Any]]:
    """The house rules in force, as (rule, choice) for the summary and the pad."""
    lines = []
    for option in pad.game.options(pad.setup.player_count):
        value = pad.setup.options.get(option.name)
        shown = option_value_words(option, value)
        if value == 0 and option.help.startswith(ZERO_MEANS):
            # "0 = play until you end the session", said before the "0 = " goes
            shown = said(option.help).removeprefix(ZERO_MEANS)
        lines.append((option.label, shown))
    return lines


@bp.get("/s/<token>/history")
def history(token: str) -> str:
    """Every row ever written for the session: entries, corrections and undos."""
    pad = load_or_404(token)
    rows = get_service().history(token)
    specs = pad.specs

    def describe_stored(entry: Mapping[str, Any]) -> str:
        """A row as stored is raw data: parse it as the engine would before describing it."""
        parsed, _ = parse_values(specs, entry, pad.setup.player_count)
        return pad.game.describe(pad.setup, parsed)

    by_id = {row.id: row for row in rows}
    changed = {
        row.id: changed_fields(pad, by_id[row.supersedes].entry, row.entry)
        for row in rows
        if row.action == "correct" and row.supersedes in by_id
    }
    return render_template(
        "history.html",
        **pad_context(pad),
        history_rows=rows,
        describe_stored=describe_stored,
        changed=changed,
    )


def changed_fields(
    pad: pads.Pad, before: Mapping[str, Any], after: Mapping[str, Any]
) -> list[Text]:
    """What a correction changed, field by field in the players' words: "points 41 → 44"."""
    specs = pad.specs
    count = pad.setup.player_count
    old, _ = parse_values(specs, before, count)
    new, _ = parse_values(specs, after, count)
    words = []
    for spec in specs:
        was, now = old.get(spec.name), new.get(spec.name)
        if was == now:
            continue
        if spec.kind is FieldKind.TRICKS:
            words.append(t("{field} re-entered", field=lowered(spec.label)))
            continue
        words.append(
            t(
                "{field} {was} → {now}",
                field=spec.label,
                was=_shown(spec, was, pad),
                now=_shown(spec, now, pad),
            )
        )
    return words


def _export_document(pad: pads.Pad) -> dict:
    return get_service().export_document(pad)


@bp.get("/s/<token>/export.json")
def export_json(token: str) -> Response:
    """The session in the exchange format (also what `companion score` reads)."""
    pad = load_or_404(token)
    response = make_response(exchange.to_json(_export_document(pad)))
    response.mimetype = "application/json"
    response.headers["Content-Disposition"] = f'attachment; filename="{export_name(pad)}.json"'
    return response


def export_name(pad: pads.Pad) -> str:
    """An export's file name: the game and the day the session began, by the server's clock
    ("skat-2026-11-23")."""
    return f"{pad.setup.game}-{formatting.local_day(pad.record.created_at)}"


@bp.get("/s/<token>/export.csv")
def export_csv(token: str) -> Response:
    """The hands and totals as a spreadsheet."""
    pad = load_or_404(token)
    response = make_response(exchange.to_csv(pad.state, pad.game, pad.refused))
    response.mimetype = "text/csv"
    response.headers["Content-Disposition"] = f'attachment; filename="{export_name(pad)}.csv"'
    return response


@bp.get("/rules/<slug>")
def rules(slug: str) -> str:
    """A game's rules page: how the pad scores it and what we decided where the text is silent."""
    try:
        game = get(slug)
    except KeyError:
        abort(404)
    text = rules_page_text(slug, current_language())
    return render_template(
        "rules.html", game=game, text=text, has_referee=referee_for(slug) is not None
    )
