"""Fixtures shared by every test folder."""

from __future__ import annotations

import pytest
from babel.support import Translations

from companion import catalogues


@pytest.fixture(scope="session")
def compiled_catalogues() -> dict[str, Translations]:
    """Each language's catalogue, compiled afresh from the .po files, by language code."""
    catalogues.compile_all()
    return {language: Translations.load(str(catalogues.TRANSLATIONS), [language])
            for language in catalogues.TRANSLATED}
