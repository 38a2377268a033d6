"""The Game contract, checked over every registered game, player count and option choice.

Whatever a game's rules, the engine and the web pad rely on the same promises: an accepted
entry scores one number per seat with its arithmetic; a zero-sum game's hand sums to 0; garbage
never raises and is refused on the field it was typed into; an accepted entry survives the trip
through a form; the game describes itself as JSON; a slug is registered once.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import string
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest

from companion.contract.game import Game, default_options, settlement_of
from companion.contract.registry import all_games, register, registered
from companion.contract.values import (
    Entry,
    Field,
    FieldKind,
    ScoredHand,
    Setup,
    State,
    TrickRecord,
)
from companion.engine.replay import check_entry, entry_phases, make_setup
from companion.families.piles import (
    Pile,
    PileGame,
    card_field_name,
    count_field_name,
    size_field_name,
)
from companion.web.forms import form_values, tricks_to_form
from tests.toys import bids_first, carried_pool, fewest_best, one_seat, suit_orders

RANDOM_ENTRIES = 300
RARE_LIMIT = 5000
MIN_ACCEPTED = 5  # so that the checks on accepted entries never pass vacuously
NOBODY_WORDS = ("none", "nobody", "-")
BOOLEAN_WORDS = ("1", "true", "y", "yes", "on", "0", "false", "n", "no", "off")


def option_variants(game: Game, count: int) -> list[dict[str, Any]]:
    """Every combination of the CHOICE and BOOLEAN options; other options at their default."""
    options = game.options(count)
    switchable = [o for o in options if o.kind in (FieldKind.CHOICE, FieldKind.BOOLEAN)]
    values = [
        [c.value for c in o.choices] if o.kind is FieldKind.CHOICE else [True, False]
        for o in switchable
    ]
    variants = []
    for combination in itertools.product(*values):
        chosen = dict(zip((o.name for o in switchable), combination, strict=True))
        variants.append({**default_options(options), **chosen})
    return variants


TOYS = (one_seat.GAME, fewest_best.GAME, carried_pool.GAME, bids_first.GAME, suit_orders.GAME)
"""The toy games of tests/toys: one of each shape the real games will need, held to the same
contract (registered while this module runs)."""


@pytest.fixture(autouse=True, scope="module")
def toys_registered() -> Iterator[None]:
    with ExitStack() as stack:
        for toy in TOYS:
            stack.enter_context(registered(toy))
        yield


def every_game() -> list[Game]:
    """The registered games and the toys."""
    return [*all_games(), *TOYS]


def tables() -> list[Any]:
    """(game, setup) for every game, player count and option combination."""
    params = []
    for game in every_game():
        for count in game.player_counts:
            for number, options in enumerate(option_variants(game, count)):
                setup = Setup(game.slug, tuple(f"P{i + 1}" for i in range(count)), options)
                params.append(pytest.param(game, setup, id=f"{game.slug}-{count}p-options{number}"))
    return params


def random_value(spec: Field, rng: random.Random, count: int) -> Any:
    """A value of the right type for `spec`, sometimes blank or the default."""
    roll = rng.random()
    if roll < 0.1:
        return None
    if spec.default is not None and roll < 0.4:
        return spec.default
    if (spec.none_label is not None or not spec.required) and roll < 0.5:
        return None
    if spec.kind is FieldKind.CHOICE:
        return rng.choice(spec.choices).value
    if spec.kind is FieldKind.SEAT:
        return rng.randrange(count)
    if spec.kind is FieldKind.INTEGER:
        return rng.randint(
            int(spec.minimum or 0), int(spec.maximum if spec.maximum is not None else 1000)
        )
    if spec.kind is FieldKind.HALF:
        low, high = int((spec.minimum or 0) * 2), int((spec.maximum or 1000) * 2)
        return rng.randint(low, high) / 2
    if spec.kind is FieldKind.BOOLEAN:
        return rng.random() < 0.5
    if spec.kind is FieldKind.TRICKS:
        return random_tricks(spec, rng, count)
    if spec.kind is FieldKind.CARD and spec.choices:
        return rng.choice(spec.choices).value  # a card of the field's pack (as for tricks)
    return "".join(rng.choice(string.ascii_letters) for _ in range(rng.randint(1, 12)))


def random_tricks(spec: Field, rng: random.Random, count: int) -> list[dict[str, Any]]:
    """A full hand of tricks, written one of two ways at random: by the game's own parts (a
    distinct card of the field's pack for each card-like part, and who got each trick: most of
    the time an even share, the odd ones to their winner), or by the cards alone, dealt from
    the pack one per player, for the game's referee to resolve."""
    total = int(spec.maximum or 0)
    pack = [choice.value for choice in spec.choices]
    card_parts = [part.name for part in spec.parts if part.kind is FieldKind.CARD]
    if not card_parts or rng.random() < 0.3:
        dealt = rng.sample(pack, min(len(pack), total * count))
        return [{"cards": dealt[i * count : (i + 1) * count]} for i in range(total)]
    even = total - total % count
    seats = [seat for seat in range(count) for _ in range(even // count)]
    rng.shuffle(seats)
    if rng.random() < 0.2:
        seats = [rng.randrange(count) for _ in range(even)]
    seats += [rng.randrange(count) for _ in range(total - even)]
    cards = iter(rng.sample(pack, total * len(card_parts)))
    tricks = [{**{part: next(cards) for part in card_parts}, "to": seat} for seat in seats]
    tricks[-1]["won_by"] = tricks[-1]["to"]
    return tricks


def random_raw(game: Game, setup: Setup, rng: random.Random) -> dict[str, Any]:
    raw = {spec.name: random_value(spec, rng, setup.player_count) for spec in game.fields(setup)}
    if isinstance(game, PileGame) and rng.random() < 0.5:
        raw |= random_deal(game, setup, rng)
    return raw


def random_deal(game: PileGame, setup: Setup, rng: random.Random) -> dict[str, Any]:
    """A pile game's hand as a real deal could end: the pack shuffled, each trick to a pile
    at random, the discards to the dealer's pile (or to any one pile); entered by the cards,
    or by the points each pile counts (the game's own count: the contract checks the shape,
    the games' own tests check the numbers)."""
    rules = game.pile_rules(setup)
    names = game.pile_names(setup)
    pack = list(rules.pack)
    rng.shuffle(pack)
    piles: list[list[Any]] = [[] for _ in names]
    holder = game.hand_dealer(State(setup)) if rules.to_dealer else rng.randrange(len(names))
    piles[holder].extend(pack[: rules.discards])
    rest = pack[rules.discards :]
    for start in range(0, rules.tricks * rules.trick_size, rules.trick_size):
        piles[rng.randrange(len(names))].extend(rest[start : start + rules.trick_size])
    grid = set(rules.grid)
    raw: dict[str, Any] = {"method": "cards", "unit": "cards"}
    for index, cards in enumerate(piles):
        raw[size_field_name(index)] = len(cards)
        raw |= {card_field_name(card): str(index) for card in cards if card in grid}
    if rules.discards and rng.random() < 0.3:  # in tricks won, the discards' pile named
        raw |= {"unit": "tricks", "discards_to": str(holder)}
        raw |= {
            size_field_name(index): (len(cards) - (rules.discards if index == holder else 0))
            // rules.trick_size
            for index, cards in enumerate(piles)
        }
    if rng.random() < 0.5:
        counting = game.counting(setup)
        raw["method"] = "points"
        raw |= {
            count_field_name(index): counting.count(
                Pile(name, tuple(card for card in cards if card in grid), len(cards))
            ).points
            for index, (name, cards) in enumerate(zip(names, piles, strict=True))
        }
    return raw


def as_form(entry: Entry, specs: tuple[Field, ...]) -> dict[str, str]:
    """An entry as a browser would post it back: strings, "y"/"" for booleans, "" for None
    ("none" where the field offers the choice "nobody")."""
    nobody = {spec.name for spec in specs if spec.none_label is not None}
    by_name = {spec.name: spec for spec in specs}
    form = {}
    for name, value in entry.items():
        if isinstance(value, tuple) and all(isinstance(item, TrickRecord) for item in value):
            form.update(tricks_to_form(by_name[name], value))
        elif value is None:
            form[name] = "none" if name in nobody else ""
        elif isinstance(value, bool):
            form[name] = "y" if value else ""
        else:
            form[name] = str(value)
    return form


ACCEPTED: dict[str, tuple[Entry, ...]] = {}
"""The accepted entries per table, drawn once for the several tests that use them."""


def accepted_entries(game: Game, setup: Setup, seed: int = 7) -> list[Entry]:
    """The random entries the engine accepts at this table (drawn once per table)."""
    key = json.dumps([game.slug, setup.players, setup.options, seed], sort_keys=True, default=str)
    if key not in ACCEPTED:
        ACCEPTED[key] = tuple(draw_accepted(game, setup, seed))
    return list(ACCEPTED[key])


def draw_accepted(game: Game, setup: Setup, seed: int) -> list[Entry]:
    """Random entries, kept where the engine accepts them at this table."""
    rng = random.Random(seed)
    state = State(setup)
    entries = []
    tries = 0
    # 300 tries, and more (up to 5,000) for a game whose valid hands are rare at random
    # (tricks that must add up across five seats).
    while tries < RANDOM_ENTRIES or (len(entries) < 2 * MIN_ACCEPTED and tries < RARE_LIMIT):
        tries += 1
        checked = check_entry(game, state, random_raw(game, setup, rng))
        if checked.ok:
            entries.append(checked.entry)
    return entries


@pytest.mark.parametrize(("game", "setup"), tables())
def test_accepted_random_entries_score_one_number_per_seat(game: Game, setup: Setup) -> None:
    entries = accepted_entries(game, setup)
    assert len(entries) >= MIN_ACCEPTED
    for entry in entries:
        result = game.score(State(setup), entry)
        assert len(result.points) == setup.player_count
        assert all(isinstance(points, int) for points in result.points)
        assert result.lines
        assert result.headline
        if game.zero_sum:
            assert sum(result.points) == 0, (entry, result)
        assert isinstance(game.describe(setup, entry), str)


@pytest.mark.parametrize(("game", "setup"), tables())
def test_accepted_entries_survive_a_form_round_trip(game: Game, setup: Setup) -> None:
    state = State(setup)
    for entry in accepted_entries(game, setup):
        specs = game.fields(setup)
        again = check_entry(game, state, form_values(as_form(entry, specs), specs))
        assert again.ok, (entry, again.problems)
        assert again.entry == entry


# ---------------------------------------------------------------- garbage


def garbage_values(rng: random.Random) -> list[Any]:
    """Values nobody should type: junk strings, non-numbers, huge numbers, wrong types."""
    junk = [
        "".join(rng.choice("qzjxkwQZJXKW!?#@%&") for _ in range(rng.randint(1, 12)))
        for _ in range(5)
    ]
    return [
        *junk,
        "",
        "   ",
        "-1",
        "1e309",
        "-1e309",
        "nan",
        "inf",
        "1" * 40,
        10**30,
        -(10**30),
        1.5,
        "0.25",
        [1, 2],
        {"a": 1},
        None,
        True,
        False,
    ]


def is_blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def blank_allowed(spec: Field) -> bool:
    """Whether leaving `spec` blank is fine (a default, an optional field, "nobody", no)."""
    return (
        spec.kind is FieldKind.BOOLEAN
        or spec.default is not None
        or not spec.required
        or (spec.kind is FieldKind.SEAT and spec.none_label is not None)
    )


def is_number_in_range(spec: Field, value: Any, step: float) -> bool:
    """Whether `value` is a finite number, a multiple of `step`, within the field's bounds."""
    if isinstance(value, bool | list | dict):
        return False
    try:
        number = float(str(value).strip())
    except ValueError:
        return False
    if number != number or number in (float("inf"), float("-inf")):
        return False
    if (number / step) != int(number / step):
        return False
    low = spec.minimum if spec.minimum is not None else float("-inf")
    high = spec.maximum if spec.maximum is not None else float("inf")
    return low <= number <= high


def should_refuse(spec: Field, value: Any, count: int) -> bool:
    """Whether `value` is out of type or range for `spec` (an oracle for the parser)."""
    if is_blank(value):
        return not blank_allowed(spec)
    text = str(value).strip()
    if spec.kind is FieldKind.CHOICE:
        return text not in {choice.value for choice in spec.choices}
    if spec.kind is FieldKind.SEAT:
        if spec.none_label is not None and text.lower() in NOBODY_WORDS:
            return False
        return isinstance(value, bool) or not (text.isdigit() and int(text) < count)
    if spec.kind is FieldKind.INTEGER:
        return not is_number_in_range(spec, value, 1)
    if spec.kind is FieldKind.HALF:
        return not is_number_in_range(spec, value, 0.5)
    if spec.kind is FieldKind.BOOLEAN:
        return not isinstance(value, bool) and text.lower() not in BOOLEAN_WORDS
    if spec.kind is FieldKind.TRICKS:
        return True  # garbage is never a list of tricks
    return len(" ".join(text.split())) > spec.max_length  # TEXT


def entry_where_every_field_applies(game: Game, setup: Setup) -> Entry:
    """An accepted entry in which no field is switched off by another's value."""
    fields = game.fields(setup)
    for entry in accepted_entries(game, setup):
        if all(spec.applies(entry) for spec in fields):
            return entry
    # A choice that switches the other fields off and is always accepted (Maw's misdeal) fills
    # the accepted entries before a rare full one is drawn (tricks adding up across 8 seats):
    # draw on until one is.
    rng, state = random.Random(7), State(setup)
    for _ in range(RARE_LIMIT):
        checked = check_entry(game, state, random_raw(game, setup, rng))
        if checked.ok and all(spec.applies(checked.entry) for spec in fields):
            return checked.entry
    pytest.fail(f"no random entry of {game.slug} uses every field")


@pytest.mark.parametrize(("game", "setup"), tables())
def test_garbage_never_raises_and_is_refused_on_its_field(game: Game, setup: Setup) -> None:
    rng = random.Random(11)
    specs = game.fields(setup)
    base = form_values(as_form(entry_where_every_field_applies(game, setup), specs), specs)
    state = State(setup)
    fields = game.fields(setup)
    names = {spec.name for spec in fields}
    for spec in fields:
        for value in garbage_values(rng):
            checked = check_entry(game, state, {**base, spec.name: value})
            assert {problem.field for problem in checked.problems} <= names | {None}
            if should_refuse(spec, value, setup.player_count):
                assert spec.name in {problem.field for problem in checked.problems}, (
                    spec.name,
                    value,
                    checked.problems,
                )
            for problem in checked.problems:
                assert problem.message.strip()


@pytest.mark.parametrize(("game", "setup"), tables())
def test_garbage_options_never_raise(game: Game, setup: Setup) -> None:
    rng = random.Random(5)
    for spec in game.options(setup.player_count):
        for value in garbage_values(rng):
            _, problems = make_setup(game.slug, setup.players, {spec.name: value})
            if should_refuse(spec, value, setup.player_count):
                assert spec.name in {problem.field for problem in problems}, (spec.name, value)


# ---------------------------------------------------------------- describing and registering


@pytest.mark.parametrize("game", every_game(), ids=lambda game: game.slug)
def test_describe_game_is_json_and_lists_every_field(game: Game) -> None:
    data = json.loads(json.dumps(game.describe_game()))
    assert data["slug"] == game.slug
    assert [variant["players"] for variant in data["variants"]] == list(game.player_counts)
    for variant in data["variants"]:
        count = variant["players"]
        options = game.options(count)
        setup = Setup(game.slug, tuple(f"P{i + 1}" for i in range(count)), default_options(options))
        assert [o["name"] for o in variant["options"]] == [o.name for o in options]
        assert [f["name"] for f in variant["fields"]] == [f.name for f in game.fields(setup)]


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.slug)
def test_a_slug_is_registered_once(game: Game) -> None:
    with pytest.raises(ValueError, match=game.slug):
        register(game)


@pytest.mark.parametrize("game", every_game(), ids=lambda game: game.slug)
def test_a_game_declares_what_the_pad_needs(game: Game) -> None:
    assert game.slug and game.name and game.player_counts
    for count in game.player_counts:
        options = game.options(count)
        setup = Setup(game.slug, tuple(f"P{i + 1}" for i in range(count)), default_options(options))
        names = [spec.name for spec in game.fields(setup)]
        assert len(names) == len(set(names)), "field names must be unique"
        for spec in options:
            assert spec.default is not None, f"option {spec.name} needs a default (the rule)"


# ---------------------------------------------------------------- what every game states


@pytest.mark.parametrize("game", every_game(), ids=lambda game: game.slug)
def test_a_game_states_what_a_default_would_hide(game: Game) -> None:
    """zero_sum and scale are declared by the game itself, never inherited from the contract."""
    declared = {name for klass in type(game).__mro__ if klass is not Game for name in vars(klass)}
    assert {"zero_sum", "scale", "slug", "name", "player_counts"} <= declared
    assert all(1 <= count <= 10 for count in game.player_counts)


@pytest.mark.parametrize(
    "game", [g for g in every_game() if g.options_type is not None], ids=lambda game: game.slug
)
def test_typed_options_match_the_declared_house_rules(game: Game) -> None:
    """Each house rule a game offers is a field of its typed options, with the same default."""
    typed = {spec.name: spec for spec in dataclasses.fields(game.options_type)}
    for count in game.player_counts:
        options = game.options(count)
        setup = Setup(game.slug, tuple(f"P{i + 1}" for i in range(count)), default_options(options))
        settings = game.settings(setup)
        for option in options:
            assert option.name in typed, option.name
            value = getattr(settings, option.name)
            assert str(getattr(value, "value", value)) == str(option.default), option.name


@pytest.mark.parametrize(("game", "setup"), tables())
def test_phases_split_the_fields_once_each(game: Game, setup: Setup) -> None:
    phases = entry_phases(game, setup)
    names = [name for phase in phases for name in phase.fields]
    assert sorted(names) == sorted(spec.name for spec in game.fields(setup))
    assert len({phase.name for phase in phases}) == len(phases)


@pytest.mark.parametrize(("game", "setup"), tables())
def test_a_session_of_accepted_hands_settles_or_says_it_does_not(game: Game, setup: Setup) -> None:
    """Replaying accepted hands in a row works hand after hand (a carried value included), and
    the settlement, where the game has one, squares every net."""
    state = State(setup)
    for number, entry in enumerate(accepted_entries(game, setup)[:20], start=1):
        if check_entry(game, state, entry).ok:
            state = state.with_hand(ScoredHand(number, entry, game.score(state, entry)))
    settlement = settlement_of(game, state)
    if settlement is not None:
        assert sum(settlement.nets) == 0
        assert settlement.squares
