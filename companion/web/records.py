"""A session's records: the printable summary, the history of every row written, and the
exports (the exchange format and a spreadsheet)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, abort, make_response, render_template

from companion.contract.parsing import parse_values
from companion.contract.values import Field, FieldKind
from companion.kit import formatting
from companion.kit.i18n import Text, t
from companion.service import exchange
from companion.service.loading import Pad
from companion.web.common import load_or_404
from companion.web.language import lowered, said
from companion.web.pad_page import pad_context, shown_value
from companion.web.service_door import get_service

bp = Blueprint("records", __name__)


ZERO_MEANS = "0 = "  # an option whose help starts so says what its 0 means


@bp.get("/s/<token>/summary")
def summary(token: str) -> str:
    """The printable one-page score sheet."""
    pad = load_or_404(token)
    return render_template(
        "summary.html", **pad_context(pad, every_hand=True), option_lines=option_lines(pad)
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


def option_lines(pad: Pad) -> list[tuple[str, Any]]:
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
    rows = get_service().hands.history(token)
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
    # Names taken over from a phone are told in the same list, where they happened in time.
    events = sorted(
        [(row.created_at, "row", row) for row in rows]
        + [(take.at, "take_over", take) for take in get_service().phone_names.takeovers(token)],
        key=lambda event: event[0],
    )
    return render_template(
        "history.html",
        **pad_context(pad),
        history_rows=rows,
        events=events,
        describe_stored=describe_stored,
        changed=changed,
    )


def changed_fields(pad: Pad, before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Text]:
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
                was=shown_value(spec, was, pad),
                now=shown_value(spec, now, pad),
            )
        )
    return words


@bp.get("/s/<token>/export.json")
def export_json(token: str) -> Response:
    """The session in the exchange format (also what `companion score` reads)."""
    pad = load_or_404(token)
    document = get_service().sessions.export_document(token)
    if document is None:  # removed since it was opened (a backup restored over the file)
        abort(404)
    response = make_response(exchange.to_json(document))
    response.mimetype = "application/json"
    response.headers["Content-Disposition"] = f'attachment; filename="{export_name(pad)}.json"'
    return response


def export_name(pad: Pad) -> str:
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
