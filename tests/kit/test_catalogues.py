"""The message catalogues (companion/kit/catalogues.py): every message of the code and templates
has a French, German and Italian translation with the same fields, and every message is written
so that it can be found (a `t(f"…")` cannot: its words are only known when it runs)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.support import Translations

from companion.kit import catalogues
from companion.kit.catalogues import Found, field_mismatches
from companion.kit.resources import templates_dir

CODE = sorted(catalogues.PACKAGE.rglob("*.py"))
TEMPLATE_CALL = re.compile(r"\btn?\(\s*(?P<first>[^\s)])")


@pytest.fixture(scope="module")
def found() -> list[Found]:
    return catalogues.extract()


@pytest.mark.parametrize("language", catalogues.TRANSLATED)
def test_every_message_is_translated(found: list[Found], language: str) -> None:
    wrong = catalogues.problems(language, found)
    assert wrong == [], f"{len(wrong)} problems, the first: " + "\n".join(wrong[:40])


def test_the_code_marks_messages_with_plain_strings() -> None:
    dynamic = []
    for path in CODE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("t", "tn")
                and node.args
            ):
                wanted = node.args[:2] if node.func.id == "tn" else node.args[:1]
                if not all(
                    isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in wanted
                ):
                    dynamic.append(f"{path.name}:{node.lineno}")
    assert dynamic == []


def test_the_templates_mark_messages_with_plain_strings() -> None:
    dynamic = []
    for path in sorted(templates_dir().rglob("*.html")):
        for line, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            dynamic.extend(
                f"{path.name}:{line}"
                for match in TEMPLATE_CALL.finditer(text)
                if match["first"] not in "\"'"
            )
    assert dynamic == []


def test_a_translation_must_keep_the_messages_fields() -> None:
    assert field_mismatches("{taker} wins {points}", "{taker} gagne {points}") == []
    assert field_mismatches("{taker} wins", "{preneur} gagne") == [
        "the translation names ['preneur'], not in the message",
        "the translation drops ['taker']",
    ]
    both = ("{count} bout", "{count} bouts")
    assert field_mismatches(both, both) == []


@pytest.mark.parametrize("language", catalogues.TRANSLATED)
def test_the_compiled_catalogue_says_the_footer_in_its_language(language: str) -> None:
    catalogues.compile_all()
    compiled = Translations.load(str(catalogues.TRANSLATIONS), [language])
    assert compiled.gettext("Language") != "Language"


def test_sources_cover_code_and_templates() -> None:
    names = {path.name for path, _method in catalogues.sources()}
    assert {"french_tarot.py", "base.html", "pad.html"} <= names
    assert all(isinstance(path, Path) for path, _ in catalogues.sources())


LEVEE = re.compile(r"\blevées?\b", re.IGNORECASE)


def test_french_says_pli_for_a_trick_never_levee() -> None:
    # One word for a trick on every French screen: "pli", as the pages and French Tarot say.
    said_levee = []
    for path in catalogues.fragments("fr"):
        for message in catalogues.read(path, "fr"):
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            said_levee.extend(
                f"{path.name}: {message.id!r}" for string in strings if LEVEE.search(string or "")
            )
    assert said_levee == []
