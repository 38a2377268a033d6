"""A CHOICE field's choices made from an enum and its labels (`companion.contract.choices`)."""

from __future__ import annotations

from enum import StrEnum

from companion.contract.choices import choices
from companion.contract.values import Choice
from companion.kit.i18n import Text, t


class Stake(StrEnum):
    """An enum as a game declares one for a house rule."""

    SINGLE = "single"
    DOUBLE = "double"
    NONE = "none"


STAKE_LABELS = {Stake.SINGLE: t("Single"), Stake.DOUBLE: t("Double"), Stake.NONE: t("No stake")}


def test_choices_follow_the_enum_with_each_members_value_and_label() -> None:
    assert choices(Stake, STAKE_LABELS) == (
        Choice("single", "Single"),
        Choice("double", "Double"),
        Choice("none", "No stake"),
    )


def test_choices_keep_the_members_given_in_their_order_and_the_labels_as_messages() -> None:
    picked = choices((Stake.NONE, Stake.SINGLE), STAKE_LABELS)
    assert [(c.value, c.label) for c in picked] == [("none", "No stake"), ("single", "Single")]
    assert isinstance(picked[0].label, Text)
    assert picked[0].label.template == "No stake"
