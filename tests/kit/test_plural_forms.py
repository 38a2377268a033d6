"""Every translation file carries the plural forms its language has in the installed Babel (CLDR):
the header's Plural-Forms (how many forms, and which count takes which) and one msgstr[N] for
each form in every plural message. The merged catalogue takes Babel's header, so a file with
fewer forms would leave every count of a missing form in English (French and Italian gained a
third form, 'many', for 1 000 000 and the like, in Babel 2.19's gettext plural table, after
CLDR)."""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import unescape
from babel.support import Translations

from companion.kit import catalogues
from companion.kit.i18n import tn

FILES = [
    (language, path)
    for language in catalogues.TRANSLATED
    for path in catalogues.fragments(language)
]
PLURAL_FORMS = re.compile(r'^"Plural-Forms: *(?P<value>[^"\\]*)\\n"$', re.MULTILINE)
NPLURALS = re.compile(r"nplurals\s*=\s*(?P<n>\d+)")
PLURAL = re.compile(r"plural\s*=\s*(?P<expr>[^;]+);?")
MSGSTR = re.compile(r'^msgstr\[(?P<index>\d+)\] (?P<first>".*")$')
# Counts that meet every form of the three languages: 0 and 1 (French 'one'), the usual counts,
# and the large round numbers of the 'many' form (1 000 000, 2 000 000) with their neighbours.
COUNTS = [
    *range(0, 1002),
    10_000,
    100_000,
    999_999,
    1_000_000,
    1_000_001,
    2_000_000,
    3_000_000,
    10_000_000,
    1_000_000_000,
]


def babel_plurals(language: str) -> tuple[int, Callable[[int], int]]:
    """How many forms the language has and which form a count takes, as the installed Babel
    says (its gettext expression, the one the merged catalogue is written with)."""
    catalogue = Catalog(locale=language)
    assert (catalogue.num_plurals, catalogue.plural_expr) == tuple(get_plural(language))
    return catalogue.num_plurals, gettext.c2py(catalogue.plural_expr)


def header_plurals(text: str) -> tuple[int, str]:
    """The file's own Plural-Forms: the number of forms and the expression."""
    found = PLURAL_FORMS.search(text)
    assert found, "no Plural-Forms header"
    nplurals, plural = NPLURALS.search(found["value"]), PLURAL.search(found["value"])
    assert nplurals and plural, f"a Plural-Forms header without both parts: {found['value']!r}"
    return int(nplurals["n"]), plural["expr"].strip()


def plural_entries(text: str) -> list[tuple[str, list[tuple[int, str]]]]:
    """Each plural message of a .po file as written (not as read_po pads or cuts it): its msgid
    and its msgstr[N] forms, in the file's order."""
    entries = []
    for block in text.split("\n\n"):
        lines = [line for line in block.splitlines() if not line.startswith("#")]
        if not any(line.startswith("msgid_plural ") for line in lines):
            continue
        msgid: list[str] = []
        forms: list[tuple[int, list[str]]] = []
        current: list[str] | None = None
        for line in lines:
            if line.startswith("msgid "):
                current = msgid
                msgid.append(line[len("msgid ") :])
            elif (match := MSGSTR.match(line)) is not None:
                forms.append((int(match["index"]), [match["first"]]))
                current = forms[-1][1]
            elif line.startswith('"') and current is not None:
                current.append(line)
            else:  # msgid_plural, msgctxt: not needed here
                current = None
        entries.append(
            (
                "".join(unescape(part) for part in msgid),
                [(index, "".join(unescape(part) for part in parts)) for index, parts in forms],
            )
        )
    return entries


def test_the_languages_are_the_translated_ones() -> None:
    assert set(catalogues.TRANSLATED) == {"de", "fr", "it"}
    assert {language for language, _path in FILES} == set(catalogues.TRANSLATED)


@pytest.mark.parametrize(
    ("language", "path"), FILES, ids=[f"{language}/{path.name}" for language, path in FILES]
)
def test_a_file_carries_its_languages_plural_forms(language: str, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    wanted, which = babel_plurals(language)
    nplurals, expression = header_plurals(text)
    assert nplurals == wanted, (
        f"{path.name} says nplurals={nplurals}; {language} has {wanted} forms in Babel "
        f"(Plural-Forms: {Catalog(locale=language).plural_forms})"
    )
    says = gettext.c2py(expression)
    differ = [n for n in COUNTS if says(n) != which(n)]
    assert differ == [], (
        f"{path.name}'s plural={expression} picks another form than Babel's "
        f"{Catalog(locale=language).plural_expr} for {differ[:5]}"
    )
    wrong = []
    for msgid, forms in plural_entries(text):
        indices = [index for index, _string in forms]
        if indices != list(range(wanted)):
            wrong.append(f"{msgid!r} has msgstr{indices}, not msgstr[0..{wanted - 1}]")
        elif any(string for _i, string in forms) and not all(string for _i, string in forms):
            wrong.append(f"{msgid!r} leaves a form empty")
    assert wrong == [], f"{path.name}: " + "; ".join(wrong)


def test_plural_entries_are_found_as_written() -> None:
    text = (
        'msgid "{count} card"\nmsgid_plural "{count} cards"\n'
        'msgstr[0] "{count} carte"\nmsgstr[1] ""\n"{count} cartes"\n\n'
        'msgid "Language"\nmsgstr "Langue"\n'
    )
    assert plural_entries(text) == [("{count} card", [(0, "{count} carte"), (1, "{count} cartes")])]


@pytest.mark.parametrize("language", catalogues.TRANSLATED)
def test_the_merged_catalogue_has_as_many_forms_as_its_header(language: str) -> None:
    whole, conflicts = catalogues.merged(language)
    assert conflicts == []
    wanted, _which = babel_plurals(language)
    assert whole.num_plurals == wanted
    short = [
        message.id
        for message in whole
        if isinstance(message.id, tuple) and len(message.string) != wanted
    ]
    assert short == []


@pytest.mark.parametrize("language", catalogues.TRANSLATED)
def test_every_count_is_said_in_the_language(
    compiled_catalogues: dict[str, Translations], language: str
) -> None:
    """The compiled catalogue picks, for each count, the form Babel's rules pick, and that form
    is the file's translation (never the English fallback of a missing form)."""
    compiled = compiled_catalogues[language]
    whole, _conflicts = catalogues.merged(language)
    _wanted, which = babel_plurals(language)
    rule = Locale.parse(language).plural_form
    one_count_per_form = {which(n): n for n in reversed(COUNTS)}
    wrong = []
    for message in whole:
        if not isinstance(message.id, tuple):
            continue
        for index, count in sorted(one_count_per_form.items()):
            said = compiled.ngettext(message.id[0], message.id[1], count)
            if said != message.string[index]:
                wrong.append(f"{message.id[0]!r} for {count} ({rule(count)}): {said!r}")
    assert wrong == []


@pytest.mark.parametrize(
    ("language", "count", "expected"),
    [
        ("fr", 0, "0 joueur"),
        ("fr", 1, "1 joueur"),
        ("fr", 3, "3 joueurs"),
        ("fr", 1_000_000, "1000000 de joueurs"),
        ("fr", 1_000_001, "1000001 joueurs"),
        ("it", 0, "0 giocatori"),
        ("it", 1, "1 giocatore"),
        ("it", 3, "3 giocatori"),
        ("it", 2_000_000, "2000000 di giocatori"),
        ("it", 2_000_001, "2000001 giocatori"),
        ("de", 1, "1 Spieler"),
        ("de", 3, "3 Spieler"),
        ("de", 1_000_000, "1000000 Spieler"),
    ],
)
def test_a_count_of_players_in_each_form(
    compiled_catalogues: dict[str, Translations], language: str, count: int, expected: str
) -> None:
    # Which msgstr is which form is Babel's order (French and Italian: 0 one, 1 many, 2 other).
    said = tn("{count} player", "{count} players", count).said_in(compiled_catalogues[language])
    assert said == expected


@pytest.mark.parametrize(
    ("language", "count", "expected"),
    [
        ("fr", 3, "À 3 centimes le point."),
        ("fr", 1_000_000, "À 1000000 de centimes le point."),
        ("it", 3, "A 3 centesimi al punto."),
        ("it", 1_000_000, "A 1000000 di centesimi al punto."),
    ],
)
def test_a_stake_of_a_million_cents(
    compiled_catalogues: dict[str, Translations], language: str, count: int, expected: str
) -> None:
    said = tn("At {count} cent a point.", "At {count} cents a point.", count)
    assert said.said_in(compiled_catalogues[language]) == expected
