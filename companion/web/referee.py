"""The trick referee on the pad: tap the cards of a trick in order, read who wins and why.

Reached from every session of a trick game (with its players' names and count, its house rules
and its dealer) and from each game's rules page (no session needed: the house rules, and where
the dealer sits out who deals, are chosen on the panel). Judging writes nothing, so the panel is
a GET form: it works without JavaScript (type the card codes), a link to it shows the same
verdict, and htmx swaps just the panel. The verdict comes from `judge_request`, as on the
command line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, render_template, request
from flask.typing import ResponseReturnValue

from companion.contract.parsing import read_count
from companion.contract.referee import TrickReferee, judge_request, referee_for
from companion.contract.registry import all_games
from companion.contract.values import Field, Problem
from companion.kit.cards import Card
from companion.kit.i18n import Text, t
from companion.kit.tricks import seats_in_play
from companion.web.common import is_htmx, load_or_404
from companion.web.forms import FormField, attach_problems, build_form, defaults_as_form_data

bp = Blueprint("referee", __name__)

CARD_KEYS = ("cards", "leader", "players", "dealer")  # the query's keys that are not fields


@dataclass(frozen=True)
class SessionTable:
    """What a session fixes for its referee: the players by name (and so the table's size), its
    house rules, and the seat that deals the hand being played."""

    names: tuple[str, ...]
    options: Mapping[str, Any]
    dealer: int


@dataclass
class RefereePanel:
    """What the referee panel draws: the choices, the pack as a grid, the verdict if asked.

    `sitting_out` is the dealer where the game's dealer holds no cards at this table size
    (None otherwise); `choose_dealer` says the panel asks who deals (no session to say it)."""

    referee: TrickReferee
    count: int
    names: list[str] | None
    fields: list[FormField]
    grid: list[list[Card]]
    cards: str
    leader: int
    sitting_out: int | None = None
    choose_dealer: bool = False
    verdict: Mapping[str, Any] | None = None
    problems: list[str] = field(default_factory=list)
    card_errors: list[str] = field(default_factory=list)

    @property
    def refused(self) -> bool:
        """Whether the referee refused the trick (a problem beside a choice or the cards)."""
        return bool(
            self.problems
            or self.card_errors
            or any(form_field.wtf.errors for form_field in self.fields)
        )

    @property
    def seat_names(self) -> Sequence[str]:
        """Every seat's name, in seat order ("Player 1", … without a session)."""
        return self.names or unnamed_players(self.count)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats that may lead: every seat but the dealer sitting out."""
        return seats_in_play(self.count, self.sitting_out)


def unnamed_players(count: int) -> list[Text]:
    """The seats of a table the referee does not know by name: "Player 1", "Player 2", …"""
    return [t("Player {number}", number=seat + 1) for seat in range(count)]


def _count(referee: TrickReferee, asked: Any) -> int:
    """The table's size asked for, if the game has it (else its smallest)."""
    count = read_count(asked or "", digits=2)
    return count if count in referee.player_counts else referee.player_counts[0]


def _specs(referee: TrickReferee, count: int, session: SessionTable | None) -> list[Field]:
    """The choices the panel shows: the referee's house rules and the trick's context, but
    not a house rule the session holds (the session's own value is used: a tarot-pack Whist)."""
    held = _session_options(referee, count, session)
    return [
        *(spec for spec in referee.options(count) if spec.name not in held),
        *(spec for spec in referee.context_fields(count) if _may_apply(spec, held)),
    ]


def _may_apply(spec: Field, held: Mapping[str, Any]) -> bool:
    """Whether a context field can apply under the session's house rules (a 52-card Whist's
    trump, never asked of a tarot-pack session)."""
    return spec.shown_when is None or spec.shown_when[0] not in held or spec.applies(held)


def _session_options(
    referee: TrickReferee, count: int, session: SessionTable | None
) -> dict[str, Any]:
    """The session's own values of the house rules the referee reads (none without one)."""
    if session is None:
        return {}
    return {
        spec.name: session.options[spec.name]
        for spec in referee.options(count)
        if spec.name in session.options
    }


def _sitting_out(
    referee: TrickReferee, count: int, asked: Any, session: SessionTable | None
) -> int | None:
    """The dealer, where the game's dealer holds no cards at this size: the session's, else
    the seat asked for (the last seat by default, so Player 1 on the dealer's left leads)."""
    if not referee.dealer_sits_out(count):
        return None
    if session is not None:
        return session.dealer
    dealer = read_count(asked or "", digits=2)
    return dealer if dealer is not None and dealer < count else count - 1


def _leader(asked: Any, count: int, sitting_out: int | None) -> int:
    """The seat asked to lead; by default the first seat in play after the dealer (a seat
    sitting out that is asked for is kept, so the referee can say why it cannot lead)."""
    leader = read_count(asked or "", digits=2)
    if leader is not None and leader < count:
        return leader
    return 0 if sitting_out is None else (sitting_out + 1) % count


def build_referee_panel(
    referee: TrickReferee, values: Mapping[str, Any], session: SessionTable | None = None
) -> RefereePanel:
    """The panel for the values asked (a GET's query), from a session's table when there is
    one: judged when cards were given."""
    count = len(session.names) if session else _count(referee, values.get("players"))
    names = list(session.names) if session else None
    specs = _specs(referee, count, session)
    chosen = {key: values[key] for key in values if key not in CARD_KEYS}
    _, fields = build_form(
        specs, names or unnamed_players(count), data=defaults_as_form_data(specs) | chosen
    )
    sitting_out = _sitting_out(referee, count, values.get("dealer"), session)
    leader = _leader(values.get("leader"), count, sitting_out)
    context = _session_options(referee, count, session) | {
        spec.name: _field_value(fields, spec) for spec in specs
    }
    pack = _pack(referee, count, context)
    panel = RefereePanel(
        referee,
        count,
        names,
        fields,
        _rows(pack),
        str(values.get("cards", ""))[:120],
        leader,
        sitting_out,
        choose_dealer=sitting_out is not None and session is None,
    )
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
    # A hidden field's value is still posted by the browser: a field that does not apply
    # (the trump, once a tarot pack is chosen) is cleared, as on the score pad.
    context = {k: v for k, v in context.items() if _applies(specs, k, context)}
    data = {
        "players": panel.count,
        "cards": panel.cards,
        "leader": panel.leader,
        "options": {k: v for k, v in context.items() if k in option_names},
        "context": {k: v for k, v in context.items() if k not in option_names},
    }
    if panel.sitting_out is not None:
        data["dealer"] = panel.sitting_out
    data["names"] = panel.seat_names
    answer, problems = judge_request(panel.referee, data)
    if not problems:
        panel.verdict = answer["verdicts"][0]
        return
    field_problems = [
        Problem(p.field if p.field in {s.name for s in specs} else None, p.message)
        for p in problems
        if p.field != "cards"
    ]
    panel.problems = attach_problems(panel.fields, field_problems)
    panel.card_errors = [p.message for p in problems if p.field == "cards"]


def _applies(specs: Sequence[Field], name: str, context: Mapping[str, Any]) -> bool:
    spec = next((spec for spec in specs if spec.name == name), None)
    return spec is None or spec.applies(context)


def _answer(panel: RefereePanel, **extra: Any) -> ResponseReturnValue:
    template = "referee/_panel.html" if is_htmx() else "referee/page.html"
    status = 422 if panel.refused else 200
    has_rules = any(game.slug == panel.referee.slug for game in all_games())
    return render_template(template, panel=panel, has_rules=has_rules, **extra), status


@bp.get("/referee/<slug>")
def referee_page(slug: str) -> ResponseReturnValue:
    """A game's trick referee without a session (from its rules page)."""
    referee = referee_for(slug)
    if referee is None:
        abort(404)
    return _answer(build_referee_panel(referee, request.args.to_dict()))


@bp.get("/s/<token>/referee")
def session_referee(token: str) -> ResponseReturnValue:
    """The trick referee for a session: its players by name, its table's size, its house rules
    and the dealer of the hand being played."""
    pad = load_or_404(token)
    referee = referee_for(pad.setup.game)
    if referee is None:
        abort(404)
    table = SessionTable(tuple(pad.setup.players), pad.setup.options, pad.dealer)
    return _answer(build_referee_panel(referee, request.args.to_dict(), table), pad=pad)
