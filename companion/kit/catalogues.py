"""The message catalogues: found in the code, kept per language, checked, compiled.

Translations live in `companion/translations/<lang>/*.po`, one file per part of the pad
(`ui.po` for the pages, `core.po` for the shared modules, `<game>.po` for a game's own words),
so each part can be translated on its own. Compiling merges a language's files into the one
catalogue Flask-Babel reads (`<lang>/LC_MESSAGES/messages.mo`). `scripts/serve.sh` and
`scripts/test.sh` compile after installing; the app compiles again at start if a `.po` file is
newer than what was compiled.

    python -m companion.kit.catalogues compile
    python -m companion.kit.catalogues check                 # every message translated, fields kept
    python -m companion.kit.catalogues todo fr french-tarot companion/games/french_tarot.py
        # adds the messages of those files that French lacks to fr/french-tarot.po, to fill in
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from companion.kit.i18n import DEFAULT_LANGUAGE, LANGUAGES
from companion.kit.resources import templates_dir

PACKAGE = Path(__file__).resolve().parents[1]  # companion/, this file is in companion/kit
TRANSLATIONS = PACKAGE / "translations"
KEYWORDS = {"t": None, "tn": (1, 2), "pt": ((1, "c"), 2)}
TRANSLATED = tuple(code for code in LANGUAGES if code != DEFAULT_LANGUAGE)
FIELD = re.compile(r"\{(\w*)[^{}]*\}")

MessageId = str | tuple[str, str]
Translation = str | tuple[str, ...] | list[str] | None
"""A babel message's translation (`Message.string`): one string, or a plural's forms."""


@dataclass(frozen=True)
class Found:
    """A message found in the code, and where."""

    id: MessageId
    where: str
    context: str | None = None


def sources() -> Iterator[tuple[Path, str]]:
    """Every file whose messages the pad shows, with the extractor that reads it."""
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path, "python"
    for path in sorted(templates_dir().rglob("*.html")):
        yield path, "jinja2.ext:babel_extract"


def extract(paths: Iterable[tuple[Path, str]] | None = None) -> list[Found]:
    """The messages marked with `t`/`tn` in the code and the templates."""
    found: list[Found] = []
    for path, method in paths if paths is not None else sources():
        for line, message, _comments, context in extract_from_file(
            method, str(path), keywords=KEYWORDS, strip_comment_tags=True
        ):
            if isinstance(message, tuple):
                message = (message[0], message[1])
            found.append(Found(message, f"{path.name}:{line}", context))
    return found


def fragments(language: str) -> list[Path]:
    """A language's translation files."""
    return sorted((TRANSLATIONS / language).glob("*.po"))


def read(path: Path, language: str) -> Catalog:
    """One translation file."""
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def merged(language: str) -> tuple[Catalog, list[str]]:
    """A language's files as one catalogue, and the messages two files translate differently."""
    whole = Catalog(locale=language, domain="messages")
    conflicts: list[str] = []
    for path in fragments(language):
        for message in read(path, language):
            if not message.id or not _translated(message.string):
                continue
            known = whole.get(message.id, context=message.context)
            if known is not None and known.string != message.string:
                conflicts.append(f"{path.name}: {message.id!r} is translated differently elsewhere")
                continue
            whole.add(message.id, message.string, context=message.context)
    return whole, conflicts


def _translated(string: Translation) -> bool:
    if isinstance(string, tuple | list):
        return all(string)
    return bool(string)


def compiled_path(language: str) -> Path:
    return TRANSLATIONS / language / "LC_MESSAGES" / "messages.mo"


def compile_all() -> list[str]:
    """Compile every language's files into its catalogue; the languages compiled."""
    done = []
    for language in TRANSLATED:
        catalogue, _conflicts = merged(language)
        target = compiled_path(language)
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as handle:
            write_mo(handle, catalogue)
        done.append(language)
    return done


def stale() -> bool:
    """Whether a language's catalogue is missing or older than one of its files."""
    for language in TRANSLATED:
        target = compiled_path(language)
        if not target.exists():
            return True
        built = target.stat().st_mtime
        if any(path.stat().st_mtime > built for path in fragments(language)):
            return True
    return False


def ensure_compiled() -> None:
    """Compile the catalogues if they are missing or stale (an install that skipped it)."""
    if stale():
        # An installed, read-only package cannot be written: its wheel carries the catalogues.
        with contextlib.suppress(OSError):
            compile_all()


def problems(language: str, found: list[Found] | None = None) -> list[str]:
    """What stops a language being whole: a message without translation, a translation whose
    fields ({name}) differ from the message's, two files that disagree."""
    catalogue, conflicts = merged(language)
    wrong = list(conflicts)
    seen: set[tuple[MessageId, str | None]] = set()
    for each in found if found is not None else extract():
        if (each.id, each.context) in seen:
            continue
        seen.add((each.id, each.context))
        message = catalogue.get(each.id, context=each.context)
        if message is None:
            wrong.append(f"{language}: no translation of {each.id!r} ({each.where})")
            continue
        wrong.extend(
            f"{language}: {each.id!r} ({each.where}): {why}"
            for why in field_mismatches(each.id, message.string)
        )
    return wrong


def field_mismatches(message_id: MessageId, string: Translation) -> list[str]:
    """The fields a translation adds or drops."""
    ids = message_id if isinstance(message_id, tuple) else (message_id,)
    strings = (string,) if isinstance(string, str) else tuple(string or ())
    wanted = set().union(*(FIELD.findall(each) for each in ids))
    wrong = []
    for each in strings:
        fields = set(FIELD.findall(each))
        if not fields <= wanted | {"count"}:
            wrong.append(f"the translation names {sorted(fields - wanted)}, not in the message")
        if isinstance(message_id, str) and wanted - fields:
            wrong.append(f"the translation drops {sorted(wanted - fields)}")
    return wrong


def add_todo(language: str, fragment: str, paths: list[Path]) -> int:
    """Add to `<language>/<fragment>.po` the messages of `paths` that the language lacks, with
    empty translations to fill in; the number added."""
    catalogue, _ = merged(language)
    target = TRANSLATIONS / language / f"{fragment}.po"
    own = read(target, language) if target.exists() else Catalog(locale=language)
    added = 0
    methods = [
        (path, "jinja2.ext:babel_extract" if path.suffix == ".html" else "python") for path in paths
    ]
    for each in extract(methods):
        if (
            catalogue.get(each.id, context=each.context) is None
            and own.get(each.id, context=each.context) is None
        ):
            own.add(
                each.id,
                ("", "") if isinstance(each.id, tuple) else "",
                locations=[(each.where.split(":")[0], int(each.where.split(":")[1]))],
                context=each.context,
            )
            added += 1
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as handle:
        write_po(handle, own, width=100, omit_header=False, sort_output=False)
    return added


def main(argv: list[str]) -> int:
    """The command line (see the module's docstring)."""
    if argv[:1] == ["compile"]:
        print("compiled:", ", ".join(compile_all()))
        return 0
    if argv[:1] == ["check"]:
        found = extract()
        wrong = [line for language in TRANSLATED for line in problems(language, found)]
        print("\n".join(wrong) or f"{len({f.id for f in found})} messages, all translated")
        return 1 if wrong else 0
    if argv[:1] == ["todo"] and len(argv) >= 4:
        added = add_todo(argv[1], argv[2], [Path(path) for path in argv[3:]])
        print(f"{added} messages to translate in {argv[1]}/{argv[2]}.po")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
