"""The trick referee on the pad: tap the cards of a trick in order, read who wins and why.

Reached from every session of a trick game (with its players' names and count) and from each
game's rules page (no session needed). Judging writes nothing, so the panel is a GET form: it
works without JavaScript (type the card codes), a link to it shows the same verdict, and htmx
swaps just the panel. The verdict comes from `judge_request`, as on the command line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, render_template, request

from companion.cards import Card
from companion.i18n import Text, t
from companion.parsing import read_count
from companion.rules import all_games
from companion.rules.referee import TrickReferee, judge_request, referee_for
from companion.rules.values import Field, Problem
from companion.web.forms import FormField, attach_problems, build_form, defaults_as_form_data
from companion.web.views import is_htmx, load_or_404

bp = Blueprint("referee", __name__)

CARD_KEYS = ("cards", "leader", "players")


@dataclass
class RefereePanel:
    """What the referee panel draws: the choices, the pack as a grid, the verdict if asked."""

    referee: TrickReferee
    count: int
    names: list[str] | None
    fields: list[FormField]
    grid: list[list[Card]]
    cards: str
    leader: int
    verdict: Mapping[str, Any] | None = None
    problems: list[str] = field(default_factory=list)
    card_errors: list[str] = field(default_factory=list)


def unnamed_players(count: int) -> list[Text]:
    """The seats of a table the referee does not know by name: "Player 1", "Player 2", …"""
    return [t("Player {number}", number=seat + 1) for seat in range(count)]


def _count(referee: TrickReferee, asked: Any, fixed: int | None) -> int:
    """The table's size: the session's, else the one asked for if the game has it."""
    if fixed is not None:
        return fixed
    count = read_count(asked or "", digits=2)
    return count if count in referee.player_counts else referee.player_counts[0]


def _specs(referee: TrickReferee, count: int) -> list[Field]:
    return [*referee.options(count), *referee.context_fields(count)]


def build_referee_panel(referee: TrickReferee, values: Mapping[str, Any],
                        names: Sequence[str] | None = None,
                        fixed: int | None = None) -> RefereePanel:
    """The panel for the values asked (a GET's query): judged when cards were given."""
    count = _count(referee, values.get("players"), fixed)
    specs = _specs(referee, count)
    chosen = {key: values[key] for key in values if key not in CARD_KEYS}
    _, fields = build_form(specs, names or unnamed_players(count),
                           data=defaults_as_form_data(specs) | chosen)
    leader = read_count(values.get("leader", "0"), digits=2) or 0
    leader = leader if leader < count else 0
    context = {spec.name: _field_value(fields, spec) for spec in specs}
    pack = _pack(referee, count, context)
    panel = RefereePanel(referee, count, list(names) if names else None, fields,
                         _rows(pack), str(values.get("cards", ""))[:120], leader)
    if panel.cards.strip():
        _judge(panel, specs, context)
    return panel


def _field_value(fields: Sequence[FormField], spec: Field) -> Any:
    found = next(f for f in fields if f.spec.name == spec.name)
    return found.wtf.data


def _pack(referee: TrickReferee, count: int, context: Mapping[str, Any]) -> tuple[Card, ...]:
    try:
        return referee.pack(count, context)
    except (KeyError, ValueError):
        return ()  # a context not chosen yet: the grid waits for it


def _rows(pack: Sequence[Card]) -> list[list[Card]]:
    """The pack as one row per suit, in the pack's own order."""
    rows: dict[Any, list[Card]] = {}
    for card in pack:
        rows.setdefault(card.suit, []).append(card)
    return list(rows.values())


def _judge(panel: RefereePanel, specs: Sequence[Field], context: Mapping[str, Any]) -> None:
    """Judge the trick typed or tapped; problems go beside the choices or the cards."""
    option_names = {spec.name for spec in panel.referee.options(panel.count)}
    data = {"players": panel.count, "cards": panel.cards, "leader": panel.leader,
            "options": {k: v for k, v in context.items() if k in option_names},
            "context": {k: v for k, v in context.items() if k not in option_names}}
    data["names"] = panel.names or unnamed_players(panel.count)
    answer, problems = judge_request(panel.referee, data)
    if not problems:
        panel.verdict = answer["verdicts"][0]
        return
    field_problems = [Problem(p.field if p.field in {s.name for s in specs} else None,
                              p.message) for p in problems if p.field != "cards"]
    panel.problems = attach_problems(panel.fields, field_problems)
    panel.card_errors = [p.message for p in problems if p.field == "cards"]


def _answer(panel: RefereePanel, **extra: Any):
    template = "referee/_panel.html" if is_htmx() else "referee/page.html"
    status = 422 if panel.problems or panel.card_errors else 200
    has_rules = any(game.slug == panel.referee.slug for game in all_games())
    return render_template(template, panel=panel, has_rules=has_rules, **extra), status


@bp.get("/referee/<slug>")
def referee_page(slug: str):
    """A game's trick referee without a session (from its rules page)."""
    referee = referee_for(slug)
    if referee is None:
        abort(404)
    return _answer(build_referee_panel(referee, request.args.to_dict()))


@bp.get("/s/<token>/referee")
def session_referee(token: str):
    """The trick referee for a session: its players by name, its table's size."""
    pad = load_or_404(token)
    referee = referee_for(pad.setup.game)
    if referee is None:
        abort(404)
    panel = build_referee_panel(referee, request.args.to_dict(), pad.setup.players,
                                pad.setup.player_count)
    return _answer(panel, pad=pad)
