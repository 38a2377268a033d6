"""Messages that are English strings and can be said again in another language."""

from __future__ import annotations

import json
import pickle

from companion.kit.i18n import Text, from_recipe, in_sentence, join, say, t, tn


class Shouting:
    """A catalogue that 'translates' by writing a message in capitals, fields left alone."""

    def gettext(self, message: str) -> str:
        return _capitals_outside_fields(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return _capitals_outside_fields(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return _capitals_outside_fields(message) + f" ({context})"


def _capitals_outside_fields(message: str) -> str:
    out, depth = [], 0
    for char in message:
        depth += char == "{"
        out.append(char if depth else char.upper())
        depth -= char == "}"
    return "".join(out)


def test_a_message_is_its_english_words() -> None:
    message = t("{taker} makes a garde", taker="Ann")
    assert message == "Ann makes a garde"
    assert isinstance(message, str)
    assert json.dumps([message]) == '["Ann makes a garde"]'
    assert {message: 1}["Ann makes a garde"] == 1


def test_said_in_another_language_with_its_fields_kept() -> None:
    message = t("{taker} makes a {contract}", taker="Ann", contract=t("garde"))
    # The player's name stays as typed; the contract, itself a message, is translated too.
    assert message.said_in(Shouting()) == "Ann MAKES A GARDE"


def test_a_count_chooses_singular_or_plural() -> None:
    assert tn("{count} bout", "{count} bouts", 1) == "1 bout"
    assert tn("{count} bout", "{count} bouts", 3) == "3 bouts"
    assert tn("{count} bout", "{count} bouts", 0) == "0 bouts"
    assert tn("{count} bout", "{count} bouts", 3).said_in(Shouting()) == "3 BOUTS"


def test_a_translation_naming_an_unknown_field_falls_back_to_english() -> None:
    class Broken(Shouting):
        def gettext(self, message: str) -> str:
            return "{nobody} here"

    assert t("{who} wins", who="Bob").said_in(Broken()) == "Bob wins"


def test_plain_values_pass_through_say() -> None:
    assert say("Ann", Shouting()) == "Ann"
    assert say(42, Shouting()) == 42


def test_join_keeps_each_part_translatable() -> None:
    joined = join([t("garde"), t("chelem")], " + ")
    assert joined == "garde + chelem"
    assert say(joined, Shouting()) == "GARDE + CHELEM"
    assert join([]) == ""


def test_a_message_survives_pickling_and_its_recipe() -> None:
    message = tn("{count} trick over {book}", "{count} tricks over {book}", 2, book=t("the book"))
    again = pickle.loads(pickle.dumps(message))
    assert isinstance(again, Text)
    assert again == message == "2 tricks over the book"
    assert again.said_in(Shouting()) == "2 TRICKS OVER THE BOOK"
    rebuilt = from_recipe(json.loads(json.dumps(message.recipe())))
    assert rebuilt == message
    assert rebuilt.said_in(Shouting()) == "2 TRICKS OVER THE BOOK"
    assert from_recipe("plain") == "plain"


def test_a_games_own_word_is_looked_up_in_its_context_first() -> None:
    from companion.kit.i18n import pt

    label = pt("skat", "Card points")
    assert label == "Card points"
    assert label.said_in(Shouting()) == "CARD POINTS (skat)"
    again = pickle.loads(pickle.dumps(label))
    assert again.context == "skat" and from_recipe(label.recipe()).context == "skat"


def test_a_context_without_its_own_word_falls_back_to_the_common_one() -> None:
    from companion.kit.i18n import pt

    class CommonOnly(Shouting):
        def pgettext(self, context: str, message: str) -> str:
            return message  # the catalogue has no word of this game's own

    assert pt("skat", "Card points").said_in(CommonOnly()) == "CARD POINTS"


def test_inside_a_sentence_only_a_templates_own_words_are_lowered() -> None:
    assert in_sentence(t("Card points")) == "card points"
    # A name opening the label keeps its letter, a one-letter name too.
    assert in_sentence(t("{name}'s count", name="Dee")) == "Dee's count"
    assert in_sentence(t("{name}'s count", name="D")) == "D's count"
    # A label opening on another message opens as that message does.
    assert in_sentence(t("{poignee} trumps shown", poignee=t("Poignée"))) == "poignée trumps shown"
    assert in_sentence(t("{side} took", side=t("{name}'s side", name="Ann"))) == "Ann's side took"


def test_a_label_opening_on_a_name_keeps_it_in_its_recipe() -> None:
    label = in_sentence(t("{name}'s count", name="Dee"))
    assert from_recipe(json.loads(json.dumps(label.recipe()))) == "Dee's count"
