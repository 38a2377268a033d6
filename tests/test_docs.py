"""Every registered game has its rules page (served from the package) and its row in the
README's games table; every rules page belongs to a game."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.contract.game import Game
from companion.contract.registry import all_games
from companion.kit.resources import rules_page_text, rules_pages_dir
from tests.kit.test_catalogues import LEVEE

README = Path(__file__).resolve().parents[1] / "README.md"


def real_games() -> list[Game]:
    """The games of the package (toy games registered by other tests are not documented)."""
    return [game for game in all_games() if type(game).__module__.startswith("companion.games.")]


@pytest.mark.parametrize("game", real_games(), ids=lambda game: game.slug)
def test_a_game_has_its_rules_page_with_its_decisions(game: Game) -> None:
    text = rules_page_text(game.slug)
    assert text.startswith("# "), game.slug
    assert "\n## Decisions" in text


@pytest.mark.parametrize("game", real_games(), ids=lambda game: game.slug)
def test_a_game_has_its_row_in_the_readme(game: Game) -> None:
    rows = [
        line
        for line in README.read_text(encoding="utf-8").splitlines()
        if line.startswith("| ") and f"(docs/rules/{game.slug}.md)" in line
    ]
    assert len(rows) == 1, game.slug
    assert rows[0].startswith(f"| {game.name} |")


def test_every_rules_page_belongs_to_a_game() -> None:
    slugs = {game.slug for game in real_games()}
    pages = {page.stem for page in rules_pages_dir().glob("*.md")}
    assert pages == slugs


def test_a_name_that_is_not_a_slug_reads_no_page() -> None:
    assert rules_page_text("../README") == ""
    assert rules_page_text("no-such-game") == ""


TRANSLATED_HEADINGS = {"fr": "\n## Décisions", "de": "\n## Entscheidungen", "it": "\n## Decisioni"}
"""The Decisions heading as each language's page writes it."""


@pytest.mark.parametrize("language", sorted(TRANSLATED_HEADINGS))
@pytest.mark.parametrize("game", real_games(), ids=lambda game: game.slug)
def test_a_rules_page_is_written_in_every_language(game: Game, language: str) -> None:
    english = rules_page_text(game.slug)
    page = rules_pages_dir() / language / f"{game.slug}.md"
    assert page.is_file(), f"{language}/{game.slug}.md"
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# ") and TRANSLATED_HEADINGS[language] in text
    assert rules_page_text(game.slug, language) == text
    # The same page: as many sections and as many rows of tables as the English one.
    for mark in ("\n## ", "\n|"):
        assert text.count(mark) == english.count(mark), (language, game.slug, mark)


@pytest.mark.parametrize("game", real_games(), ids=lambda game: game.slug)
def test_a_french_rules_page_says_pli_for_a_trick_never_levee(game: Game) -> None:
    # The page the pad serves uses the pad's own word: its French messages say "pli"
    # (tests/kit/test_catalogues.py), so a page that said "levée" would name a trick twice over.
    text = rules_page_text(game.slug, "fr")
    assert [line for line in text.splitlines() if LEVEE.search(line)] == [], game.slug


def test_every_translated_rules_page_belongs_to_a_game() -> None:
    slugs = {game.slug for game in real_games()}
    for language in TRANSLATED_HEADINGS:
        assert {page.stem for page in (rules_pages_dir() / language).glob("*.md")} <= slugs


def test_a_language_that_is_not_a_name_reads_the_english_page() -> None:
    assert rules_page_text("war", "../..") == rules_page_text("war")
    assert rules_page_text("war", "xx") == rules_page_text("war")
