"""Starting a session: the game, the players in order of play, the game's house rules.

The page shows only the chosen game: its player counts, a name box per seat, and its house
rules for that count, drawn by the shared form builder and `field_row` macro like any entry
field (a yes/no rule is a checkbox, a choice chips or a list). With JavaScript, choosing a game
or a count fetches that part again (`/new/fields`); without, "Show this game's players and
rules" posts the form back for the choice, keeping what was typed (a post: the form's CSRF
token never goes into an address). The form's first button is a hidden Start, so Enter in a
name box starts the session. The posted player count is read
strictly and only a count the game declares is used: nothing is built from the number sent.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.contract.game import Game
from companion.contract.names import read_name, repeats
from companion.contract.parsing import read_count, read_word
from companion.contract.registry import all_games
from companion.contract.values import Field
from companion.kit.i18n import Text, t
from companion.web.common import is_htmx, remember
from companion.web.forms import FormField, attach_problems, build_form, defaults_as_form_data
from companion.web.service_door import get_service

bp = Blueprint("new_session", __name__)

NAME_LIMIT = 40


@dataclass
class NewSession:
    """What the new-session page shows for the game and count chosen so far."""

    game: Game
    count: int
    values: Mapping[str, Any]
    options: list[FormField]
    errors: dict[str, list[Text]] = field(default_factory=dict)

    @property
    def sign_off(self) -> bool:
        """Whether the sign-off house option is ticked (kept as typed)."""
        return read_word(self.values.get("sign_off"), ("y",)) is not None

    @property
    def names(self) -> list[str]:
        """The name boxes as typed so far, one per seat."""
        return [str(self.values.get(f"name-{seat}", "")) for seat in range(self.count)]


def option_key(game: Game, option: Field) -> str:
    """The form key of a house rule (namespaced by its game, as the form always posted it)."""
    return f"opt-{game.slug}-{option.name}"


def chosen_game(values: Mapping[str, Any]) -> Game | None:
    """The game named in the values, if it is one."""
    return next((g for g in all_games() if g.slug == values.get("game")), None)


def chosen_count(game: Game, values: Mapping[str, Any]) -> int | None:
    """The player count in the values, when it is one the game declares."""
    count = read_count(values.get("players", ""), digits=2)
    return count if count in game.player_counts else None


def new_session_form(
    game: Game, count: int, values: Mapping[str, Any], *, posted: bool
) -> NewSession:
    """The page's part for `game` at `count` seats: names as typed, house rules as chosen."""
    specs = [
        dataclasses.replace(option, name=option_key(game, option)) for option in game.options(count)
    ]
    if posted:
        _, options = build_form(specs, (), formdata=_FormData(values))
    else:
        chosen = {key: value for key, value in values.items() if key.startswith("opt-")}
        _, options = build_form(specs, (), data=defaults_as_form_data(specs) | chosen)
    return NewSession(game, count, values, options)


class _FormData(dict[str, Any]):
    """Posted values as WTForms reads form data (a mapping with `getlist`)."""

    def getlist(self, key: str) -> list[Any]:
        return [self[key]] if key in self else []


def _page_values(values: dict[str, Any] | None = None) -> tuple[Game, int, dict[str, Any]]:
    """The game and count asked for (the first of each by default) and the values typed: a
    GET's, or the form's that "Show this game's players and rules" posted."""
    values = request.args.to_dict() if values is None else values
    game = chosen_game(values) or all_games()[0]
    count = chosen_count(game, values) or game.player_counts[0]
    return game, count, values


@bp.get("/new")
def new_session() -> str:
    """The form to start a session (for a game and count chosen without JavaScript, too)."""
    game, count, values = _page_values()
    form = new_session_form(game, count, values, posted=False)
    return render_template("new.html", games=all_games(), form=form, known_names=known_names())


@bp.get("/new/fields")
def new_session_fields() -> str:
    """The part of the form that depends on the game and count, for htmx to swap in."""
    game, count, values = _page_values()
    form = new_session_form(game, count, values, posted=False)
    return render_template("_new_fields.html", form=form)


def known_names() -> list[str]:
    """The roster's names, those who played most first: the name boxes offer them."""
    return [player.name for player in get_service().players.all()]


def read_names(form: Mapping[str, Any], count: int) -> tuple[list[str], dict[str, list[Text]]]:
    """The `count` seat names, read as every name is (`read_name`: "Ａｎｎ" and "A\u200bnn"
    are Ann), with a problem for each blank, long or repeated one: a repeat names the seat
    that has the name first."""
    names = [read_name(form.get(f"name-{seat}", "")) for seat in range(count)]
    same = repeats(names)  # a seat -> the first seat with its name
    errors: dict[str, list[Text]] = {}
    for seat, name in enumerate(names):
        key = f"name-{seat}"
        if not name:
            errors[key] = [t("Enter the name of player {number}.", number=seat + 1)]
        elif len(name) > NAME_LIMIT:
            errors[key] = [t("Keep names to {limit} characters.", limit=NAME_LIMIT)]
        elif seat in same:
            errors[key] = [
                t(
                    "{name} is the same name as player {number}: give each seat its own name.",
                    name=name,
                    number=same[seat] + 1,
                )
            ]
    return names, errors


@bp.post("/new")
def create_session() -> ResponseReturnValue:
    """Check the new-session form; start the session, or show what is wrong beside each field."""
    values = request.form.to_dict()
    if read_word(values.get("show"), ("y",)):  # without JavaScript: this game's part, no session
        shown = new_session_form(*_page_values(values), posted=False)
        return render_template("new.html", games=all_games(), form=shown, known_names=known_names())
    game = chosen_game(values)
    if game is None:
        form = new_session_form(
            all_games()[0], all_games()[0].player_counts[0], values, posted=True
        )
        form.errors["game"] = [t("Choose a game.")]
        return _refused(form)
    count = chosen_count(game, values)
    if count is None:
        form = new_session_form(game, game.player_counts[0], values, posted=True)
        counts = ", ".join(str(c) for c in game.player_counts)
        form.errors["players"] = [
            t("{game} is for {counts} players.", game=game.name, counts=counts)
        ]
        return _refused(form)
    form = new_session_form(game, count, values, posted=True)
    names, form.errors = read_names(values, count)
    if form.errors:
        return _refused(form)
    options = {o.name: values.get(option_key(game, o)) for o in game.options(count)}
    token, problems = get_service().sessions.start(
        game.slug, names, options, sign_off=form.sign_off
    )
    if token is None:
        attach_problems(
            form.options,
            [
                dataclasses.replace(p, field=option_key(game, o))
                for p in problems
                for o in game.options(count)
                if o.name == p.field
            ],
        )
        return _refused(form)
    remember(token)
    return redirect(url_for("sessions.show", token=token), code=303)


def _refused(form: NewSession) -> tuple[str, int]:
    """The form as typed with each problem beside its field (422), as a page or its part."""
    template = "_new_fields.html" if is_htmx() else "new.html"
    return render_template(template, games=all_games(), form=form, known_names=known_names()), 422
