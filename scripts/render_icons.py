"""Draw the home-screen icons (static/icons/*.png) from the one drawing, static/icons/icon.svg.

Run by hand after changing the drawing: `.venv/bin/python scripts/render_icons.py`. It uses the
browser the tests already drive (Debian's Chromium through Playwright), so no image library is
added to the pad; the PNGs are committed and the pad only serves them.

- icon-192.png, icon-512.png: the drawing as it is (rounded corners, transparent outside);
- icon-maskable-512.png: the green to the edges and the drawing shrunk to 80 %, inside the
  circle every launcher's mask keeps (the "maskable" safe zone: 40 % of the size from the
  centre);
- apple-touch-icon.png (180): the green to the edges (iOS rounds the corners itself).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
ROUNDED = '<rect width="512" height="512" rx="112" fill="#1d5f3a"/>'
SQUARE = '<rect width="512" height="512" fill="#1d5f3a"/>'


def variant(svg: str, *, square: bool, scale: float) -> str:
    """The drawing with square corners and/or its art shrunk about the centre."""
    if square:
        svg = svg.replace(ROUNDED, SQUARE)
    if scale != 1:
        shrink = f'transform="translate(256 256) scale({scale}) translate(-256 -256)"'
        svg = svg.replace('<g id="art">', f'<g id="art" {shrink}>')
    return svg


def main() -> None:
    """Write the four PNGs next to the drawing."""
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    assert ROUNDED in svg and '<g id="art">' in svg, "the drawing's background or art moved"
    wanted = {
        "icon-192.png": (192, variant(svg, square=False, scale=1)),
        "icon-512.png": (512, variant(svg, square=False, scale=1)),
        "icon-maskable-512.png": (512, variant(svg, square=True, scale=0.8)),
        "apple-touch-icon.png": (180, variant(svg, square=True, scale=0.9)),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, (size, drawing) in wanted.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = drawing.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f"<html><body style='margin:0'>{sized}</body></html>")
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
