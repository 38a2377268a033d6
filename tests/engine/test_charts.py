"""The running-totals chart, read back from its SVG: a point per hand per line at the right
totals, and nothing in it that runs, loads or styles (the page's stylesheet colours it)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from companion.engine.charts import Series, line_chart, session_chart
from companion.kit.formatting import MINUS
from tests.engine.test_stats import SESSION_A, SESSION_B, SESSION_D

SVG = "{http://www.w3.org/2000/svg}"


def points_of(svg: str) -> dict[str, list[tuple[float, str]]]:
    """Each line's points as (height on the drawing, its title), from the chart's overlay."""
    root = ET.fromstring(svg)
    overlay = next(g for g in root.iter(f"{SVG}g") if "overlay" in g.get("class", "").split())
    lines: dict[str, list[tuple[float, str]]] = {}
    for series in overlay:
        points = []
        for dot in series:
            circle = dot.find(f"{SVG}circle")
            title = dot.find(f"{SVG}title")
            assert circle is not None and title is not None
            points.append((float(circle.get("cy")), title.text or ""))
        name = points[0][1].split(" after ")[0]
        lines[name] = points
    return lines


def assert_heights_follow(
    points: dict[str, list[tuple[float, str]]], totals: dict[str, list[int]]
) -> None:
    """Every point sits at its total on one common scale (higher total, higher on the page)."""
    pairs = [
        (total, height)
        for name, values in totals.items()
        for total, (height, _) in zip(values, points[name], strict=True)
    ]
    (low, low_y), (high, high_y) = min(pairs), max(pairs)
    assert high_y < low_y  # SVG heights grow downwards
    scale = (low_y - high_y) / (high - low)
    for total, height in pairs:
        assert abs(height - (low_y - (total - low) * scale)) < 0.01, (total, height)


def test_a_point_per_hand_per_seat_at_the_running_totals() -> None:
    # Session B (tests/engine/test_stats.py): Dan +52 then −180; Cat +52, +540; Bob −156, −180;
    # Ann +52, −180. Running: Dan 52, −128; Cat 52, 592; Bob −156, −336; Ann 52, −128.
    running = {"Dan": [52, -128], "Cat": [52, 592], "Bob": [-156, -336], "Ann": [52, -128]}
    points = points_of(session_chart(SESSION_B.state))
    assert set(points) == set(running)
    for name, values in running.items():
        assert [title for _, title in points[name]] == [
            f"{name} after hand {n}: {str(v).replace('-', MINUS)}"
            for n, v in enumerate(values, start=1)
        ]
    assert_heights_follow(points, running)


def test_a_redeal_is_a_point_where_the_totals_stay() -> None:
    # Session A: Bob +180, +31, then a pass: 180, 211, 211.
    points = points_of(session_chart(SESSION_A.state))
    assert [title for _, title in points["Bob"]] == [
        "Bob after hand 1: 180",
        "Bob after hand 2: 211",
        "Bob after hand 3: 211",
    ]
    assert len(points) == 4 and all(len(line) == 3 for line in points.values())


def test_fixed_sides_are_one_line_each() -> None:
    # Tantony in partnerships: Ann & Cat 28 + 31 = 59, Bob & Dan 15 + 17 = 32.
    points = points_of(session_chart(SESSION_D.state))
    assert [title for line in points.values() for _, title in line] == [
        "Ann & Cat after hand 1: 59",
        "Bob & Dan after hand 1: 32",
    ]


def test_the_svg_runs_loads_and_styles_nothing_of_its_own() -> None:
    svg = session_chart(SESSION_B.state)
    assert "<script" not in svg and "<style" not in svg and "style=" not in svg
    assert "href" not in svg and "http://" not in svg.replace('xmlns="http://www.w3.org/', "")
    assert " id=" not in svg  # two charts on one page must not repeat ids
    assert re.search(r'<svg[^>]*class="chart"[^>]*role="img"', svg)
    assert "<title>French Tarot: running totals after each hand</title>" in svg


def test_names_are_escaped() -> None:
    svg = line_chart("<b>", ["1"], [Series("<script>x</script>", (1,))])
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    ET.fromstring(svg)  # still well-formed


def test_the_chart_is_plain_svg_even_after_a_qr_code_was_drawn() -> None:
    # qrcode registers the prefix "svg" for the SVG namespace; a chart drawn after it must
    # still be <svg>…<g>, not <svg:svg>…<svg:g>, which a browser does not draw inline.
    from companion.web.join import qr_svg

    qr_svg("http://pad.local/s/x")
    drawn = line_chart("Totals", ["1", "2"], [Series("Ann", (5, -3))])
    assert drawn.startswith("<svg ") and "<svg:" not in drawn


def y_labels(svg: str) -> list[str]:
    """The values written beside a chart, bottom to top."""
    axis = svg[svg.index("axis y") :]
    return re.findall(r"<text[^>]*>([^<]*)</text>", axis[: axis.index("axis x")])


@pytest.mark.parametrize(
    ("values", "labels"),
    [
        # Whole-number totals 3, 5, 8: pygal drew 3, 4, … 8 (no zero); the axis now runs from
        # zero in a round step: 8 / 5 = 1.6, so a step of 2.
        ((3, 5, 8), ["0", "2", "4", "6", "8"]),
        # 0 to 2: pygal wrote 0, 0.2, 0.4, … 2 (fractions of a point); whole points only.
        ((0, 1, 2), ["0", "1", "2"]),
        # −1632 to 1520: a span of 3152 / 5 = 630.4, so a step of 1000, out to ±2000.
        ((-1632, 1520, 2), ["\u22122000", "\u22121000", "0", "1000", "2000"]),
        # Nothing but zero: zero and one.
        ((0, 0, 0), ["0", "1"]),
    ],
)
def test_the_axis_starts_at_zero_with_whole_number_ticks(
    values: tuple[int, ...], labels: list[str]
) -> None:
    svg = line_chart("Totals", ["1", "2", "3"], [Series("Ann", values)])
    assert y_labels(svg) == labels
