"""`companion event`: a club night prepared at home. Create an event from a file of entrants
(JSON with the event's settings, or CSV with the settings as options), print its movement,
export its results, and list the events with their director's link at the address `companion
serve` shows the phones (`serving.phone_address`).

The file is read strictly: a setting out of its bounds, an unknown game or a table size it is
not played at is refused with the problem named (exit status 2), nothing created.
"""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path
from typing import Any

import click

from companion.cli_common import Refused, db_option, open_existing
from companion.contract.parsing import read_count
from companion.contract.registry import all_games
from companion.engine.draw import Fill, Order
from companion.engine.ranking import Method
from companion.engine.seeding import Seeding
from companion.service import EventRecord, default_database_path
from companion.service.event_export import event_document, ranking_csv
from companion.service.events import other_size
from companion.service.exchange import to_json
from companion.service.movement_view import movement_view
from companion.service.service import Service
from companion.serving import ALL_INTERFACES, phone_address

BOUNDS: dict[str, tuple[int, int]] = {"rounds": (1, 20), "deals_each": (1, 30), "minutes": (0, 600)}
"""The bounds of the event's numbers, as the event form has them (web/events.py)."""
DEFAULTS: dict[str, Any] = {
    "table_size": 4, "rounds": 3, "deals_each": 1, "minutes": 0, "fill": "mixed",
    "method": "points", "draw_order": "mixed", "seeding": "random", "options": {},
}  # fmt: skip
"""A setting the file does not give."""


@click.group(name="event")
def event() -> None:
    """Club nights prepared at home: create, print the movement, export, list."""


def read_settings(path: Path) -> tuple[dict[str, Any], list[str]]:
    """The event's settings and entrants from a JSON file ({"name", "game", …, "entrants":
    [names]}) or a CSV file (one entrant a row, in a column "name" or the first)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise Refused(f"Cannot read {path}: {error}") from None
    if path.suffix.lower() == ".csv":
        rows = [row for row in csv.reader(io.StringIO(text)) if row and row[0].strip()]
        column = 0
        if rows and "name" in [cell.strip().lower() for cell in rows[0]]:
            column = [cell.strip().lower() for cell in rows.pop(0)].index("name")
        return {}, [row[column] for row in rows if len(row) > column]
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise Refused(f"{path} is not JSON: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("entrants"), list):
        raise Refused('The JSON file must be an object with a list of "entrants".')
    names = [item.get("name") if isinstance(item, dict) else item for item in data["entrants"]]
    return data, [name for name in names if isinstance(name, str)]


def record_of(settings: dict[str, Any]) -> EventRecord:
    """The event as the settings choose it, each read strictly."""
    values = DEFAULTS | {k: v for k, v in settings.items() if v is not None}
    game = next((g for g in all_games() if g.slug == values.get("game")), None)
    if game is None:
        raise Refused(f"Choose a game: one of {', '.join(g.slug for g in all_games())}.")
    name = values.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 60:
        raise Refused("Give the event a name of up to 60 characters.")
    size = read_count(values["table_size"], digits=2)
    if size not in game.player_counts:
        raise Refused(f"{game.name} is not played at tables of {values['table_size']}.")
    numbers = {}
    for key, (low, high) in BOUNDS.items():
        number = read_count(values[key], digits=3)
        if number is None or not low <= number <= high:
            raise Refused(f"{key} must be a whole number from {low} to {high}.")
        numbers[key] = number
    choices = (("fill", Fill), ("method", Method), ("draw_order", Order), ("seeding", Seeding))
    for key, allowed in choices:
        if values[key] not in [choice.value for choice in allowed]:
            raise Refused(f"{key} must be one of {', '.join(c.value for c in allowed)}.")
    if not isinstance(values["options"], dict):
        raise Refused('"options" must be an object of house rules.')
    return EventRecord(
        "", "", name.strip(), game.slug, values["options"], size, other_size(game.slug, size),
        values["fill"], numbers["rounds"], numbers["deals_each"], numbers["minutes"],
        values["method"], values["draw_order"], "", seeding=values["seeding"],
    )  # fmt: skip


def links(key: str, follow: str, host: str, port: int) -> tuple[str, str]:
    """The director's and the followers' links at the address `companion serve` shows."""
    base = phone_address(host, port)
    return f"{base}e/{key}", f"{base}f/{follow}"


address_options = [
    click.option("--host", default=ALL_INTERFACES, show_default=True, help="As for serve."),
    click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535)),
]


def with_address(command: Any) -> Any:
    """The serve command's --host and --port, to print the links the phones open."""
    for option in reversed(address_options):
        command = option(command)
    return command


@event.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--name", help="The event's name (a CSV file's, or over the JSON file's).")
@click.option("--game", help="The game's slug (companion games).")
@click.option("--table-size", "table_size", type=int)
@click.option("--rounds", type=int)
@click.option("--deals-each", "deals_each", type=int, help="Deals per player a round.")
@click.option("--draw-order", "draw_order", type=click.Choice([o.value for o in Order]))
@click.option(
    "--seeding", type=click.Choice([s.value for s in Seeding]), help="How round 1 is seated."
)
@click.option("--seed", type=click.IntRange(0, 2**31 - 1), help="Plan the movement with this seed.")
@db_option
@with_address
def create(
    file: Path, db_path: Path | None, host: str, port: int, seed: int | None, **given: Any
) -> None:
    """Create an event from FILE: JSON (the settings and "entrants") or CSV (the entrants).
    In the mixed order its movement is planned at once, for `companion event movement`."""
    settings, names = read_settings(file)
    plan = record_of(settings | {k: v for k, v in given.items() if v is not None})
    with Service.open(db_path or default_database_path(), migrate=True) as service:
        key, problems = service.events.create(plan, names)
        created = service.events.get(key) if key else None
        if created is not None and created.draw_order == Order.MIXED:
            chosen = random.SystemRandom().randrange(2**31) if seed is None else seed
            service.movements.plan_ahead(created, chosen)
    if created is None:
        raise Refused("; ".join(str(problem.message) for problem in problems))
    director, followers = links(created.key, created.follow, host, port)
    click.echo(f"Created {created.name} with {len(names)} entrants.")
    click.echo(f"Director: {director}")
    click.echo(f"Followers: {followers}")


def open_event(service: Service, key: str) -> EventRecord:
    """The event of a director's key, or refused."""
    found = service.events.get(key)
    if found is None:
        raise Refused("There is no event with that key.")
    return found


@event.command()
@click.argument("key")
@db_option
def movement(key: str, db_path: Path | None) -> None:
    """Print the movement of the event of KEY (the director's key): every round's tables."""
    with open_existing(db_path) as service:
        view = movement_view(service.movements, open_event(service, key))
    stored = view.stored
    if stored is not None:
        click.echo(
            f"Rounds {stored.from_round} to {view.last_planned}: {stored.repeats} repeated"
            f" meetings; with these numbers at least {stored.lower_bound}."
        )
    if not view.rounds:
        click.echo("Nothing is planned yet: the movement is planned when round 1 is drawn.")
    for plan in view.rounds:
        state = "started" if plan.started else "drawn" if plan.drawn else "planned"
        click.echo(f"Round {plan.number} ({state})")
        for table in plan.tables:
            click.echo(f"  Table {table.number}: {', '.join(table.names)}")
        if plan.byes:
            click.echo(f"  Bye: {', '.join(plan.byes)}")
    for meeting in view.apart_together:
        click.echo(f"Could not be kept apart: {meeting.first} and {meeting.second}.")


@event.command()
@click.argument("key")
@click.option("--format", "output_format", type=click.Choice(["csv", "json"]), default="csv")
@db_option
def export(key: str, output_format: str, db_path: Path | None) -> None:
    """Print the results of the event of KEY as CSV (the ranking) or JSON (the whole event)."""
    with open_existing(db_path) as service:
        room = service.events.room(open_event(service, key))
        lineup = service.movements.lineup(key)
    if output_format == "csv":
        click.echo(ranking_csv(room), nl=False)
        return
    click.echo(to_json(event_document(room, lineup)), nl=False)


@event.command(name="list")
@db_option
@with_address
def list_events(db_path: Path | None, host: str, port: int) -> None:
    """Every event: its name, game, date and director's link."""
    with open_existing(db_path) as service:
        events = service.events.all()
    games = {game.slug: game.name for game in all_games()}
    for each in events:
        director, _ = links(each.key, each.follow, host, port)
        click.echo(f"{each.created_at[:10]}  {each.name}  ({games.get(each.game, each.game)})")
        click.echo(f"    {director}")
