"""The command line: `companion serve | games | score | export | backup`, and `event` (club
nights, event_cli.py). `serve` runs the pad for the phones around the table; the others work on
exchange documents and on the database file, and know nothing game-specific either."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path
from typing import Any

import click
import waitress

from companion.cli_common import Refused, db_option, open_existing
from companion.contract.referee import (
    all_referees,
    describe_referee,
    game_with_referee,
    judge_request,
    referee_for,
)
from companion.contract.registry import all_games
from companion.event_cli import event
from companion.kit.formatting import plural
from companion.service import StoreFault, default_database_path
from companion.service.backups import BackupRefused, backups_listed, describe, restore_backup
from companion.service.envelope import MAX_DOCUMENT_BYTES, Unreadable, read_json
from companion.service.exchange import problem, score_document, to_csv, to_json
from companion.service.service import Service
from companion.serving import (
    ALL_INTERFACES,
    DEFAULT_CONNECTIONS,
    DEFAULT_THREADS,
    allow_open_files,
    phone_address,
    qr_text,
    waitress_settings,
)


@click.group(commands=[event])
def main() -> None:
    """Table Companion: the score pad and referee for card games played with real cards."""


# ---------------------------------------------------------------- serve


def _build_app(database: Path) -> Any:
    """The WSGI app over `database` (imported here: the other commands need no Flask)."""
    from companion import create_app

    app = create_app({"DATABASE": str(database)})  # every game registered before serving
    if app.config["DATABASE_READ_ONLY"]:
        click.echo("The file is read-only: sessions can be viewed and printed, not changed.")
    return app


@main.command()
@click.option(
    "--host",
    default=ALL_INTERFACES,
    show_default=True,
    help="The address to listen on (0.0.0.0: every network interface).",
)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--threads",
    default=DEFAULT_THREADS,
    show_default=True,
    type=click.IntRange(1, 256),
    help="Requests served at once (one process; README.md: several with gunicorn).",
)
@click.option(
    "--connections",
    default=DEFAULT_CONNECTIONS,
    show_default=True,
    type=click.IntRange(1, 100_000),
    help="Connections held open at once: every phone keeps one (README.md).",
)
@click.option(
    "--behind-proxy",
    is_flag=True,
    help="Trust a reverse proxy's X-Forwarded-* headers (HTTPS, a path prefix; README.md).",
)
@db_option
def serve(
    host: str,
    port: int,
    threads: int,
    connections: int,
    db_path: Path | None,
    behind_proxy: bool = False,
) -> None:
    """Run the score pad for the phones at the table."""
    database = db_path or default_database_path()
    try:
        app = _build_app(database)
    except StoreFault as fault:
        raise Refused(
            f"The pad cannot use its file {database}: {fault.words}. "
            "Start it with --db and a file it can write."
        ) from None
    if behind_proxy:  # else the app reads $COMPANION_BEHIND_PROXY (companion/web/proxy.py)
        from companion.web.proxy import trust_the_proxy

        trust_the_proxy(app)
        click.echo("Behind a proxy: the phones open the proxy's address, not the one below.")
    app.config["PHONE_ADDRESS"] = url = phone_address(host, port)  # for the table cards
    click.echo(f"Database: {database}")
    click.echo(f"Open on the phones at the table: {url}")
    click.echo(qr_text(url), nl=False)
    if allow_open_files(connections) < connections:
        click.echo(f"This system lets the pad open fewer files than {connections} connections.")
    waitress.serve(app, host=host, port=port, **waitress_settings(threads, connections))


# ---------------------------------------------------------------- games


def count_range(counts: tuple[int, ...]) -> str:
    """Player counts as people say them: "2–5", "3, 4 or 6", "4"."""
    ordered = sorted(counts)
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}–{ordered[-1]}"
    if len(ordered) > 1:
        return ", ".join(str(c) for c in ordered[:-1]) + f" or {ordered[-1]}"
    return str(ordered[0]) if ordered else "?"


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Every game's options and fields as JSON.")
def games(as_json: bool) -> None:
    """List the games the pad can keep score for."""
    if as_json:
        described = [game_with_referee(game) for game in all_games()]
        known = {game.slug for game in all_games()}
        # Games whose score pad is still to come, but whose trick referee is here already.
        described += [
            {
                "slug": referee.slug,
                "name": referee.name,
                "players": list(referee.player_counts),
                "referee_only": True,
                "referee": describe_referee(referee),
            }
            for referee in all_referees()
            if referee.slug not in known
        ]
        click.echo(to_json(described), nl=False)
        return
    for game in all_games():
        click.echo(f"{game.name:<24} {game.slug:<20} {count_range(game.player_counts)} players")


# ---------------------------------------------------------------- score


def read_document(source: str, limit: int | None = None) -> tuple[Any, list[dict[str, Any]]]:
    """The JSON document in file `source` (`-`: standard input), or the problem reading it:
    unreadable, larger than `limit` bytes, or not JSON as `envelope.read_json` bounds it."""
    name = "standard input" if source == "-" else source
    try:
        if source == "-":
            raw = sys.stdin.buffer.read(-1 if limit is None else limit + 1)
        else:
            with Path(source).open("rb") as file:
                raw = file.read(-1 if limit is None else limit + 1)
    except OSError as error:
        return None, [problem(f"Cannot read {name}: {error}", field="file")]
    if limit is not None and len(raw) > limit:
        return None, [
            problem(f"{name} is larger than {limit:,} bytes (see --max-bytes).", field="file")
        ]
    try:
        return read_json(raw), []
    except Unreadable as error:
        return None, [problem(f"{name} is not valid JSON: {error}", field="file")]


@main.command()
@click.argument("file", metavar="FILE")
def score(file: str) -> None:
    """Score an exported session (FILE, or - for standard input) and print the result as JSON.

    Exits with status 2 and prints {"problems": [...]} when the document or a hand is refused.
    """
    data, problems = read_document(file)
    result: dict[str, Any] = {}
    if not problems:
        result, problems = score_document(data)
    if problems:
        click.echo(to_json({"problems": problems}), nl=False)
        sys.exit(2)
    click.echo(to_json(result), nl=False)


def default_backup_folder(database: Path) -> Path:
    """Where `backup --keep` and `restore` look when given no folder: beside the database."""
    return database.parent / "backups"


@main.command()
@click.argument("source", type=click.Path(path_type=Path), required=False)
@db_option
@click.option(
    "--replace",
    is_flag=True,
    help="Replace an existing database (it is kept beside as *.before-restore).",
)
@click.option(
    "--list",
    "listing",
    is_flag=True,
    help="Only list the backups in SOURCE (a folder or a file) and whether each can be restored.",
)
def restore(source: Path | None, db_path: Path | None, replace: bool, listing: bool) -> None:
    """Put a backup (SOURCE, made by `companion backup`) in place as the database; with no
    SOURCE, a folder, or --list: list the backups that can be restored (date, size, sessions).

    Stop the server first. The backup is checked (every page, and the schema) before anything
    is moved; it is copied beside the database, checked again, and only then put in place. An
    existing database is only replaced with --replace, and is kept beside it.
    """
    database = db_path or default_database_path()
    source = source or default_backup_folder(database)
    if listing or source.is_dir() or not source.exists():
        list_backups(source)
        return
    if source.resolve() == database.resolve():
        raise Refused("The backup is the database itself.")
    if database.exists() and not replace:
        raise Refused(
            f"There is already a database at {database}: add --replace "
            "to replace it (it is kept as *.before-restore)."
        )
    try:
        checked, kept = restore_backup(source, database)
    except BackupRefused as refused:
        raise Refused(str(refused)) from None
    except (StoreFault, sqlite3.Error, OSError) as error:
        raise Refused(f"{source} could not be restored: {error}") from None
    if kept is not None:
        click.echo(f"Kept the database it replaces as {kept}")
    sessions = plural(checked.sessions or 0, "session", "sessions")
    click.echo(f"Restored {source} to {database}: {sessions}")


def list_backups(source: Path) -> None:
    """Print the backups in `source` (a folder, or one file) with what each holds."""
    checks = backups_listed(source)
    if not checks:
        raise Refused(f"There is no backup at {source}.")
    for line in describe(checks):
        click.echo(line)


# ---------------------------------------------------------------- the trick referee


@main.command()
@click.argument("game", metavar="GAME")
@click.argument("file", metavar="[FILE]", default="-")
def referee(game: str, file: str) -> None:
    """Judge a trick (or tricks) of GAME read as JSON from FILE (default: standard input).

    The request: {"players": 4, "context": {"trump": "C"}, "cards": ["AH", "JC", "KC", "5S"]},
    with optional "options", "names" and "leader" ("dealer" too, required where the game's
    dealer sits out: Skat and Calabrasella at four), or "tricks": [{"cards": [...], "context":
    {...}}, ...]. Prints the verdicts as JSON; exits 2 with {"problems": [...]} when refused.
    `companion games --json` lists each game's referee context.
    """
    found = referee_for(game)
    if found is None:
        click.echo(
            to_json(
                {"problems": [problem(f"There is no trick referee for {game!r}.", field="game")]}
            ),
            nl=False,
        )
        sys.exit(2)
    data, problems = read_document(file)
    if problems:
        click.echo(to_json({"problems": problems}), nl=False)
        sys.exit(2)
    answer, refused = judge_request(found, data)
    if refused:
        click.echo(
            to_json(
                {
                    "problems": [
                        {"trick": p.item, "field": p.field, "message": p.message} for p in refused
                    ]
                }
            ),
            nl=False,
        )
        sys.exit(2)
    click.echo(to_json(answer), nl=False)


# ---------------------------------------------------------------- export and backup


@main.command()
@click.argument("token")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["json", "csv"]),
    default="json",
    show_default=True,
)
@db_option
def export(token: str, output_format: str, db_path: Path | None) -> None:
    """Print a session (TOKEN: the secret part of its link) as JSON or CSV."""
    with open_existing(db_path, migrate=True) as service:
        document = service.sessions.export_document(token) if len(token) <= 64 else None
        pad = service.sessions.load(token) if document is not None else None
        if document is None or pad is None:
            raise Refused("There is no session with that token.")
        if output_format == "json":
            click.echo(to_json(document), nl=False)
            return
        click.echo(to_csv(pad.state, pad.game), nl=False)


@main.command(name="import")
@click.argument("file", metavar="FILE")
@db_option
@click.option(
    "--max-bytes",
    default=MAX_DOCUMENT_BYTES,
    show_default=True,
    type=click.IntRange(1),
    help="The largest file imported (the web's limit); raise it for a longer session.",
)
def import_(file: str, db_path: Path | None, max_bytes: int) -> None:
    """Import an exported session (FILE, or - for standard input) into the database.

    Every hand is refereed and scored first; on any problem nothing is imported, the problems
    are printed as {"problems": [...]} (each with its hand and field) and the status is 2.
    Prints the new session's link path: a new link, the old machine's is not carried over.
    """
    data, problems = read_document(file, max_bytes)
    if problems:
        click.echo(to_json({"problems": problems}), nl=False)
        sys.exit(2)
    with Service.open(db_path or default_database_path(), migrate=True) as service:
        token, problems = service.sessions.import_document(data)
    if token is None:
        click.echo(to_json({"problems": problems}), nl=False)
        sys.exit(2)
    click.echo(f"/s/{token}")


@main.command()
@click.argument("dest", type=click.Path(path_type=Path))
@db_option
@click.option(
    "--keep",
    type=click.IntRange(1),
    default=None,
    help="DEST is a folder: write a timestamped copy in it and keep only the newest N.",
)
def backup(dest: Path, db_path: Path | None, keep: int | None) -> None:
    """Copy the database to DEST, consistently even while the server is running: to a file, or
    with --keep (or when DEST is a folder) into the folder as companion-YYYYMMDD-HHMMSS.sqlite3
    (UTC), deleting the oldest past the newest N."""
    # An older file is copied as it is: the copy must be the file, not an upgrade of it.
    with open_existing(db_path, migrate=False) as service:
        if dest.resolve() == Path(service.path).resolve():
            raise Refused("The backup must go to another file.")
        try:
            if keep is not None or dest.is_dir():
                written, deleted = service.backups.backup_into(dest, keep)
            else:
                written, deleted = service.backups.backup(dest), []
        except (OSError, sqlite3.Error) as error:
            raise Refused(f"Cannot write the backup in {dest}: {error}") from None
    click.echo(f"Backed up {service.path} to {written}")
    for path in deleted:
        click.echo(f"Deleted the older backup {path}")
