"""Line charts drawn on the server as plain SVG: a session's running totals, a player's results.

Drawn by pygal, then stripped to shapes and classes: its stylesheet, its script and its
tooltip layer are taken out, so the SVG runs no script, loads nothing, passes the pad's
content policy (no inline style) and takes its colours from the page (`.chart` in
static/app.css: the theme's ink and a series palette, light and dark, and in print). Each
point carries a <title> ("Ann after hand 3: 120"), the tooltip a browser shows without script.
Pure Python: no Flask. Its words are messages (`companion.kit.i18n`): the caller passes `say`, which
writes a message in the reader's language (English by default), since the drawing is text.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygal

from companion.contract.registry import get
from companion.contract.values import State
from companion.kit import formatting
from companion.kit.i18n import Text, t

SVG = "http://www.w3.org/2000/svg"
ET.register_namespace("", SVG)

WIDTH, HEIGHT = 360, 250
"""The drawing's own units: about a phone's width, so its text reads at its size there."""

LEGEND_COLUMNS, LEGEND_ROW = 4, 22
"""The legend under the chart: up to four names a row (a row is 22 units high)."""

MOST_X_LABELS = 8
"""Hand numbers written under the chart at most (every hand still has its point)."""

MOST_Y_LABELS = 6
"""Values written beside the chart at most: whole numbers, zero always among them."""

NICE_STEPS = (1, 2, 5)
"""A tick step is one of these times a power of ten (1, 2, 5, 10, 20, 50, …)."""


Say = Callable[[str], str]
"""Writes a message in the reader's language (`str`: in English)."""

PointWords = Callable[[str, str, str], Text]
"""A point's title from the line's name, the point's label and its value."""


def after_label(name: str, label: str, value: str) -> Text:
    """A point's title: "Ann after 3: 120"."""
    return t("{name} after {label}: {value}", name=name, label=label, value=value)


def after_hand(name: str, label: str, value: str) -> Text:
    """A running total's title: "Ann after hand 3: 120"."""
    return t("{name} after hand {label}: {value}", name=name, label=label, value=value)


@dataclass(frozen=True)
class Series:
    """One line: its name and a value per point."""

    name: str
    values: tuple[int, ...]


def line_chart(
    title: str,
    labels: Sequence[str],
    series: Sequence[Series],
    point_words: PointWords = after_label,
    say: Say = str,
) -> str:
    """A line chart as SVG markup: one line per series, one point per label, its words said
    by `say`."""
    columns = min(LEGEND_COLUMNS, max(1, len(series)))
    rows = math.ceil(len(series) / columns)
    chart = pygal.Line(
        width=WIDTH,
        height=HEIGHT,
        explicit_size=False,
        show_legend=True,
        legend_at_bottom=True,
        legend_at_bottom_columns=columns,
        # pygal keeps room for one row of the legend: the plot gives up a row's height for
        # each further row, so a table of ten keeps every name in view.
        margin_bottom=8 + LEGEND_ROW * (rows - 1) if rows > 1 else None,
        truncate_legend=10 if columns == LEGEND_COLUMNS else 14,
        show_x_guides=False,
        show_y_guides=True,
        dots_size=2.5,
        x_labels_major_every=max(1, math.ceil(len(labels) / MOST_X_LABELS)),
        show_minor_x_labels=len(labels) <= MOST_X_LABELS,
        margin=8,
        spacing=6,
        formatter=formatting.number,
        value_formatter=formatting.number,
        js=[],
        css=[],
        disable_xml_declaration=True,
        no_prefix=True,
        title=None,
        x_title=None,
        no_data_text=say(t("No hands yet.")),
    )
    chart.x_labels = list(labels)
    values = [value for line in series for value in line.values]
    if values:  # with nothing to draw pygal writes "No hands yet." and no axis
        ticks = whole_ticks(values)
        chart.y_labels = ticks
        chart.range = (ticks[0], ticks[-1])
    for line in series:
        chart.add(say(line.name), list(line.values))
    root = _plain(chart.render_tree(), say(title))
    _title_points(root, labels, series, point_words, say)
    # The SVG namespace as the default one, at every call: another module (qrcode) registers
    # the prefix "svg" for it, and every tag would then be written <svg:g>.
    ET.register_namespace("", SVG)
    return ET.tostring(root, encoding="unicode", short_empty_elements=True)


def whole_ticks(values: Sequence[float]) -> list[int]:
    """The values written beside the chart: whole numbers a round step apart (1, 2, 5, 10, …),
    from zero or below to the highest value or above, so the axis always shows zero and never
    a fraction of a point (pygal's own ticks start at the lowest value, in fifths)."""
    low, high = math.floor(min([0, *values])), math.ceil(max([0, *values]))
    step = nice_step((high - low) / (MOST_Y_LABELS - 1))
    first = math.floor(low / step) * step
    last = max(math.ceil(high / step) * step, first + step)
    return list(range(first, last + step, step))


def nice_step(least: float) -> int:
    """The smallest round whole step (1, 2, 5 times a power of ten) of at least `least`."""
    power = 1
    while True:
        for base in NICE_STEPS:
            if base * power >= least:
                return base * power
        power *= 10


def _tag(name: str) -> str:
    return f"{{{SVG}}}{name}"


def _plain(tree: object, title: str) -> ET.Element:
    """pygal's drawing as a standard-library tree without its style, script, tooltips and
    comments; titled for screen readers."""
    root = ET.fromstring(_markup(tree))
    for parent in list(root.iter()):
        for child in list(parent):
            if (
                child.tag in (_tag("defs"), _tag("title"))
                or "tooltip-overlay" in child.get("class", "")
                or "text-overlay" in child.get("class", "")
            ):
                parent.remove(child)
    for element in root.iter():
        element.attrib.pop("id", None)  # pygal's ids would repeat with two charts on a page
    root.set("class", "chart")
    root.set("role", "img")
    root.set("aria-label", title)
    heading = ET.Element(_tag("title"))
    heading.text = title
    root.insert(0, heading)
    return root


def _markup(tree: object) -> str:
    """pygal's tree (lxml's or the standard library's, whichever it found) as text."""
    if isinstance(tree, ET.Element):
        return ET.tostring(tree, encoding="unicode")
    import lxml.etree  # pragma: no cover - pygal draws with lxml only where it is installed

    markup: str = lxml.etree.tostring(tree, encoding="unicode")  # pragma: no cover
    return markup  # pragma: no cover


def _title_points(
    root: ET.Element, labels: Sequence[str], series: Sequence[Series], words: PointWords, say: Say
) -> None:
    """Give each point its words as a <title> (in place of pygal's data for its script)."""
    overlay = next(g for g in root.iter(_tag("g")) if "overlay" in g.get("class", "").split())
    for index, group in enumerate(g for g in overlay if "series" in g.get("class", "")):
        line = series[index]
        dots = [g for g in group if "dots" in g.get("class", "").split()]
        for point, dot in enumerate(dots):
            for desc in dot.findall(_tag("desc")):
                dot.remove(desc)
            note = ET.SubElement(dot, _tag("title"))
            note.text = say(words(line.name, labels[point], formatting.number(line.values[point])))


def running_series(state: State) -> tuple[Series, ...]:
    """A session's running totals: one line per fixed side where the game has sides (as the
    pad adds them up), else one per seat."""
    game = get(state.setup.game)
    groups = game.groups(state.setup)
    running = state.running_totals()
    if not groups:
        return tuple(
            Series(name, tuple(row[seat] for row in running))
            for seat, name in enumerate(state.setup.players)
        )
    sides: list[list[int]] = [[] for _ in groups]
    so_far = State(state.setup)
    for hand in state.hands:
        so_far = so_far.with_hand(hand)
        for side, group in zip(sides, groups, strict=True):
            side.append(game.group_total(so_far, group))
    return tuple(Series(group.name, tuple(side)) for group, side in zip(groups, sides, strict=True))


def session_chart(state: State, say: Say = str) -> str:
    """The running totals of a session, one point per hand."""
    labels = [str(hand.number) for hand in state.hands]
    game = get(state.setup.game)
    return line_chart(
        t("{game}: running totals after each hand", game=game.name),
        labels,
        running_series(state),
        after_hand,
        say,
    )
