"""Words that can be said in another language, written once for the engine and the pad.

The engine stays free of Flask and of any notion of "the current language": a message is made
with `t("…{name}…", name=…)` (or `tn` for a count), which gives a `Text`. A `Text` *is* the
English string — comparisons, JSON exports, the command line and every test read it as plain
English — and it also remembers its template and its parameters, so the pad can say it again in
the reader's language when it is shown (`Text.said_in`). Parameters that are `Text` themselves
are translated too, so a message built from parts reads whole in French.

Templates use `{name}` fields (`str.format`); numbers are passed already written the pad's way
(`formatting.number`, `signed`), so a translation never has to format a number. The message
catalogues (`companion/translations/<lang>/*.po`) are extracted with the keywords `t` and `tn`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "de": "Deutsch",
                             "it": "Italiano"}
"""The languages of the pad: code → the language's own name (as a switcher shows it)."""

DEFAULT_LANGUAGE = "en"


class Catalogue(Protocol):
    """What translating needs from a message catalogue (gettext's and Babel's have both)."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


class Text(str):
    """An English message that can also be said in another language.

    It compares, hashes, prints and serialises as its English words. `said_in(catalogue)`
    gives the same message in the catalogue's language (the English one when a catalogue has
    no translation for it).
    """

    __slots__ = ("count", "params", "plural", "template")
    template: str
    plural: str | None
    count: int | None
    params: Mapping[str, Any]

    def __new__(cls, template: str, params: Mapping[str, Any] | None = None,
                plural: str | None = None, count: int | None = None) -> Text:
        params = dict(params or {})
        if count is not None:
            params.setdefault("count", count)
        chosen = template if plural is None or count == 1 else plural
        text = super().__new__(cls, chosen.format(**params) if params else chosen)
        text.template, text.params, text.plural, text.count = template, params, plural, count
        return text

    def said_in(self, catalogue: Catalogue) -> str:
        """This message in the catalogue's language, its parameters translated as well."""
        if self.plural is None:
            words = catalogue.gettext(self.template)
        else:
            words = catalogue.ngettext(self.template, self.plural, self.count or 0)
        if not self.params:
            return words
        params = {name: say(value, catalogue) for name, value in self.params.items()}
        try:
            return words.format(**params)
        except (KeyError, IndexError, ValueError):
            # A translation that names a field the message lacks must not break a page: the
            # catalogue check refuses it, and the reader sees the English meanwhile.
            chosen = self.template if self.plural is None or self.count == 1 else self.plural
            return chosen.format(**params)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Text, (self.template, self.params, self.plural, self.count))

    def recipe(self) -> dict[str, Any]:
        """The message as plain data (to store it and make it again with `from_recipe`)."""
        data: dict[str, Any] = {"t": self.template}
        if self.params:
            data["p"] = {name: recipe_of(value) for name, value in self.params.items()}
        if self.plural is not None:
            data["pl"], data["n"] = self.plural, self.count
        return data


def t(template: str, /, **params: Any) -> Text:
    """A message: `t("{name} takes a garde", name=player)`."""
    return Text(template, params)


def tn(singular: str, plural: str, count: int, /, **params: Any) -> Text:
    """A message that depends on a count, `{count}` among its fields:
    `tn("{count} bout", "{count} bouts", 2)`."""
    return Text(singular, params, plural, count)


def say(value: Any, catalogue: Catalogue) -> Any:
    """A value as the reader should see it: a `Text` translated, anything else unchanged."""
    return value.said_in(catalogue) if isinstance(value, Text) else value


def join(parts: list[Any] | tuple[Any, ...], separator: str = ", ") -> Any:
    """Parts joined with a separator, each still translatable (a list of words in a line)."""
    if not parts:
        return ""
    fields = {f"p{index}": part for index, part in enumerate(parts)}
    return Text(separator.join("{" + name + "}" for name in fields), fields)


def recipe_of(value: Any) -> Any:
    """A parameter as plain data: a `Text` as its recipe, anything else as it is."""
    return value.recipe() if isinstance(value, Text) else value


def from_recipe(data: Any) -> Any:
    """A message made again from `Text.recipe` data (plain values come back unchanged)."""
    if isinstance(data, dict) and "t" in data:
        params = {name: from_recipe(value) for name, value in (data.get("p") or {}).items()}
        return Text(data["t"], params, data.get("pl"), data.get("n"))
    return data


class _Reworded(Text):
    """A message said with its first letter changed (the base of `capital` and `in_sentence`)."""

    __slots__ = ("source",)
    source: Text

    def __new__(cls, source: Text, english: str) -> _Reworded:
        text = str.__new__(cls, english)
        text.template, text.params = source.template, source.params
        text.plural, text.count, text.source = source.plural, source.count, source
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return (str, (str(self),))

    def recipe(self) -> dict[str, Any]:
        return {"t": "{words}", "p": {"words": self.source.recipe()}}


class _Capital(_Reworded):
    def said_in(self, catalogue: Catalogue) -> str:
        words = self.source.said_in(catalogue)
        return words[:1].upper() + words[1:]


class _InSentence(_Reworded):
    def said_in(self, catalogue: Catalogue) -> str:
        return self.source.said_in(catalogue)


def capital(words: Any) -> Any:
    """Words at the start of a sentence ("The Ace of Hearts …"), in every language."""
    if isinstance(words, Text):
        return _Capital(words, words[:1].upper() + words[1:])
    return words[:1].upper() + words[1:]


def in_sentence(label: Any) -> Any:
    """A label inside an English sentence, its first letter lowered ("Enter card points.").

    Only the English is lowered: other languages get the label as translated, and their
    sentences put it where its capital reads well (after a colon, in quotes), since a German
    noun keeps its capital."""
    if isinstance(label, Text):
        return _InSentence(label, label[:1].lower() + label[1:])
    return label[:1].lower() + label[1:]
