"""Fixtures shared by every test folder."""

from __future__ import annotations

import pytest
from babel.support import Translations

from companion.kit import catalogues


@pytest.fixture(scope="session")
def compiled_catalogues() -> dict[str, Translations]:
    """Each language's catalogue, compiled afresh from the .po files, by language code."""
    catalogues.compile_all()
    return {
        language: Translations.load(str(catalogues.TRANSLATIONS), [language])
        for language in catalogues.TRANSLATED
    }


UTC_PLUS_3 = "<+03>-3"
"""A server clock three hours ahead of UTC all year, written as a POSIX TZ rule (no time-zone
database needed): 22:30 UTC is 01:30 on the next day there."""


@pytest.fixture
def clock_ahead_of_utc(monkeypatch: pytest.MonkeyPatch):
    """The server's clock set to UTC+3 for one test, and put back after it."""
    import time

    monkeypatch.setenv("TZ", UTC_PLUS_3)
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()
