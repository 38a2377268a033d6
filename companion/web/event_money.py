"""The money of a club night (`/e/<key>/money`, reached from the director's page): the start
fee, Skat's lost-game fee and the prize plan set in a form, then the cashier's sheet worked out
from the ranking as it stands: paid in, the prizes by place with their players' names, and
what is kept for the season. Amounts are typed as money ("10", "0.50") and kept in cents.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.contract.parsing import read_count
from companion.engine.money import PrizeKind, format_cents
from companion.kit.i18n import t
from companion.service import StaleWrite
from companion.service.money import NightMoney
from companion.web.event_room import event_or_404
from companion.web.service_door import get_service

bp = Blueprint("event_money", __name__)


def form_of(night: NightMoney) -> dict[str, str]:
    """The form's values from the money kept (or a start: a percent plan, 1 cent)."""
    row = night.row
    currency = night.season.currency if night.season else "EUR"
    if row is None:
        return {"currency": currency, "prize_kind": PrizeKind.PERCENT.value, "unit": "0.01"}
    fee = row.lost_fee
    percent = row.prize_kind == PrizeKind.PERCENT
    return {
        "currency": row.currency,
        "start_fee": format_cents(row.start_fee),
        "lost_fee": format_cents(fee[0]) if fee else "",
        "lost_higher_fee": format_cents(fee[1]) if fee else "",
        "lost_from": str(fee[2]) if fee else "",
        "prize_kind": row.prize_kind,
        "paid_out": "" if row.paid_out is None else str(row.paid_out),
        "prizes": " ".join(str(p) if percent else format_cents(p) for p in row.prizes),
        "unit": format_cents(row.unit),
    }


def page(
    night: NightMoney, values: Mapping[str, Any], errors: Mapping[str, list[str]], status: int = 200
) -> tuple[str, int]:
    """The money page: the form (as typed, with its errors) and the cashier's sheet."""
    return render_template(
        "seasons/money.html", night=night, values=values, errors=errors, cents=format_cents
    ), status


@bp.get("/e/<key>/money")
def money(key: str) -> tuple[str, int]:
    """The night's money: its form and, once set, its cashier's sheet."""
    night = get_service().money.night(event_or_404(key))
    return page(night, form_of(night), {})


@bp.post("/e/<key>/money")
def set_money(key: str) -> ResponseReturnValue:
    """Keep the night's money, or show the form as typed with each problem beside its field;
    a form older than the money kept changes nothing and says so."""
    event = event_or_404(key)
    service = get_service()
    version = read_count(request.form.get("version", ""), digits=9)
    errors: dict[str, list[str]] = {}
    try:
        for problem in service.money.set(event, request.form, version):
            errors.setdefault(problem.field or "form", []).append(problem.message)
    except StaleWrite:
        errors["form"] = [t("The money was changed since this page was read: check it again.")]
        night = service.money.night(event)
        return page(night, form_of(night), errors, 409)
    if errors:
        return page(service.money.night(event), request.form, errors, 422)
    return redirect(url_for("event_money.money", key=key), code=303)
