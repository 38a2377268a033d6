"""Club nights: the list of events and the form that creates one (docs/design.md, "Club night").

The form chooses the game and the table size first (without JavaScript, "Show this game's
rules" reloads the page for them), then draws that game's house rules with the new-session
form's own builder, so every table plays the same rules; the entrants come from the roster
(ticked) or typed, one a line. Each number is read strictly and checked against its bounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue

from companion.contract.game import Game
from companion.contract.names import read_name
from companion.contract.parsing import read_count, read_word
from companion.contract.registry import all_games
from companion.engine.draw import Fill, Order
from companion.engine.ranking import Method
from companion.engine.seeding import Seeding
from companion.kit.i18n import Text, t
from companion.service import EventRecord
from companion.service.director import PinAnswer
from companion.service.events import entrant_problems, other_size, pin_problems
from companion.web.common import is_htmx
from companion.web.new_session import (
    NAME_LIMIT,
    NewSession,
    chosen_game,
    new_session_form,
    option_key,
)
from companion.web.service_door import get_service

bp = Blueprint("events", __name__)

ENTRANTS_LIMIT = 400
NUMBERS: dict[str, tuple[int, int, int]] = {
    # field: (lowest, highest, default)
    "rounds": (1, 20, 3),
    "deals_each": (1, 30, 1),
    "minutes": (0, 600, 0),
    "hide_last": (0, 20, 0),
}
OPTIONAL_NUMBERS = frozenset({"hide_last"})
"""The numbers a form may leave out (one drawn before they were asked): their default."""
USUAL_SIZE = 4  # the tables of a Skat Preisskat and a French Tarot tournament
SKAT_SERIES = 12  # a Skat series: every player deals 12 times (36 games at 3, 48 at 4)


@dataclass
class EventForm:
    """What the event form shows: the game, its table size, its house rules, and the values."""

    game: Game
    size: int
    values: Mapping[str, Any]
    rules: NewSession
    errors: dict[str, list[str]] = field(default_factory=dict)

    def value(self, name: str) -> str:
        """A value as typed, else its default."""
        typed_for_another_game = name == "deals_each" and self.values.get("deals_game") not in (
            None,
            self.game.slug,
        )
        if name in self.values and not typed_for_another_game:
            return str(self.values[name])
        if name == "deals_each":
            return str(SKAT_SERIES if self.game.slug == "skat" else 1)
        if name in NUMBERS:
            return str(NUMBERS[name][2])
        return ""

    @property
    def house_rules(self) -> list[Any]:
        """The game's house rules the form offers: not those a club night decides itself (the
        round's length, the night's money: `Game.event_decides`)."""
        decided = {f"opt-{self.game.slug}-{name}" for name in self.game.event_decides}
        return [option for option in self.rules.options if option.spec.name not in decided]

    @property
    def roster_chosen(self) -> set[str]:
        """The roster's names ticked."""
        getter = getattr(self.values, "getlist", None)
        return set(getter("roster")) if getter else set()


def event_form(values: Mapping[str, Any], *, posted: bool) -> EventForm:
    """The form for the game and size in `values` (the first game, at tables of four where it
    is played so, else its largest count, by default). A Skat event starts on the
    Seeger-Fabian list, the tournament scoring."""
    game = chosen_game(values) or all_games()[0]
    size = read_count(values.get("table_size", ""), digits=2)
    if size not in game.player_counts:
        size = USUAL_SIZE if USUAL_SIZE in game.player_counts else max(game.player_counts)
    rule_values = dict(values)
    if not posted and game.slug == "skat":
        rule_values.setdefault(f"opt-{game.slug}-scoring", "seeger_fabian")
    rules = new_session_form(game, size, rule_values, posted=posted)
    return EventForm(game, size, values, rules)


def read_entrants(form: Mapping[str, Any], roster: list[str]) -> list[str]:
    """The entrants: the roster's names ticked (in the roster's order), then those typed."""
    getter = getattr(form, "getlist", None)
    ticked = set(getter("roster")) if getter else set()
    names = [name for name in roster if name in ticked]
    for line in str(form.get("typed", "")).splitlines():
        name = read_name(line)
        if name:
            names.append(name)
    return names


def read_plan(form: EventForm) -> tuple[EventRecord | None, list[str]]:
    """The event as the form chose it, or None with the errors beside their fields."""
    values = form.values
    if chosen_game(values) is None:
        form.errors["game"] = [t("Choose a game.")]
    name = read_name(values.get("name", ""))
    if not name:
        form.errors["name"] = [t("Give the event a name.")]
    elif len(name) > 60:
        form.errors["name"] = [t("Keep names to {limit} characters.", limit=60)]
    numbers: dict[str, int] = {}
    for key, (low, high, default) in NUMBERS.items():
        left_out = key in OPTIONAL_NUMBERS and key not in values  # a form from before it
        number = default if left_out else read_count(values.get(key, ""), digits=3)
        if number is None or not low <= number <= high:
            form.errors[key] = [t("Enter a whole number from {low} to {high}.", low=low, high=high)]
        numbers[key] = number or 0
    if "hide_last" not in form.errors and numbers["hide_last"] > max(numbers["rounds"], 1):
        form.errors["hide_last"] = [
            t("At most the event's {count} rounds.", count=numbers["rounds"])
        ]
    choices = {
        "fill": read_word(values.get("fill"), [f.value for f in Fill]),
        "method": read_word(values.get("method"), [m.value for m in Method]),
        "draw_order": read_word(values.get("draw_order"), [o.value for o in Order]),
    }
    seeding = values.get("seeding", Seeding.RANDOM.value)  # a form from before it: random
    choices["seeding"] = read_word(seeding, [s.value for s in Seeding])
    for key, chosen in choices.items():
        if chosen is None:
            form.errors[key] = [t("Choose one.")]
    entrants = read_entrants(values, known_names())
    if len(entrants) > ENTRANTS_LIMIT or any(len(n) > NAME_LIMIT for n in entrants):
        form.errors["entrants"] = [
            t(
                "At most {count} entrants, each name up to {limit} characters.",
                count=ENTRANTS_LIMIT,
                limit=NAME_LIMIT,
            )
        ]
    elif form.errors:  # named with the rest, not only once the rest is mended
        for problem in entrant_problems(entrants, form.size):
            form.errors.setdefault("entrants", []).append(problem.message)
    for problem in pin_problems(read_pin(values)):
        form.errors["pin"] = [problem.message]
    if form.errors:
        return None, entrants
    game = form.game
    options = {
        o.name: values.get(option_key(game, o))
        for o in game.options(form.size)
        if o.name not in game.event_decides
    }
    plan = EventRecord(
        "", "", name, game.slug, options, form.size, other_size(game.slug, form.size),
        str(choices["fill"]), numbers["rounds"], numbers["deals_each"], numbers["minutes"],
        str(choices["method"]), str(choices["draw_order"]), "", hide_last=numbers["hide_last"],
        seeding=str(choices["seeding"]),
    )  # fmt: skip
    return plan, entrants


def read_pin(values: Mapping[str, Any]) -> str:
    """The director's PIN as typed (spaces dropped), at most a few characters read."""
    return str(values.get("pin", ""))[:20].replace(" ", "")


def known_names() -> list[str]:
    """The roster's names, those who played most first."""
    return [player.name for player in get_service().players.all()]


def page(form: EventForm, status: int = 200) -> tuple[str, int]:
    """The event form, as a page or (for htmx) its game part."""
    template = "events/_fields.html" if is_htmx() else "events/new.html"
    return render_template(
        template, games=all_games(), form=form, roster=known_names(), Fill=Fill, Method=Method,
        Order=Order, Seeding=Seeding,
    ), status  # fmt: skip


DIRECTED_KEY = "directed_events"
DIRECTED_KEPT = 12


def remember_director(key: str) -> None:
    """Keep the director's key of an event created on this device in its (signed) cookie, so
    the list of club nights offers the director's page again to this device only."""
    kept = [k for k in session.get(DIRECTED_KEY, []) if isinstance(k, str) and k != key]
    session[DIRECTED_KEY] = [key, *kept][:DIRECTED_KEPT]


@bp.get("/events")
def index() -> str:
    """Every event, with its followers' link; the events created on this device with their
    director's page too (the director's link is never listed to anyone else)."""
    events = get_service().events
    keys = [k for k in session.get(DIRECTED_KEY, []) if isinstance(k, str)]
    directed = [event for event in map(events.get, keys) if event is not None]
    return render_template("events/index.html", events=events.all(), directed=directed)


@bp.get("/events/new")
def new() -> tuple[str, int]:
    """The form to create an event (for a game and size chosen without JavaScript too)."""
    return page(event_form(request.args, posted=False))


@bp.post("/events/new")
def create() -> ResponseReturnValue:
    """Create the event, or show what is wrong beside each field (nothing saved)."""
    form = event_form(request.form, posted=True)
    plan, entrants = read_plan(form)
    if plan is None:
        return page(form, 422)
    key, problems = get_service().events.create(plan, entrants, read_pin(request.form))
    if key is None:
        for problem in problems:
            if problem.field in ("entrants", "pin"):
                form.errors.setdefault(problem.field, []).append(problem.message)
            else:
                form.errors.setdefault("rules", []).append(problem.message)
        return page(form, 422)
    remember_director(key)
    return redirect(url_for("event_room.director", key=key), code=303)


PIN_SAID = {
    PinAnswer.WRONG: t("That PIN is not this event’s."),
    PinAnswer.PAUSED: t("Too many wrong PINs: try again in a few minutes."),
    PinAnswer.NO_PIN: t("Choose an event that has a PIN."),
}
"""What a director reads when a PIN opens nothing, by why."""


@bp.route("/events/open", methods=["GET", "POST"])
def open_with_pin() -> tuple[str, int] | ResponseReturnValue:
    """Open an event's director's page with its PIN, on any device (the events with a PIN are
    listed by name; the page then keeps the director's key on this device too)."""
    director = get_service().director
    chosen = str(request.values.get("event", ""))[:40]
    error: Text | None = None
    if request.method == "POST":
        answer, event = director.open_with_pin(chosen, read_pin(request.form))
        if event is not None:
            remember_director(event.key)
            return redirect(url_for("event_room.director", key=event.key), code=303)
        error = PIN_SAID[answer]
    page = render_template("events/open.html", events=director.pins(), chosen=chosen, error=error)
    return page, 422 if error else 200
