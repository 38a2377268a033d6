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
from enum import StrEnum
from string import Formatter
from typing import Any, Protocol, overload

LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "de": "Deutsch", "it": "Italiano"}
"""The languages of the pad: code → the language's own name (as a switcher shows it)."""

DEFAULT_LANGUAGE = "en"


class Catalogue(Protocol):
    """What translating needs from a message catalogue (gettext's and Babel's have both)."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...


class _English:
    """The catalogue of the language every message is written in: each says itself."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message


ENGLISH: Catalogue = _English()


class Case(StrEnum):
    """How a message's first letter is changed where it stands in a sentence."""

    CAPITAL = "capital"
    """At the start of a sentence, in every language ("The Ace of Hearts …")."""
    IN_SENTENCE = "in_sentence"
    """Inside an English sentence, lowered ("Enter card points."); other languages keep it
    as translated (a German noun keeps its capital), and their sentences place it to suit.
    A message that opens on a name is never lowered ("Enter Dee's count.": `opens_with_words`)."""


class Text(str):
    """An English message that can also be said in another language.

    It compares, hashes, prints and serialises as its English words. `said_in(catalogue)`
    gives the same message in the catalogue's language (the English one when a catalogue has
    no translation for it).
    """

    # The count that picks the plural form is kept as `number`: as `count` it would hide
    # `str.count` on every message.
    __slots__ = ("case", "context", "number", "params", "plural", "template")
    template: str
    plural: str | None
    number: int | None
    params: Mapping[str, Any]
    case: Case | None
    context: str | None

    def __new__(
        cls,
        template: str,
        params: Mapping[str, Any] | None = None,
        plural: str | None = None,
        count: int | None = None,
        case: Case | None = None,
        context: str | None = None,
    ) -> Text:
        # Every line of arithmetic is made of these, so the common case is kept short: no
        # case asked, the fields filled in one call.
        params = dict(params) if params else {}
        if count is not None:
            params.setdefault("count", count)
        chosen = template if plural is None or count == 1 else plural
        english = chosen.format_map(params) if params else chosen
        if case is not None:
            english = _cased(english, chosen, params, case)
        text = str.__new__(cls, english)
        text.template, text.params, text.plural, text.number = template, params, plural, count
        text.case, text.context = case, context
        return text

    def said_in(self, catalogue: Catalogue) -> str:
        """This message in the catalogue's language, its parameters translated as well."""
        words = self._translated(catalogue)
        if self.case is Case.CAPITAL:
            return words[:1].upper() + words[1:]
        return words

    def words_in(self, catalogue: Catalogue) -> str:
        """This message's template in the catalogue's language, its fields not yet filled
        (the game's own word first, the plural form the count asks for)."""
        if self.context is not None:
            # A game's own word for a message ("Card points" is "Augen" at Skat); the common
            # word where the catalogue has none of the game's own.
            words = catalogue.pgettext(self.context, self.template)
            return catalogue.gettext(self.template) if words == self.template else words
        if self.plural is None:
            return catalogue.gettext(self.template)
        return catalogue.ngettext(self.template, self.plural, self.number or 0)

    def english_words(self) -> str:
        """This message's English template, in the form its count asks for."""
        return self.template if self.plural is None or self.number == 1 else self.plural

    def _translated(self, catalogue: Catalogue) -> str:
        words = self.words_in(catalogue)
        if not self.params:
            return words
        params = {name: say(value, catalogue) for name, value in self.params.items()}
        try:
            return words.format(**params)
        except (KeyError, IndexError, ValueError):
            # A translation that names a field the message lacks must not break a page: the
            # catalogue check refuses it, and the reader sees the English meanwhile.
            return self.english_words().format(**params)

    def cased(self, case: Case) -> Text:
        """The same message with its first letter changed as `case` says."""
        return Text(self.template, self.params, self.plural, self.number, case, self.context)

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            Text,
            (self.template, self.params, self.plural, self.number, self.case, self.context),
        )

    def recipe(self) -> dict[str, Any]:
        """The message as plain data (to store it and make it again with `from_recipe`)."""
        data: dict[str, Any] = {"t": self.template}
        if self.params:
            data["p"] = {name: recipe_of(value) for name, value in self.params.items()}
        if self.plural is not None:
            data["pl"], data["n"] = self.plural, self.number
        if self.case is not None:
            data["c"] = self.case.value
        if self.context is not None:
            data["x"] = self.context
        return data


def opens_with_words(template: str, params: Mapping[str, Any]) -> bool:
    """Whether a message's first letter is a word of a template, which may be lowered inside a
    sentence, rather than a value: a player's name ("{name}'s count": "Enter Dee's count.") or
    a number keeps its letter. A message opening on a field that is itself a message opens as
    that message does."""
    literal, field, _, _ = next(iter(Formatter().parse(template)), ("", None, None, None))
    if literal or field is None:
        return True
    value = params.get(field)
    return isinstance(value, Text) and opens_with_words(value.english_words(), value.params)


def _cased(english: str, template: str, params: Mapping[str, Any], case: Case) -> str:
    """A message's English words in the case asked (`Text`'s `case`)."""
    if case is Case.CAPITAL:
        return english[:1].upper() + english[1:]
    if case is Case.IN_SENTENCE and opens_with_words(template, params):
        return english[:1].lower() + english[1:]
    return english


def t(template: str, /, **params: Any) -> Text:
    """A message: `t("{name} takes a garde", name=player)`."""
    return Text(template, params)


def pt(context: str, template: str, /, **params: Any) -> Text:
    """A message a game says in words of its own: `pt("skat", "Card points")` — translated
    as that game's players say it ("Augen"), else as the common message."""
    return Text(template, params, context=context)


def tn(singular: str, plural: str, count: int, /, **params: Any) -> Text:
    """A message that depends on a count, `{count}` among its fields:
    `tn("{count} bout", "{count} bouts", 2)`."""
    return Text(singular, params, plural, count)


def say(value: Any, catalogue: Catalogue) -> Any:
    """A value as the reader should see it: a `Text` translated, anything else unchanged."""
    return value.said_in(catalogue) if isinstance(value, Text) else value


def join(parts: list[Any] | tuple[Any, ...], separator: str = ", ") -> str:
    """Parts joined with a separator, each still translatable (a list of words in a line)."""
    if not parts:
        return ""
    fields = {f"p{index}": part for index, part in enumerate(parts)}
    return Text(separator.join("{" + name + "}" for name in fields), fields)


def recipe_of(value: Any) -> Any:
    """A parameter as plain data: a `Text` as its recipe, a number or word as it is, anything
    else as the words it was shown with."""
    if isinstance(value, Text):
        return value.recipe()
    if value is None or isinstance(value, bool | int | float):
        return value
    return str(value)


def from_recipe(data: Any) -> Any:
    """A message made again from `Text.recipe` data (plain values come back unchanged)."""
    if data.__class__ is dict and "t" in data:
        params = data.get("p")
        if params:
            params = {name: from_recipe(value) for name, value in params.items()}
        return Text(
            data["t"],
            params,
            data.get("pl"),
            data.get("n"),
            _CASES.get(data.get("c")),
            data.get("x"),
        )
    return data


_CASES: dict[Any, Case] = {case.value: case for case in Case}
"""A stored case's value and the case it names (anything else: no case)."""


@overload
def capital(words: Text) -> Text: ...
@overload
def capital(words: str) -> str: ...
def capital(words: str) -> str:
    """Words at the start of a sentence ("The Ace of Hearts …"), in every language."""
    if isinstance(words, Text):
        return words.cased(Case.CAPITAL)
    return words[:1].upper() + words[1:]


@overload
def in_sentence(label: Text) -> Text: ...
@overload
def in_sentence(label: str) -> str: ...
def in_sentence(label: str) -> str:
    """A label inside an English sentence, its first letter lowered ("Enter card points.").

    Only the English is lowered: other languages get the label as translated, and their
    sentences put it where its capital reads well (after a colon, in quotes), since a German
    noun keeps its capital."""
    if isinstance(label, Text):
        return label.cased(Case.IN_SENTENCE)
    return label[:1].lower() + label[1:]
