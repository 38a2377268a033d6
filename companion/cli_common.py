"""What every command of the command line shares (cli.py, event_cli.py): the `--db` option,
the refusal with its exit status, and opening a database file that must already exist."""

from __future__ import annotations

from pathlib import Path

import click

from companion.service import default_database_path
from companion.service.service import Service

db_option = click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The database file (default: $COMPANION_DB, else ~/.local/share/table-companion).",
)


class Refused(click.ClickException):
    """A command that cannot do what was asked, with the problem named: exit status 2, as for
    every refused input (a bad file, a missing session, a backup that cannot be written)."""

    exit_code = 2


def open_existing(db_path: Path | None, *, migrate: bool = True) -> Service:
    """The data at `db_path` (or the default); a missing file is an error, never created."""
    database = db_path or default_database_path()
    if not database.is_file():
        raise Refused(f"There is no database at {database}.")
    return Service.open(database, migrate=migrate)
