"""The pad in the reader's language: English, French, German or Italian, through Flask-Babel.

The language is the one this phone chose (a cookie set by the switcher at the foot of every
page), else the best the browser asks for, else English. Every message the engine makes is a
`companion.kit.i18n.Text`; the templates' `{{ … }}` translate any `Text` as they print it (Jinja's
`finalize`), and the templates' own words are `{{ t("…") }}`, so one catalogue serves both.
"""

from __future__ import annotations

from typing import Any, cast
from urllib.parse import urlsplit

from flask import Blueprint, Flask, current_app, flash, g, has_request_context, redirect, request
from flask_babel import Babel, format_date, get_locale, get_translations
from markupsafe import Markup, escape
from werkzeug.wrappers import Response

from companion.contract.parsing import read_word
from companion.kit import formatting
from companion.kit.catalogues import TRANSLATIONS, ensure_compiled
from companion.kit.i18n import (
    DEFAULT_LANGUAGE,
    ENGLISH,
    LANGUAGES,
    Catalogue,
    Text,
    from_recipe,
    recipe_of,
    say,
    t,
    tn,
)

bp = Blueprint("language", __name__)

COOKIE = "lang"
COOKIE_SECONDS = 400 * 24 * 3600  # the longest a browser keeps a cookie
NEXT_LIMIT = 2000


def init_language(app: Flask) -> None:
    """Attach Flask-Babel, the translating `finalize` and `t`/`tn` for templates (the
    switcher's blueprint, `bp`, is registered by `init_web` with the others)."""
    ensure_compiled()
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LANGUAGE)
    Babel(app, locale_selector=chosen_language)
    app.jinja_env.finalize = shown
    app.jinja_env.filters["flashed"] = flashed
    app.jinja_env.globals.update(
        t=t, tn=tn, languages=LANGUAGES, language=current_language, strong=strong
    )
    app.jinja_env.filters.update(said=said, lowered=lowered, with_markup=with_markup, day=day)


def chosen_language() -> str:
    """This phone's language: its choice, else its browser's best match, else English."""
    chosen = read_word(request.cookies.get(COOKIE), tuple(LANGUAGES))
    if chosen:
        return chosen
    return request.accept_languages.best_match(tuple(LANGUAGES)) or DEFAULT_LANGUAGE


def current_language() -> str:
    """The language this page is in (its `<html lang>`); worked out once per request (a page
    prints dozens of messages, each asking) and kept on `flask.g`, where Flask-Babel keeps its
    own locale."""
    if not has_request_context():  # a template rendered outside a request
        return str(get_locale() or DEFAULT_LANGUAGE)
    language: str | None = g.get("companion_language")
    if language is None:
        # The selector Flask-Babel is given, asked directly: its answer is already one of
        # LANGUAGES, and parsing it into a babel Locale (what `get_locale` does) is not needed
        # to name it.
        language = g.companion_language = chosen_language()
    return language


NOT_LOOKED_UP = object()
"""What `catalogue` finds on `flask.g` before the request's catalogue was looked up."""


def catalogue() -> Catalogue | None:
    """The catalogue of this request's language; None for English, which every message
    already is (a test may put a catalogue of its own in the config). Looked up once per
    request, as the language is."""
    if not has_request_context():
        return _catalogue_now()
    # One look at `g` (a page prints dozens of messages, each asking; each look through
    # Flask's proxy costs about as much as the message itself).
    chosen: object = g.get("companion_catalogue", NOT_LOOKED_UP)
    if chosen is NOT_LOOKED_UP:  # None (English) is a catalogue looked up
        chosen = g.companion_catalogue = _catalogue_now()
    return cast("Catalogue | None", chosen)


def _catalogue_now() -> Catalogue | None:
    chosen: Catalogue | None = current_app.config.get("TEST_CATALOGUE")
    if chosen is not None:
        return chosen
    return None if current_language() == DEFAULT_LANGUAGE else get_translations()


def shown(value: Any) -> Any:
    """A value as a template prints it: a `Text` in the reader's language."""
    if not isinstance(value, Text):
        return value
    chosen = catalogue()
    return value if chosen is None else value.said_in(chosen)


def flash_said(message: Text) -> None:
    """Flash a message for the next page, kept as its recipe and said in the reader's language
    when that page shows it (a language chosen in between is the one it is said in)."""
    flash(recipe_of(message))


def flashed(message: Any) -> Any:
    """A flashed message as the page shows it: made again from its recipe (`flash_said`)."""
    return from_recipe(message)


def said(value: Any) -> str:
    """A message in the reader's language, as plain text (for a flash, a header, a cookie)."""
    return str(shown(value))


def with_markup(value: Any) -> Markup:
    """A message whose fields carry markup (`t("Hand {number}", number=strong(n))`) in the
    reader's language: its words escaped, its `Markup` fields kept, its other fields escaped."""
    if not isinstance(value, Text):
        return escape(value)
    words = catalogue() or ENGLISH
    template = value.words_in(words)
    # What `Markup.format` does, without its formatter written in Python (a page has dozens):
    # the words and every field escaped, a `Markup` field kept, a number left to its format.
    fields = {
        name: field if isinstance(field, Markup | int | float) else escape(say(field, words))
        for name, field in value.params.items()
    }
    try:
        return Markup(str(escape(template)).format(**fields))
    except (KeyError, IndexError, ValueError):
        return escape(value)  # a translation naming a field the message lacks: the English


def strong(value: Any) -> Markup:
    """A field shown in bold inside a message (`with_markup` keeps it)."""
    return Markup(f"<strong>{escape(said(value))}</strong>")


NOUNS_KEEP_CAPITALS = frozenset({"de"})
"""Languages that write every noun with a capital, even in the middle of a sentence."""


def lowered(value: Any) -> str:
    """A label in the reader's language for the middle of a sentence ("Save the bids"): lower
    case, except in a language whose nouns keep their capital ("Gebote speichern")."""
    words = said(value)
    return words if current_language() in NOUNS_KEEP_CAPITALS else words.lower()


def day(stamp: Any) -> str:
    """A stored ISO-8601 moment's day, by the server's clock, as the reader's language writes
    it: "23 nov. 2026", "23.11.2026", "Nov 23, 2026" (blank for anything that is not a
    moment)."""
    moment = formatting.local_moment(stamp)
    return format_date(moment.date(), "medium") if moment else ""


@bp.get("/language/<code>")
def choose(code: str) -> Response:
    """Remember this phone's language and go back to the page it was on."""
    chosen = read_word(code, tuple(LANGUAGES))
    # `next` is a path inside the app: under a proxy's prefix, the way back starts with it.
    response = redirect(request.script_root + back_to(request.args.get("next")), code=303)
    if chosen:
        response.set_cookie(
            COOKIE,
            chosen,
            max_age=COOKIE_SECONDS,
            samesite="Lax",
            httponly=True,
            secure=request.is_secure,
        )
    return response


def back_to(target: Any) -> str:
    """Where to go after choosing: a path on this server only (never another site)."""
    if not isinstance(target, str) or len(target) > NEXT_LIMIT:
        return "/"
    if any(char.isspace() or not char.isprintable() for char in target):
        return "/"  # a line break would split the answer's Location header: never a path here
    parts = urlsplit(target)
    if (
        parts.scheme
        or parts.netloc
        or not target.startswith("/")
        or target.startswith("//")
        or "\\" in target
    ):
        return "/"
    return target
