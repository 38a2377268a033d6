"""Where the pad's files are: templates, static files and the games' rules pages.

In the repository they stay at the top (`templates/`, `static/`, `docs/rules/`), as the design
card wants; a built wheel carries them inside the package (`companion/templates`, ...; see
pyproject.toml), so an installed pad serves every page without the checkout. The installed
copy wins when it is there; an editable install or a plain checkout finds the top folders.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parents[1]  # companion/, this file is in companion/kit
CHECKOUT_DIR = PACKAGE_DIR.parent


def _folder(installed: str, in_checkout: str) -> Path:
    """The installed folder inside the package if present, else the checkout's."""
    inside = PACKAGE_DIR / installed
    return inside if inside.is_dir() else CHECKOUT_DIR / in_checkout


def templates_dir() -> Path:
    """The Jinja templates."""
    return _folder("templates", "templates")


def static_dir() -> Path:
    """The files served as they are: CSS, the vendored htmx, the little JavaScript."""
    return _folder("static", "static")


def rules_pages_dir() -> Path:
    """The games' rules pages (Markdown), one per game slug."""
    return _folder("rules_pages", "docs/rules")


def rules_page_text(slug: str, language: str | None = None) -> str:
    """The rules page of game `slug` in `language` (`docs/rules/<language>/<slug>.md`), else
    in English; "" when it has none (or the slug or language is not a name)."""
    if not slug.replace("-", "").isalnum():
        return ""
    if language and language.isalpha():
        translated = rules_pages_dir() / language / f"{slug}.md"
        if translated.is_file():
            return translated.read_text(encoding="utf-8")
    page = rules_pages_dir() / f"{slug}.md"
    return page.read_text(encoding="utf-8") if page.is_file() else ""
