"""Statistics pages (per game, per player, over a range of days) and the session's chart.

The figures come from the results stored with each hand (`Service.game_stats` and the like:
SQL over the standing kept with each session's last hand), never from replaying the sessions.
A hand named on these pages (the best, the worst) links to its session only when this phone
has opened that session itself: a session's link is its key, and a page every phone can open
must not hand out every key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from flask import Blueprint, abort, render_template, request, session, url_for
from markupsafe import Markup

from companion.contract.parsing import read_count, read_date
from companion.contract.registry import all_games, get
from companion.contract.values import State
from companion.engine import charts, stats
from companion.kit import formatting
from companion.kit.i18n import Text, t
from companion.service.statistics import POINTS, PlayerName, PlayerPage
from companion.web.common import is_htmx, load_or_404
from companion.web.language import said
from companion.web.service_door import app_state, get_service

bp = Blueprint("stats", __name__)

RANGE_KEYS = ("from", "to")


@dataclass(frozen=True)
class DayRange:
    """The days the statistics count (either end open), as typed, with what is wrong."""

    start: date | None = None
    end: date | None = None
    typed: Mapping[str, str] = field(default_factory=dict)
    errors: Mapping[str, list[str]] = field(default_factory=dict)

    @property
    def since(self) -> str | None:
        """The first moment counted: the first day's start on the server's clock, as the
        store writes moments (UTC)."""
        return formatting.day_starts(self.start) if self.start else None

    @property
    def before(self) -> str | None:
        """The first moment no longer counted: the start of the day after the last day."""
        return formatting.day_starts(self.end + timedelta(days=1)) if self.end else None

    @property
    def query(self) -> dict[str, str]:
        """The range as a query string's values, for the links between the pages."""
        days = (("from", self.start), ("to", self.end))
        return {key: day.isoformat() for key, day in days if day}

    @property
    def words(self) -> Text:
        """The range in words: "all sessions", "sessions from 2026-01-01 to 2026-12-31"."""
        if self.start and self.end:
            return t(
                "sessions from {start} to {end}",
                start=self.start.isoformat(),
                end=self.end.isoformat(),
            )
        if self.start:
            return t("sessions from {start}", start=self.start.isoformat())
        if self.end:
            return t("sessions to {end}", end=self.end.isoformat())
        return t("all sessions")


def read_range(args: Mapping[str, Any]) -> DayRange:
    """The range in the query string, read strictly (YYYY-MM-DD), each problem on its box."""
    typed = {key: str(args.get(key, ""))[:40] for key in RANGE_KEYS}
    days: dict[str, date | None] = {}
    errors: dict[str, list[str]] = {}
    for key in RANGE_KEYS:
        day = read_date(typed[key]) if typed[key].strip() else None
        if typed[key].strip() and day is None:
            errors[key] = [
                t("Write the day as year-month-day, for example {example}.", example="2026-11-23")
            ]
        elif day is not None and not stats.day_in_bounds(day):
            errors[key] = [
                t(
                    "Choose a day from {first} to {last}.",
                    first=stats.FIRST_DAY.isoformat(),
                    last=stats.LAST_DAY.isoformat(),
                )
            ]
            day = None
        days[key] = day
    start, end = days["from"], days["to"]
    if start and end and end < start:
        errors["to"] = [t("The last day is before the first: swap them.")]
    return DayRange(start, end, typed, errors)


def hand_link(known: frozenset[str], hand: stats.HandRef | None) -> str | None:
    """The pad's page at that hand, when this phone has opened its session (else None)."""
    if hand is None or hand.session not in known:
        return None
    return url_for("sessions.show", token=hand.session, hands="all", _anchor=f"hand-{hand.number}")


def known_sessions() -> frozenset[str]:
    """The sessions this phone has opened (whose links it may be shown)."""
    device = session.get("device")
    return get_service().devices.tokens(device) if isinstance(device, str) else frozenset()


def _page(template: str, days: DayRange, **context: Any) -> str | tuple[str, int]:
    """A statistics page; with a bad range, the form with its problems and nothing counted."""
    status = 422 if days.errors else 200
    return render_template(template, days=days, rebuilding=rebuilding(), **context), status


def rebuilding() -> Text | None:
    """What the pages say while the start's rebuild of stored results runs (a game's scoring
    changed: its sessions are derived again, `service/rebuild.py`), else None. The figures
    are then not shown: they would count sessions not yet derived again."""
    progress = app_state().rebuild
    if progress is None or not progress.running:
        return None
    return t(
        "Statistics are being brought up to date ({done} of {total} sessions)…",
        done=progress.done,
        total=progress.total,
    )


@bp.get("/stats")
def overview() -> str | tuple[str, int]:
    """The statistics' front page: the range, the games played, the players."""
    days = read_range(request.args)
    if days.errors:
        return _page("stats/overview.html", days, counted=None, players=[])
    found = get_service().statistics.overview(days.since, days.before)
    games = [(get(slug), count) for slug, count in found.games]
    return _page(
        "stats/overview.html", days, counted=games, players=found.players, sessions=found.sessions
    )


@bp.get("/stats/game/<slug>")
def game_page(slug: str) -> str | tuple[str, int]:
    """One game's statistics: each player's record at it, and the game's own figures."""
    try:
        game = get(slug)
    except KeyError:
        abort(404)
    days = read_range(request.args)
    if days.errors or rebuilding():
        return _page("stats/game.html", days, game=game, table=None)
    table = get_service().statistics.game(slug, days.since, days.before)
    return _page(
        "stats/game.html",
        days,
        game=game,
        table=table,
        names=get_service().statistics.player_names([record.player for record in table.records]),
        known=known_sessions(),
        hand_link=hand_link,
        headings=stats.figure_headings(slug),
        figures_title=stats.own_figures_title(slug),
    )


@bp.get("/stats/player/<player>")
def player_page(player: str) -> str | tuple[str, int]:
    """One player's statistics: a record per game, and their results over time."""
    player_id = read_count(player, digits=9)
    names = get_service().statistics.player_names([player_id]) if player_id is not None else {}
    if player_id is None or player_id not in names:
        abort(404)
    found = names[player_id]
    days = read_range(request.args)
    if days.errors or rebuilding():
        return _page("stats/player.html", days, player=found, table=None)
    table = get_service().statistics.player_page(found.id, days.since, days.before)
    return _page(
        "stats/player.html",
        days,
        player=found,
        table=table,
        known=known_sessions(),
        hand_link=hand_link,
        games={g.slug: g for g in all_games()},
        charts=_result_charts(found, table),
        most=POINTS,
    )


def _result_charts(player: PlayerName, table: PlayerPage) -> dict[str, Markup]:
    """Per game, the player's total in each session (past `POINTS` sessions, each year's
    average), in time order."""
    drawn: dict[str, Markup] = {}
    for record in table.records:
        points = [p for p in table.points if p.game == record.game]
        labels = [p.label for p in points]
        line = charts.Series(player.name, tuple(p.total for p in points))
        title = t(
            "{name} at {game}: total in each session", name=player.name, game=get(record.game).name
        )
        drawn[record.game] = Markup(charts.line_chart(title, labels, [line], on_day, said))
    return drawn


def on_day(name: str, label: str, value: str) -> Text:
    """A point of a player's results: "Ann on 11-23: 120"."""
    return t("{name} on {label}: {value}", name=name, label=label, value=value)


@bp.get("/s/<token>/chart")
def session_chart(token: str) -> str:
    """The running totals as a line chart: the pad's fold fetches it (htmx), or a page of its
    own without JavaScript."""
    pad = load_or_404(token)
    svg = Markup(charts.session_chart(pad.state, said)) if pad.state.hands else None
    template = "stats/_session_chart.html" if is_htmx() else "stats/session_chart.html"
    return render_template(template, pad=pad, chart=svg)


@bp.app_template_global()
def running_chart(state: State) -> Markup:
    """The running totals of a session as inline SVG (the printed summary draws it)."""
    return Markup(charts.session_chart(state, said))
